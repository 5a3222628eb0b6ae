"""The Raspberry Pi Pico board: pin map, buttons, SSD1306 display, entropy, flash store.

This is the only module of the firmware that touches ``machine`` (imported lazily, inside
``PicoBoard``), so everything else runs unchanged on the host. A board offers what
``boards.loop`` needs::

    board.display      the SSD1306 (a framebuf.FrameBuffer, 128x64 MONO_VLSB, with .show(): only what changed
                       is sent, boards/pages.py) or None
    board.buttons()    bitmask of the buttons held now, bit b = ui.buttons constant b
    board.start_sampling()  (optional) the buttons sampled from a timer into a queue (boards/sampler.py)
    board.entropy      callable read(n) -> n random bytes: os.urandom (the RP2040's pico_rand)
    board.store        dealerbox.store.Store on the littlefs2 flash, folder /data
    board.ticks_ms(), board.ticks_diff(a, b), board.sleep_ms(ms), board.reset(), board.say(text)
    board.battery_mv()  VSYS in millivolts (GP29), or None on a Pico W;  board.usb_power(): USB present (GP24)
    board.contrast     the display's contrast when not dimmed (0-255)

The pin map below is the one place GPIO numbers are written: hardware/pinout.md,
hardware/diagram.json (Wokwi) and hardware/wiring.png follow it, and
tests/host/test_hardware.py checks that they agree.

Configuration (optional) is ``/config.json`` on the board, e.g.
``{"oled_address": "0x78", "i2c_freq": 1000000, "flip": true, "contrast": 128}``:
``oled_address`` may be the 7-bit address (0x3C, 0x3D) or the 8-bit one printed on many
modules (0x78, 0x7A), which is converted; without it the display is found by ``i2c.scan()``.
Every key is checked (``check_config``): a bad value or an unknown key is reported on the
REPL and the default used, so no configuration can keep the box from starting.
"""

import json

from micropython import const

from dealerbox.boards.pages import Paged, set_window
from dealerbox.boards.sampler import PERIOD_MS, Sampler

# ---- The pin map (GPIO numbers; physical pins of the Pico in the comments) -----------------
I2C_ID = const(0)          # I2C0
I2C_SDA = const(4)         # GP4, pin 6
I2C_SCL = const(5)         # GP5, pin 7
SERVICE_BUTTON = const(1)  # DOWN (ui.buttons) held at power-up: no app, the USB REPL free for service
BUTTON_PINS = (10, 11, 12, 13, 14)  # UP GP10 pin 14, DOWN GP11 pin 15, LEFT GP12 pin 16,
# RIGHT GP13 pin 17, OK GP14 pin 19 (order = ui.buttons UP, DOWN, LEFT, RIGHT, OK); each
# button closes to GND (pin 18); internal pull-ups, so a held button reads 0 (active low).
# The OLED's VCC goes to 3V3(OUT) pin 36, its GND to pin 38.
VSYS_ADC = const(29)       # GP29 = ADC3: VSYS / 3 through the Pico's own divider (the battery: dealerbox.power)
VBUS_SENSE = const(24)     # GP24: high while USB powers the board (VBUS)
# ---------------------------------------------------------------------------------------------

I2C_FREQ = const(400000)
I2C_FREQ_MIN = const(10000)     # the RP2040's I2C runs from a few kHz to 1 MHz (fast-mode plus)
I2C_FREQ_MAX = const(1000000)
CONFIG_KEYS = ("oled_address", "i2c_freq", "flip", "contrast")
OLED_WIDTH = const(128)
OLED_HEIGHT = const(64)
OLED_ADDRESSES = (0x3C, 0x3D)  # 7-bit; as 8-bit (address << 1): 0x78, 0x7A
STORE_ROOT = "/data"
CONFIG_FILE = "/config.json"


def seven_bit_address(addr):
    """The SSD1306's 7-bit I2C address (0x3C or 0x3D) from ``addr``: an int or a string such as "0x78".

    Accepts the 7-bit form (0x3C, 0x3D) and the 8-bit "write address" printed on many modules
    (0x78, 0x7A), which is the 7-bit one shifted left. Raises ValueError for anything else.
    """
    if isinstance(addr, str):
        try:
            addr = int(addr, 0)
        except ValueError:
            raise ValueError("oled_address %r is not a number (use 0x3C, 0x3D, 0x78 or 0x7A)" % (addr,)) from None
    if addr in OLED_ADDRESSES:
        return addr
    if (addr >> 1) in OLED_ADDRESSES and not addr & 1:
        return addr >> 1
    raise ValueError("oled_address 0x%02X is not an SSD1306 address (0x3C, 0x3D, or 8-bit 0x78, 0x7A)" % addr)


def choose_address(configured, found, wiring=None):
    """Pick the display's 7-bit address from the configured one (or None) and ``i2c.scan()``'s list.

    Returns ``(address or None, message)``: the configured address if it answers, else the
    first of 0x3C, 0x3D that answers; None (no display) when neither does. ``message`` says
    what happened, for the REPL; with no I2C device at all it names the wires to check
    (``wiring``, a str; default: the Pico's SDA, SCL, 3V3, GND). Raises ValueError for a
    configured address that cannot be an SSD1306 (see ``seven_bit_address``).
    """
    if configured is not None:
        want = seven_bit_address(configured)
        if want in found:
            return want, "display at 0x%02X (configured)" % want
        for a in OLED_ADDRESSES:
            if a in found:
                return a, "display configured at 0x%02X did not answer; found it at 0x%02X" % (want, a)
        return None, "no display: nothing answers at configured 0x%02X%s" % (want, _found_text(found, wiring))
    for a in OLED_ADDRESSES:
        if a in found:
            return a, "display at 0x%02X" % a
    return None, "no display: nothing answers at 0x3C or 0x3D%s" % _found_text(found, wiring)


def display_address(say, config, found, wiring=None):
    """The display's 7-bit address (int), or None (no display), from ``config``'s ``oled_address`` and the I2C
    scan ``found`` (``choose_address``: a bad configured address is said and 0x3C/0x3D tried); what happened is
    said (``say(text)``). Both boards' (boards/pi.py: ``wiring`` names its wires)."""
    try:
        addr, msg = choose_address(config.get("oled_address"), found, wiring)
    except ValueError as e:
        say(str(e) + "; looking for the display at 0x3C/0x3D")
        addr, msg = choose_address(None, found, wiring)
    say(msg)
    if addr is None:
        say("running without a display (buttons and saves still work)")
    return addr


def start_display(say, driver, i2c, addr, config):
    """The SSD1306 ``driver`` class (the board's, page-diffed: ``paged``) started on ``i2c`` at ``addr``, turned
    180 degrees with ``config``'s ``flip`` (the driver starts as ``rotate(True)``) and set to its ``contrast``
    (0-255); None when it does not start (said: a display that does not start must not stop the box)."""
    try:
        d = driver(OLED_WIDTH, OLED_HEIGHT, i2c, addr=addr)
        if config.get("flip") and hasattr(d, "rotate"):
            d.rotate(False)
        if "contrast" in config:
            d.contrast(config["contrast"])
    except Exception as e:
        say("display at 0x%02X did not start (%s): running without it" % (addr, e))
        return None
    return d


def _found_text(found, wiring=None):
    if not found:
        return " (no I2C device at all: check %s)" % (wiring or "SDA GP%d, SCL GP%d, 3V3, GND" % (I2C_SDA, I2C_SCL))
    return " (I2C devices at %s)" % ", ".join("0x%02X" % a for a in found)


def load_config(path=CONFIG_FILE):
    """The board configuration: a dict from JSON file ``path``; ``({}, None)`` when there is none.

    Returns ``(config, problem)``: a broken file gives ``({}, "config.json: ...")`` so the box
    still starts with the defaults and says why on the REPL. The values are checked by
    ``check_config``.
    """
    try:
        f = open(path)
    except OSError:
        return {}, None
    try:
        try:
            cfg = json.loads(f.read())
        except ValueError:
            return {}, "%s: not valid JSON, using the defaults" % path
    finally:
        f.close()
    if not isinstance(cfg, dict):
        return {}, "%s: not a JSON object, using the defaults" % path
    return cfg, None


def _int(x):
    """True for a JSON integer (bool is not one)."""
    return isinstance(x, int) and not isinstance(x, bool)


def check_config(cfg):
    """``(config, problems)``: the valid keys of ``cfg`` (a dict from /config.json), and why the others were dropped.

    ``oled_address``: an int or a string such as "0x78", becomes the 7-bit address
    (``seven_bit_address``); ``i2c_freq``: int Hz, 10000-1000000 (default 400000); ``flip``:
    true/false (or 1/0); ``contrast``: int 0-255. Anything else, and any unknown key, is a
    problem (a str saying what was ignored; the default is used), never an exception.
    """
    out = {}
    problems = []
    for key in cfg:
        v = cfg[key]
        bad = None
        if key == "oled_address":
            if _int(v) or isinstance(v, str):
                try:
                    out[key] = seven_bit_address(v)
                except ValueError as e:
                    bad = str(e)
            else:
                bad = "oled_address %s is not an address (use 0x3C, 0x3D, 0x78 or 0x7A)" % json.dumps(v)
        elif key == "i2c_freq":
            if _int(v) and I2C_FREQ_MIN <= v <= I2C_FREQ_MAX:
                out[key] = v
            else:
                bad = "i2c_freq %s is not a frequency in Hz from %d to %d" % (json.dumps(v), I2C_FREQ_MIN, I2C_FREQ_MAX)
        elif key == "flip":
            if v in (True, False, 0, 1):
                out[key] = bool(v)
            else:
                bad = "flip %s is not true or false" % json.dumps(v)
        elif key == "contrast":
            if _int(v) and 0 <= v <= 255:
                out[key] = v
            else:
                bad = "contrast %s is not a number from 0 to 255" % json.dumps(v)
        else:
            problems.append("config.json: unknown key %s ignored (known: %s)"
                            % (json.dumps(key), ", ".join(CONFIG_KEYS)))
        if bad is not None:
            problems.append("config.json: %s; using the default" % bad)
    return out, problems


def paged(ssd1306):
    """micropython-lib's ``ssd1306.SSD1306_I2C`` (the module ``ssd1306``) whose ``show`` sends only the changed
    pages and column spans (boards/pages.py), through the driver's own ``write_cmd``/``write_data``; ``shows``
    counts the frames shown, ``pager.sent`` the bytes sent."""

    class PagedSSD1306(Paged, ssd1306.SSD1306_I2C):  # type: ignore[name-defined]
        def frame(self):
            return self.buffer

        def window(self, page, c0, c1, data):
            set_window(self, page, c0, c1)
            self.write_data(data)

    return PagedSSD1306


def read_buttons(pins):
    """Bitmask of the held buttons from ``pins`` (objects with ``value()``; pulled up, so 0 = held)."""
    mask = 0
    bit = 1
    for p in pins:
        if not p.value():
            mask |= bit
        bit <<= 1
    return mask


class PicoBoard:
    """The Dealer Box on a Raspberry Pi Pico (see the module docstring for what a board offers).

    ``config``: a dict as in /config.json (default: read it). ``machine``, ``ssd1306``, ``os``
    and ``time`` are the modules to use (default: the real ones, imported here), so the host
    tests can inject fakes. ``messages`` lists what was said on the REPL. Never raises for a
    missing display: ``display`` is then None and the box runs without it.
    """

    def __init__(self, config=None, machine=None, ssd1306=None, os=None, time=None, store_root=STORE_ROOT):
        if machine is None:
            import machine
        if os is None:
            import os
        if time is None:
            import time
        self.machine = machine
        self.time = time
        self.messages = []
        self.interrupt = True  # Ctrl-C on the USB REPL (``usb_interrupt``)
        if config is None:
            config, problem = load_config(CONFIG_FILE)
            if problem:
                self.say(problem)
        config, problems = check_config(config)
        for problem in problems:
            self.say(problem)
        self.config = config
        pin = machine.Pin
        self.pins = [pin(g, pin.IN, pin.PULL_UP) for g in BUTTON_PINS]
        self.i2c = machine.I2C(I2C_ID, sda=pin(I2C_SDA), scl=pin(I2C_SCL), freq=config.get("i2c_freq", I2C_FREQ))
        self.display = None
        self.address = None
        self.contrast = config.get("contrast", 255)
        self._open_display(ssd1306)
        self.vsys = self.vbus = None
        if "Pico W" in (os.uname().machine if hasattr(os, "uname") else ""):
            self.say("Pico W: GP29 and GP24 belong to the wireless chip; no battery reading")
        else:
            self.vsys = machine.ADC(VSYS_ADC)
            self.vbus = pin(VBUS_SENSE, pin.IN)
        self.entropy = os.urandom
        self.sampler = None
        self.timer = None
        from dealerbox.store.saves import Store

        self.store = Store(store_root, fs=os)

    def _open_display(self, ssd1306):
        try:
            found = self.i2c.scan()
        except OSError as e:
            found = []
            self.say("I2C scan failed: %s" % e)
        addr = display_address(self.say, self.config, found)
        if addr is None:
            return
        if ssd1306 is None:
            try:
                import ssd1306  # type: ignore[import-not-found,no-redef]
            except ImportError:
                self.say("no ssd1306 driver: run `mpremote mip install ssd1306` (make deploy does)")
                return
        self.display = start_display(self.say, paged(ssd1306), self.i2c, addr, self.config)
        self.address = addr if self.display is not None else None

    def say(self, text):
        """Print ``text`` on the REPL (USB serial) and keep it in ``messages``."""
        self.messages.append(text)
        print("dealerbox:", text)

    def buttons(self):
        """Bitmask of the buttons held now (bit b = ui.buttons constant b)."""
        return read_buttons(self.pins)

    def battery_mv(self):
        """VSYS in millivolts (int: the mean of 8 reads of ADC3, ``power.vsys_mv``), or None without a reading (a
        Pico W: its GP29 is the wireless chip's clock)."""
        if self.vsys is None:
            return None
        from dealerbox.power import vsys_mv

        total = 0
        for _ in range(8):
            total += self.vsys.read_u16()
        return vsys_mv(total // 8)

    def usb_power(self):
        """True while USB powers the board (VBUS on GP24: charging, or no battery at all)."""
        return self.vbus is not None and bool(self.vbus.value())

    def start_sampling(self):
        """Sample the buttons every ``sampler.PERIOD_MS`` from a ``machine.Timer`` (a virtual timer: a soft callback
        that allocates nothing) into a small queue (boards/sampler.py), which the run loop drains: a press made
        while the loop is busy (the save at a hand's end) is kept with its own time. Returns the ``Sampler``
        (started once)."""
        if self.sampler is None:
            self.sampler = Sampler(self.buttons, self.ticks_ms)
            timer = self.machine.Timer
            # kept in ``timer``: a Timer the collector frees is stopped (its finaliser deinits it)
            self.timer = timer(-1, mode=timer.PERIODIC, period=PERIOD_MS, callback=self.sampler.sample)
        return self.sampler

    def ticks_ms(self):
        return self.time.ticks_ms()

    def ticks_diff(self, a, b):
        return self.time.ticks_diff(a, b)

    def sleep_ms(self, ms):
        self.time.sleep_ms(ms)

    def usb_interrupt(self, on):
        """Turn Ctrl-C on the USB REPL on (between hands: ``mpremote``, ``make deploy`` work) or off (a hand is
        live: no one can stop the app from a laptop and read the cards on the flash without a restart the
        table sees; docs/security.md). ``micropython.kbd_intr(3)`` / ``kbd_intr(-1)``; ``interrupt`` keeps
        the last setting."""
        import micropython

        micropython.kbd_intr(3 if on else -1)
        self.interrupt = on

    def service_held(self):
        """True when DOWN is held at boot (``SERVICE_BUTTON``): the app does not start and the REPL stays free
        for service (docs/device.md)."""
        return bool(self.buttons() & (1 << SERVICE_BUTTON))

    def reset(self):
        """Restart the box (the saved session is offered again at boot)."""
        self.machine.reset()

"""The Linux board: a Raspberry Pi Zero 2 W, 3, 4 or 5 with the same OLED and buttons as the Pico's.

CPython with Adafruit Blinka (``board``, ``busio``, ``digitalio``) and Adafruit's SSD1306
driver (``adafruit_ssd1306``); started by ``python -m host_tools.pi`` (which puts ``firmware/``
and the CPython stand-ins for ``micropython`` and ``framebuf`` on ``sys.path``, so the core is
the very same code as on the Pico) or by the systemd unit ``hardware/pi/dealerbox.service``.
Like ``boards.pico``, Blinka is imported only inside ``PiBoard`` (the modules can be injected,
so the host tests fake them at the bus); the board offers what ``boards.loop`` needs::

    board.display      Adafruit's SSD1306_I2C (a framebuf.FrameBuffer, 128x64 MONO_VLSB, .show(): only what
                       changed is sent, boards/pages.py) or None
    board.buttons()    bitmask of the buttons held now, bit b = ui.buttons constant b
    board.start_sampling()  the buttons sampled every 5 ms from a thread into the Pico's queue (boards/sampler.py)
    board.entropy      callable read(n) -> n random bytes: os.urandom (the kernel's getrandom)
    board.store        dealerbox.store.saves.Store in a folder on the SD card (``PiFs``: fsync, rename,
                       the folder fsynced), the hand log beside it
    board.ticks_ms(), board.ticks_diff(a, b), board.sleep_ms(ms), board.reset(), board.say(text)

The display is the driver itself, as on the Pico: ``adafruit_ssd1306`` takes MicroPython's
``framebuf`` when there is one (here the stand-in), so the core draws straight into the
driver's buffer and ``show()`` sends what changed of that frame over I2C (boards/pages.py).

The pin map below is the one place the Pi's GPIO (BCM) and header pin numbers are written:
hardware/pi/pinout.md and hardware/pi/wiring.png follow it, and tests/host/test_hardware_pi.py
checks that they agree. The buttons are those of Adafruit's 128x64 OLED Bonnet (its joystick
and its centre press), so that bonnet works as it is.

Configuration (optional): a JSON file (``/etc/dealerbox/config.json``, ``--config``) with the
Pico's keys (``boards.pico.check_config``): ``oled_address``, ``flip``, ``contrast``;
``i2c_freq`` is the kernel's on Linux (``dtparam=i2c_arm_baudrate`` in config.txt) and is
ignored here, with a message.
"""

from micropython import const

from dealerbox.boards.pages import Paged, set_window
from dealerbox.boards.sampler import PERIOD_MS, Sampler

# ---- The pin map (BCM GPIO numbers, and the physical pins of the 40-pin header) ------------
I2C_BUS = const(1)          # /dev/i2c-1, the header's I2C (raspi-config's "I2C")
I2C_SDA = const(2)          # BCM2 (SDA1), header pin 3
I2C_SCL = const(3)          # BCM3 (SCL1), header pin 5
I2C_SDA_PIN = const(3)
I2C_SCL_PIN = const(5)
BUTTON_PINS = (17, 22, 27, 23, 4)      # BCM: UP, DOWN, LEFT, RIGHT, OK (the order of ui.buttons)
BUTTON_HEADER = (11, 15, 13, 16, 7)    # header pins of the same five
BUTTON_GND = const(9)       # the buttons' other leg (GND); internal pull-ups, a held button reads 0
OLED_VCC = const(1)         # 3V3
OLED_GND = const(6)
# ---------------------------------------------------------------------------------------------

OLED_WIDTH = const(128)
OLED_HEIGHT = const(64)
STORE_ROOT = "/var/lib/dealerbox"
CONFIG_FILE = "/etc/dealerbox/config.json"
WIRING = "SDA BCM%d (pin %d), SCL BCM%d (pin %d), VCC 3V3 (pin %d), GND (pin %d)" % (
    I2C_SDA, I2C_SDA_PIN, I2C_SCL, I2C_SCL_PIN, OLED_VCC, OLED_GND)
I2C_OFF = ("I2C is not enabled (no /dev/i2c-%d): run `sudo raspi-config nonint do_i2c 0` (or raspi-config > "
           "Interface Options > I2C), then reboot" % I2C_BUS)
_EACCES = const(13)
_TICKS_MASK = const(0x3FFFFFFF)
_TICKS_HALF = const(0x20000000)
INSTALL = "pip install 'dealerbox[pi]' (in a clone: pip install -r requirements-pi.txt)"   # Blinka and the driver


class StartError(Exception):
    """The board cannot run at all (no Blinka, not a Raspberry Pi, no GPIO access): the message says what to
    check; the launcher prints it, with no traceback, and exits with status 1."""


class PiFs:
    """The store's filesystem on Linux (``Store(root, fs=PiFs(os))``): ``os`` plus the two syncs of a power cut.

    ``fsync(f)``: flush ``f`` and ``os.fsync`` it, so its bytes are on the card before it is renamed (without
    it ext4 may keep a renamed file's new name and lose its contents), then its folder, so a file just
    created keeps its name; ``sync_dir(path)``: ``os.fsync`` the folder ``path``, so a rename in it survives
    the power going. ``mkdir`` syncs the parent folder.
    Errors are the ``OSError`` of ``os`` (the store handles ENOENT and EEXIST).
    """

    def __init__(self, os):
        self.os = os

    def rename(self, src, dst):
        self.os.rename(src, dst)

    def remove(self, path):
        self.os.remove(path)

    def stat(self, path):
        return self.os.stat(path)

    def listdir(self, path):
        return self.os.listdir(path)

    def mkdir(self, path):
        self.os.mkdir(path)
        parent = path.rstrip("/").rsplit("/", 1)[0] if "/" in path.rstrip("/") else "."
        self.sync_dir(parent or "/")

    def makedirs(self, path):
        """Make folder ``path`` and its missing parents, each synced into its parent (nothing when it exists)."""
        path = path.rstrip("/")
        if not path:
            return
        try:
            self.os.stat(path)
            return
        except OSError:
            pass
        if "/" in path:
            self.makedirs(path.rsplit("/", 1)[0])
        self.mkdir(path)

    def fsync(self, f):
        f.flush()
        self.os.fsync(f.fileno())
        self._sync_parent(f.name)

    def _sync_parent(self, path):
        """Sync the folder holding ``path``: a file the store has just created (the first ``hands.log``) has a
        durable name only then, even when no rename follows before the write that counts on it."""
        self.sync_dir(path.rsplit("/", 1)[0] or "/" if "/" in path else ".")

    def sync_dir(self, path):
        fd = self.os.open(path, self.os.O_RDONLY)
        try:
            self.os.fsync(fd)
        finally:
            self.os.close(fd)


def paged(ssd1306):
    """Adafruit's ``adafruit_ssd1306.SSD1306_I2C`` whose ``show`` sends only the changed pages and column spans
    (boards/pages.py) through the driver's own ``write_cmd`` and its I2C device; ``shows`` counts the frames
    shown, ``pager.sent`` the bytes sent."""

    class PagedSSD1306(Paged, ssd1306.SSD1306_I2C):  # type: ignore[name-defined]
        def frame(self):
            self.span = bytearray(129)      # a page's span after the data's control byte
            self.span[0] = 0x40
            return memoryview(self.buffer)[1:]      # the driver's byte 0 is that control byte

        def window(self, page, c0, c1, data):
            set_window(self, page, c0, c1)
            if page < 0:
                buf, end = self.buffer, len(self.buffer)    # the whole frame, after its control byte
            else:
                end = 1 + len(data)
                self.span[1:end] = data
                buf = self.span
            with self.i2c_device:
                self.i2c_device.write(buf, end=end)

    return PagedSSD1306


def read_buttons(pins):
    """Bitmask of the held buttons from Blinka ``pins`` (``DigitalInOut``: ``.value`` True when released)."""
    mask = 0
    bit = 1
    for p in pins:
        if not p.value:
            mask |= bit
        bit <<= 1
    return mask


class PiBoard:
    """The Dealer Box on a Raspberry Pi (see the module docstring for what a board offers).

    ``config``: a dict as in the configuration file (default: read ``config_file``). ``board``,
    ``busio``, ``digitalio`` (Blinka), ``ssd1306`` (``adafruit_ssd1306``), ``os`` and ``time`` are the
    modules to use (default: the real ones, imported here), so the host tests can inject fakes.
    ``store_root``: the store's folder (made when missing). ``timer``: ``timer(period_ms, callback)`` calls
    ``callback()`` every ``period_ms`` from then on (default ``thread_timer``: a thread; the host tests run it on
    their fake clock). ``messages`` lists what was said.
    Raises ``StartError`` when the buttons cannot be used (no Blinka, not a Raspberry Pi, no GPIO
    access); never for a missing display or I2C: ``display`` is then None and the box runs without it.
    """

    def __init__(self, config=None, board=None, busio=None, digitalio=None, ssd1306=None, os=None, time=None,
                 store_root=STORE_ROOT, config_file=CONFIG_FILE, timer=None):
        from dealerbox.boards import pico

        if os is None:
            import os
        if time is None:
            import time
        self.os = os
        self.time = time
        self.timer = timer if timer is not None else self.thread_timer
        self.sampler = None
        self.sampling = False
        self.messages = []
        if config is None:
            config, problem = pico.load_config(config_file)
            if problem:
                self.say(problem)
        config, problems = pico.check_config(config)
        for problem in problems:
            self.say(problem)
        if "i2c_freq" in config:
            self.say("i2c_freq ignored: on Linux the kernel sets the I2C speed (dtparam=i2c_arm_baudrate=%d in "
                     "config.txt)" % config.pop("i2c_freq"))
        self.config = config
        try:
            if board is None:
                import board  # type: ignore[import-not-found,no-redef]
            if busio is None:
                import busio  # type: ignore[import-not-found,no-redef]
            if digitalio is None:
                import digitalio  # type: ignore[import-not-found,no-redef]
        except ImportError as e:
            raise StartError("Adafruit Blinka is missing (%s): %s" % (e, INSTALL)) from None
        except Exception as e:  # Blinka refuses a computer it does not know, or misses its GPIO library
            raise StartError("Blinka cannot start here (%s): the Pi board needs a Raspberry Pi, and on it libgpiod's "
                             "Python bindings (sudo apt install python3-libgpiod)" % e) from None
        self.pins = [self._button(board, digitalio, g) for g in BUTTON_PINS]
        self.i2c = None
        self.display = None
        self.address = None
        try:
            i2c = busio.I2C(board.SCL, board.SDA)
        except (ValueError, RuntimeError, OSError) as e:
            why = " ".join(str(e).split())  # Blinka's message has several lines
            if getattr(e, "errno", None) == _EACCES:
                self.say("no permission for /dev/i2c-%d (%s): add the user to group i2c (sudo adduser $USER i2c, "
                         "then log in again); running without a display" % (I2C_BUS, why))
            else:
                self.say("%s (%s); running without a display" % (I2C_OFF, why))
        else:
            self.i2c = i2c
            self._open_display(ssd1306, pico, i2c)
        self.entropy = os.urandom
        from dealerbox.store.saves import Store

        fs = PiFs(os)
        fs.makedirs(store_root)
        if not os.access(store_root, os.W_OK):
            raise OSError(13, "%s is not writable" % store_root)
        self.store = Store(store_root, fs=fs)

    def _button(self, board, digitalio, gpio):
        pin = getattr(board, "D%d" % gpio, None)
        if pin is None:
            raise StartError("this computer has no GPIO BCM%d (Blinka board %s): the Pi board needs a Raspberry Pi"
                             % (gpio, getattr(board, "board_id", "?")))
        try:
            p = digitalio.DigitalInOut(pin)
            p.direction = digitalio.Direction.INPUT
            p.pull = digitalio.Pull.UP
        except Exception as e:
            raise StartError("cannot use GPIO BCM%d (%s): check that this user may use the GPIO (group gpio) and "
                             "that no other program holds the pin" % (gpio, e)) from None
        return p

    def _scan(self, i2c):
        while not i2c.try_lock():
            pass
        try:
            return i2c.scan()
        finally:
            i2c.unlock()

    def _open_display(self, ssd1306, pico, i2c):
        try:
            found = self._scan(i2c)
        except OSError as e:
            found = []
            self.say("I2C scan failed: %s" % e)
        addr = pico.display_address(self.say, self.config, found, WIRING)
        if addr is None:
            return
        if ssd1306 is None:
            try:
                import adafruit_ssd1306 as ssd1306  # type: ignore[import-not-found,no-redef]
            except ImportError:
                self.say("no SSD1306 driver: " + INSTALL)
                return
        d = pico.start_display(self.say, paged(ssd1306), i2c, addr, self.config)
        if d is None:
            return
        d.text = _Text(d)  # the error screen's text: framebuf's built-in font is not in the stand-in
        self.display = d
        self.address = addr

    def say(self, text):
        """Print ``text`` (the journal under systemd) and keep it in ``messages``."""
        self.messages.append(text)
        print("dealerbox:", text)

    def buttons(self):
        """Bitmask of the buttons held now (bit b = ui.buttons constant b)."""
        return read_buttons(self.pins)

    def start_sampling(self):
        """Sample the buttons every ``sampler.PERIOD_MS`` (``timer``: a thread) into the Pico's small queue
        (boards/sampler.py), which the run loop drains: a press made while the loop is busy (the save at a hand's
        end, an fsync on a slow SD card) is kept with its own time. Returns the ``Sampler`` (started once)."""
        if self.sampler is None:
            self.sampler = Sampler(self.buttons, self.ticks_ms)
            self.timer(PERIOD_MS, self.sampler.sample)
        return self.sampler

    def thread_timer(self, period_ms, callback):
        """Call ``callback()`` every ``period_ms`` from a daemon thread (the Pico's ``machine.Timer`` on Linux); it
        ends with the process. The callback and the run loop share the ``Sampler`` as the Pico's timer and loop do:
        one writes its ``head``, the other its ``tail``; ``stop_sampling`` ends it. A callback that raises (a GPIO
        read failed) is said once and called again at the next period: the thread never dies silently, leaving the
        box deaf. Returns the thread."""
        import threading  # type: ignore[import-not-found]

        self.sampling = True

        def every():
            said = False
            while self.sampling:
                try:
                    callback()
                except Exception as e:
                    if not said:
                        self.say("cannot read the buttons (%s): trying again every %d ms" % (e, period_ms))
                        said = True
                self.time.sleep(period_ms / 1000)

        t = threading.Thread(target=every, name="dealerbox-buttons", daemon=True)
        t.start()
        return t

    def stop_sampling(self):
        """End the sampling thread (``thread_timer``) within a period."""
        self.sampling = False

    def ticks_ms(self):
        """Milliseconds of ``time.monotonic_ns``, wrapping at 2**30 as MicroPython's ``time.ticks_ms``."""
        return (self.time.monotonic_ns() // 1000000) & _TICKS_MASK

    def ticks_diff(self, a, b):
        """``a - b`` in ms across the wrap (MicroPython's ``time.ticks_diff``)."""
        return ((a - b + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF

    def sleep_ms(self, ms):
        self.time.sleep(ms / 1000)

    def reset(self):
        """Restart the box (the saved session is offered again): the process exits with status 3 and systemd
        (``Restart=always``) starts it again; run by hand, start it again."""
        self.say("restarting")
        raise SystemExit(3)


class _Text:
    """``display.text(s, x, y, c)`` drawn with the core's own font (``ui.canvas``), for ``loop.fatal``."""

    def __init__(self, fb):
        self.fb = fb

    def __call__(self, s, x, y, c=1):
        from dealerbox.ui.canvas import Canvas

        Canvas(self.fb).text(s, x, y, c)

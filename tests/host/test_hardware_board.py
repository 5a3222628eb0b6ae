"""The Pico board layer and the run loop on the host, with fake ``machine``, ``ssd1306`` and clock.

boards/pico.py imports ``machine`` only inside PicoBoard, so the real module is tested here
with injected fakes: pins with pull-ups, the I2C scan and the 7/8-bit address rule, a
missing display, button bitmasks; boards/loop.py: debounced presses reach the app, frames
only when dirty, the display sleeping and waking, and the error screen.
"""

import json
import os

import framebuf
import pytest
from dealerbox.boards import loop, pico
from dealerbox.boards.pico import (
    PicoBoard,
    check_config,
    choose_address,
    load_config,
    read_buttons,
    seven_bit_address,
)
from dealerbox.store.saves import Store
from dealerbox.ui import buttons as B
from pi_fakes import Panel


class FakePin:
    IN = 0
    PULL_UP = 1

    def __init__(self, gpio, mode=None, pull=None):
        self.gpio, self.mode, self.pull = gpio, mode, pull
        self.level = 1  # pulled up: released

    def value(self):
        return self.level


class TimelinePin(FakePin):
    """A button pin whose level follows the machine's timeline of held buttons."""

    def __init__(self, machine, gpio, mode, pull):
        super().__init__(gpio, mode, pull)
        self.machine = machine

    def value(self):
        return self.machine.level(self.gpio)


class FakeMachine:
    def __init__(self, devices=(0x3C,)):
        self.devices = list(devices)
        self.pins = {}
        self.i2c_args = None
        self.resets = 0
        self.held = ()
        self.timeline = None  # [(from_ms, (buttons...)), ...] read against self.clock
        self.clock = None
        self.vbus = 1         # GP24: USB power present (the box on a USB cable)
        self.vsys_raw = [32000]  # ADC3's read_u16() values, read in turn (the last one again): 4.83 V
        machine = self

        class ADC:
            def __init__(self, channel):
                machine.adc = channel

            def read_u16(self):
                return machine.vsys_raw.pop(0) if len(machine.vsys_raw) > 1 else machine.vsys_raw[0]

        class Pin(FakePin):
            def __new__(cls, gpio, mode=None, pull=None):
                if mode is None:
                    return FakePin(gpio)
                p = TimelinePin(machine, gpio, mode, pull)
                machine.pins[gpio] = p
                return p

        class I2C:
            def __init__(self, ident, sda, scl, freq):
                machine.i2c_args = (ident, sda.gpio, scl.gpio, freq)

            def scan(self):
                return list(machine.devices)

        class Timer:
            """machine.Timer: a virtual periodic timer whose callback the fake clock calls (``FakeTime``)."""

            PERIODIC = 1

            def __init__(self, ident=-1, mode=None, period=None, callback=None):
                assert (ident, mode) == (-1, Timer.PERIODIC) and period > 0
                machine.timers.append(self)
                self.period, self.callback = period, callback
                self.due = None  # the next call, on the clock of the first sleep

        self.timers = []
        self.Pin = Pin
        self.I2C = I2C
        self.ADC = ADC
        self.Timer = Timer

    def reset(self):
        self.resets += 1

    def hold(self, *buttons):
        """Hold these ui.buttons from now on (others released)."""
        self.held = buttons
        self.timeline = None

    def play(self, clock, timeline):
        """Buttons follow ``timeline``: [(ms from now, (buttons held)), ...] on ``clock``."""
        t0 = clock.now
        self.clock = clock
        self.timeline = [(t0 + t, held) for t, held in timeline]

    def level(self, gpio):
        if gpio == pico.VBUS_SENSE:
            return self.vbus
        held = self.held
        if self.timeline is not None:
            held = ()
            for t, h in self.timeline:
                if self.clock.now >= t:
                    held = h
        i = pico.BUTTON_PINS.index(gpio)
        return 0 if i in held else 1


class FakeDisplay(framebuf.FrameBuffer):
    """micropython-lib's ``ssd1306.SSD1306_I2C`` as the board uses it: ``buffer``, ``write_cmd``/``write_data``
    (their bytes, as the driver sends them, decoded by the SSD1306 model ``pi_fakes.Panel``: ``panel``, and
    counted in ``bus_bytes``), power, rotation, contrast; its ``show`` is the board's (boards/pico.py)."""

    def __init__(self, width, height, i2c, addr=0x3C):
        self.buffer = self.buf = bytearray(width * height // 8)
        super().__init__(self.buf, width, height, framebuf.MONO_VLSB)
        self.addr = addr
        self.panel = Panel()
        self.bus_bytes = 0
        self.on = True
        self.texts = []
        self.rotated = None  # rotate() not called: the driver starts the usual way up
        self.contrast_level = None

    def write_cmd(self, cmd):
        self.panel.transaction(bytes((0x80, cmd)))
        self.bus_bytes += 2

    def write_data(self, buf):
        self.panel.transaction(b"\x40" + bytes(buf))
        self.bus_bytes += 1 + len(buf)

    def poweroff(self):
        self.on = False

    def poweron(self):
        self.on = True

    def rotate(self, r):
        self.rotated = r

    def contrast(self, c):
        self.contrast_level = c

    def text(self, s, x, y, c=1):  # the device's framebuf has a built-in 8x8 font; the shim has none
        self.texts.append((s, x, y))

    def fill(self, c):
        self.texts = []
        super().fill(c)


class FakeSSD1306:
    SSD1306_I2C = FakeDisplay


class BrokenSSD1306:
    class SSD1306_I2C:
        def __init__(self, *a, **k):
            raise OSError(5)


class FakeTime:
    """The ``time`` module in whole ms; ``sleep_ms`` runs the machine's timers (``FakeMachine.Timer``) when due."""

    def __init__(self):
        self.now = 1000
        self.machine = None

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        end = self.now + ms
        timers = self.machine.timers if self.machine is not None else ()
        for t in timers:
            if t.due is None:
                t.due = self.now + t.period
        while True:
            due = min([t.due for t in timers if t.due <= end] or [end])
            self.now = due
            if due == end and not any(t.due == end for t in timers):
                return
            for t in timers:
                if t.due == due:
                    t.due += t.period
                    t.callback(t)


class FakeOs:
    @staticmethod
    def urandom(n):
        return bytes(n)


CFG = {"game": "teen-patti", "players": 2, "names": ["Anna", "Ben"], "chips": 15,
       "rules": {}}   # a session config (ui/snapcheck.py)

def make_board(devices=(0x3C,), config=None, ssd1306=FakeSSD1306, tmp_path=None):
    m = FakeMachine(devices)
    import os

    t = FakeTime()
    t.machine = m
    b = PicoBoard(config=config or {}, machine=m, ssd1306=ssd1306, os=os, time=t,
                  store_root=str(tmp_path) if tmp_path else "/nonexistent-dealerbox")
    return b, m


# ---- addresses -------------------------------------------------------------------------------

def test_seven_bit_address_converts_the_8_bit_form():
    assert seven_bit_address(0x3C) == 0x3C
    assert seven_bit_address(0x3D) == 0x3D
    assert seven_bit_address(0x78) == 0x3C
    assert seven_bit_address(0x7A) == 0x3D
    assert seven_bit_address("0x78") == 0x3C
    assert seven_bit_address("0x3d") == 0x3D
    assert seven_bit_address("61") == 0x3D
    for bad in (0x3E, 0x79, 0x27, 0):
        with pytest.raises(ValueError, match="not an SSD1306 address"):
            seven_bit_address(bad)
    with pytest.raises(ValueError, match="not a number"):
        seven_bit_address("oled")


def test_choose_address_from_scan_and_configuration():
    assert choose_address(None, [0x3C]) == (0x3C, "display at 0x3C")
    assert choose_address(None, [0x27, 0x3D]) == (0x3D, "display at 0x3D")
    assert choose_address(0x7A, [0x3C, 0x3D]) == (0x3D, "display at 0x3D (configured)")
    assert choose_address("0x78", [0x3C]) == (0x3C, "display at 0x3C (configured)")
    assert choose_address(0x3D, [0x3C]) == (0x3C, "display configured at 0x3D did not answer; found it at 0x3C")
    assert choose_address(None, []) == (
        None, "no display: nothing answers at 0x3C or 0x3D (no I2C device at all: check SDA GP4, SCL GP5, 3V3, GND)")
    assert choose_address(0x78, [0x27, 0x68]) == (
        None, "no display: nothing answers at configured 0x3C (I2C devices at 0x27, 0x68)")


# ---- the board ---------------------------------------------------------------------------------

def test_board_pins_i2c_and_display(capsys):
    import os

    b, m = make_board(devices=(0x3D,), config={"i2c_freq": 1000000, "flip": True, "contrast": 99})
    assert sorted(m.pins) == sorted(pico.BUTTON_PINS) + [24]       # the buttons and VBUS's sense
    for g in pico.BUTTON_PINS:
        assert (m.pins[g].mode, m.pins[g].pull) == (FakePin.IN, FakePin.PULL_UP)
    assert (m.pins[24].mode, m.pins[24].pull, m.adc) == (FakePin.IN, None, 29)
    assert b.contrast == 99
    assert m.i2c_args == (0, 4, 5, 1000000)
    assert b.address == 0x3D and b.display.addr == 0x3D
    assert b.display.rotated is False and b.display.contrast_level == 99
    assert b.messages == ["display at 0x3D"]
    assert "dealerbox: display at 0x3D" in capsys.readouterr().out
    assert b.entropy is os.urandom and len(b.entropy(16)) == 16
    assert isinstance(b.store, Store) and b.store.root == "/nonexistent-dealerbox"


def test_board_default_frequency_and_8_bit_configured_address():
    b, m = make_board(devices=(0x3C, 0x3D), config={"oled_address": "0x7A"})
    assert m.i2c_args == (0, pico.I2C_SDA, pico.I2C_SCL, 400000)
    assert b.address == 0x3D
    assert b.messages == ["display at 0x3D (configured)"]


def test_no_display_keeps_running_and_says_so(capsys):
    b, m = make_board(devices=())
    assert b.display is None
    out = capsys.readouterr().out
    assert "dealerbox: no display: nothing answers at 0x3C or 0x3D" in out
    assert "dealerbox: running without a display (buttons and saves still work)" in out
    m.hold(B.OK)
    assert b.buttons() == 1 << B.OK


def test_bad_configured_address_falls_back_to_scan():
    b, _ = make_board(devices=(0x3C,), config={"oled_address": 0x50})
    assert b.address == 0x3C
    assert b.messages == [
        "config.json: oled_address 0x50 is not an SSD1306 address (0x3C, 0x3D, or 8-bit 0x78, 0x7A); using the "
        "default", "display at 0x3C"]


def test_display_that_fails_to_start_is_dropped():
    b, _ = make_board(devices=(0x3C,), ssd1306=BrokenSSD1306)
    assert b.display is None
    assert b.messages == ["display at 0x3C", "display at 0x3C did not start (5): running without it"]


def test_buttons_are_active_low_bitmask():
    b, m = make_board()
    assert b.buttons() == 0
    m.hold(B.LEFT, B.OK)
    assert b.buttons() == (1 << B.LEFT) | (1 << B.OK) == 0b10100
    m.hold(B.UP)
    assert b.buttons() == 1
    pins = [FakePin(0), FakePin(1), FakePin(2)]
    pins[1].level = 0
    assert read_buttons(pins) == 0b010


def test_load_config(tmp_path):
    assert load_config(str(tmp_path / "none.json")) == ({}, None)
    p = tmp_path / "config.json"
    p.write_text(json.dumps({"oled_address": "0x78"}))
    assert load_config(str(p)) == ({"oled_address": "0x78"}, None)
    p.write_text("{oops")
    assert load_config(str(p)) == ({}, "%s: not valid JSON, using the defaults" % p)
    p.write_text("[1, 2]")
    assert load_config(str(p)) == ({}, "%s: not a JSON object, using the defaults" % p)


def test_check_config_keeps_good_values_and_says_why_it_drops_the_others():
    assert check_config({}) == ({}, [])
    good = {"oled_address": "0x7A", "i2c_freq": 1000000, "flip": True, "contrast": 0}
    assert check_config(good) == ({"oled_address": 0x3D, "i2c_freq": 1000000, "flip": True, "contrast": 0}, [])
    assert check_config({"flip": 0, "oled_address": 0x3C}) == ({"flip": False, "oled_address": 0x3C}, [])
    cfg, problems = check_config({"contrast": "max", "oled_address": [1], "i2c_freq": "fast", "flip": "yes",
                                  "brightness": 3})
    assert cfg == {}
    assert problems == [
        "config.json: contrast \"max\" is not a number from 0 to 255; using the default",
        "config.json: oled_address [1] is not an address (use 0x3C, 0x3D, 0x78 or 0x7A); using the default",
        "config.json: i2c_freq \"fast\" is not a frequency in Hz from 10000 to 1000000; using the default",
        "config.json: flip \"yes\" is not true or false; using the default",
        "config.json: unknown key \"brightness\" ignored (known: oled_address, i2c_freq, flip, contrast)"]
    for bad in ({"contrast": 256}, {"contrast": -1}, {"contrast": True}, {"contrast": 12.5}, {"i2c_freq": 5000000},
                {"i2c_freq": 0}, {"i2c_freq": True}, {"oled_address": "0x50"}, {"oled_address": None},
                {"oled_address": True}, {"flip": 2}, {"flip": None}):
        cfg, problems = check_config(bad)
        assert cfg == {} and len(problems) == 1 and problems[0].endswith("using the default"), (bad, problems)


def test_bad_config_values_start_the_board_with_the_defaults(capsys):
    cfg = {"contrast": "max", "oled_address": [1], "i2c_freq": "fast", "flip": 1}
    b, m = make_board(devices=(0x3C,), config=cfg)
    assert b.address == 0x3C and b.display is not None
    assert m.i2c_args == (0, 4, 5, 400000)
    assert b.display.contrast_level is None and b.display.rotated is False
    assert b.config == {"flip": True}
    assert b.messages[-1] == "display at 0x3C" and len(b.messages) == 4
    out = capsys.readouterr().out
    assert "dealerbox: config.json: contrast \"max\" is not a number from 0 to 255; using the default" in out


def test_reset_goes_to_machine():
    b, m = make_board()
    b.reset()
    assert m.resets == 1


# ---- the run loop ------------------------------------------------------------------------------

class RecordingApp:
    """Stands in for the UI's App: records presses, dirty after each, draws a counter."""

    def __init__(self, fail_on=None):
        self.presses = []
        self.dirty = True
        self.draws = 0
        self.fail_on = fail_on

    def press(self, button, long=False):
        if button == self.fail_on:
            raise ZeroDivisionError("division by zero in the pot")
        self.presses.append((button, long))
        self.dirty = True

    def draw(self, fb):
        self.draws += 1
        fb.fill(0)
        fb.text(str(len(self.presses)), 0, 0, 1)
        self.dirty = False


def test_run_delivers_debounced_presses_and_redraws_only_when_dirty():
    b, m = make_board()
    app = RecordingApp()
    timeline = [(0, ()), (50, (B.RIGHT,)), (130, ())]  # a clean 80 ms press
    for t in range(300, 400, 20):  # bounce: 10 ms blips are not presses
        timeline += [(t, (B.DOWN,)), (t + 10, ())]
    timeline += [(500, (B.OK,)), (2000, ()), (2200, ())]  # held 1.5 s: one long press, no repeat
    m.play(b.time, timeline)
    loop.run(b, app, B.Debouncer(), steps=250)
    assert app.presses == [(B.RIGHT, False), (B.OK, True)]
    # one frame at start, then one per event: nothing drawn or sent while nothing changed
    assert app.draws == b.display.shows == 3
    assert b.display.texts == [("2", 0, 0)]
    assert b.time.now >= 1000 + 250 * loop.SAMPLE_MS   # 10 ms a sample while a button is held, 20 ms quiet


def test_display_sleeps_when_idle_and_the_waking_press_does_nothing():
    b, m = make_board()
    app = RecordingApp()
    idle = loop.IDLE_MS
    m.play(b.time, [(0, ()), (idle + 100, (B.UP,)), (idle + 200, ()), (idle + 400, (B.UP,)), (idle + 500, ())])
    events = []
    off, on = b.display.poweroff, b.display.poweron
    b.display.poweroff = lambda: (events.append(("off", b.time.now - 1000, list(app.presses))), off())
    b.display.poweron = lambda: (events.append(("on", b.time.now - 1000, list(app.presses))), on())
    # 10 ms turns, 50 ms once dimmed (a minute in) and asleep, 10 ms again from the waking touch
    loop.run(b, app, B.Debouncer(), steps=loop.DIM_MS // loop.SAMPLE_MS + (idle - loop.DIM_MS) // loop.SLOW_MS + 70)
    # off after IDLE_MS without a press; on at the first touch, before any event
    assert events == [("off", idle, []), ("on", idle + 100, [])]
    assert app.presses == [(B.UP, False)]  # the waking press only woke the screen; the second one counts
    assert b.display.on is True and app.draws == 2


def test_run_without_display():
    b, m = make_board(devices=())
    app = RecordingApp()
    m.play(b.time, [(0, ()), (100, (B.LEFT,)), (200, ())])
    loop.run(b, app, B.Debouncer(), steps=30)
    assert app.presses == [(B.LEFT, False)] and app.draws == 0


# ---- the error path ---------------------------------------------------------------------------

def test_error_lines():
    safe = ["Session is safe", "OK: restart", "Hold OK: set the", "session aside"]
    assert loop.error_lines(ValueError("no chips")) == ["ERROR", "ValueError: no", "chips"] + safe
    lines = loop.error_lines(KeyError("a" * 40))
    assert lines == ["ERROR", "KeyError:", "'" + "a" * 15, "a" * 16] + safe
    assert loop.error_lines(RuntimeError()) == ["ERROR", "RuntimeError"] + safe
    long = loop.error_lines(OSError("the quick brown fox jumps over the lazy dog " * 4))
    assert len(long) == 8 and all(len(x) <= 16 for x in long)
    assert long[1:3] == ["OSError: the", "quick brown fox"]
    assert loop.error_lines(KeyError("cfg"), aside=True) == ["ERROR", "KeyError: 'cfg'", "Crashed again:",
                                                             "saved session", "set aside.", "OK: new session"]
    assert loop.wrap("ZeroDivisionError: x") == ["ZeroDivisionErro", "r: x"]


def test_crash_shows_error_keeps_session_and_restarts_on_a_press(tmp_path, capsys):
    b, m = make_board(tmp_path=tmp_path)
    b.store.save({"hand": 3, "stacks": [10, 20]})
    before = sorted(p.name for p in tmp_path.iterdir()), (tmp_path / "session.json").read_bytes()
    app = RecordingApp(fail_on=B.DOWN)
    # DOWN crashes the app; the error screen waits; LEFT pressed later restarts the box
    m.play(b.time, [(0, ()), (100, (B.DOWN,)), (200, ()), (1000, (B.LEFT,)), (1100, ())])
    loop.main(b, lambda board: app)
    assert m.resets == 1
    assert b.time.now - 1000 >= 1100  # the restart came with the LEFT press, not before
    assert b.display.texts == [("ERROR", 0, 0), ("ZeroDivisionErro", 0, 8), ("r: division by", 0, 16),
                               ("zero in the pot", 0, 24), ("Session is safe", 0, 32), ("OK: restart", 0, 40),
                               ("Hold OK: set the", 0, 48), ("session aside", 0, 56)]
    out = capsys.readouterr()
    assert "ZeroDivisionError: division by zero in the pot" in out.err
    assert "dealerbox: unexpected error: ZeroDivisionError: division by zero in the pot" in out.out
    # the session untouched; the crash counted (save 1, once)
    assert (sorted(p.name for p in tmp_path.iterdir() if p.name != "crashes"),
            (tmp_path / "session.json").read_bytes()) == before
    assert (tmp_path / "crashes").read_bytes() == b"1 1\n"


def _snap(i):
    return {"v": 1, "cfg": CFG, "table": {"names": ["Anna", "Ben"], "stacks": [10, 20],
            "bought_in": [15, 15], "dealer": 0}, "engine": None, "hand_no": i, "last": ""}


def _files(tmp_path):
    return sorted(p.name for p in tmp_path.iterdir())


def test_fatal_short_press_restarts_long_ok_sets_session_aside(tmp_path):
    b, m = make_board(tmp_path=tmp_path)
    b.store.save(_snap(1))
    b.store.save(_snap(2))
    m.play(b.time, [(0, ()), (30, (B.RIGHT,)), (90, ())])  # a short press: restart
    loop.fatal(b, ValueError("x"), B.Debouncer(), steps=50)
    assert m.resets == 1
    assert _files(tmp_path) == ["crashes", "session.bak", "session.json"]
    b.store.save(_snap(3))  # the box went on and saved: the next crash is the first with save 3
    m.play(b.time, [(0, ()), (30, (B.OK,)), (1000, ())])  # OK held: set the session aside, restart
    loop.fatal(b, ValueError("x"), B.Debouncer(), steps=100)
    assert m.resets == 2
    assert _files(tmp_path) == ["session.bak.crashed", "session.json.crashed"]
    assert b.messages[-1] == "saved session set aside: session.json, session.bak"
    assert Store(str(tmp_path)).load() is None


def test_a_second_crash_in_a_row_with_the_same_session_sets_it_aside(tmp_path):
    """A saved session that crashes the app at every boot cannot trap the box: the second crash in a row
    (no save in between) sets it aside by itself and says so; a short press then starts a new session."""
    Store(str(tmp_path)).save(_snap(1))
    Store(str(tmp_path)).save(_snap(2))

    def make_app(board):  # the app loads the session and crashes on it
        assert board.store.load() == _snap(2)
        raise KeyError("cfg")

    b, m = make_board(tmp_path=tmp_path)
    m.play(b.time, [(0, ()), (100, (B.LEFT,)), (200, ())])
    loop.main(b, make_app)
    assert m.resets == 1 and [t[0] for t in b.display.texts][-2:] == ["Hold OK: set the", "session aside"]
    assert _files(tmp_path) == ["crashes", "session.bak", "session.json"]
    # the reboot: the same session, the same crash
    b2, m2 = make_board(tmp_path=tmp_path)
    m2.play(b2.time, [(0, ()), (100, (B.LEFT,)), (200, ())])
    loop.main(b2, make_app)
    assert m2.resets == 1
    assert [t[0] for t in b2.display.texts] == ["ERROR", "KeyError: 'cfg'", "Crashed again:", "saved session",
                                                "set aside.", "OK: new session"]
    assert b2.messages[-1] == ("crashed 2 times in a row with save 2: saved session set aside (session.json.crashed, "
                               "session.bak.crashed), a new session starts")
    assert _files(tmp_path) == ["session.bak.crashed", "session.json.crashed"]
    assert Store(str(tmp_path)).load() is None


def test_a_crash_without_a_saved_session_counts_nothing(tmp_path):
    b, m = make_board(tmp_path=tmp_path)
    for _ in range(3):
        loop.fatal(b, ValueError("x"), B.Debouncer(), steps=1)
    assert _files(tmp_path) == [] and b.display.texts[-1] == ("session aside", 0, 40)


def test_a_crash_counter_that_cannot_be_written_still_shows_the_error(tmp_path):
    b, m = make_board(tmp_path=tmp_path)
    b.store.save(_snap(1))
    os.mkdir(str(tmp_path / "crashes"))  # cannot be opened as a file
    loop.fatal(b, ValueError("x"), B.Debouncer(), steps=1)
    assert b.messages[-1].startswith("cannot count the crash: ")
    assert b.display.texts[0] == ("ERROR", 0, 0)


def test_main_catches_an_error_while_building_the_app(tmp_path):
    b, m = make_board(tmp_path=tmp_path)

    def make_app(board):
        raise MemoryError("memory allocation failed, allocating 2048 bytes")

    m.play(b.time, [(0, ()), (100, (B.RIGHT,)), (200, ())])
    loop.main(b, make_app)
    assert m.resets == 1
    assert [t[0] for t in b.display.texts] == ["ERROR", "MemoryError:", "memory", "allocation", "Session is safe",
                                               "OK: restart", "Hold OK: set the", "session aside"]


def test_main_lets_ctrl_c_through():
    b, _ = make_board()

    def make_app(board):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        loop.main(b, make_app)


# ---- main.py with the real app ------------------------------------------------------------------

def _main_module():
    """firmware/main.py's functions, without running its start() (which needs the real machine)."""
    path = os.path.join(os.path.dirname(pico.__file__), "..", "..", "main.py")
    with open(path) as f:
        src = f.read()
    assert src.rstrip().endswith("\nstart()")
    ns = {"__name__": "main"}
    exec(compile(src.rstrip()[:-len("start()")], path, "exec"), ns)
    return ns


def test_main_runs_the_real_app_and_resumes_after_a_reboot(tmp_path):
    from app_util import Rig, setup
    from dealerbox.ui import modes

    main = _main_module()
    b, m = make_board(tmp_path=tmp_path)
    app = main["make_app"](b)
    assert app.mode == modes.M_GAME and app.store is b.store and app.clock == b.ticks_ms
    rig = Rig(seed=3)
    rig.app = app
    setup(rig, "indian", 3)  # the session starts: saved to the board's store
    assert app.mode == modes.M_GATE
    saved = app.snapshot()
    # power off, power on: a new board on the same flash; the loop drives the real app
    b2, m2 = make_board(tmp_path=tmp_path)
    app2 = main["make_app"](b2)
    assert app2.mode == modes.M_RESUME
    m2.play(b2.time, [(0, ()), (100, (B.OK,)), (200, ())])  # OK = resume
    loop.run(b2, app2, B.Debouncer(), steps=40)
    assert app2.mode == modes.M_GATE
    assert app2.snapshot() == saved
    assert b2.display.shows == 2  # the resume screen, then the gate
    assert any(b2.display.buf)  # something is lit


def test_the_app_on_a_checksummed_snapshot_it_cannot_use_starts_a_new_session(tmp_path):
    """The review's crash: a CRC-valid {"v":1,"table":{}} made App() raise KeyError('cfg') at every boot."""
    import binascii

    from dealerbox.ui import modes

    main = _main_module()
    Store(str(tmp_path)).save(_snap(1))
    Store(str(tmp_path)).save(_snap(2))
    body = b'{"v":1,"table":{}}'
    (tmp_path / "session.json").write_bytes(b"DBX2 0000000099 %08x %010d 0000000000\n" % (binascii.crc32(body),
                                                                                         len(body)) + body + b"\n")
    b, _ = make_board(tmp_path=tmp_path)
    app = main["make_app"](b)
    assert app.mode == modes.M_RESUME  # save 1, the good one
    assert b.store.report == "Save damaged (snapshot without a valid 'cfg'): the one before it is used."
    (tmp_path / "session.bak").unlink()
    (tmp_path / "session.json.bad").rename(tmp_path / "session.json")
    b, _ = make_board(tmp_path=tmp_path)
    app = main["make_app"](b)
    # nothing usable: no crash, the report shown, and OK starts a new session
    assert app.mode == modes.M_RESUME and app.screen.saved is None
    assert b.store.report == "Save unusable (snapshot without a valid 'cfg'): a new session starts."
    assert app.screen.sel == -1        # too long to show beside "New session": on a screen of its own, read first
    app.press(B.OK)
    assert app.mode == modes.M_RESUME and [r[0] for r in app.screen.rows] == ["New session"]
    app.press(B.OK)
    assert app.mode == modes.M_GAME


def test_main_starts_with_the_defaults_when_the_configuration_stops_the_board(tmp_path, monkeypatch, capsys):
    """main.start(): a /config.json value the checks let through but the hardware refuses (here 1 MHz on
    an I2C that cannot) must not leave a blank screen: the board is built again with the defaults."""
    import sys

    main = _main_module()
    fake = FakeMachine((0x3C,))
    i2c = fake.I2C

    class PickyI2C(i2c):
        def __init__(self, ident, sda, scl, freq):
            if freq > 400000:
                raise OSError(22)
            super().__init__(ident, sda, scl, freq)

    fake.I2C = PickyI2C
    cfg = tmp_path / "config.json"
    cfg.write_text('{"i2c_freq": 1000000, "contrast": "max"}')
    monkeypatch.setattr(pico, "CONFIG_FILE", str(cfg))
    monkeypatch.setitem(sys.modules, "machine", fake)
    monkeypatch.setitem(sys.modules, "ssd1306", FakeSSD1306)
    ran = []
    monkeypatch.setattr(loop, "main", lambda board, make_app: ran.append(board))
    main["start"]()
    (board,) = ran
    assert board.config == {} and fake.i2c_args == (0, 4, 5, 400000) and board.address == 0x3C
    out = capsys.readouterr()
    assert "dealerbox: config.json: contrast \"max\" is not a number from 0 to 255; using the default" in out.out
    assert "dealerbox: the board did not start with /config.json (OSError: 22); starting with the defaults" in out.out
    assert "starting with the defaults" in out.out and "OSError" in out.err


# ---- the battery ------------------------------------------------------------------------------

def test_battery_read_on_gp29_and_usb_on_gp24():
    from dealerbox import power

    b, m = make_board()
    m.vbus = 0
    m.vsys_raw = [24000] * 4 + [24016] * 4           # 8 reads averaged: 24008 -> 3626 mV at VSYS
    assert b.battery_mv() == 3626 and not b.usb_power()
    assert power.level(b.battery_mv(), b.usb_power()) == power.HALF     # the cell at 3.88 V
    m.vbus = 1
    assert b.usb_power()


def test_pico_w_has_no_battery_reading(capsys):
    class Uname:
        machine = "Raspberry Pi Pico W with RP2040"

    class PicoWOs(FakeOs):
        @staticmethod
        def uname():
            return Uname()

    m = FakeMachine()
    b = PicoBoard(config={}, machine=m, ssd1306=FakeSSD1306, os=PicoWOs, time=FakeTime(),
                  store_root="/nonexistent-dealerbox")
    assert b.battery_mv() is None and not b.usb_power() and 24 not in m.pins
    assert "Pico W: GP29 and GP24 belong to the wireless chip; no battery reading" in b.messages

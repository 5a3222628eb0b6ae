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
from dealerbox.boards.pico import PicoBoard, choose_address, load_config, read_buttons, seven_bit_address
from dealerbox.store import Store
from dealerbox.ui import buttons as B


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
        machine = self

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

        self.Pin = Pin
        self.I2C = I2C

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
        held = self.held
        if self.timeline is not None:
            held = ()
            for t, h in self.timeline:
                if self.clock.now >= t:
                    held = h
        i = pico.BUTTON_PINS.index(gpio)
        return 0 if i in held else 1


class FakeDisplay(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C):
        self.buf = bytearray(width * height // 8)
        super().__init__(self.buf, width, height, framebuf.MONO_VLSB)
        self.addr = addr
        self.shows = 0
        self.on = True
        self.texts = []
        self.rotated = False
        self.contrast_level = None

    def show(self):
        self.shows += 1

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
    def __init__(self):
        self.now = 1000

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.now += ms


class FakeOs:
    @staticmethod
    def urandom(n):
        return bytes(n)


def make_board(devices=(0x3C,), config=None, ssd1306=FakeSSD1306, tmp_path=None):
    m = FakeMachine(devices)
    import os

    b = PicoBoard(config=config or {}, machine=m, ssd1306=ssd1306, os=os, time=FakeTime(),
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
    assert sorted(m.pins) == sorted(pico.BUTTON_PINS)
    for g in pico.BUTTON_PINS:
        assert (m.pins[g].mode, m.pins[g].pull) == (FakePin.IN, FakePin.PULL_UP)
    assert m.i2c_args == (0, 4, 5, 1000000)
    assert b.address == 0x3D and b.display.addr == 0x3D
    assert b.display.rotated is True and b.display.contrast_level == 99
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
        "oled_address 0x50 is not an SSD1306 address (0x3C, 0x3D, or 8-bit 0x78, 0x7A); looking for the display "
        "at 0x3C/0x3D", "display at 0x3C"]


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
    assert b.time.now == 1000 + 250 * loop.SAMPLE_MS


def test_display_sleeps_when_idle_and_the_waking_press_does_nothing():
    b, m = make_board()
    app = RecordingApp()
    idle = loop.IDLE_MS
    m.play(b.time, [(0, ()), (idle + 100, (B.UP,)), (idle + 200, ()), (idle + 400, (B.UP,)), (idle + 500, ())])
    events = []
    off, on = b.display.poweroff, b.display.poweron
    b.display.poweroff = lambda: (events.append(("off", b.time.now - 1000, list(app.presses))), off())
    b.display.poweron = lambda: (events.append(("on", b.time.now - 1000, list(app.presses))), on())
    loop.run(b, app, B.Debouncer(), steps=(idle + 700) // loop.SAMPLE_MS)
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
    assert loop.error_lines(ValueError("no chips")) == ["ERROR", "ValueError: no", "chips", "Session is safe",
                                                        "OK: restart"]
    lines = loop.error_lines(KeyError("a" * 40))
    assert lines == ["ERROR", "KeyError:", "'" + "a" * 15, "a" * 16, "a" * 9 + "'", "Session is safe", "OK: restart"]
    assert loop.error_lines(RuntimeError()) == ["ERROR", "RuntimeError", "Session is safe", "OK: restart"]
    long = loop.error_lines(OSError("the quick brown fox jumps over the lazy dog " * 4))
    assert len(long) == 8 and all(len(x) <= 16 for x in long)
    assert long[1:3] == ["OSError: the", "quick brown fox"]
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
                               ("zero in the pot", 0, 24), ("Session is safe", 0, 32), ("OK: restart", 0, 40)]
    out = capsys.readouterr()
    assert "ZeroDivisionError: division by zero in the pot" in out.err
    assert "dealerbox: unexpected error: ZeroDivisionError: division by zero in the pot" in out.out
    assert (sorted(p.name for p in tmp_path.iterdir()), (tmp_path / "session.json").read_bytes()) == before


def test_fatal_short_press_restarts_long_ok_sets_session_aside(tmp_path):
    b, m = make_board(tmp_path=tmp_path)
    b.store.save({"hand": 1})
    b.store.save({"hand": 2})
    deb = B.Debouncer()
    m.hold()
    loop.fatal(b, ValueError("x"), deb, steps=3)
    m.hold(B.RIGHT)
    loop.fatal(b, ValueError("x"), deb, steps=6)
    m.hold()
    loop.fatal(b, ValueError("x"), deb, steps=6)
    assert m.resets == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["session.bak", "session.json"]
    deb = B.Debouncer()
    loop.fatal(b, ValueError("x"), deb, steps=3)
    m.hold(B.OK)
    loop.fatal(b, ValueError("x"), deb, steps=100)
    assert m.resets == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["session.bak.crashed", "session.json.crashed"]
    assert Store(str(tmp_path)).load() is None


def test_main_catches_an_error_while_building_the_app(tmp_path):
    b, m = make_board(tmp_path=tmp_path)

    def make_app(board):
        raise MemoryError("memory allocation failed, allocating 2048 bytes")

    m.play(b.time, [(0, ()), (100, (B.RIGHT,)), (200, ())])
    loop.main(b, make_app)
    assert m.resets == 1
    assert [t[0] for t in b.display.texts] == ["ERROR", "MemoryError:", "memory", "allocation", "failed,",
                                               "allocating 2048", "Session is safe", "OK: restart"]


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
    from dealerbox.ui import modes
    from test_app_util import Rig, setup

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

"""The Raspberry Pi board (dealerbox.boards.pi) on the host, with Blinka's hardware faked at the bus.

The real ``adafruit_ssd1306`` driver and ``adafruit_bus_device`` run on a fake ``busio.I2C``
that records every byte; ``pi_fakes.Panel`` decodes them as an SSD1306 would. The whole app
runs in the board's run loop (boards/loop.py) with presses on fake GPIO pins, and every frame
on the bus is compared with the simulator's frame (host_tools/hostboard.py) after the same
presses with the same seed.
"""

import os
import re
import subprocess
import sys
import types

import pytest
from dealerbox.boards import loop, pi
from dealerbox.store.saves import Store
from dealerbox.ui import buttons as B
from pi_fakes import FakeTime, Panel, make_board, timeline

from host_tools import pi as launcher
from host_tools import sim
from host_tools.hostboard import HostBoard, parse_script

ALL_BCM = sorted(pi.BUTTON_PINS)


CFG = {"game": "teen-patti", "players": 2, "names": ["Anna", "Ben"], "chips": 15,
       "rules": {}}   # a session config (ui/snapcheck.py)

def test_board_sets_up_pull_ups_and_finds_the_display(tmp_path, capsys):
    b, fake = make_board(tmp_path)
    assert sorted(fake.pins) == ALL_BCM
    assert all((p.direction, p.pull) == ("input", "up") for p in fake.pins.values())
    assert b.address == 0x3C and b.messages == ["display at 0x3C"]
    assert "dealerbox: display at 0x3C" in capsys.readouterr().out
    panel = fake.panels[0x3C]
    # the driver's start: display on, horizontal addressing, the usual way up, a blank frame sent
    assert panel.on and panel.mode == 0 and (panel.seg_remap, panel.com_remap) == (1, 8)
    assert (0x8D, 0x14) in panel.commands  # charge pump on (3.3 V module)
    assert panel.frames == [bytes(1024)]
    assert isinstance(b.store, Store) and b.store.root == str(tmp_path / "data") and (tmp_path / "data").is_dir()
    assert b.entropy(4) == b.entropy.__class__(7).read(4)  # the injected os.urandom


def test_buttons_are_active_low_bitmask(tmp_path):
    b, fake = make_board(tmp_path)
    assert b.buttons() == 0
    fake.timeline = [(0, (B.LEFT, B.OK))]
    assert b.buttons() == (1 << B.LEFT) | (1 << B.OK) == 0b10100
    fake.timeline = [(0, (B.UP,))]
    assert b.buttons() == 1


def _host_frames(presses, seed, store_dir):
    """The simulator's frames: the first, then one after every press that changed the screen."""
    hb = HostBoard(seed=seed, store_dir=store_dir)
    app = sim.make_app(hb)
    app.draw(hb.fb)
    frames = [bytes(hb.buf)]
    for button, long in presses:
        sim.press(app, button, long)
        if app.dirty:
            app.draw(hb.fb)
            frames.append(bytes(hb.buf))
    return frames


def test_the_whole_demo_on_the_pi_sends_the_simulators_frames(tmp_path, monkeypatch):
    """The simulator's demo (setup and a hand of Teen Patti), pressed on the GPIO pins: every frame sent
    over I2C is, byte for byte, the simulator's frame after the same presses with the same seed."""
    # the loop's gc.collect() after every press costs seconds in pytest's big heap, and changes no frame
    monkeypatch.setattr(loop, "gc", types.SimpleNamespace(collect=lambda: None))
    presses = parse_script(sim.DEMO)
    t = FakeTime()
    b, fake = make_board(tmp_path, seed=sim.DEMO_SEED, time=t)
    fake.play(t, timeline(presses)[0])
    app = launcher.make_app(b)
    panel = fake.panels[0x3C]
    sent = []       # the glass after each frame shown: only the changed pages went over the bus (boards/pages.py)
    show = b.display.show
    b.display.show = lambda: (show(), sent.append(bytes(panel.ram)))
    start = len(fake.writes)
    loop.run(b, app, B.Debouncer(), steps=timeline(presses)[1] // loop.SAMPLE_MS)
    want = _host_frames(presses, sim.DEMO_SEED, str(tmp_path / "host"))
    assert len(want) > 40 and len(sent) == len(want)
    on_bus = sum(len(data) for _addr, data in fake.writes[start:])
    assert on_bus == b.display.pager.sent - 1037     # what the page diff counted (after the driver's start frame)
    assert on_bus < len(sent) * 1037 * 85 // 100     # the demo is mostly gate <-> turn, whole new screens
    for i, (got, exp) in enumerate(zip(sent, want)):
        assert got == exp, "frame %d differs from the simulator's" % i
    assert len(set(sent)) > 20  # the frames really change
    # the glass shows it the right way up: pixel for pixel the simulator's
    hb = HostBoard()
    hb.buf[:] = want[-1]
    assert all(panel.seen(x, y) == hb.pixel(x, y) for y in range(64) for x in range(128))
    # the presses drove the app into the hand, and the session was saved on the Pi's store
    assert app.engine is not None
    assert Store(str(tmp_path / "data")).load() == Store(str(tmp_path / "host")).load() is not None


def test_bounce_on_the_pins_is_one_press_and_a_long_press_is_long(tmp_path):
    t = FakeTime()
    b, fake = make_board(tmp_path, time=t)
    got = []

    class App:
        dirty = True

        def press(self, button, long):
            got.append((button, long))
            self.dirty = True

        def draw(self, fb):
            fb.fill(0)
            fb.fill_rect(0, 0, len(got) + 1, 1, 1)
            self.dirty = False

    line = [(0, ())]
    for ms in (25, 45, 65):  # blips caught by one sample each (every 10 ms): bounce, not a press
        line += [(ms, (B.DOWN,)), (ms + 7, ())]
    line += [(95, (B.RIGHT,)), (102, ()), (115, (B.RIGHT,)), (200, ())]  # a bounce, then a clean press
    line += [(300, (B.OK,)), (1200, ())]  # held 900 ms: long
    fake.play(t, line)
    loop.run(b, App(), B.Debouncer(), steps=150)
    assert got == [(B.RIGHT, False), (B.OK, True)]
    frames = fake.panels[0x3C].frames
    assert len(frames) == 4 and frames[-1][:4] == b"\x01\x01\x01\x00"  # start, first draw, one per press


class SavingApp:
    """Records each press with the fake clock's time; OK ends a hand, and its save (``flush``, after the frame) takes
    250 ms on the SD card, the loop reading no button meanwhile."""

    def __init__(self, clock):
        self.clock = clock
        self.presses = []
        self.dirty = False
        self.defer = False
        self.writes = False

    def press(self, button, long=False):
        self.presses.append((self.clock.now, button, long))
        self.writes = button == B.OK

    def draw(self, fb):
        self.dirty = False

    def flush(self):
        if self.writes:
            self.clock.run(250)     # the sampling thread runs on; the loop does not
            self.writes = False


def test_no_press_is_lost_while_the_pi_writes_the_save(tmp_path):
    # OK ends the hand at ~25 ms; the save runs ~30-280 ms; a quick tap of RIGHT (60 ms) at 100 ms falls inside it
    line = [(0, ()), (20, (B.OK,)), (80, ()), (100, (B.RIGHT,)), (160, ())]
    t = FakeTime()
    b, fake = make_board(tmp_path, time=t)
    fake.play(t, line)
    app = SavingApp(t)
    loop.run(b, app, B.Debouncer(), steps=60)
    assert [(when - 1000 >= 280, button, long) for when, button, long in app.presses] == [
        (False, B.OK, False), (True, B.RIGHT, False)]      # handed over once the save was done, not lost
    assert b.sampler is not None and b.sampler.dropped == 0
    # the same tap with the buttons read by the loop alone (no sampling thread): missed
    t = FakeTime()
    b, fake = make_board(tmp_path, time=t)
    b.start_sampling = None
    fake.play(t, line)
    app = SavingApp(t)
    loop.run(b, app, B.Debouncer(), steps=60)
    assert [button for _when, button, _long in app.presses] == [B.OK]


class RealClock:
    """FakeBlinka's clock on the real one: ``now`` in ms of ``time.monotonic``."""

    @property
    def now(self):
        import time

        return int(time.monotonic() * 1000)


def test_the_pi_samples_the_buttons_from_a_thread_while_the_loop_is_busy(tmp_path):
    """The real ``thread_timer``: a press of 200 ms made while the main thread sleeps (a save) is queued with its
    own times by the sampling thread (within the press: the machine may be busy, the thread late)."""
    import time

    clock = RealClock()
    b, fake = make_board(tmp_path, time=time, timer=None)     # the real clock, and so the real thread
    start = b.ticks_ms()
    s = b.start_sampling()
    fake.play(clock, [(0, ()), (100, (B.LEFT,)), (300, ())])
    try:
        time.sleep(0.7)                     # the loop busy: no button read by this thread
        assert s.pending() == 2
        down = b.ticks_diff(s.take(), start)
        assert s.mask == 1 << B.LEFT and 100 <= down < 300
        up = b.ticks_diff(s.take(), start)
        assert s.mask == 0 and 300 <= up < 700 and s.pending() == 0
    finally:
        b.stop_sampling()


def test_a_failing_button_read_is_said_once_and_the_sampling_thread_goes_on(tmp_path):
    import time

    b, fake = make_board(tmp_path, time=time, timer=None)
    calls = [0]
    read = b.buttons

    def flaky():                # the first read (the sampler's start) works, the next three fail
        calls[0] += 1
        if 2 <= calls[0] <= 4:
            raise OSError(5, "Input/output error")
        return read()

    b.buttons = flaky
    fake.play(RealClock(), [(0, ()), (50, (B.UP,))])
    s = b.start_sampling()
    try:
        deadline = time.monotonic() + 2
        while not s.pending() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert s.pending() == 1 and (s.take(), s.mask)[1] == 1 << B.UP and calls[0] > 4
        assert b.messages[-1] == "cannot read the buttons ([Errno 5] Input/output error): trying again every 5 ms"
        assert sum("cannot read the buttons" in m for m in b.messages) == 1
    finally:
        b.stop_sampling()
    assert b.start_sampling() is s      # started once


def test_the_display_sleeps_when_idle_and_a_press_wakes_it(tmp_path):
    """After loop.IDLE_MS without a press the panel is switched off on the bus (0xAE), the first touch
    switches it on (0xAF) and does nothing else; the next press moves the menu."""
    t = FakeTime()
    b, fake = make_board(tmp_path, time=t)
    panel = fake.panels[0x3C]
    switched = []
    execute = panel.execute
    panel.execute = lambda cmd: (switched.append((cmd[0], t.now - 1000)) if cmd[0] in (0xAE, 0xAF) else None,
                                 execute(cmd))
    app = launcher.make_app(b)
    sel = app.screen.sel
    idle = loop.IDLE_MS
    fake.play(t, [(0, ()), (idle + 100, (B.DOWN,)), (idle + 200, ()), (idle + 400, (B.DOWN,)), (idle + 500, ())])
    # 10 ms turns, 50 ms once dimmed (a minute in) and asleep, 10 ms again from the waking touch
    loop.run(b, app, B.Debouncer(), steps=loop.DIM_MS // loop.SAMPLE_MS + (idle - loop.DIM_MS) // loop.SLOW_MS + 70)
    assert switched == [(0xAE, idle), (0xAF, idle + 100)] and panel.on
    assert app.screen.sel == sel + 1  # the waking press did nothing; the second one moved the menu


def test_flip_turns_the_glass_180_degrees_and_contrast_is_sent(tmp_path):
    b, fake = make_board(tmp_path, config={"flip": True, "contrast": 40})
    panel = fake.panels[0x3C]
    assert (panel.seg_remap, panel.com_remap) == (0, 0) and panel.contrast == 40
    b.display.fill(0)
    b.display.pixel(0, 0, 1)
    b.display.show()
    assert panel.seen(127, 63) == 1 and panel.seen(0, 0) == 0


def test_configured_8_bit_address_and_i2c_freq_ignored(tmp_path):
    b, fake = make_board(tmp_path, devices=(0x3C, 0x3D), config={"oled_address": "0x7A", "i2c_freq": 1000000})
    assert b.address == 0x3D and fake.panels[0x3D].frames and not fake.panels[0x3C].frames
    assert b.messages == ["i2c_freq ignored: on Linux the kernel sets the I2C speed "
                          "(dtparam=i2c_arm_baudrate=1000000 in config.txt)", "display at 0x3D (configured)"]


def test_no_display_names_the_wires_to_check(tmp_path, capsys):
    b, fake = make_board(tmp_path, devices=())
    assert b.display is None
    assert b.messages == [
        "no display: nothing answers at 0x3C or 0x3D (no I2C device at all: check SDA BCM2 (pin 3), SCL BCM3 "
        "(pin 5), VCC 3V3 (pin 1), GND (pin 6))",
        "running without a display (buttons and saves still work)"]
    b2, _ = make_board(tmp_path, devices=(0x27,))
    assert b2.messages[0] == "no display: nothing answers at 0x3C or 0x3D (I2C devices at 0x27)"
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err


def test_i2c_not_enabled_says_how_to_enable_it(tmp_path):
    err = ValueError("No Hardware I2C on (scl,sda)=(3, 2)\nValid I2C ports: ((1, 3, 2),).\nMake sure I2C is enabled.")
    b, fake = make_board(tmp_path, i2c_error=err)
    assert b.display is None and fake.writes == []
    assert len(b.messages) == 1
    assert b.messages == [
        "I2C is not enabled (no /dev/i2c-1): run `sudo raspi-config nonint do_i2c 0` (or raspi-config > Interface "
        "Options > I2C), then reboot (No Hardware I2C on (scl,sda)=(3, 2) Valid I2C ports: ((1, 3, 2),). Make sure "
        "I2C is enabled.); running without a display"]
    assert b.buttons() == 0  # the buttons and the store still work


def test_no_permission_for_i2c_names_the_group(tmp_path):
    b, fake = make_board(tmp_path, i2c_error=PermissionError(13, "Permission denied"))
    assert b.display is None and b.messages == [
        "no permission for /dev/i2c-1 ([Errno 13] Permission denied): add the user to group i2c (sudo adduser $USER "
        "i2c, then log in again); running without a display"]


def test_not_a_raspberry_pi_is_a_start_error(tmp_path):
    class PcBoard:  # Blinka on a PC: board has SCL/SDA but no D pins
        board_id = "GENERIC_LINUX_PC"
        SCL = SDA = None

    with pytest.raises(pi.StartError, match=r"no GPIO BCM17 \(Blinka board GENERIC_LINUX_PC\): the Pi board needs"):
        pi.PiBoard(config={}, board=PcBoard, busio=object(), digitalio=object(), store_root=str(tmp_path))


def test_the_real_launcher_on_this_computer_says_it_is_not_a_raspberry_pi(tmp_path):
    """``python -m host_tools.pi`` here, with the real Blinka: one line saying why, status 1, no traceback."""
    r = subprocess.run([sys.executable, "-m", "host_tools.pi", "--data", str(tmp_path / "d"), "--config",
                        str(tmp_path / "none.json")], capture_output=True, text=True, timeout=60,
                       env={k: v for k, v in os.environ.items() if not k.startswith("BLINKA_")})
    assert r.returncode == 1 and r.stdout == "", (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr
    assert re.fullmatch(r"dealerbox: (this computer has no GPIO BCM17 \(Blinka board \w+\)|Blinka cannot start here "
                        r"\(.*\)): the Pi board needs a Raspberry Pi.*\n", r.stderr), r.stderr


def test_launcher_prints_a_start_error_without_traceback(tmp_path, capsys):
    def refuse(**kw):
        raise pi.StartError("Blinka cannot start here (x): the Pi board needs a Raspberry Pi")

    assert launcher.main(["--data", str(tmp_path)], make_board=refuse) == 1
    out = capsys.readouterr()
    assert out.err == "dealerbox: Blinka cannot start here (x): the Pi board needs a Raspberry Pi\n"

    def no_folder(**kw):
        raise PermissionError(13, "Permission denied")

    assert launcher.main(["--data", "/var/lib/dealerbox"], make_board=no_folder) == 1
    assert capsys.readouterr().err == ("dealerbox: cannot use /var/lib/dealerbox ([Errno 13] Permission denied): "
                                       "check --data and its permissions\n")


def test_launcher_runs_the_box_and_stops_with_the_display_off(tmp_path, capsys):
    made = {}

    def make(config_file, store_root):
        b, fake = make_board(tmp_path, time=FakeTime(stop_after=50))
        made.update(board=b, fake=fake, args=(config_file, store_root))
        return b

    assert launcher.main(["--data", str(tmp_path / "d"), "--config", str(tmp_path / "c.json")], make_board=make) == 0
    assert made["args"] == (str(tmp_path / "c.json"), str(tmp_path / "d"))
    panel = made["fake"].panels[0x3C]
    assert len(panel.frames) == 2 and any(panel.frames[1])  # the first screen was shown
    assert not panel.on  # switched off at the stop
    assert "dealerbox: stopped" in capsys.readouterr().out


def test_a_crash_shows_the_error_and_a_press_restarts(tmp_path):
    t = FakeTime()
    b, fake = make_board(tmp_path, time=t)
    b.store.save(_snap(1))
    fake.play(t, [(0, ()), (100, (B.LEFT,)), (200, ())])
    with pytest.raises(SystemExit) as e:
        loop.fatal(b, ZeroDivisionError("pot"), B.Debouncer(), steps=50)
    assert e.value.code == 3  # systemd starts the box again
    panel = fake.panels[0x3C]
    assert panel.on and any(panel.frames[-1])  # the error screen, drawn with the core's font
    assert b.messages[-2:] == ["unexpected error: ZeroDivisionError: pot", "restarting"]
    assert (tmp_path / "data" / "crashes").read_bytes() == b"1 1\n"


def _snap(i):
    return {"v": 1, "cfg": CFG, "table": {"names": ["Anna", "Ben"], "stacks": [10, 20],
            "bought_in": [15, 15], "dealer": 0}, "engine": None, "hand_no": i, "last": ""}


def test_pi_fs_syncs_the_file_before_the_rename_and_the_folder_after(tmp_path):
    calls = []

    class TracingOs:
        def __getattr__(self, name):
            f = getattr(os, name)
            if name in ("fsync", "rename", "open", "mkdir", "remove"):
                def traced(*a):
                    calls.append((name,) + tuple(os.path.basename(x) for x in a if isinstance(x, str)))
                    return f(*a)
                return traced
            return f

    fs = pi.PiFs(TracingOs())
    fs.makedirs(str(tmp_path / "a" / "b"))  # each new folder synced into its parent
    assert calls == [("mkdir", "a"), ("open", tmp_path.name), ("fsync",), ("mkdir", "b"), ("open", "a"), ("fsync",)]
    s = Store(str(tmp_path / "a" / "b"), fs=fs)
    del calls[:]
    s.save(_snap(1))
    s.save(_snap(2))
    # save 1: the folder is there (mkdir: EEXIST); session.tmp fsynced and its folder too (a new name),
    # renamed to session.json, the folder fsynced; save 2: the same, and the old session.json to session.bak
    # first, each rename followed by the folder's fsync (the store opens files with the builtin open: not in os)
    sync = [("fsync",), ("open", "b"), ("fsync",)]  # a file's fsync: the file, then its folder
    folder = [("open", "b"), ("fsync",)]
    assert calls == ([("mkdir", "b")] + sync + [("rename", "session.tmp", "session.json")] + folder
                     + sync + [("rename", "session.json", "session.bak")] + folder
                     + [("rename", "session.tmp", "session.json")] + folder)
    assert Store(str(tmp_path / "a" / "b")).load() == _snap(2)


def test_the_panel_model_refuses_what_an_ssd1306_would_not_take():
    p = Panel()
    with pytest.raises(AssertionError, match="control byte 0x12"):
        p.transaction(b"\x12\x00")
    p.transaction(b"\x00\x20\x00\x21\x00\x7f\x22\x00\x07")  # horizontal, whole screen, in one command stream
    p.transaction(b"\x40" + bytes(range(256)) * 4 + b"\xaa")  # 1025 bytes: the last one wraps to (0, 0)
    assert p.ram[0] == 0xAA and p.ram[1:256] == bytes(range(1, 256)) and p.commands[0] == (0x20, 0)

"""The simulator (make sim) and the raw frame bytes compared between CPython and MicroPython."""

import json
import os
import subprocess
import sys

from dealerbox.ui import buttons as btn

from host_tools import ROOT
from host_tools.hostboard import HostBoard, parse_script
from host_tools.sim import main as sim_main

MP = os.path.join(ROOT, ".venv", "bin", "micropython")


def test_demo_runs_without_a_terminal_and_exits_0():
    r = subprocess.run([sys.executable, "-m", "host_tools.sim"], capture_output=True, text=True, cwd=ROOT,
                       stdin=subprocess.DEVNULL, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "demo: teen-patti" in r.stdout
    assert r.stdout.count("\u2502") >= 64        # the 32 screen rows between borders


def test_script_and_png(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("ok ok  # game, players\ndown*9 ok\n")
    out = tmp_path / "png"
    assert sim_main(["--script", str(script), "--png", str(out), "--seed", "3"]) == 0
    files = sorted(os.listdir(out))
    # the first frame + one per press that changes the screen: 2 OKs, no DOWN (the names screen opens on "Done", its
    # last row: the 9 DOWNs change nothing and draw nothing), OK
    assert files[0] == "frame_0001.png" and len(files) == 4
    from PIL import Image
    im = Image.open(out / files[-1])
    assert im.size == (512, 256)


def test_png_folder_holds_this_runs_frames_only(tmp_path, capsys):
    # a second run into the same folder: the first run's frames are removed (and said), other files kept
    script = tmp_path / "s.txt"
    script.write_text("ok ok down*9 ok\n")
    out = tmp_path / "png"
    assert sim_main(["--script", str(script), "--png", str(out), "--seed", "3"]) == 0
    assert len(os.listdir(out)) == 4
    assert capsys.readouterr().out.splitlines()[-1] == (
        "Dealer Box simulator: teen-patti, script %s: 12 presses, 4 frames" % script)
    (out / "notes.txt").write_text("mine")
    (out / "frame_12.png").write_text("not a frame of ours")
    one = tmp_path / "one.txt"
    one.write_text("left  # a press that changes nothing on the first screen\n")
    assert sim_main(["--script", str(one), "--png", str(out), "--seed", "3"]) == 0
    assert sorted(os.listdir(out)) == ["frame_0001.png", "frame_12.png", "notes.txt"]
    assert capsys.readouterr().out.splitlines()[-1] == (
        "Dealer Box simulator: teen-patti, script %s: 1 press, 1 frame (4 frames of an earlier run removed from %s)"
        % (one, out))


def test_parse_script():
    assert parse_script("ok long-ok right*3 # x\nUP") == [(btn.OK, False), (btn.OK, True)] + \
        [(btn.RIGHT, False)] * 3 + [(btn.UP, False)]
    try:
        parse_script("ok\nmenu")
    except ValueError as e:
        assert "line 2" in str(e)
    else:
        raise AssertionError("no error")


def test_store_offers_resume(tmp_path):
    from host_tools.sim import make_app
    board = HostBoard(seed=5, store_dir=str(tmp_path))
    app = make_app(board)
    for b, long in parse_script("ok ok down*9 ok ok ok ok ok ok ok ok"):    # the last OK: past the deal's seal
        app.press(b, long)
    assert app.mode == 20                      # the first gate: the session is saved
    stacks = list(app.table.stacks)
    board2 = HostBoard(seed=6, store_dir=str(tmp_path))
    app2 = make_app(board2)
    assert app2.mode == 1                      # resume offered
    app2.press(btn.OK)
    assert app2.mode == 20 and app2.table.stacks == stacks and app2.engine.to_act == app.engine.to_act


def test_summary_after_a_boot_on_an_unusable_save_names_no_game(tmp_path):
    # a fresh user: "still offering the saved ? session" after a boot on a damaged, empty save
    import argparse

    from host_tools.sim import make_app, what_ran
    (tmp_path / "session.json").write_text("garbage")
    app = make_app(HostBoard(seed=5, store_dir=str(tmp_path)))
    assert app.mode == 1 and app.screen.saved is None and app.screen.report    # the resume screen says what was found
    a = argparse.Namespace(game=None, players=None)
    assert what_ran(app, a) == "still on the boot screen (no saved session could be used)"


_MP_SCRIPT = """
import test_ui_frames as t
from app_util import Rig
import sys
import binascii
rig = Rig(seed=7)
def dump():
    rig.draw()
    sys.stdout.write(binascii.hexlify(rig.buf).decode() + '\\n')
dump()
for b in (4, 4, 1, 1, 4):
    rig.press(b)
    dump()
"""


def test_raw_frames_identical_with_micropython(tmp_path):
    p = tmp_path / "dump.py"
    p.write_text(_MP_SCRIPT)
    # the firmware as on the box (.mpy); the test modules compile from source (256K: memory is test_hardware_device's)
    mpy = tmp_path / "mpy"
    subprocess.run([sys.executable, "-m", "host_tools.build", "--out", str(mpy)], check=True, cwd=ROOT,
                   capture_output=True, timeout=300)
    env = dict(os.environ, MICROPYPATH="%s:tests/core" % mpy)
    r = subprocess.run([MP, "-X", "heapsize=256K", str(p)], capture_output=True, text=True, cwd=ROOT, env=env,
                       timeout=300)
    assert r.returncode == 0, r.stderr + r.stdout
    mp_frames = r.stdout.split()
    r2 = subprocess.run([sys.executable, str(p)], capture_output=True, text=True, cwd=ROOT,
                        env=dict(os.environ, PYTHONPATH="host_tools/shims:firmware:tests/core"), timeout=300)
    assert r2.returncode == 0, r2.stderr
    cp_frames = r2.stdout.split()
    assert len(mp_frames) == 6 and mp_frames == cp_frames
    assert len(set(cp_frames)) >= 4 and all(len(f) == 2048 for f in cp_frames)


def _sim(args, tmp_path):
    r = subprocess.run([sys.executable, "-m", "host_tools.sim"] + args, capture_output=True, text=True, cwd=ROOT,
                       stdin=subprocess.DEVNULL, timeout=300)
    return r.returncode, r.stdout, r.stderr


def test_bad_arguments_one_line_exit_2(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"ok \xe9\xff ok\n")
    bad = tmp_path / "bad.txt"
    bad.write_text("ok\nok foo\n")
    cases = [
        (["--players", "12"], "--players 12: Teen Patti takes 2 to 10 players"),
        (["--game", "turkish", "--players", "6"], "--players 6: Turkish Poker takes 2 to 5 players"),
        (["--game", "indian", "--players", "1"], "--players 1: Indian Poker takes 2 to 10 players"),
        (["--seed", "-1"], "--seed -1: a seed is 0 to 4294967295"),
        (["--seed", str(2 ** 32)], "--seed 4294967296: a seed is 0 to 4294967295"),
        (["--script", str(tmp_path / "nope.txt")], "cannot read --script %s: No such file or directory"
         % (tmp_path / "nope.txt")),
        (["--script", str(tmp_path)], "--script %s is a folder, not a file of button presses" % tmp_path),
        (["--script", str(latin)], "--script %s is not UTF-8 text" % latin),
        (["--script", str(bad)], "%s:2: 'foo' is not a button (up down left right ok, long-ok, right*3)" % bad),
        (["--png", str(afile)], "--png %s is a file, not a folder" % afile),
        (["--store", str(afile)], "--store %s is a file, not a folder" % afile),
        (["--png", str(afile / "sub")], "cannot create the --png folder %s: Not a directory" % (afile / "sub")),
    ]
    for args, msg in cases:
        code, out, err = _sim(args, tmp_path)
        assert code == 2 and out == "" and err == "python -m host_tools.sim: error: %s\n" % msg, (args, err)


def test_players_without_game_is_honoured():
    from host_tools.sim import make_app
    app = make_app(HostBoard(seed=1), None, 3)
    assert app.cfg["game"] == "teen-patti" and app.cfg["players"] == 3 and app.mode == 2


def test_saved_session_then_game_applies_to_a_new_session(tmp_path):
    import io

    from host_tools.sim import make_app, press
    board = HostBoard(seed=5, store_dir=str(tmp_path))
    app = make_app(board)
    for b, long in parse_script("ok ok down*9 ok ok ok ok ok ok ok ok"):    # the last OK: past the deal's seal
        app.press(b, long)
    assert app.mode == 20
    out = io.StringIO()
    app2 = make_app(HostBoard(seed=6, store_dir=str(tmp_path)), "turkish", 3, out)
    assert out.getvalue() == ("a saved Teen Patti session is offered first; --game/--players apply if you choose "
                              "New session\n")
    assert app2.mode == 1
    press(app2, btn.UP, False)                       # (a save mid-hand: Continue, Void, New session; UP wraps)
    press(app2, btn.OK, False)                       # New session: the command line's choice
    assert app2.mode == 2 and app2.cfg["game"] == "turkish" and app2.cfg["players"] == 3 and app2.screen.sel == 1


def test_keys_lone_escape_does_not_swallow_the_next_key():
    from host_tools.sim import read_keys
    r, w = os.pipe()
    try:
        os.write(w, b"\x1bw\x1b[Ad\x1b")
        assert read_keys(r) == ["\x1b", "w", "\x1b[A", "d", "\x1b"]
        os.write(w, b"q")
        assert read_keys(r) == ["q"]
    finally:
        os.close(r)
        os.close(w)


def test_small_terminal_half_size_or_message():
    from host_tools.sim import screen_text
    board = HostBoard(seed=1)
    board.fb.fill_rect(0, 0, 2, 4, 1)                # one full braille cell at the top left
    full = screen_text(board, 130, 40).splitlines()
    assert len(full) == 35 and len(full[1]) == 130
    half = screen_text(board, 80, 24).splitlines()
    assert len(half) == 17 and len(half[0]) == 64 and half[0][0] == "\u28ff" and half[0][1] == "\u2800"
    assert screen_text(board, 40, 10).splitlines() == [
        "terminal 40x10 is too small: the",
        "simulator needs 130x35 (or 66x19 for the",        # 40 characters: the line is full
        "half-size screen). Make the window",
        "bigger, or press q to quit.",
    ]


def test_too_small_message_wraps_only_between_words():
    # issue 14: the terminal no longer cuts a word in two; every width from 1 to the half-size screen's
    from host_tools.sim import SMALL, screen_text
    board = HostBoard(seed=1)
    for cols in range(1, SMALL[0]):
        text = screen_text(board, cols, 10)
        words = text.split()
        assert words == ("terminal %dx10 is too small: the simulator needs 130x35 (or 66x19 for the half-size "
                         "screen). Make the window bigger, or press q to quit." % cols).split(), cols
        for line in text.splitlines():
            assert len(line) <= cols or " " not in line, (cols, line)   # only a single long word may overflow
            assert line == line.strip()
    assert screen_text(board, 20, 10).splitlines()[:3] == ["terminal 20x10 is", "too small: the", "simulator needs"]


def _pty_size(fd, cols, rows):
    import fcntl
    import struct
    import termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def _as_terminal(fcntl, termios):
    """In the child: the pty is its controlling terminal, and Ctrl-C reaches it as in a terminal (a runner started
    in the background, ``make test &``, ignores SIGINT, and a child would inherit that)."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class _Pty:
    """The simulator on a pseudo-terminal that is its controlling terminal (so a resize sends it SIGWINCH);
    ``wait_for`` reads its output until a text appears (a generous deadline, never a fixed sleep)."""

    def __init__(self, cols, rows):
        import fcntl
        import pty
        import termios
        self.master, slave = pty.openpty()
        _pty_size(self.master, cols, rows)
        self.p = subprocess.Popen([sys.executable, "-m", "host_tools.sim", "--seed", "1"], stdin=slave, stdout=slave,
                                  stderr=subprocess.PIPE, cwd=ROOT, start_new_session=True,
                                  preexec_fn=lambda: _as_terminal(fcntl, termios),
                                  env={k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")})
        os.close(slave)
        self.out = b""

    def _read(self, timeout):
        import select
        if select.select([self.master], [], [], timeout)[0]:
            try:
                more = os.read(self.master, 65536)
            except OSError:                     # the simulator has ended and closed the terminal
                return False
            self.out += more
            return bool(more)
        return True

    def wait_for(self, text, start, deadline=60):
        """Read until ``text`` (bytes) appears after offset ``start``; the output from ``start`` to there."""
        import time
        end = time.monotonic() + deadline
        while text not in self.out[start:]:
            assert time.monotonic() < end, "no %r within %d s; got %r" % (text, deadline, self.out[start:][-400:])
            if not self._read(1.0):
                break
        assert text in self.out[start:], self.out[start:][-400:]
        return self.out[start:self.out.index(text, start) + len(text)]

    def finish(self):
        """Drain until the simulator exits; (exit status, stderr)."""
        import time
        end = time.monotonic() + 60
        while self.p.poll() is None and time.monotonic() < end:
            self._read(0.2)
        err = self.p.communicate(timeout=30)[1].decode()
        while self._read(0):
            pass
        os.close(self.master)
        return self.p.returncode, err


def test_terminal_resize_redraws_at_once():
    # issue 14: the simulator redraws on a resize, with no key pressed: full -> too small -> half size -> full
    t = _Pty(140, 40)
    try:
        first = t.wait_for(b"q = quit", 0)                       # the full screen and its key help
        assert b"\xe2\x94\x8c" in first                          # the top-left corner of the bordered screen
        mark = len(t.out)
        _pty_size(t.master, 40, 12)
        shown = t.wait_for(b"press q to quit.", mark).decode()
        frame = shown.rsplit("\x1b[H\x1b[J", 1)[1]
        assert frame.split("\r\n") == [
            "terminal 40x12 is too small: the", "simulator needs 130x35 (or 66x19 for the",
            "half-size screen). Make the window", "bigger, or press q to quit."]
        mark = len(t.out)
        _pty_size(t.master, 80, 24)
        shown = t.wait_for(b"capitals=long, q quits", mark).decode()
        lines = shown.rsplit("\x1b[H\x1b[J", 1)[1].split("\r\n")
        assert len(lines) == 17 and all(len(line) == 64 for line in lines[:16])   # the braille half-size screen
        mark = len(t.out)
        _pty_size(t.master, 130, 35)
        t.wait_for(b"q = quit", mark)
        os.write(t.master, b"q")
    finally:
        if t.p.poll() is None and not t.out.endswith(b"\x1b[?25h\r\n"):
            os.write(t.master, b"q")
        code, err = t.finish()
    assert code == 0 and "Traceback" not in err, err
    assert t.out.endswith(b"\x1b[?25h\r\n")


def test_terminal_ctrl_c_quits_cleanly():
    import signal
    t = _Pty(140, 40)
    sent = False
    try:
        t.wait_for(b"q = quit", 0)
        mark = len(t.out)
        os.write(t.master, b"s")
        t.wait_for(b"q = quit", mark)                   # the press is drawn: the loop is waiting for the next key
        t.p.send_signal(signal.SIGINT)                  # Ctrl-C (the terminal's interrupt)
        sent = True
    finally:
        if not sent and t.p.poll() is None:             # (one Ctrl-C only: a second one while the simulator
            t.p.send_signal(signal.SIGINT)              # restores the terminal would be a second interrupt)
        code, err = t.finish()
    assert t.out.endswith(b"\x1b[?25h\r\n")             # the cursor is back: terminal restored
    assert code == 0 and "Traceback" not in err, err


def test_the_host_board_records_the_usb_interrupt_exactly_while_a_hand_is_live():
    """The box turns its USB REPL's Ctrl-C off while a hand is live (boards/pico.py); the simulator's board
    records each change (docs/security.md)."""
    import io

    from host_tools.sim import SETUP, Recorder, make_app, run_script
    board = HostBoard(seed=3)
    app = make_app(board, "teen-patti", 2)
    rec = Recorder(board, app)
    run_script(app, rec, parse_script(SETUP), io.StringIO())
    assert app.hand_live() and board.interrupts == [True, False]          # setup: on; the deal: off
    run_script(app, rec, parse_script("ok ok right*6 ok"), io.StringIO())   # seal, gate; the first player packs
    assert not app.hand_live() and board.interrupts == [True, False, True]



def test_the_summary_says_when_the_last_save_failed(tmp_path, capsys, monkeypatch):
    """The store's writes fail (the flash full, errno 28) and the table plays on: the run ends with one line on
    stderr saying the session was not saved, no traceback; when a later write works again, nothing is said."""
    from dealerbox.store.saves import Store

    from host_tools.sim import SETUP

    fails = {"left": 10 ** 9, "raised": 0}

    def broken(real):
        def write(self, *args, **kw):
            if fails["left"] > 0:
                fails["left"] -= 1
                fails["raised"] += 1
                raise OSError(28, "No space left on device")
            return real(self, *args, **kw)
        return write

    for name in ("save", "record", "append_log"):
        monkeypatch.setattr(Store, name, broken(getattr(Store, name)))
    script = tmp_path / "s.keys"
    script.write_text(SETUP + "ok ok left ok\n")
    store = tmp_path / "store"
    capsys.readouterr()
    assert sim_main(["--store", str(store), "--seed", "3", "--script", str(script)]) == 0
    got = capsys.readouterr()
    assert got.out.splitlines()[-1] == ("Dealer Box simulator: teen-patti, script %s: 54 presses, 32 frames"
                                        % script)
    assert got.err == ("the session was not saved: the last write to --store %s failed (flash full); %s keeps the "
                       "last save that worked\n" % (store, store))
    fails.update(left=2, raised=0)           # the first two writes fail, then the flash has room again
    script.write_text(SETUP + "ok ok left ok ok ok ok ok\n")       # past the notice: the next write works
    assert sim_main(["--store", str(tmp_path / "other"), "--seed", "3", "--script", str(script)]) == 0
    assert fails["raised"] == 2 and capsys.readouterr().err == ""


def test_a_bust_and_rebuy_by_the_seat_due_to_deal_replays_and_verifies(tmp_path, capsys):
    """Two players of 10 chips play blind to an all-in, the one who busts buys back in and would have dealt next:
    the box passes the button to them again (``Engine.rebuy_between``), and replay, verify and the night's report
    take the log as it is (they refused it: "dealer is seat 0, but the button moved to seat 1")."""
    from host_tools import replay, report, verify

    script = tmp_path / "rebuy.keys"
    script.write_text("ok left*2 ok ok left*30 ok ok ok ok ok ok ok*300\n")
    store = tmp_path / "store"
    assert sim_main(["--store", str(store), "--script", str(script), "--seed", "9"]) == 0
    log = str(store / "hands.log")
    with open(log) as f:
        lines = [json.loads(ln) for ln in f if ln.strip()]
    hands = [h for h in lines if "deck" in h]
    assert len(hands) >= 3 and any(b > 10 for h in hands for b in h["bought_in"])    # someone bought back in
    capsys.readouterr()
    assert replay.main([log]) == 0
    assert verify.main([log]) == 0
    out = capsys.readouterr().out
    assert out.count(": verified ") == len(hands) and "NOT" not in out
    assert report.main([log, "--out", str(tmp_path / "night")]) == 0
    with open(str(tmp_path / "night" / "report.html")) as f:
        assert "Not settled" not in f.read()

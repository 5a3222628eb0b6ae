"""The simulator (make sim) and the raw frame bytes compared between CPython and MicroPython."""

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
    # the first frame + one per press that changes the screen: 2 OKs, 4 DOWNs to "Done" (5 rows: 4 seats and
    # Done; the 5 DOWNs below the last row change nothing and draw nothing), OK
    assert files[0] == "frame_0001.png" and len(files) == 8
    from PIL import Image
    im = Image.open(out / files[-1])
    assert im.size == (512, 256)


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
    for b, long in parse_script("ok ok down*9 ok ok ok ok ok ok ok"):
        app.press(b, long)
    assert app.mode == 20                      # the first gate: the session is saved
    stacks = list(app.table.stacks)
    board2 = HostBoard(seed=6, store_dir=str(tmp_path))
    app2 = make_app(board2)
    assert app2.mode == 1                      # resume offered
    app2.press(btn.OK)
    assert app2.mode == 20 and app2.table.stacks == stacks and app2.engine.to_act == app.engine.to_act


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
    mpy = tmp_path / "mpy"      # the firmware as on the box (.mpy): compiling the source needs a bigger heap
    subprocess.run([sys.executable, "-m", "host_tools.build", "--out", str(mpy)], check=True, cwd=ROOT,
                   capture_output=True, timeout=300)
    env = dict(os.environ, MICROPYPATH="%s:tests/core" % mpy)
    r = subprocess.run([MP, "-X", "heapsize=192K", str(p)], capture_output=True, text=True, cwd=ROOT, env=env,
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
    for b, long in parse_script("ok ok down*9 ok ok ok ok ok ok ok"):
        app.press(b, long)
    assert app.mode == 20
    out = io.StringIO()
    app2 = make_app(HostBoard(seed=6, store_dir=str(tmp_path)), "turkish", 3, out)
    assert out.getvalue() == ("a saved Teen Patti session is offered first; --game/--players apply if you choose "
                              "New session\n")
    assert app2.mode == 1
    press(app2, btn.DOWN, False)
    press(app2, btn.OK, False)                       # New session: the command line's choice
    assert app2.mode == 2 and app2.cfg["game"] == "turkish" and app2.cfg["players"] == 3 and app2.sel == 1


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
    assert screen_text(board, 40, 10) == ("terminal 40x10 is too small: the simulator needs 130x35 (or 66x19 for the "
                                          "half-size screen)")


def test_terminal_ctrl_c_quits_cleanly():
    """Ctrl-C (SIGINT) in the interactive simulator quits with status 0, no traceback, the terminal restored.

    Nothing here depends on the machine's speed: each step waits for what the simulator writes (its first
    screen, the screen redrawn after a key, its exit), each with its own generous bound, never a fixed sleep."""
    import pty
    import select
    import signal
    import time
    master, slave = pty.openpty()
    # Ctrl-C must reach the simulator as in a terminal: a runner started in the background (``make test &``)
    # ignores SIGINT, and a child inherits that (Python then installs no KeyboardInterrupt handler)
    p = subprocess.Popen([sys.executable, "-m", "host_tools.sim", "--seed", "1"], stdin=slave, stdout=slave,
                         stderr=subprocess.PIPE, cwd=ROOT, env=dict(os.environ, COLUMNS="140", LINES="40"),
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(slave)
    out = bytearray()

    def read_until(done, bound=300):
        """Drain the terminal into ``out`` until ``done()`` (or ``bound`` seconds): True if done."""
        end = time.monotonic() + bound
        while not done() and time.monotonic() < end:
            if select.select([master], [], [], 0.5)[0]:
                try:
                    more = os.read(master, 65536)
                except OSError:                     # EIO: the simulator has closed the terminal
                    more = b""
                if not more and p.poll() is not None:
                    break
                out.extend(more)
        return done()

    assert read_until(lambda: b"keys:" in out), bytes(out[-500:])           # the first screen is up
    first = out.count(b"keys:")
    os.write(master, b"s")
    assert read_until(lambda: out.count(b"keys:") > first), bytes(out[-500:])  # redrawn after the key
    p.send_signal(signal.SIGINT)                    # Ctrl-C (the terminal's interrupt)
    read_until(lambda: p.poll() is not None and not select.select([master], [], [], 0)[0])
    err = p.communicate(timeout=300)[1].decode()
    os.close(master)
    out = bytes(out)
    assert b"keys:" in out and out.endswith(b"\x1b[?25h\r\n")    # the cursor is back: terminal restored
    assert p.returncode == 0 and "Traceback" not in err, err

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
                       stdin=subprocess.DEVNULL, timeout=120)
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
from test_app_util import Rig
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
                       timeout=120)
    assert r.returncode == 0, r.stderr + r.stdout
    mp_frames = r.stdout.split()
    r2 = subprocess.run([sys.executable, str(p)], capture_output=True, text=True, cwd=ROOT,
                        env=dict(os.environ, PYTHONPATH="host_tools/shims:firmware:tests/core"), timeout=120)
    assert r2.returncode == 0, r2.stderr
    cp_frames = r2.stdout.split()
    assert len(mp_frames) == 6 and mp_frames == cp_frames
    assert len(set(cp_frames)) >= 4 and all(len(f) == 2048 for f in cp_frames)

"""UI rendering under the real MicroPython: time to draw each screen as a ratio to one full
``framebuf.fill`` + copy of the 1024-byte frame (what the SSD1306 driver does per frame),
and heap allocated per redraw (target: none).

The screens are those of ``tests/core/test_ui_frames.walk`` plus an Indian Poker gate, turn and showdown
with a center card, and the awards; the
unix-port timings are divided by nothing: only ratios are reported (Python runs ~150-400x slower on
the Pico than on the unix port, measured on an emulated RP2040, so a ratio of 10 is about 10 frame
copies there too).
"""

import json
import os
import subprocess

from host_tools import ROOT

MP = os.path.join(ROOT, ".venv", "bin", "micropython")

_SCRIPT = r"""
import gc, time, json, framebuf
import dealerbox.games.teenpatti
from app_util import Rig, OK, DOWN, LEFT, RIGHT, UP
from dealerbox.ui import modes
N = 200
rig = Rig(seed=7)
out = []
copy = bytearray(1024)
def baseline():
    t0 = time.ticks_us()
    for i in range(N):
        rig.fb.fill(0)
        copy[:] = rig.buf
    return time.ticks_diff(time.ticks_us(), t0)
def measure(name):
    app = rig.app
    app.draw(rig.fb)
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    app.draw(rig.fb)
    alloc = gc.mem_alloc() - a0
    gc.enable()
    t0 = time.ticks_us()
    for i in range(N):
        app.draw(rig.fb)
    dt = time.ticks_diff(time.ticks_us(), t0)
    out.append([name, dt, alloc])
base = baseline()
measure("game")
rig.press(OK); measure("players")
rig.press(OK); measure("names")
rig.press(OK); rig.press(UP, 2); measure("name editor")
rig.press(OK); rig.press(DOWN, 9); rig.press(OK); measure("chips")
rig.press(OK); rig.press(OK); measure("betting")
rig.press(OK); rig.press(OK); measure("house rules")
rig.press(OK); measure("summary")
rig.press(OK); measure("gate")
rig.press(OK); measure("turn blind")
rig.press(LEFT); rig.press(OK); measure("turn seen (3 cards)")
from app_util import setup, act
rig = Rig(seed=5)
setup(rig, "indian", 4, rule_rights={2: 1, 3: 1})
while not rig.app.engine.center:
    act(rig, "check")
measure("Indian gate (center card)")
rig.press(OK); measure("Indian turn (two cards, center)")
while rig.app.mode in (modes.M_GATE, modes.M_TURN):
    act(rig, "check")
measure("Indian showdown")
rig.press(OK); measure("awards")
print(json.dumps({"base": base, "rows": out}))
"""


def _run():
    import sys
    import tempfile
    mpy = tempfile.mkdtemp(prefix="bench_ui_")   # the firmware as on the box (.mpy, not compiled at import)
    subprocess.run([sys.executable, "-m", "host_tools.build", "--out", mpy], check=True, cwd=ROOT,
                   capture_output=True, timeout=300)
    env = dict(os.environ, MICROPYPATH="%s:tests/core" % mpy)
    r = subprocess.run([MP, "-X", "heapsize=192K", "-c", _SCRIPT], capture_output=True, text=True, cwd=ROOT,
                       env=env, timeout=300)
    if r.returncode != 0:
        raise RuntimeError(r.stderr or r.stdout)
    return json.loads(r.stdout.strip().splitlines()[-1])


def rows():
    """Per screen: draw time / (fill + frame copy), and bytes allocated by one redraw."""
    d = _run()
    base = max(1, d["base"])
    out = []
    worst = 0
    for name, dt, alloc in d["rows"]:
        ratio = dt / base
        worst = max(worst, ratio)
        out.append(("draw %s / fill+copy" % name, round(ratio, 1), "x", "< 50", ratio < 50))
        out.append(("heap per redraw: %s" % name, alloc, "bytes", "0", alloc == 0))
    return out

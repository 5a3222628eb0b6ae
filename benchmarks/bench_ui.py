"""The screens under the real MicroPython, on the .mpy build (``make bench``).

* ``redraw_alloc_max``: the bytes allocated by the worst single redraw of any screen, counted with
  ``micropython.mem_total()`` (it sees memory allocated and freed inside the call) over every draw of
  three games set up and played through the app (tests/device/redraw_alloc.py, also asserted by
  tests/host/test_redraw_alloc.py);
* ``redraw_time_max``: the slowest screen's draw time as a ratio to one ``fill`` + copy of the
  1024-byte frame (what the SSD1306 driver does per frame): each screen's draws interleaved with the
  baseline's, the median of 5 rounds. Python runs ~150-400x slower on the Pico than on the unix
  port (measured on an emulated RP2040), so only ratios are reported.
"""

import json
import re
import subprocess

from host_tools import ROOT
from host_tools.bench import MICROPYTHON, firmware_build, line

ROUNDS = 5

_SCRIPT = r"""
import time, json
from app_util import Rig, OK, DOWN, LEFT, UP, setup, act
from dealerbox.ui import modes
N = 100
copy = bytearray(1024)
rows = []
def median(v):
    v = sorted(v)
    return v[len(v) // 2]
def measure(rig, name):
    app = rig.app
    ratios = []
    for _ in range(%d):
        t0 = time.ticks_us()
        for i in range(N):
            rig.fb.fill(0)
            copy[:] = rig.buf
        base = time.ticks_diff(time.ticks_us(), t0)
        t0 = time.ticks_us()
        for i in range(N):
            app.draw(rig.fb)
        ratios.append(time.ticks_diff(time.ticks_us(), t0) / max(1, base))
    rows.append([name, median(ratios)])
rig = Rig(seed=7)
measure(rig, "game")
rig.press(OK); measure(rig, "players")
rig.press(OK); measure(rig, "names")
rig.press(OK); rig.press(UP, 2); measure(rig, "name editor")
rig.press(OK); rig.press(DOWN, 9); rig.press(OK); measure(rig, "chips")
rig.press(OK); rig.press(OK); measure(rig, "betting")
rig.press(OK); rig.press(OK); measure(rig, "house rules")
rig.press(OK); measure(rig, "summary")
rig.press(OK); measure(rig, "gate")
rig.press(OK); measure(rig, "turn blind")
rig.press(LEFT); rig.press(OK); measure(rig, "turn seen")
rig = Rig(seed=5)
setup(rig, "indian", 4, rule_rights={2: 1, 3: 1})
while not rig.app.engine.center:
    act(rig, "check")
measure(rig, "Indian gate")
rig.press(OK); measure(rig, "Indian turn")
while rig.app.mode in (modes.M_GATE, modes.M_TURN):
    act(rig, "check")
measure(rig, "Indian showdown")
rig.press(OK); measure(rig, "awards")
print(json.dumps(rows))
""" % ROUNDS


def _mp(out, *args, heap="512K"):
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=" + heap] + list(args), capture_output=True, text=True,
                       cwd=out, env={"MICROPYPATH": ":" + ROOT + "/tests/core", "PATH": "/usr/bin:/bin"},
                       timeout=600)
    if r.returncode:
        raise RuntimeError((r.stderr or r.stdout).strip())
    return r.stdout


def run():
    out = firmware_build()
    text = _mp(out, "-c", "import redraw_alloc", "3")
    worst = int(re.search(r"^redraw_alloc_max=(\d+)$", text, re.M).group(1))
    draws = int(re.search(r"^redraw_draws=(\d+)$", text, re.M).group(1))
    screens = len(re.findall(r"^redraw \w+ ", text, re.M))
    line("redraw_alloc_max", worst, "B", "0: no redraw allocates (worst of %d draws of %d screens, counted with "
         "micropython.mem_total)" % (draws, screens))
    rows = json.loads(_mp(out, "-c", _SCRIPT).strip().splitlines()[-1])
    name, ratio = max(rows, key=lambda r: r[1])
    line("redraw_time_max", round(ratio, 1), "x fill+copy", "under 50 (the slowest screen: %s; median of %d "
         "interleaved rounds)" % (name, ROUNDS))

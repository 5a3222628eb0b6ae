"""What the box loads before its first frame (``make bench``), on the real MicroPython, as the Pico boots.

The firmware compiled as ``make deploy`` lays it out (``.mpy``, ``sys.path == [""]``), a store with no session on
it: the app is made (``App(entropy, store)``: the store read, the first screen chosen) and draws its first frame
into a 128x64 frame buffer. Then:

* ``boot_modules_before_first_frame``: the ``dealerbox`` modules loaded by then;
* ``boot_mpy_bytes_before_first_frame``: their ``.mpy`` files together (what is read from flash and loaded);
* ``boot_heap_before_first_frame``: the heap in use after a collection (unix port, bytes);
* ``boot_ms_full_log``: the ms from the first import to the first frame with a full flash's hands on the store
  (``FULL_LOG`` bytes of hand lines: the game screen says the hands held, counted at boot) less the same boot on
  an empty store, on the unix port (``ticks_us`` in a process of its own), the median of ``ROUNDS`` interleaved
  pairs, so a busy machine slows both alike. The chip reads its flash through littlefs more slowly.

Each module the first screen does not need is imported when it is first used (a hand dealt, a result shown).
"""

import os
import subprocess
import sys

from host_tools.bench import MICROPYTHON, firmware_build, line, median

_SCRIPT = """
import gc, os, sys
import framebuf
gc.collect()
start = gc.mem_alloc()
from dealerbox.store.saves import Store
from dealerbox.ui.app import App
os.mkdir(ROOT)
app = App(os.urandom, store=Store(ROOT))
buf = bytearray(1024)
app.draw(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB))
gc.collect()
print("heap=%d" % (gc.mem_alloc() - start))
for m in sorted(sys.modules):
    if m.startswith("dealerbox"):
        print("module=" + m)
os.rmdir(ROOT)
"""


def loaded(build_dir, root):
    """``(modules, heap)``: the ``dealerbox`` modules loaded at the first frame (sorted names) and the heap in use
    then (bytes), booting the build in ``build_dir`` on an empty store at ``root`` (a folder not there yet)."""
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=256K", "-c", _SCRIPT.replace("ROOT", repr(root))],
                       cwd=build_dir, env={"MICROPYPATH": ""}, capture_output=True, text=True, timeout=60)
    if r.returncode:
        raise RuntimeError((r.stderr.strip().splitlines() or ["exit status %d" % r.returncode])[-1])
    modules = [x[len("module="):] for x in r.stdout.split() if x.startswith("module=")]
    heap = int([x for x in r.stdout.split() if x.startswith("heap=")][0][5:])
    return modules, heap


def mpy_bytes(build_dir, modules):
    """The bytes of the ``.mpy`` files of ``modules`` in ``build_dir`` (a package's is its ``__init__.mpy``)."""
    total = 0
    for m in modules:
        path = os.path.join(build_dir, *m.split("."))
        total += os.path.getsize(path + ".mpy" if os.path.exists(path + ".mpy") else
                                 os.path.join(path, "__init__.mpy"))
    return total


FULL_LOG = 900 * 1024    # the hand lines a full flash holds (~900 KB free on a Pico: docs/device.md, "Room")
ROUNDS = 5

_TIMED = """
import time
t0 = time.ticks_us()
import framebuf, os
from dealerbox.store.saves import Store
from dealerbox.ui.app import App
app = App(os.urandom, store=Store(ROOT))
app.draw(framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB))
print(time.ticks_diff(time.ticks_us(), t0))
"""


def _full_log(path):
    """``path`` filled with ``FULL_LOG`` bytes of hand lines (one session: its genesis line, then hands)."""
    import json

    hand = json.dumps({"v": 2, "hand": 1, "game": "teen-patti", "prev": "0" * 64, "deck": list(range(52)),
                       "actions": [["chaal", 0, 10]] * 60})
    with open(path, "w") as f:
        f.write(json.dumps({"v": 2, "genesis": True, "game": "teen-patti", "prev": "0" * 64}) + "\n")
        while f.tell() < FULL_LOG:
            f.write(hand + "\n")


def boot_us(build_dir, root):
    """The us from the first import to the first frame, booting the build in ``build_dir`` on the store ``root``."""
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=256K", "-c", _TIMED.replace("ROOT", repr(root))],
                       cwd=build_dir, env={"MICROPYPATH": ""}, capture_output=True, text=True, timeout=60)
    if r.returncode:
        raise RuntimeError((r.stderr.strip().splitlines() or ["exit status %d" % r.returncode])[-1])
    return int(r.stdout.split()[-1])


def run():
    import tempfile

    out = firmware_build()
    root = os.path.join(tempfile.mkdtemp(prefix="bench-boot-"), "store")
    modules, heap = loaded(out, root)
    line("boot_modules_before_first_frame", len(modules), "",
         "only what the first screen needs (the setup's first screen); the rest when first used")
    line("boot_mpy_bytes_before_first_frame", mpy_bytes(out, modules), "B", ".mpy loaded before the first frame")
    line("boot_heap_before_first_frame", heap, "B", "heap in use at the first frame, unix port")
    empty = os.path.join(os.path.dirname(root), "empty")
    full = os.path.join(os.path.dirname(root), "full")
    os.mkdir(empty)
    os.mkdir(full)
    _full_log(os.path.join(full, "hands.log"))
    extra = []
    for _ in range(ROUNDS):
        extra.append((boot_us(out, full) - boot_us(out, empty)) / 1000)
    line("boot_ms_full_log", round(median(extra), 1), "ms",
         "the first frame's delay with %d KB of hands on the store (the game screen counts them), over an empty "
         "store's; unix port, median of %d interleaved pairs; under 50" % (FULL_LOG // 1024, ROUNDS))


if __name__ == "__main__":
    sys.path.insert(0, os.getcwd())
    run()

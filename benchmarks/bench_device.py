"""The Pico's budgets, measured on the compiled firmware under the real MicroPython (``make bench``).

* the total size of the .mpy firmware (mpy-cross -march=armv6m);
* per game, a full table (10 players, Turkish 5) playing a whole session through the app
  (tests/device/session.py): the peak heap in use (after collections, sampled after every
  press), the part of it that is loaded code (in flash on a frozen firmware), and the
  smallest ``-X heapsize`` the session completes in (8 KB steps);
* flash wear per action is benchmarks/bench_flash.py's (the actions counted from the hand logs: a
  snapshot is no longer written per action).

The unix port is 64-bit (pointers twice the RP2040's): heap figures are upper bounds.
"""

import os
import shutil
import sys
import tempfile

from host_tools import ROOT, build

KB = 1024


def _device_tests():
    """tests/host/test_hardware_device.py: how the firmware is compiled and a session run there, reused here."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "host"))
    try:
        import test_hardware_device
    finally:
        sys.path.pop(0)
    return test_hardware_device


def _session(out, heap, game, players, *extra):
    r, v = _device_tests().session(out, heap, game, players, *extra)
    return r.returncode == 0 and r.stdout.strip().endswith("session: OK"), v


def _min_heap(out, game, players):
    for kb in range(96, 385, 8):
        ok, _v = _session(out, "%dK" % kb, game, players)
        if ok:
            return kb
    return None


def rows():
    out = tempfile.mkdtemp(prefix="bench-device-")
    try:
        _ok, _bad, size = build.compile_all(out)
        res = [("firmware .mpy total", round(size / KB, 1), "KB", "fits 1.4 MB flash", size < 1400 * KB)]
        device = _device_tests()
        device.compiled_firmware(out)
        for game, players in device.FULL_TABLE:
            ok, v = _session(out, "1M", game, players)
            if not ok:
                res.append(("%s x%d session" % (game, players), "failed", "", "", False))
                continue
            peak = v["peak_live"]
            data = peak - v["code_heap"]
            least = _min_heap(out, game, players)
            res.append(("%s x%d peak heap in use" % (game, players), round(peak / KB, 1), "KB", "< 64 KB",
                        peak < 64 * KB))
            res.append(("%s x%d  of which loaded code" % (game, players), round(v["code_heap"] / KB, 1), "KB",
                        "0 when frozen", None))
            res.append(("%s x%d  of which session data" % (game, players), round(data / KB, 1), "KB",
                        "< 64 KB (frozen code)", data < 64 * KB))
            res.append(("%s x%d smallest heapsize" % (game, players), least or "> 384", "KB", "<= 128 KB",
                        least is not None and least <= 128))
        return res
    finally:
        shutil.rmtree(out, ignore_errors=True)

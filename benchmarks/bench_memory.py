"""The firmware's memory on the real MicroPython (``make bench``).

* ``firmware_mpy_bytes``: the .mpy files of firmware/ (mpy-cross -march=armv6m) together;
* per game, a full table (10 players, Turkish 5, Forehead Stud 7) playing a whole session through the app
  (tests/device/session.py, run as on the box), in English and in the language with the largest table
  (``_<code>`` after the name): ``peak_heap_unix_GAME``, the highest heap in use, sampled at every call boundary
  of the firmware (``sample``: inside presses, not only after them); ``heapsize_min_unix_GAME``, the smallest
  ``-X heapsize`` the session completes in (bisected in 4 KB steps; fragmentation included; the harness's code
  and qstrs included: they are on the heap);
* per game in the largest table's language, the same session with a power cut in the middle of every hand, the
  box booted on the store each time and the hand continued (test_hardware_device ``resumed_session``):
  ``heapsize_min_unix_resume_GAME`` (every boot completes in it), and ``largest_free_after_resume_unix_GAME``, the
  largest free block after each resume (``micropython.mem_info``'s ``max free sz``; the smallest of the session's)
  beside a fresh start's at the same turns (the session without cuts, ``free``), both in the heap the tests give a
  session with cuts (test_hardware_device ``RESUME_HEAP``).

The unix port is 64-bit: the chip's heap in use is 0.75 of the unix port's for the same session (measured on an
emulated RP2040), so 200 KB here is ~150 KB on the chip, ~95 KB of its 245,888 bytes left (docs/device.md, Memory).
"""

import os

from host_tools import build
from host_tools.bench import firmware_build, line


def _device():
    import sys

    from host_tools import ROOT

    sys.path.insert(0, os.path.join(ROOT, "tests", "host"))
    try:
        import test_hardware_device
    finally:
        sys.path.pop(0)
    return test_hardware_device


def _completes(out, kb, game, players, code, resumed=False):
    if resumed:
        return _device().resumed_session(out, "%dK" % kb, game, players, code)[0]
    r, _v = _device().session(out, "%dK" % kb, game, players, lang=code)
    return r.returncode == 0 and r.stdout.strip().endswith("session: OK")


def _min_heap(out, game, players, code, resumed=False, lo=128, hi=384):
    """The smallest heap (KB, multiple of 4) the session (``resumed``: with a power cut in every hand) completes in,
    or None above ``hi``."""
    if not _completes(out, hi, game, players, code, resumed):
        return None
    while hi - lo > 4:
        mid = (lo + hi) // 8 * 4
        if _completes(out, mid, game, players, code, resumed):
            hi = mid
        else:
            lo = mid
    return hi


def run():
    import tempfile

    with tempfile.TemporaryDirectory(prefix="bench-mpy-") as tmp:
        _ok, _bad, size = build.compile_all(tmp)
    line("firmware_mpy_bytes", size, "B", "fits the Pico's 1.4 MB of flash with room for the saves")
    out = firmware_build()
    device = _device()
    for code in ("en", device.largest_language(out)):
        for game, players in device.FULL_TABLE:
            name = game if code == "en" else game + "_" + code
            r, s = device.session(out, "1M", game, players, "sample", lang=code)
            if r.returncode or not r.stdout.strip().endswith("session: OK"):
                line("peak_heap_unix_" + name, "failed", "", (r.stderr.strip().splitlines() or ["?"])[-1])
                continue
            line("peak_heap_unix_" + name, s["peak_inuse"], "B",
                 "at most %d B (200 KB, issue 26) on the unix port = ~150 KB on the chip; a %d-player session of %d "
                 "hands, sampled at every call of the firmware; the harness's code and the %d B of qstr pool its %d "
                 "names cost not counted" % (200 * 1024, players, s["hands"], s.get("harness_qstr_pool", 0),
                                             s.get("harness_qstrs", 0)))
            least = _min_heap(out, game, players, code)
            line("heapsize_min_unix_" + name, least if least else "> 384", "KB",
                 "256 KB or less: the session completes under -X heapsize=256K")
    code = device.largest_language(out)
    for game, players in device.FULL_TABLE:
        heap = device.RESUME_HEAP
        ok, frees, r = device.resumed_session(out, heap, game, players, code)
        fresh = device.largest_free(device.session(out, heap, game, players, "free", lang=code)[0].stdout, "cut")
        if not ok or not frees or not fresh:
            line("largest_free_after_resume_unix_" + game, "failed", "", (r.stderr.strip().splitlines() or ["?"])[-1])
            continue
        line("largest_free_after_resume_unix_" + game, min(frees), "B",
             "at least 60%% of a fresh start's %d B at the same turns (%.0f%% now); %s, %d players, at %s" % (
                 min(fresh), 100.0 * min(frees) / min(fresh), code, players, heap))
        least = _min_heap(out, game, players, code, resumed=True)
        line("heapsize_min_unix_resume_" + game, least if least else "> 384", "KB",
             "the heap the session without power cuts completes in (heapsize_min_unix_%s_%s)" % (game, code))

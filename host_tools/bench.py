"""``make bench``: every figure on one line, ``bench: NAME = VALUE UNIT  (target: WORDS)``.

``BENCHES`` lists the bench modules; each has ``run()``, which measures and prints its own lines
with ``line()``. To add figures, add a module to the list (``python -m host_tools.bench WORD ...``
runs the modules whose name contains a WORD). A figure is measured in this run, on the same inputs
as whatever it is compared with, interleaved with it and the median of repeated runs where it is
a time: never a difference of figures taken at different moments. Benchmarks report, they never
fail the build; a bench that cannot run says so on its line and the exit status is 1.
"""

import atexit
import importlib
import os
import shutil
import sys
import tempfile

from host_tools import ROOT

BENCHES = [
    "benchmarks.bench_memory",      # peak heap of a full-table session per game, the .mpy size
    "benchmarks.bench_ui",          # bytes and time of a redraw of every screen
    "benchmarks.bench_eval",        # the evaluators against treys (CPython) and a one-read floor (MicroPython)
    "benchmarks.bench_flash",       # flash erases, bytes and ms per action on littlefs2; the app's CPU per press
    "benchmarks.bench_commit",      # the deal's seal beside the shuffle (MicroPython)
    "benchmarks.bench_lang",        # the largest language table as compiled .mpy
    "benchmarks.bench_report",      # the report on 10,000 hands: CPU, peak memory, output size
    "benchmarks.bench_press",       # a press to its event through the debouncer; I2C bytes per press (page diff)
    "benchmarks.bench_boot",        # the modules, .mpy bytes and heap loaded before the first frame
    "benchmarks.bench_power",       # the loop's busy share of a session at a table's pace; hours per charge
]

MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
_build = []


def line(name, value, unit, target):
    """Print one figure: ``bench: NAME = VALUE UNIT  (target: TARGET)``; floats with 3 significant digits."""
    v = ("%.3g" % value) if isinstance(value, float) else str(value)
    print("bench: %s = %s %s  (target: %s)" % (name, v, unit, target), flush=True)


def median(values):
    """The median of a non-empty list of numbers (the mean of the middle two for an even count)."""
    s = sorted(values)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def firmware_build():
    """A folder with firmware/ and the device test helpers compiled by mpy-cross (as the Pico runs them),
    made once per run and removed at exit."""
    if not _build:
        sys.path.insert(0, os.path.join(ROOT, "tests", "host"))
        try:
            import test_hardware_device
        finally:
            sys.path.pop(0)
        out = tempfile.mkdtemp(prefix="dealerbox-bench-")
        atexit.register(shutil.rmtree, out, True)
        test_hardware_device.compiled_firmware(out)
        _build.append(out)
    return _build[0]


def main(argv=None):
    only = argv if argv is not None else sys.argv[1:]
    names = [n.split(".")[-1] for n in BENCHES]
    if only and only[0] in ("-h", "--help"):
        print("usage: python -m host_tools.bench [WORD ...]\n\nEvery figure on one line, 'bench: NAME = VALUE UNIT  "
              "(target: WORDS)'.\nWith WORDs, only the benches whose name contains one: %s." % ", ".join(names))
        return 0
    unknown = [o for o in only if not any(o in n for n in names)]
    if unknown:
        print("python -m host_tools.bench: error: no bench named like %s; the benches are %s" % (
            ", ".join(unknown), ", ".join(names)), file=sys.stderr)
        return 2
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    status = 0
    for name in BENCHES:
        if only and not any(o in name for o in only):
            continue
        try:
            importlib.import_module(name).run()
        except Exception as err:  # report and go on: the other benches still run
            last = (str(err).strip().splitlines() or [""])[-1]
            print("bench: %s failed: %s: %s" % (name.split(".")[-1], type(err).__name__, last), flush=True)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())

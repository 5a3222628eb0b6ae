"""Run the core tests (``tests/core/test_*.py``) under the real MicroPython.

Usage (from the repository root; the Makefile sets the path and heap)::

    MP_HEAP=1M MICROPYPATH=build/mpy:tests/core micropython -X heapsize=1M tests/mp_run.py [NAME ...]

``build/mpy`` is the mpy-cross output of firmware/ (``python -m host_tools.build``): the
tests run on the very bytes that go onto the board. NAMEs filter the modules by
substring.

Each test module runs in its own ``micropython`` process with the heap ``MP_HEAP``, as
after a reboot: MicroPython never frees interned strings nor compacts its heap, so
modules run one after another in one process would measure the sum of all of them.
In a module every ``test_*`` function is called; a failure prints its traceback, a test that
calls ``support.skip(reason)`` is skipped (``SKIP name: reason``). The last line is
``micropython: N passed, N failed, N skipped`` and the exit status is 1 when any test failed
(or none passed).

Each module's process writes its result to a file of this run's own: ``MP_RESULT`` (the
Makefile passes ``/tmp/mp_run_<shell pid>.txt``), or a name made from ``os.urandom``
(MicroPython has no ``os.getpid``), so two runs on one machine never share a file.
"""

import gc
import os
import sys
import time

CORE = "tests/core"


def _result_file():
    """This run's own result file: ``MP_RESULT`` or /tmp/mp_run_<8 random hex digits>.txt."""
    name = os.getenv("MP_RESULT")
    if name:
        return name
    return "/tmp/mp_run_" + "".join("%02x" % b for b in os.urandom(4)) + ".txt"


def _modules(names):
    files = sorted(f for f in os.listdir(CORE) if f.startswith("test_") and f.endswith(".py"))
    mods = [f[:-3] for f in files]
    if names:
        mods = [m for m in mods if any(n in m for n in names)]
    return mods


def run_module(name, out):
    """Run every test of module ``name`` in this process; write "passed failed skipped\\nnames" to ``out``."""
    passed = failed = skipped = 0
    failures = []
    t0 = time.ticks_ms()
    tests = []
    try:
        mod = __import__(name)
        tests = [k for k in sorted(dir(mod)) if k.startswith("test_")]
    except Exception as e:  # a module that does not even import is one failure
        failed += 1
        failures.append(name + " (import)")
        print("FAILED %s (import)" % name)
        sys.print_exception(e)
    for k in tests:
        fn = getattr(mod, k)
        if not callable(fn):
            continue
        gc.collect()
        try:
            fn()
            passed += 1
        except Exception as e:  # report and go on: every test runs
            if type(e).__name__ == "Skipped":   # support.skip
                skipped += 1
                print("SKIP %s::%s: %s" % (name, k, e))
                continue
            failed += 1
            failures.append(name + "::" + k)
            print("FAILED %s::%s" % (name, k))
            sys.print_exception(e)
    dt = time.ticks_diff(time.ticks_ms(), t0)
    print("%-30s %3d tests  %6d ms" % (name, len(tests), dt))
    with open(out, "w") as f:
        f.write("%d %d %d\n" % (passed, failed, skipped))
        for n in failures:
            f.write(n + "\n")


def main():
    args = sys.argv[1:]
    if args and args[0] == "--module":
        run_module(args[1], args[2])
        return
    heap = os.getenv("MP_HEAP") or "1M"
    out = _result_file()
    passed = failed = skipped = 0
    failures = []
    for name in _modules(args):
        try:
            os.remove(out)
        except OSError:
            pass
        status = os.system("%s -X heapsize=%s tests/mp_run.py --module %s %s" % (sys.executable, heap, name, out))
        try:
            with open(out) as f:
                lines = f.read().split("\n")
            p, fl, sk = lines[0].split()
            passed += int(p)
            failed += int(fl)
            skipped += int(sk)
            failures.extend(n for n in lines[1:] if n)
        except (OSError, ValueError):  # the process died before writing its result
            failed += 1
            failures.append("%s (process died, status %d)" % (name, status))
            print("FAILED %s: process died, status %d" % (name, status))
    try:
        os.remove(out)
    except OSError:
        pass
    for f in failures:
        print("FAILED", f)
    print("micropython: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
    if failed or not passed:
        sys.exit(1)


main()

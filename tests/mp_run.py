"""Run the core tests (``tests/core/test_*.py``) under the real MicroPython.

Usage (from the repository root; the Makefile sets the path and heap)::

    MICROPYPATH=build/mpy:tests/core micropython -X heapsize=192K tests/mp_run.py [NAME ...]

``build/mpy`` is the mpy-cross output of firmware/ (``python -m host_tools.build``): the
tests run on the very bytes that go onto the board. Each test module starts with a
clean slate: the modules it imported are unloaded after it, as after a reboot.

Each ``test_*`` function of each module is called; a failure prints its
traceback. The last line is ``micropython: N passed, N failed`` and the exit
status is 1 when any test failed (or none ran).
"""

import gc
import os
import sys
import time

CORE = "tests/core"


def _modules(names):
    files = sorted(f for f in os.listdir(CORE) if f.startswith("test_") and f.endswith(".py"))
    mods = [f[:-3] for f in files]
    if names:
        mods = [m for m in mods if any(n in m for n in names)]
    return mods


def _unload(keep):
    for k in [k for k in sys.modules if k not in keep]:
        del sys.modules[k]
    gc.collect()


def main():
    names = sys.argv[1:]
    preloaded = set(sys.modules)
    passed = failed = 0
    failures = []
    for name in _modules(names):
        t0 = time.ticks_ms()
        try:
            mod = __import__(name)
        except Exception as e:  # a module that does not even import is one failure
            _unload(preloaded)
            failed += 1
            failures.append(name + " (import)")
            print("FAILED %s (import)" % name)
            sys.print_exception(e)
            continue
        tests = [k for k in sorted(dir(mod)) if k.startswith("test_")]
        for k in tests:
            fn = getattr(mod, k)
            if not callable(fn):
                continue
            gc.collect()
            try:
                fn()
                passed += 1
            except Exception as e:  # report and go on: every test runs
                failed += 1
                failures.append(name + "::" + k)
                print("FAILED %s::%s" % (name, k))
                sys.print_exception(e)
        dt = time.ticks_diff(time.ticks_ms(), t0)
        print("%-28s %3d tests  %6d ms" % (name, len(tests), dt))
        # Each test module starts from a clean slate, as after a boot: unload it and every
        # module it imported, so the heap measures one module's needs, not the sum of all.
        mod = fn = None
        _unload(preloaded)
    for f in failures:
        print("FAILED", f)
    print("micropython: %d passed, %d failed" % (passed, failed))
    if failed or not passed:
        sys.exit(1)


main()

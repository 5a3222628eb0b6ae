"""``make bench``: run every ``benchmarks/bench_*.py`` and print one table.

Each benchmark module has ``rows()`` returning a list of
``(name, value, unit, target, ok)``: ``value`` a number measured in this run
(usually a ratio against a baseline or a peer measured in the same run),
``target`` a short text, ``ok`` True/False or None when there is no target.
Benchmarks never fail the build: they report.
"""

import importlib
import os
import sys

from host_tools import ROOT

BENCH_DIR = os.path.join(ROOT, "benchmarks")


def main(argv=None):
    names = sorted(f[:-3] for f in os.listdir(BENCH_DIR) if f.startswith("bench_") and f.endswith(".py"))
    only = argv if argv is not None else sys.argv[1:]
    if only:
        names = [n for n in names if any(o in n for o in only)]
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    rows = []
    for n in names:
        mod = importlib.import_module("benchmarks." + n)
        for r in mod.rows():
            rows.append((n[6:],) + tuple(r))
    head = ("bench", "measure", "value", "unit", "target", "ok")
    table = [head] + [
        (b, m, ("%.3g" % v) if isinstance(v, float) else str(v), u, t, {True: "yes", False: "NO", None: "-"}[ok])
        for b, m, v, u, t, ok in rows
    ]
    if not rows:
        table.append(("(none yet)", "", "", "", "", ""))
    widths = [max(len(str(r[i])) for r in table) for i in range(len(head))]
    for i, r in enumerate(table):
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    if any(r[-1] is False for r in rows):
        print("NO = a target not met (a measure, not a test: the exit status stays 0). The device 'peak heap in use' "
              "rows count the .mpy code loaded on the 64-bit unix port's heap; the session's own data, all a frozen "
              "firmware keeps on the heap, is the 'session data' row (docs/device.md, Memory).")
    return 0


if __name__ == "__main__":
    sys.exit(main())

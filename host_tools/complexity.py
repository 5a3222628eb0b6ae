"""The cyclomatic complexity gate of ``make lint`` (radon): no function or method of the UI above ``LIMIT``.

    python -m host_tools.complexity [DIR ...]     # default: firmware/dealerbox/ui

Prints each function over the limit (``path:line name complexity``) and exits 1 when there is one; with none,
prints the worst and exits 0. Radon counts every ``if``/``elif``/loop/``except``/boolean operator/comprehension
branch as one more path.
"""

import os
import sys

from radon.complexity import cc_visit

from host_tools import FIRMWARE

LIMIT = 15
DIRS = (os.path.join(FIRMWARE, "dealerbox", "ui"),)


def blocks(path):
    """``(line, name, complexity)`` of every function and method in the file ``path``."""
    with open(path, encoding="utf-8") as f:
        src = f.read()
    out = []
    for b in cc_visit(src):
        for m in getattr(b, "methods", ()) or ():
            out.append((m.lineno, "%s.%s" % (b.name, m.name), m.complexity))
        if not hasattr(b, "methods"):
            out.append((b.lineno, b.name, b.complexity))
        for c in getattr(b, "closures", ()) or ():
            out.append((c.lineno, "%s.%s" % (b.name, c.name), c.complexity))
    return out


def scan(dirs):
    """``(path, line, name, complexity)`` of every function under ``dirs``, the most complex first."""
    found = []
    for d in dirs:
        for root, _dirs, files in os.walk(d):
            for f in sorted(files):
                if f.endswith(".py"):
                    p = os.path.join(root, f)
                    found.extend((p, ln, name, cc) for ln, name, cc in blocks(p))
    found.sort(key=lambda r: -r[3])
    return found


def main(argv=None):
    dirs = (argv if argv else None) or DIRS
    found = scan(dirs)
    over = [r for r in found if r[3] > LIMIT]
    for p, ln, name, cc in over:
        print("%s:%d %s complexity %d (at most %d)" % (os.path.relpath(p), ln, name, cc, LIMIT))
    if not over and found:
        p, ln, name, cc = found[0]
        print("complexity: %d functions, the worst %s (%s) at %d, at most %d" % (len(found), name,
                                                                               os.path.relpath(p), cc, LIMIT))
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

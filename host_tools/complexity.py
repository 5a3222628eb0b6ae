"""``make lint``'s complexity check: ``python -m host_tools.complexity PATH ...``.

Every function and method of the ``.py`` files under each PATH whose cyclomatic complexity (radon's ``cc``) is above
``LIMIT`` is printed, one a line, ``path:line name complexity (grade)``, most complex first, then a summary line;
exit status 1 when there is any (DEVGUIDE: functions short, radon complexity <= 15 in ui/ and store/).
"""

import os
import sys

from radon.complexity import cc_rank, cc_visit

LIMIT = 15


def too_complex(paths, limit=LIMIT):
    """``[(complexity, path, line, name)]`` of every function or method above ``limit`` under ``paths``, most
    complex first."""
    out = []
    for top in paths:
        for dirpath, dirs, files in os.walk(top):
            dirs.sort()
            for f in sorted(files):
                if not f.endswith(".py"):
                    continue
                path = os.path.join(dirpath, f)
                with open(path, encoding="utf-8") as src:
                    blocks = cc_visit(src.read())
                for fn in blocks:       # (the functions, the methods among them; a class is a block of its own)
                    if not hasattr(fn, "methods") and fn.complexity > limit:
                        out.append((fn.complexity, path, fn.lineno, fn.fullname))
    return sorted(out, key=lambda t: (-t[0], t[1], t[2]))


def main(argv=None):
    paths = sys.argv[1:] if argv is None else argv
    if not paths:
        print("usage: python -m host_tools.complexity PATH ...", file=sys.stderr)
        return 2
    found = too_complex(paths)
    for c, path, line, name in found:
        print("%s:%d %s %d (%s)" % (os.path.relpath(path), line, name, c, cc_rank(c)))
    print("radon cc: %d function%s above %d in %s" % (len(found), "" if len(found) == 1 else "s", LIMIT,
                                                      ", ".join(paths)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

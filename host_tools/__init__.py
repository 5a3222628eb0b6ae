"""Host-side tools: the simulator, table generator, hand ranking and replay commands.

Importing this package puts ``firmware/`` (the core) and ``host_tools/shims``
(CPython stand-ins for MicroPython-only modules such as ``micropython``) on
``sys.path``, so the very same core runs here as on the box.
"""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(_HERE)
FIRMWARE = os.path.join(ROOT, "firmware")
SHIMS = os.path.join(_HERE, "shims")

for _p in (SHIMS, FIRMWARE):
    if _p not in sys.path:
        sys.path.insert(0, _p)


def read_hand_log(path):
    """The lines of the hand log at ``path`` (list of str; a byte order mark at the start is ignored), or the
    reason it cannot be read (str: the path and what is wrong), for the tools that read hand logs (replay,
    verify, report)."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            return f.read().split("\n")
    except OSError as exc:
        return "%s: %s" % (path, exc.strerror or exc)
    except UnicodeDecodeError as exc:
        return "%s: not a hand log (not UTF-8 text at byte %d)" % (path, exc.start)


def one_file_argument(tool, argv, usage):
    """The single FILE argument of ``python -m host_tools.TOOL FILE`` (``argv``: list of str), or an exit status
    (int): 0 after printing ``usage`` for -h/--help, 2 after saying on stderr what was wrong."""
    if argv in (["-h"], ["--help"]):
        print(usage)
        return 0
    if len(argv) != 1 or argv[0].startswith("-"):
        bad = [a for a in argv if a.startswith("-")]
        why = ("unknown option %s" % bad[0]) if bad else ("one FILE expected, got %d arguments" % len(argv))
        print("%s: %s\n%s" % (tool, why, usage.split("\n")[0]), file=sys.stderr)
        return 2
    return argv[0]

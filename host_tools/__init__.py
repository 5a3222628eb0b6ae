"""Host-side tools: the simulator, table generator, hand ranking and replay commands.

Importing this package puts ``firmware/`` (the core) and ``host_tools/shims``
(CPython stand-ins for MicroPython-only modules such as ``micropython``) on
``sys.path``, so the very same core runs here as on the box. Installed by pip
(``pyproject.toml``), the core is the package ``dealerbox`` beside this one and the
stand-ins come along inside it (``shims/``, on ``sys.path`` only in the tools' process).
"""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(_HERE)
FIRMWARE = os.path.join(ROOT, "firmware")
SHIMS = os.path.join(_HERE, "shims")

for _p in (SHIMS, FIRMWARE):
    if _p not in sys.path and os.path.isdir(_p):  # (pip-installed: the core is the package dealerbox)
        sys.path.insert(0, _p)


def plural(n, word, words=None):
    """``n`` and ``word`` in the right number for the tools' messages: ``1 hand``, ``2 hands`` (``words``: the
    plural when it is not ``word + "s"``)."""
    return "%d %s" % (n, word if n == 1 else (words or word + "s"))


def folder_problem(path):
    """Why folder ``path`` cannot take the files (str: ``not a folder``, ...), or None when it is a writable
    folder or can be made one (it is then made)."""
    if os.path.exists(path) and not os.path.isdir(path):
        return "not a folder"
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        return "cannot make the folder (%s)" % (exc.strerror or exc)
    if not os.access(path, os.W_OK | os.X_OK):
        return "the folder is not writable"
    return None


NOT_UTF8 = "\x00 not UTF-8"  # a line of a hand log that is not UTF-8 text, as ``read_hand_log`` gives it (never JSON)


def read_hand_log(path):
    """The lines of the hand log at ``path`` (list of str; a byte order mark at the start is ignored), or the
    reason it cannot be read (str: the path and what is wrong), for the tools that read hand logs (replay,
    verify, report). A file whose first line is not UTF-8 text is not a hand log; a later line that is not (noise
    written into the file) is ``NOT_UTF8``, which the tools name as that line's damage (``replay.read_line``), the
    other hands still checked; a last line cut inside a character (a power cut) keeps what is whole of it. A hand
    logged twice by earlier firmware is read once (``drop_repeats``)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        return "%s: %s" % (path, exc.strerror or exc)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    raw = data.split(b"\n")
    lines = []
    at = 0                                  # the byte where the line starts
    for i, ln in enumerate(raw):
        try:
            lines.append(ln.decode("utf-8"))
        except UnicodeDecodeError as exc:
            if not any(x.strip() for x in lines):
                return "%s: not a hand log (not UTF-8 text at byte %d)" % (path, at + exc.start)
            lines.append(ln.decode("utf-8", "ignore") if i == len(raw) - 1 else NOT_UTF8)
        at += len(ln) + 1
    return drop_repeats(lines, path)


def drop_repeats(lines, path="hands.log", err=None):
    """``lines`` (list of str, one hand log each) with every hand that the next line logs again blanked out.

    Firmware before the fix of a damaged newest save (docs/device.md, "Saves") could deal a finished hand
    again at a resume from the older save: the same hand number, game and commitment (the same deck) on the
    next line, the session's stacks going on from the second. The earlier line is replaced by an empty one
    (the tools skip blank lines, so the line numbers stay), and ``err`` (stderr by default) is told, one line
    each: ``hands.log:1: hand 1 is logged again on line 2 (the same deal, replayed at a resume): line 2 is
    used``. Only the next hand log counts (two sessions of the seeded simulator deal the same hands, lines
    apart). Lines that are not JSON objects with a ``commit`` are left to the tool, which says what is wrong, and so
    are chained lines (``"v": 2``, docs/hand-log.md): the current firmware never logs a hand twice, so a repeated
    chained line is an insertion, which verify names.
    """
    import json

    out = list(lines)
    prev = None         # (index, key) of the previous hand log line
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        key = None
        if '"commit"' in line:
            try:
                log = json.loads(line)
            except (ValueError, RecursionError):
                log = None
            if isinstance(log, dict) and isinstance(log.get("commit"), str) and log.get("v") != 2:  # (v 2: chained)
                key = (repr(log.get("game")), repr(log.get("hand")), log["commit"])
        if key is not None and prev is not None and prev[1] == key:
            out[prev[0]] = ""
            print("%s:%d: hand %s is logged again on line %d (the same deal, replayed at a resume): line %d is used"
                  % (path, prev[0] + 1, key[1], i + 1, i + 1), file=err or sys.stderr)
        prev = (i, key)
    return out


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


def _cut_json(text):
    """True when ``text`` (one line) is the start of a JSON object that stops before its end: what a power cut
    leaves while the box appends a hand's line (every error of the parse is the end of the text coming too soon)."""
    import json
    import re

    t = text.strip()
    if not t.startswith("{"):
        return False
    try:
        json.loads(t)
    except RecursionError:
        return False
    except ValueError as exc:
        pos, msg = getattr(exc, "pos", -1), getattr(exc, "msg", "")
        if pos >= len(t) or msg.startswith("Unterminated string"):
            return True
        rest = t[pos:]
        if msg.startswith("Invalid \\uXXXX escape"):
            return len(t) - pos <= 5                        # "\u00" at the very end
        if any(lit.startswith(rest) for lit in ("true", "false", "null")):
            return True
        # a number cut inside (``1.``, ``1e``, ``-``): what follows the error is the rest of that number
        return msg.startswith("Expecting") and re.fullmatch(r"-?[0-9]*\.?[0-9]*([eE][-+]?[0-9]*)?", rest) is not None
    return False


def drop_cut_last_line(lines):
    """The hand log's ``lines`` (list of str) without a last line cut short, and what to say about it.

    A line is appended whole when a hand ends; a power cut while the box writes it leaves the last line cut
    short (the box drops it when it starts again: docs/hand-log.md). Returns ``(lines, note)``: ``lines`` with
    that line blanked (the other line numbers stay), and ``note`` (str) naming the line and the hand left out,
    ``"the last line (line 5) is cut short: hand 5 is left out"``, or ``(lines, None)`` when the last non-blank
    line is not cut short (a line that is not JSON anywhere else stays an error of the tool)."""
    import re

    last = len(lines) - 1
    while last >= 0 and not lines[last].strip():
        last -= 1
    if last < 0 or not _cut_json(lines[last]):
        return lines, None
    m = re.search(r'"hand": ?([0-9]+)[,}]', lines[last])
    hand = ("hand %s" % m.group(1)) if m else "its hand"
    out = list(lines)
    out[last] = ""
    return out, "the last line (line %d) is cut short: %s is left out" % (last + 1, hand)


def load_hand_log(path):
    """The complete lines of the hand log at ``path`` for replay and verify, or 2 (their exit status) after
    saying on stderr why it cannot be read; a last line cut short is named on stderr and left out."""
    lines = read_hand_log(path)
    if isinstance(lines, str):
        print(lines, file=sys.stderr)
        return 2
    lines, cut = drop_cut_last_line(lines)
    if cut:
        print("%s: %s" % (path, cut), file=sys.stderr)
    return lines


def run(main):
    """Run a command's ``main()`` (returning its exit status) and exit with that status. A reader that stops reading
    early (``replay FILE | head``) ends the output quietly, without a BrokenPipe traceback: the status is the
    command's own when it had finished (the rest of its output was not wanted), else 1 (it stopped there)."""
    import os

    rc = 1
    try:
        rc = main()
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())     # the interpreter's last flush: nowhere
    sys.exit(rc)

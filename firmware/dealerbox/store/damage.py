"""The store's answers to a damaged newest save, journal line or hand log (docs/device.md, "Saves"): imported by
``Store.load`` only when it found one (or cuts a hand log the newest save did not commit), and kept.

* ``journal(store, ok, good, number, reports)``: what follows the good journal lines, unless a power cut's last
  line, is damage: say how many actions were lost, and how many damaged lines (noise) were dropped;
* ``newer_journal(store, mark, reports)``: the journal of a newest save that is lost: say how many actions
  were lost with it (``store.lost``);
* ``logged_after(store, mark, names, reports)``: the hand logs committed after an older save's mark (``Store.later``),
  and how many damaged lines among them were dropped;
* ``hand_lines(data, out)``, ``dropped(bad, reports)``: the hand logs among a hand log file's lines, the damaged
  ones said (also for ``boot.commit_log``'s cut when it cuts garbage, and ``boot.read_log``).
"""

from dealerbox.reason import Reason
from dealerbox.store import BAD, JOURNAL, MAGIC, SESSION, journal_line
from dealerbox.store import checksum as crc32


def journal(store, ok, good, number, reports):
    """True (and ``store.found``, ``store.later_why`` and ``reports`` say so) when the journal after its ``ok`` good
    lines (ending at byte ``good``) is damaged; False when what follows them is one line a power cut can leave: a
    write cut short (printable, at most the three fields of a line) or whole with its newline (the three fields, the
    last 8 long): dropped silently. The lines from the bad one to the last of a journal line's shape are actions
    lost (a damaged line among them was one: "journal line 2 is damaged; 8 saved actions are lost"); the lines
    after that (noise, garbage: no journal line's shape) are damaged lines, never counted as actions ("3 damaged
    journal lines dropped"). Nothing after a bad line is used (the CRC chain). A first line that does not chain is
    damage only when the journal is not an earlier snapshot's (``boot.first_line_whole``)."""
    rest = (store._read(JOURNAL) or b"")[good:]
    lines = rest.split(b"\n")
    if len(lines) > 1 and not lines[-1]:
        lines.pop()                     # the newline that ends the last line
    ln = lines[0]
    f = ln.split(b" ")
    if len(lines) == 1 and 0 < len(ln) < 84 and min(ln) > 31 and max(ln) < 127 and len(f) < 4 and (
            rest[-1:] != b"\n" or len(f) == 3 and len(f[2]) == 8):
        return False
    lost = 0
    for i in range(len(lines)):
        if journal_line(lines[i]) is not None:
            lost = i + 1
    junk = len(lines) - lost
    store.later_why = Reason("journal line %d is damaged", ok + 1)
    if lost:
        store.found.append("session.jnl: line %d damaged, %d action%s after save %d lost" % (
            ok + 1, lost, "" if lost == 1 else "s", number))
        reports.append(Reason("Save damaged: journal line %d is damaged; %d saved action is lost." if lost == 1 else
                              "Save damaged: journal line %d is damaged; %d saved actions are lost.", ok + 1, lost))
    if junk:
        store.found.append("session.jnl: %d damaged line%s from line %d dropped" % (
            junk, "" if junk == 1 else "s", ok + lost + 1))
        reports.append(Reason("Save damaged: %d damaged journal line dropped." if junk == 1 else
                              "Save damaged: %d damaged journal lines dropped.", junk))
    return True


def newer_journal(store, mark, reports):
    """When ``session.json`` is lost (damaged, refused or removed) and the save before it is used: the journal lines
    of the lost save (they do not chain to the save used) are lost; ``store.lost`` and ``reports`` say how many
    (``ui/catchup.py`` says it again after its own words): the lines after the last one that ended a hand (a
    longer hand log than the line before it; its hand is logged, and caught up). The journal is the lost save's
    when its first line chains to the CRC in the header of ``session.json.bad`` (what is left of it), or records a
    longer hand log than ``mark`` (the used save's): a journal older than the used save (two saves with no action
    between) is not lost. Returns the count (int)."""
    data = store._read(JOURNAL) or b""
    head = (store._read(SESSION + BAD) or b"")[:47].split()
    crc = None
    n = 0
    at = 0
    newer = False
    prev = None     # the hand log's length before the line: a longer one after it means the line ended a hand
    ended = 0       # the lines up to the last that ended a hand (its actions are in the hand log: caught up)
    while True:
        nl = data.find(b"\n", at)
        if nl < 0:
            break
        line = journal_line(data[at:nl])
        if line is None:
            break
        m = line[1]
        c = line[2]
        text = memoryview(data)[at:nl - 9]
        if crc is None:
            newer = mark is not None and m > mark
            try:    # the first line chains to what is left of the lost save: its header's log length is known
                if len(head) == 5 and head[0] == MAGIC.encode() and crc32(text, int(head[1], 16)) == c:
                    newer = True
                    prev = int(head[4])
            except ValueError:
                pass
        elif crc32(text, crc) != c:
            break
        crc = c
        n += 1
        if prev is not None and m > prev:
            ended = n
        prev = m
        at = nl + 1
    n -= ended
    if not newer or n <= 0:
        return 0
    store.lost = [Reason("%d saved action after that save is lost." if n == 1 else
                         "%d saved actions after that save are lost.", n)]
    store.found.append("session.jnl: %d action%s of the lost save lost" % (n, "" if n == 1 else "s"))
    reports.append(store.lost[0])
    return n


def logged_after(store, mark, names, reports):
    """The whole hand-log lines (list of str) after byte ``mark`` of the log: ``names`` is ``(older, newest)``
    (``hands.1.log``, ``hands.log``); read from ``mark`` on (a few KB, never the whole log), in the older file
    too when the newest is shorter than ``mark`` (it moved after the save). A line that is no hand log (noise,
    garbage: ``hand_lines``) is left in the file and not caught up; ``reports`` and ``store.lost`` say how
    many."""
    old, log = names
    out = []  # type: list
    bad = 0
    for name in (old, log) if store._size(log) < mark else (log,):
        size = store._size(name)
        if size <= mark:
            mark = 0 if name == old and size == mark else mark
            continue
        f = store._open(store.path(name), "rb")
        try:
            f.seek(mark)
            data = f.read()
        finally:
            f.close()
        mark = 0
        bad += hand_lines(data, out)
    if bad:     # said with the catch-up's words too (``lost``: ui/catchup.py)
        why = dropped(bad, reports)
        store.lost.append(why)
        store.found.append("hands.log: %d damaged line%s after save %d's mark dropped" % (
            bad, "" if bad == 1 else "s", store.number))
    return out


def hand_lines(data, out):
    """Append to ``out`` (list) each whole line of ``data`` (bytes of a hand log file from a line's start) that is a
    hand log, as str: a JSON object's text (``{...}``, UTF-8). Returns how many whole lines were not (damaged: noise,
    garbage; before, bytes not UTF-8 raised UnicodeError at boot: ``boot.read_log``, ``boot.commit_log``,
    ``logged_after``). Empty lines are neither; a last line without its newline (a write that did not finish) is
    not looked at."""
    bad = 0
    for ln in data[:data.rfind(b"\n") + 1].split(b"\n"):
        if ln:
            if ln[:1] == b"{" and ln[-1:] == b"}":
                try:
                    out.append(ln.decode())
                    continue
                except UnicodeError:
                    pass
            bad += 1
    return bad


def dropped(bad, reports):
    """Say that ``bad`` (int > 0) damaged lines of the hand log were dropped: a sentence (returned) in ``reports``."""
    why = Reason("Hand log damaged: %d damaged line dropped." if bad == 1 else
                 "Hand log damaged: %d damaged lines dropped.", bad)
    reports.append(why)
    return why

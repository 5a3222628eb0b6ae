"""The store's answers to a damaged newest save or journal line (docs/device.md, "Saves"): imported by
``Store.load`` only when it found one, and kept.

* ``journal(store, ok, good, number, reports)``: a journal line that failed its CRC after good ones,
  with whole lines after it, is damage: say how many actions were lost;
* ``newer_journal(store, mark, reports)``: the journal of a newest save that is lost: say how many actions
  were lost with it (``store.lost``);
* ``logged_after(store, mark, names)``: the hand logs committed after an older save's mark (``Store.later``).
"""

from dealerbox.store import BAD, JOURNAL, MAGIC, N_, SESSION, journal_line
from dealerbox.store import checksum as crc32


def journal(store, ok, good, number, reports):
    """True (and ``store.found``, ``store.later_why`` and ``reports`` say so) when the journal line after the
    ``ok`` good ones (ending at byte ``good``) is damaged with whole lines after it; False when it is the last
    line (a write the power cut short: dropped silently). The bad line and every line after it are lost (the
    CRC chain: nothing after a bad line is used). A first line is counted only when it has not the shape of a
    journal line (``boot.first_line_whole``): a whole line that does not chain cannot be told from the journal
    of an earlier snapshot (a snapshot saved and no action recorded since), which is not damage."""
    data = store._read(JOURNAL) or b""
    n = data.count(b"\n", good)
    lost = n if n > 1 or n == 1 and not data.endswith(b"\n") else 0
    if not lost:
        return False
    store.later_why = N_("journal line %d is damaged") % (ok + 1)
    store.found.append("session.jnl: line %d damaged, %d action%s after save %d lost" % (
        ok + 1, lost, "" if lost == 1 else "s", number))
    reports.append((N_("Save damaged: journal line %d is damaged; %d saved action is lost.") if lost == 1 else
                    N_("Save damaged: journal line %d is damaged; %d saved actions are lost.")) % (ok + 1, lost))
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
    store.lost = (N_("%d saved action after that save is lost.") if n == 1 else
                  N_("%d saved actions after that save are lost.")) % n
    store.found.append("session.jnl: %d action%s of the lost save lost" % (n, "" if n == 1 else "s"))
    reports.append(store.lost)
    return n


def logged_after(store, mark, names):
    """The whole hand-log lines (list of str) after byte ``mark`` of the log: ``names`` is ``(older, newest)``
    (``hands.1.log``, ``hands.log``); read from ``mark`` on (a few KB, never the whole log), in the older file
    too when the newest is shorter than ``mark`` (it moved after the save)."""
    old, log = names
    out = []
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
        for ln in data[:data.rfind(b"\n") + 1].decode().split("\n"):
            if ln:
                out.append(ln)
    return out

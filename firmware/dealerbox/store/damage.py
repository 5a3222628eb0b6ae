"""The store's answers to a damaged newest save, journal line or hand log (docs/device.md, "Saves"): imported by
``Store.load`` only when it found one (or cuts a hand log the newest save did not commit), and kept.

* ``journal(data, ok, good, number, found, reports)``: what follows the good journal lines, unless a power cut's
  last line, is damage: say how many actions were lost, and how many damaged lines (noise) were dropped;
* ``newer_journal(data, head, mark, found, reports)``: the journal of a newest save that is lost: say how many
  actions were lost with it (``Store.lost``);
* ``logged_after(store, mark, number, found, reports)``: the hand logs committed after an older save's mark
  (``Store.later``), and how many damaged lines among them were dropped;
* ``hand_lines(data, out)``: the hand logs among a hand log file's lines, and how many were damaged (also for
  ``Recovery.clean_log`` and the tests' reader of a log).

Each says what it found in the lists ``found`` (lines for ``Store.found``) and ``reports`` (sentences for the
players) it is given, and returns the rest: ``boot.Recovery`` keeps them.
"""

from dealerbox.reason import Reason
from dealerbox.store import LOG, MAGIC, OLD_LOG, journal_line, log_lines
from dealerbox.store import checksum as crc32


def journal(data, ok, good, number, found, reports):
    """Why the hand's lost actions are not known (a ``Reason``: ``Store.later_why``; ``found`` and ``reports`` say
    what was lost) when the journal ``data`` (bytes) after its ``ok`` good lines (ending at byte ``good``) is damaged;
    None when what follows them is one line a power cut can leave: a
    write cut short (printable, at most the three fields of a line, no newline): dropped silently (a whole line
    whose CRC does not match is a flipped bit: damage, said). The lines from the bad one to the last of a journal
    line's shape are actions lost (a damaged line among them was one: "journal line 2 is damaged; 8 saved actions
    are lost"); the lines after that (noise, garbage: no journal line's shape) are damaged lines, never counted as
    actions ("3 damaged journal lines dropped"). Nothing after a bad line is used (the CRC chain). A first line
    that does not chain is damage only when the journal is not an earlier snapshot's
    (``Recovery._session_journal``)."""
    rest = data[good:]
    lines = rest.split(b"\n")
    if len(lines) > 1 and not lines[-1]:
        lines.pop()                     # the newline that ends the last line
    if len(lines) == 1 and torn(lines[0], rest):
        return None
    lost = 0
    for i in range(len(lines)):
        if journal_line(lines[i]) is not None:
            lost = i + 1
    junk = len(lines) - lost
    if lost:
        found.append("session.jnl: line %d damaged, %d action%s after save %d lost" % (
            ok + 1, lost, "" if lost == 1 else "s", number))
        reports.append(Reason("Save damaged: journal line %d is damaged; %d saved action is lost." if lost == 1 else
                              "Save damaged: journal line %d is damaged; %d saved actions are lost.", ok + 1, lost))
    if junk:
        found.append("session.jnl: %d damaged line%s from line %d dropped" % (
            junk, "" if junk == 1 else "s", ok + lost + 1))
        reports.append(Reason("Save damaged: %d damaged journal line dropped." if junk == 1 else
                              "Save damaged: %d damaged journal lines dropped.", junk))
    return Reason("journal line %d is damaged", ok + 1)


def torn(ln, rest):
    """True when journal line ``ln`` (bytes), the last of ``rest``, is one a power cut leaves: a write cut short
    (printable, at most the three fields of a line, no newline)."""
    return 0 < len(ln) < 84 and min(ln) > 31 and max(ln) < 127 and len(ln.split(b" ")) < 4 and rest[-1:] != b"\n"


def _first_link(head, text, c, m, mark):
    """``(newer, prev)`` for the journal's first line (``text`` its record and mark, ``c`` its CRC, ``m`` its log
    mark): newer when it records a longer hand log than ``mark`` or chains to what is left of the lost save (the
    header words ``head`` of ``session.json.bad``: then ``prev`` is that save's log length, else None)."""
    try:
        if len(head) == 5 and head[0] == MAGIC.encode() and crc32(text, int(head[1], 16)) == c:
            return True, int(head[4])
    except ValueError:
        pass
    return mark is not None and m > mark, None


def newer_journal(data, head, mark, found, reports):
    """When ``session.json`` is lost (damaged, refused or removed) and the save before it is used: the journal lines
    of the lost save (they do not chain to the save used) are lost; ``reports`` and the list returned say how many
    (``ui/catchup.py`` says it again after its own words): the lines after the last one that ended a hand (a
    longer hand log than the line before it; its hand is logged, and caught up). The journal is the lost save's
    when its first line chains to the CRC in the header of ``session.json.bad`` (what is left of it: ``head``, its
    header's words), or records a longer hand log than ``mark`` (the used save's): a journal older than the used save
    (two saves with no action between) is not lost. ``data``: the journal's bytes. Returns the list of sentences
    (``Reason``) for ``Store.lost``: one, or none."""
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
            newer, prev = _first_link(head, text, c, m, mark)
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
        return []
    why = Reason("%d saved action after that save is lost." if n == 1 else
                 "%d saved actions after that save are lost.", n)
    found.append("session.jnl: %d action%s of the lost save lost" % (n, "" if n == 1 else "s"))
    reports.append(why)
    return [why]


def logged_after(store, mark, number, found, reports):
    """The whole hand-log lines (list of str) after byte ``mark`` of the ``Store``'s log (save ``number``'s mark):
    read line by line from ``mark`` on (``dealerbox.store.log_lines``: never the whole log on the heap), in
    ``hands.1.log`` too when ``hands.log`` is shorter than ``mark`` (it moved after the save). A line of ``hands.log``
    that is no hand log (noise, garbage: ``hand_lines``) is set aside with the file as ``hands.log.bad`` and a clean
    log continued (``Recovery.clean_log``, by the caller); ``reports`` says how many. Returns ``(lines, dirty, why)``:
    ``dirty`` the byte of ``hands.log`` after which it has damaged lines, or None; ``why`` the sentence of the lines
    dropped (for ``Store.lost``), or None."""

    old, log = OLD_LOG, LOG
    out = []  # type: list
    bad = 0
    dirty = None        # the mark from which hands.log has damaged lines
    for name in (old, log) if store.size(log) < mark else (log,):
        size = store.size(name)
        if size <= mark:
            mark = 0 if name == old and size == mark else mark
            continue
        for ln in log_lines(store, name, mark):
            k = hand_lines(ln + b"\n", out)
            bad += k
            if k and name == log:
                dirty = mark
        mark = 0
    why = None
    if bad:     # said with the catch-up's words too (``lost``: ui/catchup.py)
        why = Reason("Hand log damaged: %d damaged line dropped." if bad == 1 else
                     "Hand log damaged: %d damaged lines dropped.", bad)
        reports.append(why)
        found.append("hands.log: %d damaged line%s after save %d's mark dropped" % (
            bad, "" if bad == 1 else "s", number))
    return out, dirty, why


def hand_lines(data, out):
    """Append to ``out`` (list) each whole line of ``data`` (bytes of a hand log file from a line's start) that is a
    hand log, as str: a JSON object's text (``{...}``, UTF-8). Returns how many whole lines were not (damaged: noise,
    garbage; before, bytes not UTF-8 raised UnicodeError at boot: ``Recovery.commit_log``,
    ``logged_after``). Empty lines are neither; a last line without its newline (a write that did not finish) is
    not looked at."""
    bad = 0
    for ln in data[:data.rfind(b"\n") + 1].split(b"\n"):
        if ln:
            if ln[:1] == b"{" and ln[-1:] == b"}":
                try:
                    text = ln.decode()
                    if '"genesis": ' not in text or '"deck": ' in text:     # (a session's genesis: no hand)
                        out.append(text)
                    continue
                except UnicodeError:
                    pass
            bad += 1
    return bad


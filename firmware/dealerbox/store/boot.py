"""What the store does at boot and on rare paths: reading and checking snapshot files (every format ever
written), the journal's replay list, putting the files back as an uninterrupted save leaves them,
damaged-save reporting (with ``store/damage.py``), setting a crashed session aside, the crash counter, making
room on a full flash, reading the hand logs back, cutting the log back.

Imported by ``Store`` (``dealerbox/store/saves.py``) the first time one of these is needed, and kept: a box
that boots with no saved session and only plays never loads it (docs/device.md, "Memory"). The functions
take the ``Store`` as ``s``; the formats and the guarantees are in saves.py's docstring.
"""

import json

from micropython import const

from dealerbox.reason import Reason
from dealerbox.store import (
    BACKUP,
    BAD,
    CRASHED,
    CRASHES,
    JOURNAL,
    LOG,
    LOG_TEMP,
    MAGIC,
    N_,
    OLD_LOG,
    SESSION,
    TEMP,
    chunks,
    journal_line,
)
from dealerbox.store import FIELDS as _FIELDS
from dealerbox.store import HEAD as _HEAD
from dealerbox.store import checksum as crc32

_FIELDS_AT = const(14)


def encode(obj, number, mark=0):
    """The bytes of a snapshot file holding ``obj`` (JSON-able) as save ``number`` (int >= 1), ``mark`` the
    length of ``hands.log`` committed with it."""
    body = json.dumps(obj, separators=(",", ":")).encode()
    fields = (_FIELDS % (number, len(body), mark)).encode()
    crc = crc32(body, crc32(fields))
    return (_HEAD % (MAGIC, crc, "")).encode() + fields + body + b"\n"


def check(data):
    """Validate the bytes of a snapshot file without parsing its JSON.

    Returns ``(save number, body offset, body length, log mark, crc)``: the mark is the length of
    ``hands.log`` the snapshot was saved with (None in a ``DBX1`` file). Raises ValueError saying
    what is wrong: ``"empty"``, ``"no header"``, ``"not a session file"``, ``"truncated (N of M bytes)"``
    or ``"checksum mismatch"``.
    """
    if not data:
        raise ValueError(N_("empty"))
    nl = data.find(b"\n")
    if nl < 0:
        raise ValueError(N_("no header"))
    try:
        parts = data[:nl].decode().split()
    except UnicodeError:
        raise ValueError(N_("not a session file")) from None
    n = len(parts)
    magic = parts[0] if n else ""
    if magic == MAGIC and n == 5:
        crc_s, num_s, size_s, mark_s = parts[1], parts[2], parts[3], parts[4]
    elif magic == "DBX2" and n == 5 or magic == "DBX1" and n == 4:
        num_s, crc_s, size_s = parts[1], parts[2], parts[3]
        mark_s = parts[4] if n == 5 else "0"
    else:
        raise ValueError(N_("not a session file"))
    if not (num_s.isdigit() and size_s.isdigit() and mark_s.isdigit()):
        raise ValueError(N_("not a session file"))
    try:
        crc = int(crc_s, 16)
    except ValueError:
        raise ValueError(N_("not a session file")) from None
    number = int(num_s)
    size = int(size_s)
    if len(data) < nl + 2 + size:
        raise ValueError(Reason("truncated (%d of %d bytes)", len(data), nl + 2 + size))
    body = memoryview(data)[nl + 1:nl + 1 + size]
    got = crc32(body, crc32(memoryview(data)[_FIELDS_AT:nl + 1])) if magic == MAGIC else crc32(body)
    if got != crc:
        raise ValueError(N_("checksum mismatch"))
    return number, nl + 1, size, int(mark_s) if n == 5 else None, crc


def decode(data):
    """``(save number, obj)`` from the bytes of a snapshot file; ValueError as ``check``, or ``"bad JSON"``."""
    number, start, size, _mark, _crc = check(data)
    try:
        obj = json.loads(data[start:start + size])
    except ValueError:
        raise ValueError(N_("bad JSON")) from None
    return number, obj


def check_file(s, name):
    """``(number, mark, crc, None)`` for a valid snapshot file ``name``, ``(None, None, None, problem)`` if not
    (problem None too when the file does not exist)."""
    try:
        data = s._read(name)
    except OSError as e:
        return None, None, None, Reason("unreadable (%s)", e)
    if data is None:
        return None, None, None, None
    try:
        number, _start, _size, mark, crc = check(data)
    except ValueError as e:
        return None, None, None, str(e)
    return number, mark, crc, None


def scan_number(s):
    best = 0
    for name in (SESSION, TEMP, BACKUP):
        number = check_file(s, name)[0]
        if number is not None and number > best:
            best = number
    s.number = best
    s._broken = True  # the journal's state is not known: the first record after this must not append
    s._known = True


def read_journal(s, crc):
    """``(records, mark, good bytes, bad tail bytes)`` of the journal chained to snapshot CRC ``crc``."""
    data = s._read(JOURNAL)
    out = []  # type: list
    mark = None
    good = 0
    s._crc = crc
    if not data:
        return out, mark, 0, 0
    while True:
        nl = data.find(b"\n", good)
        if nl < 0:
            break
        line = journal_line(data[good:nl])
        if line is None or line[2] != crc32(memoryview(data)[good:nl - 9], crc):
            break
        out.append(line[0].decode())
        mark = line[1]
        crc = line[2]
        good = nl + 1
    s._crc = crc
    return out, mark, good, len(data) - good


def first_line_whole(s, mark):
    """True when the journal, its first line not chained to the snapshot (``mark``: its hand log's length), is the
    journal of an earlier snapshot (a snapshot saved, no action recorded since), not damage: its first line has the
    shape of one (``<record> <hex> <8 hex>``) and none of its lines commits a longer hand log than ``mark`` that
    ``hands.log`` has (an earlier snapshot's lines commit at most that: the log only grows, but for its move to
    ``hands.1.log``). Else it is this snapshot's, damaged (``damage.journal`` says so), and the hand logs its lines
    committed are kept: a line 1 damaged in its shape made the log cut back and a logged hand dealt again."""
    size = s._size(LOG)
    first = True
    for ln in (s._read(JOURNAL) or b"").split(b"\n"):
        line = journal_line(ln)
        if first and (line is None or not line[0]):
            return False
        first = False
        if line is not None and mark is not None and mark < line[1] <= size:
            return False
    return True


def gone(s, number, validate):
    """Why ``session.json`` is not there when ``session.bak`` (save ``number``) is: the reason an earlier boot set it
    aside as ``session.json.bad`` (its damage, or the app's check), said again on every boot until a new save is
    written; ``"missing"`` when it was removed (or the ``.bad`` file is older than the save used)."""
    name = SESSION + BAD
    data = s._read(name)
    if data is not None:
        parts = data[:data.find(b"\n") + 1].split()
        later = True
        if len(parts) == 5 and parts[0] == MAGIC.encode() and parts[2].isdigit():    # its save number, if readable
            later = int(parts[2]) > number
        if later:
            try:
                check(data)
            except ValueError as e:
                return str(e)
            try:
                obj = parse(s, name)
                problem = validate(obj) if validate is not None else None
            except Exception as e:  # noqa: BLE001 - a refused file is described, never raised
                problem = str(e)
            if problem:
                return problem
    return N_("missing")


def set_aside_file(s, name, suffix):
    """Rename the store's file ``name`` to ``name + suffix`` (kept for study), said in ``s.found``; True when done. A
    rename that fails (a folder of that name there: a card edited on a computer; the flash) is said instead, and the
    boot goes on with the files as they are (never a save lost for it)."""
    try:
        s._replace(name, name + suffix)
    except OSError as e:
        s.found.append("%s: cannot be set aside as %s (%s)" % (name, name + suffix, e))
        return False
    s.found.append("%s set aside as %s" % (name, name + suffix))
    return True


def parse(s, name):
    """The JSON of snapshot file ``name`` (checked already), read straight from the file; ValueError if bad."""
    f = s._open(s.path(name), "rb")
    try:
        f.readline()
        try:
            return json.load(f)
        except ValueError:
            raise ValueError(N_("bad JSON")) from None
    finally:
        f.close()


def load(s, validate=None):
    """The newest usable snapshot (a dict), or None when there is none; never raises on bad files.

    ``validate``: the app's check, ``validate(obj) -> None`` or the reason (str) the snapshot cannot be
    used (version, shape, content: ui/snapcheck.py); a snapshot that fails it is set aside as ``*.bad``
    and the one before it used. A ``session.json`` or ``session.bak`` that fails ``check`` is set aside as ``*.bad``
    at once (kept for study: never replaced by a save nor removed by ``clear``); when no snapshot is usable the journal
    (the lost session's actions) goes with it as ``session.jnl.bad`` and ``report`` says why (``session.tmp``, which
    only a power cut during a save leaves, is never set aside for failing ``check``).

    Sets ``journal`` to the actions recorded after the snapshot returned (the app replays them), ``found``
    (one line per file and what was done, e.g. ``["session.json: checksum mismatch", "session.bak: save 11 ok",
    "session.json set aside as session.json.bad", "using session.bak (save 11): session.json is damaged"]``) and
    ``report`` (a sentence for the players when something was damaged or lost, else None; ``reports`` the same as
    records: ``said``).

    Then the files are put as an uninterrupted save leaves them: a complete ``session.tmp`` is renamed
    into place, ``hands.log`` is cut back to what the last journal line or snapshot committed (a hand
    logged after it is replayed, and logged again at its end) - but only at a line end, and never
    when an older save had to be used: a committed hand log is never deleted. A ``hands.log`` shorter
    than the save expects keeps every complete line and says what is missing.

    When an older save is used, or a journal line after good ones is damaged (whole lines after it; a torn last
    line is a power cut, dropped silently), what the lost records committed is not known: no hand log is cut,
    and ``later`` lists the hand logs after the used save's mark (``later_why`` says why) for the app to
    bring to their logged end (ui/catchup.py): a finished hand is never dealt nor logged again.
    """
    found = s.found = []
    s.report = None
    s.journal = []
    s.later = []
    s.later_why = ""
    s.lost = []
    reports = []
    bad = {}
    valid = []
    s.aside = []        # the files found as folders and set aside, in words (ui/catchup.py keeps them in its report)
    for name in (SESSION, TEMP, BACKUP, JOURNAL, LOG, OLD_LOG):
        if s._is_folder(name) and set_aside_file(s, name, BAD):     # (a card edited on a computer)
            reports.append(Reason("%s was a folder, not a file: set aside.", name))
            s.aside = list(reports)
    for name in (SESSION, TEMP, BACKUP):
        number, mark, crc, problem = check_file(s, name)
        if problem is not None:
            found.append("%s: %s" % (name, problem))
            bad[name] = problem
        elif number is not None:
            found.append("%s: save %d ok" % (name, number))
            valid.append((number, name, mark, crc))
    for name in (SESSION, BACKUP):  # a damaged one kept for study before a save or a new session's clear replaces it
        if name in bad:
            set_aside_file(s, name, BAD)
    valid.sort()
    newest = valid[-1][0] if valid else 0
    obj = None
    while valid:
        number, name, mark, crc = valid.pop()
        try:
            obj = parse(s, name)
            if validate is not None:
                try:
                    problem = validate(obj)
                except Exception as err:  # a check that trips on the content: refused, never a crash
                    problem = Reason("cannot be checked (%s: %s)", type(err).__name__, err)
            else:
                problem = None if isinstance(obj, dict) else N_("not a snapshot")
            if problem is None:
                break
            raise ValueError(problem)
        except OSError as e:
            found.append("%s: unreadable (%s)" % (name, e))
            bad[name] = N_("unreadable")
        except ValueError as e:
            found.append("%s: %s" % (name, e))
            bad[name] = str(e)
            set_aside_file(s, name, BAD)
        obj = None
    s._known = True
    s._session_ok = False
    s._jsize = 0
    s._broken = False
    if obj is None:
        s.number = newest
        s._broken = True
        found.append(N_("no valid saved session") if found else N_("no saved session"))
        why = bad.get(SESSION) or bad.get(BACKUP)   # (session.tmp alone: a first save cut short, no session lost)
        if why:
            reports.append(Reason("Save unusable (%s): a new session starts.", why))
            if s._exists(JOURNAL):  # the lost save's actions: kept with it for study (the next save would remove them)
                set_aside_file(s, JOURNAL, BAD)
        said(s, reports)
        return None
    s.number = number
    why = bad.get(SESSION)
    if why is None and name == BACKUP and not s._exists(SESSION):
        why = gone(s, number, validate)  # no session.json: what it held after this save is not known
    fallback = number < newest or why is not None and name == BACKUP  # an older save than the newest
    if name != SESSION:
        found.append("using %s (save %d): %s" % (
            name, number, "the power went during a save" if why is None else "session.json is damaged"))
        if why is not None:
            reports.append(Reason("Save damaged (%s): the one before it is used.", why))
            s.later_why = N_("the newest save was lost") if why == "missing" else \
                Reason("the newest save was damaged (%s)", why)
    elif TEMP in bad:
        found.append("using %s (save %d): a save was cut short by a power cut" % (name, number))
    elif bad:
        found.append("using %s (save %d)" % (name, number))
    if name == BACKUP:
        if s._exists(SESSION):
            set_aside_file(s, SESSION, BAD)
    elif name == TEMP:  # finish the save the power interrupted
        if s._exists(SESSION):
            s._replace(SESSION, BACKUP if why is None else SESSION + BAD)
        s._replace(TEMP, SESSION)
        s._session_ok = True
    else:
        s._session_ok = True
    if name == SESSION:
        recs, jmark, good, tail = read_journal(s, crc)
        s.journal = recs
        s._jsize = good
        if tail and recs:
            s._broken = True  # a bad line after good ones: the next write is a snapshot
        if recs:
            found.append("%s: %d action%s after save %d" % (JOURNAL, len(recs), "" if len(recs) == 1 else "s",
                                                           number))
        if tail and (recs or not first_line_whole(s, mark)):    # damage, unless a power cut tore the last line
            from dealerbox.store import damage
            if damage.journal(s, len(recs), good, number, reports):
                fallback = True     # what the lost lines committed is not known: no hand log is cut
                s._broken = True    # the next write a snapshot, which removes the damaged journal (Store.save)
        if jmark is not None:
            mark = jmark
    elif fallback and name == BACKUP:   # the newest save lost: its journal's actions are lost, said in words
        recs, jmark, good, tail = read_journal(s, crc)
        if recs:    # the journal of this save (the lost one saved after it, no action since): continued
            s.journal = recs
            s._jsize = good
            s._broken = tail > 0
            found.append("%s: %d action%s after save %d" % (JOURNAL, len(recs), "" if len(recs) == 1 else "s",
                                                           number))
            if jmark is not None:
                mark = jmark
        else:
            s._crc = crc
            from dealerbox.store import damage
            damage.newer_journal(s, mark, reports)
    else:
        s._crc = crc  # the journal belongs to another snapshot: the next record starts a new one
    s._commit_log(mark, number, not fallback, reports)
    if fallback and mark is not None:
        from dealerbox.store import damage
        s.later = damage.logged_after(s, mark, (OLD_LOG, LOG), reports)
    said(s, reports)
    return obj


def said(s, reports):
    """Set the store's ``reports`` (the sentences for the players: ``Reason`` or catalog key str, shown by
    ``lang.said``) and ``report`` (the same in English, one str, or None when there is none)."""
    s.reports = reports
    s.report = " ".join([str(r) for r in reports]) if reports else None


def commit_log(s, mark, number, trusted, reports):
    """Make ``hands.log`` what save ``number`` committed: ``mark`` bytes (None: a DBX1 save, nothing known).

    Longer, ``trusted`` (the newest save is used) and ``mark`` at a line end: the tail was appended
    after the last commit (the power went before the journal line that would have committed it) and
    is cut. Shorter, with ``hands.1.log`` exactly ``mark`` long: the log moved after the commit, and
    what ``hands.log`` holds is newer: removed. Shorter otherwise: the log was damaged; every complete
    line is kept, a partial last line cut, and ``reports`` says how much is missing (and that no hand log is left
    when ``hands.log`` is gone: removed, or a folder set aside at boot).
    """
    size = s._size(LOG)
    if mark is None or size < 0 and not mark or size == mark:
        return
    data = None
    if size > mark:
        if trusted:
            data = s._read(LOG) or b""
            if mark == 0 or data[mark - 1:mark] == b"\n":
                truncate_log(s, mark)
                s.found.append("hands.log: %d bytes logged after save %d dropped" % (size - mark, number))
                from dealerbox.store import damage  # a hand logged after the save: a power cut; garbage: damage

                bad = damage.hand_lines(data[mark:], [])
                if bad:
                    damage.dropped(bad, reports)
                return
        s.found.append("hands.log: %d bytes more than save %d recorded, kept" % (size - mark, number))
    elif trusted and size >= 0 and s._size(OLD_LOG) == mark:
        s._remove(LOG)
        s.found.append("hands.log: %d bytes logged after save %d dropped" % (size, number))
        return
    else:
        missing = mark - (size if size > 0 else 0)
        s.found.append("hands.log: %d bytes shorter than save %d recorded" % (missing, number))
        reports.append(Reason("Hand log damaged: %d bytes of hand logs are missing; every complete hand kept." if
                              size > 0 else "Hand log damaged: %d bytes of hand logs are missing; no hand log is left.",
                              missing))
    if size <= 0:
        return
    if data is None:
        data = s._read(LOG) or b""
    end = data.rfind(b"\n") + 1
    if end < len(data):  # a partial last line: not a hand; cut, so the next line starts whole
        truncate_log(s, end)
        s.found.append("hands.log: a partial line of %d bytes cut" % (len(data) - end))
        reports.append(Reason("A partial hand log (%d bytes) was removed.", len(data) - end))


def truncate_log(s, size):
    """Keep the first ``size`` bytes of ``hands.log``: copied to ``hands.tmp``, renamed over it (MicroPython's
    files cannot be truncated; the copy and rename keep the log whole if the power goes meanwhile)."""
    if not size:
        s._remove(LOG)
        return
    src = s._open(s.path(LOG), "rb")
    try:
        dst = s._open(s.path(LOG_TEMP), "wb")
        try:
            for part in chunks(src, size):
                dst.write(part)
        finally:
            s._close(dst)
    finally:
        src.close()
    s._replace(LOG_TEMP, LOG)


def set_aside(s):
    """Rename the snapshot files to ``*.crashed`` (a snapshot that crashes the app stays for study).

    Returns the list of names set aside. The next boot starts a new session; the hand logs stay.
    """
    moved = []
    for name in (SESSION, TEMP, BACKUP):
        if s._exists(name):
            s._replace(name, name + CRASHED)
            moved.append(name)
    s._remove(CRASHES)
    s._remove(JOURNAL)
    s.number = 0
    s._session_ok = False
    s._known = True
    s._broken = True
    return moved


def note_crash(s):
    """Record a crash of the app with the current snapshot; returns the crashes in a row with it (int).

    The file ``crashes`` holds ``"<save number> <count>"``: the count goes up when the app crashes again
    before any new save (the same snapshot), and starts at 1 otherwise. Returns 0 (and writes nothing)
    when there is no saved snapshot. ``boards.loop`` sets the session aside at the second crash in a row.
    """
    if not s.number:
        return 0
    count = 1
    data = s._read(CRASHES)
    if data:
        parts = data.split()
        if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit() and int(parts[0]) == s.number:
            count = int(parts[1]) + 1
    s._ensure_root()
    f = s._open(s.path(CRASHES), "wb")
    try:
        f.write(("%d %d\n" % (s.number, count)).encode())
    finally:
        s._close(f)
    return count


def free_room(s):
    """Delete what the session does not need to make room on a full flash: the older hand logs
    (``hands.1.log``) and the files set aside (``*.bad``, ``*.crashed``: snapshots, a lost session's journal).
    Returns ``(names, bytes)`` freed. The session, its backup, its journal and ``hands.log`` (the newest hand logs)
    are never touched."""
    names = []
    freed = 0
    for name in (OLD_LOG, SESSION + BAD, BACKUP + BAD, JOURNAL + BAD, TEMP + BAD, SESSION + CRASHED,
                 BACKUP + CRASHED, TEMP + CRASHED, LOG_TEMP):
        n = s._size(name)
        if n >= 0:
            s._remove(name)
            names.append(name)
            freed += n
    return names, freed


def read_log(s):
    """Every whole hand log line (str, without newline), oldest first, from ``hands.1.log`` then ``hands.log``.
    A last line without its newline (a write that did not finish) is not a hand log: skipped, as is a line that is
    not one (``damage.hand_lines``)."""
    from dealerbox.store.damage import hand_lines

    lines = []  # type: list
    for name in (OLD_LOG, LOG):
        data = s._read(name)
        if data:
            hand_lines(data, lines)
    return lines

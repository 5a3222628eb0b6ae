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
    ZERO,
    chunks,
    journal_line,
    log_lines,
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
    magic, number, size, mark, crc = _header(data[:nl])
    if len(data) < nl + 2 + size:
        raise ValueError(Reason("truncated (%d of %d bytes)", len(data), nl + 2 + size))
    body = memoryview(data)[nl + 1:nl + 1 + size]
    got = crc32(body, crc32(memoryview(data)[_FIELDS_AT:nl + 1])) if magic == MAGIC else crc32(body)
    if got != crc:
        raise ValueError(N_("checksum mismatch"))
    return number, nl + 1, size, mark, crc


def _header(line):
    """``(magic, save number, JSON length, log mark or None, crc)`` of a snapshot file's header line (bytes): the
    current ``DBX3`` layout, or ``DBX2`` / ``DBX1`` of earlier firmware (``DBX1``: no log mark). ValueError ``not a
    session file`` for anything else."""
    try:
        parts = line.decode().split()
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
    try:
        if not (num_s.isdigit() and size_s.isdigit() and mark_s.isdigit()):
            raise ValueError
        return magic, int(num_s), int(size_s), int(mark_s) if n == 5 else None, int(crc_s, 16)
    except ValueError:
        raise ValueError(N_("not a session file")) from None


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
    """True when the journal, its first line not chained to the snapshot, is the journal of the snapshot before it
    (``session.bak``: a save whose journal removal the power cut off, ``Store.save``), not damage: its first line
    chains to that snapshot's CRC. Else it is this snapshot's, damaged (``damage.journal`` says so: a bit flipped in
    line 1 dropped the hand's actions without a word before), and the hand logs its lines committed are kept.
    ``mark`` (the snapshot's log length) is kept for the callers."""
    crc = check_file(s, BACKUP)[2]
    data = s._read(JOURNAL) or b""
    nl = data.find(b"\n")
    line = journal_line(data[:nl]) if nl > 9 else None
    return crc is not None and line is not None and line[2] == crc32(memoryview(data)[:nl - 9], crc)


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
    reports = []  # type: list
    _fresh(s)
    _folders(s, reports)
    valid, bad = _scan(s)
    newest = valid[-1][0] if valid else 0
    got = _pick(s, valid, bad, validate)
    if got is None:
        _none_usable(s, newest, bad, reports)
        said(s, reports)
        return None
    number, name, mark, crc, obj = got
    s.number = number
    why = bad.get(SESSION)
    if why is None and name == BACKUP and not s._exists(SESSION):
        why = gone(s, number, validate)  # no session.json: what it held after this save is not known
    fallback = number < newest or why is not None and name == BACKUP  # an older save than the newest
    _say_used(s, name, number, why, bad, reports)
    _put_in_place(s, name, why)
    if name == SESSION:
        mark, damaged = _session_journal(s, crc, mark, number, reports)
        fallback = fallback or damaged
    elif fallback and name == BACKUP:   # the newest save lost: its journal's actions are lost, said in words
        mark = _backup_journal(s, crc, mark, number, reports)
    else:
        s._crc = crc  # the journal belongs to another snapshot: the next record starts a new one
    _catch_up(s, mark, number, fallback, reports)
    said(s, reports)
    return obj


def _fresh(s):
    """What ``load`` sets, before it looks at a file."""
    s.found = []
    s.report = None
    s.journal = []
    s.later = []
    s.later_why = ""
    s.lost = []
    s.aside = []        # the files found as folders and set aside, in words (ui/catchup.py keeps them in its report)
    s._known = True
    s._session_ok = False
    s._jsize = 0
    s._broken = False


def _folders(s, reports):
    """A save folder edited on a computer: a folder where a file should be is set aside as ``*.bad``, said."""
    for name in (SESSION, TEMP, BACKUP, JOURNAL, LOG, OLD_LOG):
        if s._is_folder(name) and set_aside_file(s, name, BAD):
            reports.append(Reason("%s was a folder, not a file: set aside.", name))
            s.aside = list(reports)


def _scan(s):
    """Each snapshot file checked (``check_file``): ``(valid, bad)``, the valid ones as ``(number, name, mark, crc)``
    oldest first, and ``{name: problem}``; a damaged ``session.json`` / ``session.bak`` set aside for study at once
    (before a save or a new session's clear replaces it)."""
    bad = {}
    valid = []
    for name in (SESSION, TEMP, BACKUP):
        number, mark, crc, problem = check_file(s, name)
        if problem is not None:
            s.found.append("%s: %s" % (name, problem))
            bad[name] = problem
        elif number is not None:
            s.found.append("%s: save %d ok" % (name, number))
            valid.append((number, name, mark, crc))
    for name in (SESSION, BACKUP):
        if name in bad:
            set_aside_file(s, name, BAD)
    valid.sort()
    return valid, bad


def _refused(obj, validate):
    """Why snapshot ``obj`` cannot be used (``validate``'s reason: a check that trips on it is a reason too), or
    None."""
    if validate is None:
        return None if isinstance(obj, dict) else N_("not a snapshot")
    try:
        return validate(obj)
    except Exception as err:  # noqa: BLE001 - a check that trips on the content: refused, never a crash
        return Reason("cannot be checked (%s: %s)", type(err).__name__, err)


def _pick(s, valid, bad, validate):
    """The newest valid snapshot the app's check accepts: ``(number, name, mark, crc, obj)``, or None; each one
    refused is said in ``found``, put in ``bad`` and set aside (an unreadable one left where it is)."""
    while valid:
        number, name, mark, crc = valid.pop()
        try:
            obj = parse(s, name)
            problem = _refused(obj, validate)
            if problem is None:
                return number, name, mark, crc, obj
            raise ValueError(problem)
        except OSError as e:
            s.found.append("%s: unreadable (%s)" % (name, e))
            bad[name] = N_("unreadable")
        except ValueError as e:
            s.found.append("%s: %s" % (name, e))
            bad[name] = str(e)
            set_aside_file(s, name, BAD)
    return None


def _none_usable(s, newest, bad, reports):
    """No snapshot is usable: a new session starts; the lost save's journal is kept with it for study."""
    s.number = newest
    s._broken = True
    s.found.append(N_("no valid saved session") if s.found else N_("no saved session"))
    why = bad.get(SESSION) or bad.get(BACKUP)   # (session.tmp alone: a first save cut short, no session lost)
    if why:
        reports.append(Reason("Save unusable (%s): a new session starts.", why))
        if s._exists(JOURNAL):
            set_aside_file(s, JOURNAL, BAD)


def _say_used(s, name, number, why, bad, reports):
    """Say which save is used and why (``why``: what happened to ``session.json``, or None)."""
    if name != SESSION:
        s.found.append("using %s (save %d): %s" % (
            name, number, "the power went during a save" if why is None else "session.json is damaged"))
        if why is not None:
            reports.append(Reason("Save damaged (%s): the one before it is used.", why))
            s.later_why = N_("the newest save was lost") if why == "missing" else \
                Reason("the newest save was damaged (%s)", why)
    elif TEMP in bad:
        s.found.append("using %s (save %d): a save was cut short by a power cut" % (name, number))
    elif bad:
        s.found.append("using %s (save %d)" % (name, number))


def _put_in_place(s, name, why):
    """The files as an uninterrupted save leaves them: ``session.bak`` used, a ``session.json`` left set aside; a
    whole ``session.tmp`` renamed into place (the save the power interrupted, finished)."""
    if name == BACKUP:
        if s._exists(SESSION):
            set_aside_file(s, SESSION, BAD)
        return
    if name == TEMP:
        if s._exists(SESSION):
            s._replace(SESSION, BACKUP if why is None else SESSION + BAD)
        s._replace(TEMP, SESSION)
    s._session_ok = True


def _session_journal(s, crc, mark, number, reports):
    """The journal of ``session.json`` (CRC ``crc``, log mark ``mark``): its good lines for the app, a damaged line
    said (``damage.journal``). Returns ``(mark, damaged)``: the log mark of its last good line, and True when what
    lost lines committed is not known."""
    recs, jmark, good, tail = read_journal(s, crc)
    s.journal = recs
    s._jsize = good
    if tail and recs:
        s._broken = True  # a bad line after good ones: the next write is a snapshot
    if recs:
        s.found.append("%s: %d action%s after save %d" % (JOURNAL, len(recs), "" if len(recs) == 1 else "s", number))
    damaged = False
    if tail and (recs or not first_line_whole(s, mark)):    # damage, unless a power cut tore the last line
        from dealerbox.store import damage
        damaged = damage.journal(s, len(recs), good, number, reports)
        s._broken = s._broken or damaged    # the next write a snapshot, which removes the damaged journal
    return (jmark if jmark is not None else mark), damaged


def _backup_journal(s, crc, mark, number, reports):
    """``session.bak`` used, the newest save lost: its own journal continued when there is one (the lost save was
    saved after it, no action since), else the lost save's actions counted (``damage.newer_journal``). Returns the
    log mark."""
    recs, jmark, good, tail = read_journal(s, crc)
    if not recs:
        s._crc = crc
        from dealerbox.store import damage
        damage.newer_journal(s, mark, reports)
        return mark
    s.journal = recs
    s._jsize = good
    s._broken = tail > 0
    s.found.append("%s: %d action%s after save %d" % (JOURNAL, len(recs), "" if len(recs) == 1 else "s", number))
    return jmark if jmark is not None else mark


def _catch_up(s, mark, number, fallback, reports):
    """``hands.log`` as the save committed it or more (``commit_log``); the whole lines after ``mark`` given to the
    app as ``later`` (caught up, never dealt again); garbage among them set aside with the file (``clean_log``)."""
    after = s._commit_log(mark, number, not fallback, reports)
    if not (fallback or after) or mark is None:
        return
    from dealerbox.store import damage
    s.later, dirty = damage.logged_after(s, mark, (OLD_LOG, LOG), reports)
    if s.later and not s.later_why:
        s.later_why = N_("the save is older than the hand log")
    if dirty is not None and clean_log(s, dirty):     # garbage after the mark: the file kept aside, a clean log
        reports.append(N_("hands.log set aside as hands.log.bad; a clean hand log goes on."))


def said(s, reports):
    """Set the store's ``reports`` (the sentences for the players: ``Reason`` or catalog key str, shown by
    ``lang.said``) and ``report`` (the same in English, one str, or None when there is none)."""
    s.reports = reports
    s.report = " ".join([str(r) for r in reports]) if reports else None


def commit_log(s, mark, number, trusted, reports):
    """Make ``hands.log`` what save ``number`` committed, or more: ``mark`` bytes (None: a DBX1 save, nothing known).
    Returns True when it holds whole lines after ``mark``: hands logged after the save (the power went before the
    journal line that would have committed one, the journal was lost, or an older save is used): never cut (a
    committed line of the hand log is never removed), ``load`` catches the session up with them (``later``).

    Only a partial last line (a write cut short: no hand) is cut, and said. Shorter than ``mark``: the log was
    damaged (or moved to ``hands.1.log`` by earlier firmware, exactly ``mark`` long: what ``hands.log`` holds is
    newer); ``reports`` says how much is missing (and that no hand log is left when ``hands.log`` is gone). The
    log is read from its end in small chunks (``last_line``): a boot needs no memory for a log of any size.
    ``trusted`` is kept for the callers (the newest save used); it changes nothing: the log wins.
    """
    size = s._size(LOG)
    if mark is None or size < 0 and not mark or size == mark:
        return False
    moved = 0 <= size < mark and s._size(OLD_LOG) == mark
    if size < mark and not moved:
        missing = mark - (size if size > 0 else 0)
        s.found.append("hands.log: %d bytes shorter than save %d recorded" % (missing, number))
        reports.append(Reason("Hand log damaged: %d bytes of hand logs are missing; every complete hand kept." if
                              size > 0 else "Hand log damaged: %d bytes of hand logs are missing; no hand log is left.",
                              missing))
    if size > 0:
        size = cut_partial(s, size, reports)
    if size > mark or moved and size > 0:
        s.found.append("hands.log: %d bytes logged after save %d: caught up, kept" % (
            size - (0 if moved else mark), number))
        return True
    return False


def clean_log(s, mark):
    """Set ``hands.log`` aside as ``hands.log.bad`` (kept whole, for study) and continue a clean log: its first
    ``mark`` bytes (the lines the save committed) and the hand lines after them, without the damaged lines (noise,
    garbage: ``damage.hand_lines``), streamed. True when done (a rename that fails leaves the log as it is)."""
    from dealerbox.store.damage import hand_lines

    if not set_aside_file(s, LOG, BAD):
        return False
    src = s._open(s.path(LOG + BAD), "rb")
    try:
        dst = s._open(s.path(LOG_TEMP), "wb")
        try:
            if mark:
                for part in chunks(src, mark):
                    dst.write(part)
            for ln in log_lines(s, LOG + BAD, mark):     # (dealerbox.store: read a line at a time)
                if ln and not hand_lines(ln + b"\n", []):     # a hand (or a session's genesis) line: kept
                    dst.write(ln + b"\n")
        finally:
            s._close(dst)
    finally:
        src.close()
    s._replace(LOG_TEMP, LOG)
    s._tip = None
    return True


def cut_partial(s, size, reports):
    """Cut a partial last line of ``hands.log`` (``size`` bytes long: a write cut short, no hand) so the next line
    starts whole, and say it; returns the log's size after."""
    span = last_line(s)
    end = span[1] + 1 if span is not None else 0
    if end < size:
        truncate_log(s, end)
        s._tip = None
        s.found.append("hands.log: a partial line of %d bytes cut" % (size - end))
        reports.append(Reason("A partial hand log (%d bytes) was removed.", size - end))
    return end


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


def last_line(s, name=LOG):
    """``(start, end)`` byte offsets of the last whole line of file ``name`` (``end`` its newline's offset), or None
    when it holds none; read from its end in 256-byte chunks (a log of any size in bounded memory)."""
    size = s._size(name)
    if size <= 0:
        return None
    f = s._open(s.path(name), "rb")
    try:
        end = None
        pos = size
        buf = bytearray(256)
        while pos > 0:
            k = 256 if pos >= 256 else pos
            pos -= k
            f.seek(pos)
            mv = memoryview(buf)[:k]
            f.readinto(mv)
            data = bytes(mv)
            i = k
            while True:
                i = data.rfind(b"\n", 0, i)
                if i < 0:
                    break
                if end is None:
                    end = pos + i
                elif pos + i < end:
                    return pos + i + 1, end
            if end is None and pos == 0:
                return None
        return (0, end) if end is not None else None
    finally:
        f.close()


def last_line_hash(s):
    """The hash (``dealerbox.store.line_hash``) of ``hands.log``'s last whole line, streamed in 64-byte chunks;
    ``ZERO`` when it has none."""
    from binascii import hexlify
    from hashlib import sha256

    span = last_line(s)
    if span is None:
        return ZERO
    h = sha256()
    f = s._open(s.path(LOG), "rb")
    try:
        f.seek(span[0])
        for part in chunks(f, span[1] - span[0]):
            h.update(bytes(part))
    finally:
        f.close()
    return hexlify(h.digest()).decode()

"""The session store's boot-time half: checking, choosing and loading a snapshot, crash records, the hand logs.

Loaded only while it is used (at boot, after a crash, to read the logs) and dropped again by
``dealerbox.store.Store``, whose methods ``load``, ``note_crash``, ``set_aside`` and ``read_log``
call the functions here with the store (``s``); a game in play needs only ``save`` and
``append_log`` (docs/device.md, Memory). The file format and the rules are described in
``dealerbox/store/saves.py``.
"""

import json

from dealerbox.store.saves import (
    BACKUP,
    BAD,
    CRASHES,
    LOG,
    MAGIC,
    OLD_LOG,
    OLD_MAGIC,
    SESSION,
    TEMP,
    _parts,
    crc32,
)


def encode(obj, number, mark=0):
    """The bytes of a snapshot file holding ``obj`` (JSON-able) as save ``number`` (int >= 1).

    ``mark``: the length of ``hands.log`` in bytes committed with this snapshot.
    """
    head, body, _size = _parts(obj, number, mark)
    if isinstance(body, str):
        body = body.encode()
    return head + body + b"\n"


def check(data):
    """Validate the bytes of a snapshot file without parsing its JSON.

    Returns ``(save number, body offset, body length, log mark)``: the mark is the length of
    ``hands.log`` the snapshot was saved with, or None in a ``DBX1`` file (which has none).
    Raises ValueError saying what is wrong: ``"empty"``, ``"no header"``,
    ``"not a session file"`` (also for a negative or non-decimal number in the header),
    ``"truncated (N of M bytes)"`` or ``"checksum mismatch"``.
    """
    if not data:
        raise ValueError("empty")
    nl = data.find(b"\n")
    if nl < 0:
        raise ValueError("no header")
    try:
        parts = data[:nl].decode().split()
    except UnicodeError:
        raise ValueError("not a session file") from None
    n = len(parts)
    if not (n == 5 and parts[0] == MAGIC or n == 4 and parts[0] == OLD_MAGIC):
        raise ValueError("not a session file")
    for i in (1, 3, 4)[:n - 2]:
        if not parts[i].isdigit():
            raise ValueError("not a session file")
    try:
        crc = int(parts[2], 16)
    except ValueError:
        raise ValueError("not a session file") from None
    number = int(parts[1])
    size = int(parts[3])
    if len(data) < nl + 2 + size:
        raise ValueError("truncated (%d of %d bytes)" % (len(data), nl + 2 + size))
    if crc32(memoryview(data)[nl + 1:nl + 1 + size]) != crc:
        raise ValueError("checksum mismatch")
    return number, nl + 1, size, int(parts[4]) if n == 5 else None


def decode(data):
    """``(save number, obj)`` from the bytes of a snapshot file.

    Raises ValueError as ``check`` does, or ``"bad JSON"``.
    """
    number, start, size, _mark = check(data)
    try:
        obj = json.loads(data[start:start + size])
    except ValueError:
        raise ValueError("bad JSON") from None
    return number, obj


def snapshot_problem(obj, version):
    """None when ``obj`` has the shape of the app's snapshot of ``version``, else what is wrong (str).

    The app's snapshot (ui/app.py ``App.snapshot``) is a dict: ``"v"`` (== ``version``, the
    UI's ``SNAPSHOT_VERSION``); ``"cfg"``, a dict with the ``"game"`` (str); ``"table"``
    (``Table.to_state``), a dict with ``"names"`` (2 or more), ``"stacks"`` and ``"bought_in"``
    (lists as long, of ints) and the ``"dealer"`` (int); ``"engine"``, a dict or None. What the
    resume screen and ``setup_flow.restore`` read first is checked here, so a snapshot of another
    firmware version or shape is refused before the app could crash on it at every boot.
    """
    if not isinstance(obj, dict):
        return "not a snapshot (JSON %s)" % type(obj).__name__
    v = obj.get("v")
    if v != version:
        return "snapshot version %r, this firmware reads %d" % (v, version)
    cfg = obj.get("cfg")
    if not isinstance(cfg, dict) or not isinstance(cfg.get("game"), str):
        return "snapshot without a valid 'cfg'"
    t = obj.get("table")
    ok = isinstance(t, dict) and isinstance(t.get("names"), list) and len(t["names"]) >= 2 and \
        isinstance(t.get("dealer"), int)
    for key in ("stacks", "bought_in"):
        x = t.get(key) if ok else None  # type: ignore[union-attr]
        ok = ok and isinstance(x, list) and len(x) == len(t["names"])  # type: ignore[index]
        for c in x if ok else ():  # type: ignore[union-attr]
            ok = ok and isinstance(c, int)
    if not ok:
        return "snapshot without a valid 'table'"
    e = obj.get("engine")
    if e is not None and not isinstance(e, dict):
        return "snapshot without a valid 'engine'"
    return None




def _check(s, name):
    """``(number, log mark, None)`` for a valid snapshot file ``name``, ``(None, None, problem)`` if not.

    The problem is None too when the file does not exist (number None).
    """
    try:
        data = s._read(name)
    except OSError as e:
        return None, None, "unreadable (%s)" % e
    if data is None:
        return None, None, None
    try:
        number, _start, _size, mark = check(data)
    except ValueError as e:
        return None, None, str(e)
    return number, mark, None

def valid(s, name):
    return _check(s, name)[0] is not None

def _candidates(s):
    """``[(name, number, mark, problem)]`` for the snapshot files there are (JSON not parsed)."""
    out = []  # type: list
    for name in (SESSION, TEMP, BACKUP):
        number, mark, problem = _check(s, name)
        if number is not None or problem is not None:
            out.append((name, number, mark, problem))
    return out

def _parse(s, name):
    """The snapshot in file ``name`` (checked already), read straight from the file.

    Raises ValueError (bad JSON, or ``snapshot_problem``'s words) or OSError.
    """
    f = open(s.path(name), "rb")
    try:
        f.readline()
        try:
            obj = json.load(f)
        except ValueError:
            raise ValueError("bad JSON") from None
    finally:
        f.close()
    version = s.version
    if version is None:
        from dealerbox.ui.modes import SNAPSHOT_VERSION as version
    problem = snapshot_problem(obj, version)
    if problem is not None:
        raise ValueError(problem)
    return obj

def scan_number(s):
    best = 0
    for _name, number, _mark, _problem in _candidates(s):
        if number is not None and number > best:
            best = number
    s.number = best

def _set_aside(s, name, suffix):
    s._replace(name, name + suffix)
    s.found.append("%s set aside as %s" % (name, name + suffix))

def load(s):
    """The newest usable snapshot (a dict), or None when there is none; never raises on bad files.

    Sets ``found`` to one line per snapshot file and a conclusion, e.g.
    ``["session.json: truncated (812 of 1530 bytes)", "session.bak: save 11 ok",
    "session.json set aside as session.json.bad", "using session.bak (save 11): session.json is damaged"]``,
    and ``report`` to a sentence for the players when a save was damaged or unusable (else None).
    Only the chosen file's JSON is parsed (straight from the file), to keep the heap small at boot.

    Then the files are put as an uninterrupted save leaves them: a save that was complete
    when the power went (``session.tmp`` whole, not yet renamed) is finished (it is the state
    after that save); a CRC-valid file that is not a snapshot of this firmware
    (``snapshot_problem``), and a damaged ``session.json`` when ``session.bak`` is used, are
    set aside as ``*.bad`` (so the next save cannot rename them over the last good copy);
    ``hands.log`` is cut back to the length the chosen snapshot recorded (a hand logged after
    it was never committed: it is replayed from the snapshot).
    """
    found = s.found = []
    s.report = None
    bad = {}
    valid = []
    for name, number, mark, problem in _candidates(s):
        if problem is not None:
            found.append("%s: %s" % (name, problem))
            bad[name] = problem
        else:
            found.append("%s: save %d ok" % (name, number))
            valid.append((number, name, mark))
    valid.sort()
    obj = None
    while valid:
        number, name, mark = valid.pop()
        try:
            obj = _parse(s, name)
            break
        except OSError as e:
            found.append("%s: unreadable (%s)" % (name, e))
            bad[name] = "unreadable"
        except ValueError as e:
            found.append("%s: %s" % (name, e))
            bad[name] = str(e)
            _set_aside(s, name, BAD)
    if obj is None:
        s.number = 0
        found.append("no valid saved session" if found else "no saved session")
        if SESSION in bad:
            s.report = "Save unusable (%s): a new session starts." % bad[SESSION]
        return None
    s.number = number
    s._session_ok = False
    why = bad.get(SESSION)
    if name != SESSION:
        found.append("using %s (save %d): %s" % (
            name, number, "the power went during a save" if why is None else "session.json is damaged"))
        if why is not None:
            s.report = "Save damaged (%s): the one before it is used." % why
    elif TEMP in bad:
        found.append("using %s (save %d): a save was cut short by a power cut" % (name, number))
    elif bad:
        found.append("using %s (save %d)" % (name, number))
    if name == BACKUP:
        if s._exists(SESSION):
            _set_aside(s, SESSION, BAD)
    elif name == TEMP:  # finish the save the power interrupted
        if s._exists(SESSION):
            s._replace(SESSION, BACKUP if why is None else SESSION + BAD)
        s._replace(TEMP, SESSION)
        s._session_ok = True
    else:
        s._session_ok = True
    s._commit_log(mark, number)
    return obj

def commit_log(s, mark, number):
    """Cut ``hands.log`` back to ``mark`` bytes, the length snapshot ``number`` was saved with.

    Longer: the tail was appended after that snapshot (the power went before the save that
    would have committed it) and is dropped. Shorter: the log was moved to ``hands.1.log``
    after the snapshot, and what ``hands.log`` holds now is newer than it: removed. (The log
    only moves when it is longer than the line that follows, so a moved log is never
    mistaken for a committed one of the same length; a hand log is ~2 KB, the limit 256 KB.)
    """
    if mark is None:  # a DBX1 snapshot: it recorded nothing
        return
    size = s._size(LOG)
    if size < 0 or size == mark:
        return
    if size > mark:
        s._truncate_log(mark)
    else:
        s._remove(LOG)
    s.found.append("hands.log: %d bytes logged after save %d dropped" % (size - mark if size > mark else size,
                                                                          number))

def set_aside(s):
    """Rename the snapshot files to ``*.crashed`` (a snapshot that crashes the app stays for study).

    Returns the list of names set aside. The next boot starts a new session; the hand logs stay.
    """
    moved = []
    for name in (SESSION, TEMP, BACKUP):
        if s._exists(name):
            s._replace(name, name + ".crashed")
            moved.append(name)
    s._remove(CRASHES)
    s.number = 0
    s._session_ok = False
    return moved

def note_crash(s):
    """Record a crash of the app with the current snapshot; returns the crashes in a row with it (int).

    The file ``crashes`` holds ``"<save number> <count>"``: the count goes up when the app
    crashes again before any new save (the same snapshot), and starts at 1 otherwise.
    Returns 0 (and writes nothing) when there is no saved snapshot. ``boards.loop`` sets the
    session aside at the second crash in a row, so a snapshot that crashes the app cannot
    trap the box in a loop of reboots.
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
    f = open(s.path(CRASHES), "wb")
    try:
        f.write(("%d %d\n" % (s.number, count)).encode())
        s._sync(f)
    finally:
        f.close()
    return count

def read_log(s):
    """Every whole hand log line (str, without newline), oldest first, from ``hands.1.log`` then ``hands.log``.

    A last line without its newline (a write that did not finish) is not a hand log: skipped.
    """
    lines = []
    for name in (OLD_LOG, LOG):
        data = s._read(name)
        if data:
            for ln in data[:data.rfind(b"\n") + 1].decode().split("\n"):
                if ln:
                    lines.append(ln)
    return lines

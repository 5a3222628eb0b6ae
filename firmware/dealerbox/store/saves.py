"""The power-cut-safe session store: snapshots at hand boundaries, a journal of actions, the hand logs.

Files under ``root`` (``/data`` on the box)::

    session.json   the newest snapshot (written at a deal, between hands, and when the journal is full)
    session.bak    the one before it (the previous good copy)
    session.tmp    a snapshot being written (exists only if the power went mid-save)
    session.jnl    the journal: the actions since the newest snapshot, one short line each
    hands.log      one JSON hand log per line (docs/engine.md), appended
    hands.1.log    the older hand logs once hands.log passed ``log_limit`` bytes
    crashes        "<save number> <count>": crashes of the app in a row with that snapshot
    names.json     the table's names kept for the next session (``save_names``)
    prefs.json     the box's settings kept across sessions: the language (``save_prefs``)
    *.bad          a snapshot file set aside by ``load`` (damaged, or refused by the app's check)
    *.crashed      a snapshot file set aside after crashes (``set_aside``)

Why this layout (docs/device.md, "Saves", has the figures): on littlefs2 a file rewritten or
appended to costs about one 4 KB erase per write once it is longer than the inline limit
(512 bytes on the Pico: block size / 8), while a file under it lives inside its directory's
metadata and most writes erase nothing. A whole snapshot (1-3 KB) after every action cost
2.3 erases and 6 KB programmed; a journal line of ~25 bytes appended to a file kept under
``JOURNAL_CAP`` costs one metadata commit (a 256-byte program, an erase every ~10 actions).

A snapshot file is one header line and the JSON text::

    DBX3 <crc32, 8 hex> <save number, 10 digits> <JSON length, 10 digits> <hands.log length, 10 digits>\\n
    {"...": ...}\\n

The CRC covers everything after it: the three numbers of the header (with the space and the
newline after them) and the JSON, so nothing that decides what is loaded is outside it.
``DBX2`` files (the header numbers outside the CRC) and ``DBX1`` files (no log length), written
by earlier firmware, are still read.

A journal line is ``<record> <hands.log length, hex> <crc32, 8 hex>\\n``: the record is the
app's (no spaces: ``"2.chaal.4"``), the CRC chains every line to the one before it and the first
to the snapshot's own CRC, so a line of another snapshot, a torn line and anything after it are
never used. ``record`` appends one line per action (``open(..., "ab")``, one write, close: on
littlefs2 the file changes at close or not at all; on a filesystem that tears writes, the CRC
drops the torn line). ``save`` writes a whole snapshot to ``session.tmp``, closes it, renames
``session.json`` over ``session.bak`` and then ``session.tmp`` over ``session.json``; the
journal of the old snapshot no longer chains and the next ``record`` starts it again.
Whatever instant the power goes, the files hold the session before or after the interrupted
write, whole (proved by tests/core/test_powercut.py and tests/device/powercut_app.py, which cut
the power at every block write).

The hand log and the session are committed together: a snapshot and every journal line record
how long ``hands.log`` was when they were written, and ``load()`` drops what the log gained after
the last of them (the app appends a hand's log, then records the action that ended the hand).

``fs`` (``os`` by default) gives ``rename``, ``remove``, ``stat``, ``mkdir`` and optionally
``open`` (else the builtin), ``fsync(file)`` (called before a written file is closed) and
``sync_dir(path)`` (called after a rename or a file creation in ``root``): a board whose
filesystem needs them (a Raspberry Pi) supplies them.

Errors: ``save``/``record``/``append_log`` raise ``OSError`` when the filesystem fails (errno 28:
the flash is full); what was committed before stays, and a failed ``record`` makes the next
``record`` refuse (returns False) until a ``save``. ``load`` never raises on bad files: it says
what it found (``found``, ``report``).
"""

import json
import sys

try:
    from binascii import crc32 as _crc32_c
except ImportError:  # a port built without binascii.crc32
    _crc32_c = None  # type: ignore[assignment]

from micropython import const


def N_(s):
    """``s`` unchanged: the catalog's marker of a text the screens show (``dealerbox.lang.N_``; the store imports
    only the primitives, so it keeps its own)."""
    return s


MAGIC = "DBX3"
OLD_MAGICS = ("DBX2", "DBX1")  # earlier formats: read, never written
SESSION = "session.json"
BACKUP = "session.bak"
TEMP = "session.tmp"
JOURNAL = "session.jnl"
LOG = "hands.log"
OLD_LOG = "hands.1.log"
LOG_TEMP = "hands.tmp"
CRASHES = "crashes"
NAMES = "names.json"        # the table's names kept across sessions (``load_names`` / ``save_names``)
NAMES_TEMP = "names.tmp"
PREFS = "prefs.json"        # the box's settings kept across sessions: the language (``load_prefs`` / ``save_prefs``)
PREFS_TEMP = "prefs.tmp"
BAD = ".bad"
CRASHED = ".crashed"
LOG_LIMIT = const(262144)  # bytes of hands.log before it moves to hands.1.log
JOURNAL_CAP = const(448)   # bytes of journal: under littlefs2's inline limit (512 on the Pico), docs/device.md
ENOSPC = const(28)

_STREAM = sys.implementation.name == "micropython"  # json.dump straight into a binary file (no big string)
_HEAD = "%s %08x %s"
_FIELDS = "%010d %010d %010d\n"
_HEAD_SIZE = const(47)
_CRC_AT = const(5)
_FIELDS_AT = const(14)
_CHUNK = const(256)
_ENOENT = const(2)
_EEXIST = const(17)


def crc32(data, crc=0):
    """CRC-32 of ``data`` (bytes) as an int 0..2**32-1, continuing ``crc``: ``binascii.crc32`` where the port has it."""
    if _crc32_c is not None:
        return _crc32_c(data, crc) & 0xFFFFFFFF
    from dealerbox.store.crc32 import crc32_py  # only on a port without binascii.crc32

    return crc32_py(data, crc)


def _buffer(text):
    """``text`` (str) as something with the buffer protocol, without a copy where the port allows it."""
    try:
        memoryview(text)
        return text
    except TypeError:
        return text.encode()


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
        raise ValueError(N_("truncated (%d of %d bytes)") % (len(data), nl + 2 + size))
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


def _chunks(f, size):
    """The next ``size`` bytes of file ``f`` as memoryview slices of one 256-byte buffer (each valid until the
    next); OSError(EIO) when the file ends first."""
    mv = memoryview(bytearray(_CHUNK))
    while size:
        k = f.readinto(mv[:size if size < _CHUNK else _CHUNK])
        if not k:
            raise OSError(5)
        yield mv[:k]
        size -= k

class Store:
    """Saves the session power-cut-safely in folder ``root``: snapshots, a journal of actions, hand logs.

    ``Store(root="/", fs=None, log_limit=LOG_LIMIT)``: ``fs`` as in the module docstring;
    ``log_limit`` the size in bytes at which ``hands.log`` becomes ``hands.1.log``.

    Attributes: ``number`` (int, the save number of the newest snapshot, 0 if none), ``journal``
    (list of str: the records ``load`` found after the snapshot it returned, oldest first),
    ``later`` (list of str: the hand logs committed after the snapshot ``load`` returned when its own record
    of them was lost - an older save used, or a damaged journal line - the app replays them: ``load``;
    ``later_why`` says in words why, e.g. ``"the newest save was damaged (checksum mismatch)"``),
    ``found`` (list of str: what ``load`` found, one line per file and what it did), ``report``
    (str or None: a sentence for the players when something was damaged or lost), counters
    ``bytes_written`` (bytes written to files), ``saves`` (snapshots), ``records`` (journal lines).
    """

    def __init__(self, root="/", fs=None, log_limit=LOG_LIMIT):
        if fs is None:
            import os as fs
        self.fs = fs
        self._open = open if getattr(fs, "__name__", "") in ("os", "uos") else getattr(fs, "open", open)
        self._fsync = getattr(fs, "fsync", None)
        self._sync_dir = getattr(fs, "sync_dir", None)
        self.root = root.rstrip("/")
        self.log_limit = log_limit
        self.number = 0
        self.journal = []  # type: list
        self.found = []  # type: list
        self.report = None  # type: str | None
        self.later = []  # type: list
        self.later_why = ""
        self.bytes_written = 0
        self.saves = 0
        self.records = 0
        self._ready = False
        self._known = False     # number/_crc/journal state known (loaded, saved or cleared)
        self._session_ok = False  # session.json is known to be a good snapshot (may become session.bak)
        self._crc = 0           # the CRC the next journal line chains to
        self._jsize = 0         # bytes in the journal (0: the next record starts it)
        self._broken = False    # a journal write failed or the journal has a bad tail: snapshot first

    # ---- files ----------------------------------------------------------------------------
    def path(self, name):
        """The full path of file ``name`` in the store's folder."""
        return self.root + "/" + name

    def _ensure_root(self):
        if not self._ready:
            if self.root:
                try:
                    self.fs.mkdir(self.root)
                except OSError as e:
                    if e.args[0] != _EEXIST:
                        raise
            self._ready = True

    def _size(self, name):
        """The length of file ``name`` in bytes, -1 when it does not exist."""
        try:
            return self.fs.stat(self.path(name))[6]
        except OSError:
            return -1

    def _exists(self, name):
        return self._size(name) >= 0

    def _remove(self, name):
        try:
            self.fs.remove(self.path(name))
        except OSError as e:
            if e.args[0] != _ENOENT:
                raise

    def _read(self, name):
        """The bytes of file ``name``, or None when it does not exist."""
        try:
            f = self._open(self.path(name), "rb")
        except OSError:
            return None
        try:
            return f.read()
        finally:
            f.close()

    def _close(self, f):
        if self._fsync is not None:
            self._fsync(f)
        f.close()

    def _synced(self):
        if self._sync_dir is not None:
            self._sync_dir(self.root or "/")

    def _replace(self, src, dst):
        """Rename ``src`` over ``dst``; littlefs and POSIX replace atomically, FAT needs the remove first."""
        try:
            self.fs.rename(self.path(src), self.path(dst))
        except OSError as e:
            if e.args[0] != _EEXIST:
                raise
            self.fs.remove(self.path(dst))
            self.fs.rename(self.path(src), self.path(dst))
        self._synced()

    # ---- snapshots ------------------------------------------------------------------------
    def _write_snapshot(self, f, obj, number, mark):
        """Write snapshot ``obj`` as save ``number`` (log ``mark``) into the open file ``f``; returns (bytes, crc).

        MicroPython: a blank header, the JSON streamed by ``json.dump`` (no string of the whole snapshot
        on the heap), the CRC read back in 256-byte chunks, then the header written over the blank one.
        """
        if not _STREAM:
            data = encode(obj, number, mark)
            f.write(data)
            return len(data), int(data[_CRC_AT:_CRC_AT + 8], 16)
        f.write(b" " * (_HEAD_SIZE - 1) + b"\n")
        json.dump(obj, f, separators=(",", ":"))  # type: ignore[call-overload]
        size = f.tell() - _HEAD_SIZE
        f.write(b"\n")
        fields = (_FIELDS % (number, size, mark)).encode()
        crc = crc32(fields)
        f.seek(_HEAD_SIZE)
        for part in _chunks(f, size):
            crc = crc32(part, crc)
        f.seek(0)
        f.write((_HEAD % (MAGIC, crc, "")).encode())
        f.write(fields)
        return _HEAD_SIZE + size + 1, crc

    def save(self, obj):
        """Save snapshot ``obj`` (a JSON-able dict) as the newest; returns the bytes written (int).

        ``session.json`` becomes ``session.bak`` (or ``session.json.bad`` when it is not a valid snapshot:
        the last good copy is never replaced by a damaged one) and ``session.tmp`` becomes ``session.json``.
        The snapshot commits the hand logs appended before it and starts a new journal. Raises OSError if
        the filesystem fails (the previous snapshot and its journal are then still the session; a partial
        ``session.tmp`` is removed) and TypeError/ValueError if ``obj`` is not JSON-able.
        """
        if not self._known:  # not loaded: continue after the newest number on flash, never reuse one
            self._scan_number()
        self._ensure_root()
        mark = self._size(LOG)
        f = self._open(self.path(TEMP), "w+b" if _STREAM else "wb")
        try:
            try:
                n, crc = self._write_snapshot(f, obj, self.number + 1, mark if mark > 0 else 0)
            finally:
                self._close(f)
        except BaseException:
            try:
                self._remove(TEMP)  # a full flash: give its blocks back
            except OSError:
                pass
            raise
        if self._exists(SESSION):
            if self._session_ok or self._valid(SESSION):
                self._replace(SESSION, BACKUP)
            else:
                self._replace(SESSION, SESSION + BAD)
        self._replace(TEMP, SESSION)
        self._session_ok = True
        self.number += 1
        self._crc = crc
        self._jsize = 0
        self._broken = False
        self._known = True
        self.journal = []
        self.saves += 1
        self.bytes_written += n
        return n

    def _check_file(self, name):
        """``(number, mark, crc, None)`` for a valid snapshot file ``name``, ``(None, None, None, problem)`` if not
        (problem None too when the file does not exist)."""
        try:
            data = self._read(name)
        except OSError as e:
            return None, None, None, N_("unreadable (%s)") % e
        if data is None:
            return None, None, None, None
        try:
            number, _start, _size, mark, crc = check(data)
        except ValueError as e:
            return None, None, None, str(e)
        return number, mark, crc, None

    def _valid(self, name):
        return self._check_file(name)[0] is not None

    def _scan_number(self):
        best = 0
        for name in (SESSION, TEMP, BACKUP):
            number = self._check_file(name)[0]
            if number is not None and number > best:
                best = number
        self.number = best
        self._broken = True  # the journal's state is not known: the first record after this must not append
        self._known = True

    # ---- the journal ----------------------------------------------------------------------
    def record(self, rec):
        """Append ``rec`` (str of printable ASCII, no spaces, 1-64 characters: one action) to the journal of
        the newest snapshot; returns True, or False when it was not written and a snapshot must be saved
        instead (no snapshot yet, the journal at ``JOURNAL_CAP`` bytes, or a journal write failed before).

        The line also records the length of ``hands.log``, committing the hand logs appended before it.
        Raises ValueError for a bad ``rec``, OSError when the filesystem fails (the journal is then as
        before on littlefs2; the next ``record`` returns False until a ``save``).
        """
        if not 0 < len(rec) <= 64 or " " in rec or "\n" in rec:
            raise ValueError(N_("bad journal record %r") % rec)
        if not self._known or not self.number or self._broken:
            return False
        mark = self._size(LOG)
        line, crc = self._line(rec, mark if mark > 0 else 0)
        if self._jsize + len(line) > JOURNAL_CAP:
            return False
        self._ensure_root()
        self._broken = True  # until the line is whole on flash
        f = self._open(self.path(JOURNAL), "ab" if self._jsize else "wb")
        try:
            f.write(line)
        finally:
            self._close(f)
        if not self._jsize:
            self._synced()
        self._broken = False
        self._jsize += len(line)
        self._crc = crc
        self.records += 1
        self.bytes_written += len(line)
        return True

    def _line(self, rec, mark):
        """The journal line (bytes) of ``rec`` with log length ``mark``, and its CRC (chained to the last line)."""
        text = ("%s %x" % (rec, mark)).encode()
        crc = crc32(text, self._crc)
        return text + (" %08x\n" % crc).encode(), crc

    def _read_journal(self, crc):
        """``(records, mark, good bytes, bad tail bytes)`` of the journal chained to snapshot CRC ``crc``."""
        data = self._read(JOURNAL)
        out = []  # type: list
        mark = None
        good = 0
        self._crc = crc
        if not data:
            return out, mark, 0, 0
        while True:
            nl = data.find(b"\n", good)
            if nl < 0:
                break
            parts = data[good:nl].split(b" ")
            if len(parts) != 3 or len(parts[2]) != 8:
                break
            text = memoryview(data)[good:nl - 9]
            try:
                ok = int(parts[2], 16) == crc32(text, crc)
                m = int(parts[1], 16)
            except ValueError:
                ok = False
            if not ok:
                break
            crc = int(parts[2], 16)
            out.append(parts[0].decode())
            mark = m
            good = nl + 1
        self._crc = crc
        return out, mark, good, len(data) - good

    # ---- load -----------------------------------------------------------------------------
    def _set_aside(self, name, suffix):
        self._replace(name, name + suffix)
        self.found.append("%s set aside as %s" % (name, name + suffix))

    def _parse(self, name):
        """The JSON of snapshot file ``name`` (checked already), read straight from the file; ValueError if bad."""
        f = self._open(self.path(name), "rb")
        try:
            f.readline()
            try:
                return json.load(f)
            except ValueError:
                raise ValueError(N_("bad JSON")) from None
        finally:
            f.close()

    def load(self, validate=None):
        """The newest usable snapshot (a dict), or None when there is none; never raises on bad files.

        ``validate``: the app's check, ``validate(obj) -> None`` or the reason (str) the snapshot cannot be
        used (version, shape, content: ui/snapcheck.py); a snapshot that fails it is set aside as ``*.bad``
        and the one before it used. Sets ``journal`` to the actions recorded after the snapshot returned
        (the app replays them), ``found`` (one line per file and what was done, e.g.
        ``["session.json: checksum mismatch", "session.bak: save 11 ok", "session.json set aside as
        session.json.bad", "using session.bak (save 11): session.json is damaged"]``) and ``report`` (a
        sentence for the players when something was damaged or lost, else None).

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
        found = self.found = []
        self.report = None
        self.journal = []
        self.later = []
        self.later_why = ""
        reports = []
        bad = {}
        valid = []
        for name in (SESSION, TEMP, BACKUP):
            number, mark, crc, problem = self._check_file(name)
            if problem is not None:
                found.append("%s: %s" % (name, problem))
                bad[name] = problem
            elif number is not None:
                found.append("%s: save %d ok" % (name, number))
                valid.append((number, name, mark, crc))
        valid.sort()
        newest = valid[-1][0] if valid else 0
        obj = None
        while valid:
            number, name, mark, crc = valid.pop()
            try:
                obj = self._parse(name)
                if validate is not None:
                    try:
                        problem = validate(obj)
                    except Exception as err:  # a check that trips on the content: refused, never a crash
                        problem = N_("cannot be checked (%s: %s)") % (type(err).__name__, err)
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
                self._set_aside(name, BAD)
            obj = None
        self._known = True
        self._session_ok = False
        self._jsize = 0
        self._broken = False
        if obj is None:
            self.number = newest
            self._broken = True
            found.append(N_("no valid saved session") if found else N_("no saved session"))
            if SESSION in bad:
                self.report = N_("Save unusable (%s): a new session starts.") % bad[SESSION]
            return None
        self.number = number
        why = bad.get(SESSION)
        fallback = number < newest or why is not None and name == BACKUP  # an older save than the newest
        if name != SESSION:
            found.append("using %s (save %d): %s" % (
                name, number, "the power went during a save" if why is None else "session.json is damaged"))
            if why is not None:
                reports.append(N_("Save damaged (%s): the one before it is used.") % why)
                self.later_why = N_("the newest save was damaged (%s)") % why
        elif TEMP in bad:
            found.append("using %s (save %d): a save was cut short by a power cut" % (name, number))
        elif bad:
            found.append("using %s (save %d)" % (name, number))
        if name == BACKUP:
            if self._exists(SESSION):
                self._set_aside(SESSION, BAD)
        elif name == TEMP:  # finish the save the power interrupted
            if self._exists(SESSION):
                self._replace(SESSION, BACKUP if why is None else SESSION + BAD)
            self._replace(TEMP, SESSION)
            self._session_ok = True
        else:
            self._session_ok = True
        if name == SESSION:
            recs, jmark, good, tail = self._read_journal(crc)
            self.journal = recs
            self._jsize = good
            if tail and recs:
                self._broken = True  # a bad line after good ones: the next write is a snapshot
            if recs:
                found.append("%s: %d action%s after save %d" % (JOURNAL, len(recs), "" if len(recs) == 1 else "s",
                                                               number))
            if tail and recs:   # a bad line after good ones: damage, unless a power cut tore the last line
                from dealerbox.store import damage
                if damage.journal(self, len(recs), good, number, reports):
                    fallback = True     # what the lost lines committed is not known: no hand log is cut
            if jmark is not None:
                mark = jmark
        else:
            self._crc = crc  # the journal belongs to another snapshot: the next record starts a new one
        self._commit_log(mark, number, not fallback, reports)
        if fallback and mark is not None:
            from dealerbox.store import damage
            self.later = damage.logged_after(self, mark, (OLD_LOG, LOG))
        if reports:
            self.report = " ".join(reports)
        return obj

    def _commit_log(self, mark, number, trusted, reports):
        """Make ``hands.log`` what save ``number`` committed: ``mark`` bytes (None: a DBX1 save, nothing known).

        Longer, ``trusted`` (the newest save is used) and ``mark`` at a line end: the tail was appended
        after the last commit (the power went before the journal line that would have committed it) and
        is cut. Shorter, with ``hands.1.log`` exactly ``mark`` long: the log moved after the commit, and
        what ``hands.log`` holds is newer: removed. Shorter otherwise: the log was damaged; every complete
        line is kept, a partial last line cut, and ``reports`` says how much is missing.
        """
        size = self._size(LOG)
        if mark is None or size < 0 and not mark or size == mark:
            return
        data = None
        if size > mark:
            if trusted:
                data = self._read(LOG) or b""
                if mark == 0 or data[mark - 1:mark] == b"\n":
                    self._truncate_log(mark)
                    self.found.append("hands.log: %d bytes logged after save %d dropped" % (size - mark, number))
                    return
            self.found.append("hands.log: %d bytes more than save %d recorded, kept" % (size - mark, number))
        elif trusted and size >= 0 and self._size(OLD_LOG) == mark:
            self._remove(LOG)
            self.found.append("hands.log: %d bytes logged after save %d dropped" % (size, number))
            return
        else:
            missing = mark - (size if size > 0 else 0)
            self.found.append("hands.log: %d bytes shorter than save %d recorded" % (missing, number))
            reports.append(N_("Hand log damaged: %d bytes of hand logs are missing; every complete hand kept.")
                           % missing)
        if size <= 0:
            return
        if data is None:
            data = self._read(LOG) or b""
        end = data.rfind(b"\n") + 1
        if end < len(data):  # a partial last line: not a hand; cut, so the next line starts whole
            self._truncate_log(end)
            self.found.append("hands.log: a partial line of %d bytes cut" % (len(data) - end))
            reports.append(N_("A partial hand log (%d bytes) was removed.") % (len(data) - end))

    def _truncate_log(self, size):
        """Keep the first ``size`` bytes of ``hands.log``: copied to ``hands.tmp``, renamed over it (MicroPython's
        files cannot be truncated; the copy and rename keep the log whole if the power goes meanwhile)."""
        if not size:
            self._remove(LOG)
            return
        src = self._open(self.path(LOG), "rb")
        try:
            dst = self._open(self.path(LOG_TEMP), "wb")
            try:
                for part in _chunks(src, size):
                    dst.write(part)
            finally:
                self._close(dst)
        finally:
            src.close()
        self._replace(LOG_TEMP, LOG)

    # ---- the rest -------------------------------------------------------------------------
    def clear(self):
        """Forget the saved session (a new session starts); the hand logs stay."""
        for name in (SESSION, TEMP, BACKUP, CRASHES, JOURNAL):
            self._remove(name)
        self.number = 0
        self.journal = []
        self._session_ok = False
        self._known = True
        self._broken = True

    def load_names(self):
        """The names kept from earlier sessions: ``(last, known)``, two lists of str (the seats' names of the last
        session, and every name typed, newest first); ``([], [])`` when there are none or the file is damaged (a
        torn write loses only the names, never a session)."""
        data = self._read(NAMES)
        try:
            d = json.loads(data) if data else {}
            last = [n for n in d.get("last", []) if isinstance(n, str)]
            known = [n for n in d.get("known", []) if isinstance(n, str)]
        except (ValueError, AttributeError, TypeError):
            return [], []
        return last, known

    def save_names(self, last, known):
        """Keep ``last`` (the seats' names) and ``known`` (names typed, newest first) for the next session:
        ``names.tmp`` written, synced and renamed over ``names.json`` (the session files are not touched)."""
        self._ensure_root()
        data = json.dumps({"last": list(last), "known": list(known)}).encode()
        f = self._open(self.path(NAMES_TEMP), "wb")
        try:
            f.write(data)
        finally:
            self._close(f)
        self.bytes_written += len(data)
        self._replace(NAMES_TEMP, NAMES)

    def load_prefs(self):
        """The box's settings kept across sessions and power cuts: a dict (``{"lang": "de"}``, ui/langpick.py);
        None when none were kept, ``{}`` when the file is damaged (a torn write loses only the settings)."""
        data = self._read(PREFS)
        if data is None:
            return None
        try:
            d = json.loads(data)
        except (ValueError, TypeError):
            return {}
        return d if isinstance(d, dict) else {}

    def save_prefs(self, prefs):
        """Keep ``prefs`` (a dict of JSON values) for the next boot: ``prefs.tmp`` written, synced and renamed
        over ``prefs.json``, as the names are (the session files are not touched). Raises OSError as ``save``."""
        self._ensure_root()
        data = json.dumps(prefs).encode()
        f = self._open(self.path(PREFS_TEMP), "wb")
        try:
            f.write(data)
        finally:
            self._close(f)
        self.bytes_written += len(data)
        self._replace(PREFS_TEMP, PREFS)

    def set_aside(self):
        """Rename the snapshot files to ``*.crashed`` (a snapshot that crashes the app stays for study).

        Returns the list of names set aside. The next boot starts a new session; the hand logs stay.
        """
        moved = []
        for name in (SESSION, TEMP, BACKUP):
            if self._exists(name):
                self._replace(name, name + CRASHED)
                moved.append(name)
        self._remove(CRASHES)
        self._remove(JOURNAL)
        self.number = 0
        self._session_ok = False
        self._known = True
        self._broken = True
        return moved

    def note_crash(self):
        """Record a crash of the app with the current snapshot; returns the crashes in a row with it (int).

        The file ``crashes`` holds ``"<save number> <count>"``: the count goes up when the app crashes again
        before any new save (the same snapshot), and starts at 1 otherwise. Returns 0 (and writes nothing)
        when there is no saved snapshot. ``boards.loop`` sets the session aside at the second crash in a row.
        """
        if not self.number:
            return 0
        count = 1
        data = self._read(CRASHES)
        if data:
            parts = data.split()
            if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit() and int(parts[0]) == self.number:
                count = int(parts[1]) + 1
        self._ensure_root()
        f = self._open(self.path(CRASHES), "wb")
        try:
            f.write(("%d %d\n" % (self.number, count)).encode())
        finally:
            self._close(f)
        return count

    def free_room(self):
        """Delete what the session does not need to make room on a full flash: the older hand logs
        (``hands.1.log``) and the files set aside (``*.bad``, ``*.crashed``). Returns ``(names, bytes)`` freed.
        The session, its backup, its journal and ``hands.log`` (the newest hand logs) are never touched."""
        names = []
        freed = 0
        for name in (OLD_LOG, SESSION + BAD, BACKUP + BAD, TEMP + BAD, SESSION + CRASHED, BACKUP + CRASHED,
                     TEMP + CRASHED, LOG_TEMP):
            n = self._size(name)
            if n >= 0:
                self._remove(name)
                names.append(name)
                freed += n
        return names, freed

    def read_log(self):
        """Every whole hand log line (str, without newline), oldest first, from ``hands.1.log`` then ``hands.log``.
        A last line without its newline (a write that did not finish) is not a hand log: skipped."""
        lines = []
        for name in (OLD_LOG, LOG):
            data = self._read(name)
            if data:
                for ln in data[:data.rfind(b"\n") + 1].decode().split("\n"):
                    if ln:
                        lines.append(ln)
        return lines

    def append_log(self, line):
        """Append one hand log as a line of ``hands.log``; returns the bytes written (int).

        ``line``: a str (or bytes) of JSON without a newline, or the hand log itself (a dict), written as
        ``json.dumps`` would (streamed into the file on MicroPython: no line-sized string on the heap). One
        open, write, close per line; if writing fails midway the log is cut back to where it was and the
        error raised, so no partial line stays. The line counts once the next ``record`` or ``save`` commits
        it (see ``load``). When the log would pass ``log_limit`` bytes it first becomes ``hands.1.log``.
        """
        self._ensure_root()
        whole = isinstance(line, dict)
        stream = whole and _STREAM
        if whole and not stream:
            line = json.dumps(line)
        data = None
        n = 1
        if not stream:
            data = _buffer(line) if isinstance(line, str) else line
            if not whole:
                n = len(memoryview(data)) + 1
        size = self._size(LOG)
        if size > n and size + n > self.log_limit:  # size > n: see _commit_log
            self._replace(LOG, OLD_LOG)
        f = self._open(self.path(LOG), "ab")
        start = 0
        try:
            f.seek(0, 2)
            start = f.tell()
            if stream:
                json.dump(line, f)
            else:
                f.write(data)  # type: ignore[arg-type]
            f.write(b"\n")
            n = f.tell() - start
        except BaseException:
            f.close()
            self._truncate_log(start)
            raise
        self._close(f)
        self.bytes_written += n
        return n

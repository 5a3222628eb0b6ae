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
    *.bad          a snapshot file set aside by ``load`` (damaged, or refused by the app's check), and
                   session.jnl.bad: the journal of a session none of whose saves is usable
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

from micropython import const

from dealerbox.store import (  # the files: the module docstring (the rest of the names: dealerbox.store)
    BACKUP,
    BAD,
    CRASHES,
    FIELDS,
    HEAD,
    JOURNAL,
    LOG,
    MAGIC,
    N_,
    NAMES,
    NAMES_TEMP,
    OLD_LOG,
    PREFS,
    PREFS_TEMP,
    SESSION,
    TEMP,
    chunks,
)
from dealerbox.store import checksum as crc32

_LOG_LIMIT = const(262144)  # bytes of hands.log before it moves to hands.1.log
JOURNAL_CAP = const(448)   # bytes of journal: under littlefs2's inline limit (512 on the Pico), docs/device.md

_STREAM = sys.implementation.name == "micropython"  # json.dump straight into a binary file (no big string)
_HEAD_SIZE = const(47)
_CRC_AT = const(5)
_ENOENT = const(2)
_EEXIST = const(17)
_EISDIR = const(21)


class Store:
    """Saves the session power-cut-safely in folder ``root``: snapshots, a journal of actions, hand logs.

    ``Store(root="/", fs=None, log_limit=262144)``: ``fs`` as in the module docstring;
    ``log_limit`` the size in bytes at which ``hands.log`` becomes ``hands.1.log``.

    Attributes: ``number`` (int, the save number of the newest snapshot, 0 if none), ``journal``
    (list of str: the records ``load`` found after the snapshot it returned, oldest first),
    ``later`` (list of str: the hand logs committed after the snapshot ``load`` returned when its own record
    of them was lost - an older save used, or a damaged journal line - the app replays them: ``load``;
    ``later_why`` says why, a ``Reason`` or str, e.g. ``"the newest save was damaged (checksum mismatch)"``),
    ``lost`` (list of ``Reason``: a sentence saying how many journal actions were lost with a lost newest save, and one
    saying how many damaged lines of the hand log after the save used were dropped, or none),
    ``found`` (list of str: what ``load`` found, one line per file and what it did), ``report``
    (str or None: a sentence for the players when something was damaged or lost, in English; ``reports`` the same
    as a list of ``Reason``, shown by ``lang.said``), counters
    ``bytes_written`` (bytes written to files), ``saves`` (snapshots), ``records`` (journal lines).
    """

    def __init__(self, root="/", fs=None, log_limit=_LOG_LIMIT):
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
        self.reports = []  # type: list
        self.later = []  # type: list
        self.later_why = ""
        self.lost = []  # type: list
        self.aside = []  # type: list  # the files found as folders and set aside at boot, in words (store/boot.py)
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

    def _is_folder(self, name):
        """True when ``name`` is a folder, not a file (a save folder edited by hand: ``store/boot.py`` sets it
        aside)."""
        try:
            return self.fs.stat(self.path(name))[0] & 0x4000 != 0
        except OSError:
            return False

    def _exists(self, name):
        return self._size(name) >= 0

    def _remove(self, name):
        try:
            self.fs.remove(self.path(name))
        except OSError as e:
            if e.args[0] != _ENOENT:
                raise

    def _read(self, name):
        """The bytes of file ``name``, or None when it does not exist (or is a folder: MicroPython's unix port
        opens one, then its read fails)."""
        try:
            f = self._open(self.path(name), "rb")
        except OSError:
            return None
        try:
            return f.read()
        except OSError as e:
            if e.args[0] != _EISDIR:
                raise
            return None
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
    def save(self, obj):
        """Save snapshot ``obj`` (a JSON-able dict) as the newest; returns the bytes written (int).

        ``session.json`` becomes ``session.bak`` (or ``session.json.bad`` when it is not a valid snapshot:
        the last good copy is never replaced by a damaged one) and ``session.tmp`` becomes ``session.json``.
        The snapshot commits the hand logs appended before it and starts a new journal (a journal known damaged, or
        left by a failed write, is removed once the snapshot is in place: never read again). Raises OSError if
        the filesystem fails (the previous snapshot and its journal are then still the session; a partial
        ``session.tmp`` is removed) and TypeError/ValueError if ``obj`` is not JSON-able.
        """
        if not self._known:  # not loaded: continue after the newest number on flash, never reuse one
            from dealerbox.store import boot

            boot.scan_number(self)
        self._ensure_root()
        mark = self._size(LOG)
        mark = mark if mark > 0 else 0
        f = self._open(self.path(TEMP), "w+b" if _STREAM else "wb")
        try:
            try:
                if _STREAM:
                    # MicroPython: a blank header, the JSON streamed by ``json.dump`` (no string of the whole
                    # snapshot on the heap), the CRC read back in 64-byte chunks, then the header written over the
                    # blank one
                    f.write(b" " * (_HEAD_SIZE - 1) + b"\n")
                    json.dump(obj, f, separators=(",", ":"))  # type: ignore[call-overload]
                    size = f.tell() - _HEAD_SIZE
                    f.write(b"\n")
                    fields = (FIELDS % (self.number + 1, size, mark)).encode()
                    crc = crc32(fields)
                    f.seek(_HEAD_SIZE)
                    for part in chunks(f, size):
                        crc = crc32(part, crc)
                    f.seek(0)
                    f.write((HEAD % (MAGIC, crc, "")).encode())
                    f.write(fields)
                    n = _HEAD_SIZE + size + 1
                else:  # CPython: the whole file as one bytes (store.boot.encode)
                    from dealerbox.store.boot import encode

                    data = encode(obj, self.number + 1, mark)
                    f.write(data)
                    n = len(data)
                    crc = int(data[_CRC_AT:_CRC_AT + 8], 16)
            finally:
                self._close(f)
        except BaseException:
            try:
                self._remove(TEMP)  # a full flash: give its blocks back
            except OSError:
                pass
            raise
        if self._exists(SESSION):
            ok = self._session_ok
            if not ok:  # not known good (never after a load or save of this store): checked, store.boot
                from dealerbox.store import boot

                ok = boot.check_file(self, SESSION)[0] is not None
            self._replace(SESSION, BACKUP if ok else SESSION + BAD)
        self._replace(TEMP, SESSION)
        self._session_ok = True
        self.number += 1
        self._crc = crc
        self._jsize = 0
        # a damaged journal (or one a failed write left) is never read again: a later boot would say its damage again
        # (the hand logs since caught up) or take it for an earlier save's; an OSError here leaves the store broken
        # (the next record refused, the next save removes it)
        if self._broken and self._exists(JOURNAL):
            self._remove(JOURNAL)
        self._broken = False
        self._known = True
        self.journal = []
        self.saves += 1
        self.bytes_written += n
        return n

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

    # ---- load, and the rare paths (dealerbox/store/boot.py, imported when first needed) -----
    def load(self, validate=None):
        """The newest usable snapshot (a dict), or None when there is none; never raises on bad files.

        ``validate``: the app's check, ``validate(obj) -> None`` or the reason (str) the snapshot cannot be
        used (version, shape, content: ui/snapcheck.py). Sets ``journal``, ``later``, ``found`` and ``report``,
        and puts the files back as an uninterrupted save leaves them: ``store.boot.load`` says how. With no
        snapshot file at all (a new box, or after ``clear``) the answer is None at once, without reading anything.
        """
        if self._size(SESSION) < 0 and self._size(TEMP) < 0 and self._size(BACKUP) < 0:
            self.found = [N_("no saved session")]
            self.report = None
            self.journal = []
            self.later = []
            self.later_why = ""
            self.lost = []
            self.number = 0
            self._known = self._broken = True
            self._session_ok = False
            self._jsize = 0
            return None
        from dealerbox.store import boot

        return boot.load(self, validate)

    def _commit_log(self, mark, number, trusted, reports):
        """Make ``hands.log`` what save ``number`` committed (``store.boot.commit_log``; a method so a test
        can replace it)."""
        from dealerbox.store import boot

        boot.commit_log(self, mark, number, trusted, reports)

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
            last = []
            for n in d.get("last", []):
                if isinstance(n, str):
                    last.append(n)
            known = []
            for n in d.get("known", []):
                if isinstance(n, str):
                    known.append(n)
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
        """Rename the snapshot files to ``*.crashed``; returns the names set aside (``store.boot.set_aside``)."""
        from dealerbox.store import boot

        return boot.set_aside(self)

    def note_crash(self):
        """Record a crash of the app with the current snapshot; the crashes in a row with it (``store.boot``)."""
        from dealerbox.store import boot

        return boot.note_crash(self)

    def free_room(self):
        """Delete the older hand logs and the files set aside; ``(names, bytes)`` freed (``store.boot``)."""
        from dealerbox.store import boot

        return boot.free_room(self)

    def read_log(self):
        """Every whole hand log line (str), oldest first (``store.boot.read_log``)."""
        from dealerbox.store import boot

        return boot.read_log(self)

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
            data = line
            if isinstance(line, str):   # something with the buffer protocol, without a copy where the port allows it
                try:
                    memoryview(line)  # type: ignore[arg-type]  # (a str has the buffer protocol on MicroPython)
                except TypeError:
                    data = line.encode()
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
            from dealerbox.store import boot

            boot.truncate_log(self, start)
            raise
        self._close(f)
        self.bytes_written += n
        return n

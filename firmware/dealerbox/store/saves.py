"""The power-cut-safe session store: snapshots at hand boundaries, a journal of actions, the hand logs.

Files under ``root`` (``/data`` on the box)::

    session.json   the newest snapshot (written at a deal, between hands, and when the journal is full)
    session.bak    the one before it (the previous good copy)
    session.tmp    a snapshot being written (exists only if the power went mid-save)
    session.jnl    the journal: the actions since the newest snapshot, one short line each
    hands.log      one JSON hand log per line (docs/engine.md), appended
    hands.<n>.log  older hand logs, whole sessions: a ``hands.log`` of ``LOG_CHUNK`` bytes or more moved here when
                   its session ended (``clear``, n = 2, 3, ...; ``hands.1.log``: earlier firmware's, or a
                   ``log_limit``'s); read, never removed but by the table's choice (``free_room``, ``drop_hands``)
    hands.tip      the hash of the last line of the hands the table dropped (``drop_hands``): the first line kept
                   chains to it (and the next one when none is left); tip.tmp while it is written
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
    CRASHED,
    CRASHES,
    FIELDS,
    GENESIS_KEY,
    HEAD,
    JOURNAL,
    LOG,
    LOG_TEMP,
    MAGIC,
    N_,
    NAMES,
    OLD_LOG,
    PREFS,
    SESSION,
    TEMP,
    TIP,
    TIP_TEMP,
    ZERO,
    chunks,
    last_line_hash,
    line_hash,
)
from dealerbox.store import checksum as crc32

JOURNAL_CAP = const(448)   # bytes of journal: under littlefs2's inline limit (512 on the Pico), docs/device.md
ROOM_RESERVE = const(16384)  # bytes kept for the session's own files (three snapshots, the journal, names, settings)
HAND_BYTES = const(1600)   # a hand line's bytes until the log holds one to measure (1.0-2.6 KB: docs/device.md)
LOW_HANDS = const(10)      # room for fewer hands than this: the table is warned between hands (``room_hands``)
LOG_CHUNK = const(131072)  # hands.log this long or longer when a session ends, the flash filling: an older file
ROOM_SPLIT = const(200)    # "the flash filling": room for fewer hands than this (about 7 evenings; ``clear``)
ROOM_AIM = const(60)       # "Drop old hands": the oldest files go until there is room for this many (``drop_hands``)

_STREAM = sys.implementation.name == "micropython"  # json.dump straight into a binary file (no big string)
_HEAD_SIZE = const(47)
_CRC_AT = const(5)
_ENOENT = const(2)
_EEXIST = const(17)
_EISDIR = const(21)


class Store:
    """Saves the session power-cut-safely in folder ``root``: snapshots, a journal of actions, hand logs.

    ``Store(root="/", fs=None, log_limit=0)``: ``fs`` as in the module docstring;
    ``log_limit`` the size in bytes at which ``hands.log`` becomes ``hands.1.log`` (0: never, the box keeps
    every hand in ``hands.log`` while the flash has room).

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

    Room (docs/device.md, "Room"): ``hands()`` the hands held, ``room()`` the bytes free, ``room_hands()`` how many
    more hands fit (``held()`` both); ``drop_hands()`` drops the oldest sessions when the table agreed; nothing else
    ever removes a hand.
    """

    def __init__(self, root="/", fs=None, log_limit=0):
        if fs is None:
            import os as fs
        self.fs = fs
        self._opener = open if getattr(fs, "__name__", "") in ("os", "uos") else getattr(fs, "open", open)
        self.fsync = getattr(fs, "fsync", None)         # the board's, or None (the module docstring)
        self.sync_dir = getattr(fs, "sync_dir", None)
        self.root = root.rstrip("/")
        self.log_limit = log_limit
        self.number = 0
        self.journal = []  # type: list
        self.found = []  # type: list
        self.report = None  # type: str | None
        self.reports = []  # type: list
        self.later = []  # type: list
        self.later_why = ""  # type: object
        self.lost = []  # type: list
        self.aside = []  # type: list  # the files found as folders and set aside at boot, in words (store/boot.py)
        self._tip = None        # the hash of hands.log's last line (``tip``), None until read
        self._hands = None      # the hands held (``hands``), None until counted
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

    def open(self, name, mode):
        """File ``name`` of the store's folder opened in ``mode`` (``fs.open`` or the builtin); OSError if not."""
        return self._opener(self.path(name), mode)

    def size(self, name):
        """The length of file ``name`` in bytes, -1 when it does not exist (>= 0: a file or a folder is there)."""
        try:
            return self.fs.stat(self.path(name))[6]
        except OSError:
            return -1

    def is_folder(self, name):
        """True when ``name`` is a folder, not a file (a save folder edited by hand: ``store/boot.py`` sets it
        aside)."""
        try:
            return self.fs.stat(self.path(name))[0] & 0x4000 != 0
        except OSError:
            return False

    def remove(self, name):
        """Remove file ``name``; nothing when it is not there, OSError when the filesystem fails."""
        try:
            self.fs.remove(self.path(name))
        except OSError as e:
            if e.args[0] != _ENOENT:
                raise

    def read(self, name):
        """The bytes of file ``name``, or None when it does not exist (or is a folder: MicroPython's unix port
        opens one, then its read fails)."""
        try:
            f = self.open(name, "rb")
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

    def close(self, f):
        """Close written file ``f``, synced first where the board needs it (``fs.fsync``)."""
        if self.fsync is not None:
            self.fsync(f)
        f.close()

    def _synced(self):
        if self.sync_dir is not None:
            self.sync_dir(self.root or "/")

    def replace(self, src, dst):
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
            from dealerbox.store.boot import newest_number

            self.number = newest_number(self)
            self._broken = True  # the journal's state is not known: the first record after this must not append
            self._known = True
        self._ensure_root()
        mark = self.size(LOG)
        mark = mark if mark > 0 else 0
        f = self.open(TEMP, "w+b" if _STREAM else "wb")
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
                self.close(f)
        except BaseException:
            try:
                self.remove(TEMP)  # a full flash: give its blocks back
            except OSError:
                pass
            raise
        if self.size(SESSION) >= 0:
            ok = self._session_ok
            if not ok:  # not known good (never after a load or save of this store): checked, store.boot
                from dealerbox.store.boot import check_file

                ok = check_file(self, SESSION)[0] is not None
            self.replace(SESSION, BACKUP if ok else SESSION + BAD)
        self.replace(TEMP, SESSION)
        self._session_ok = True
        self.number += 1
        self._crc = crc
        self._jsize = 0
        # the old snapshot's journal goes (a damaged one, or one a failed write left, is never read again): a journal
        # on flash is the newest snapshot's, or (the power cut before this removal) the one before's, whose first line
        # chains to session.bak (store.boot.Recovery._session_journal); anything else is damage, said in words. An
        # OSError here leaves the store broken (the next record refused, the next save removes it)
        if self.size(JOURNAL) >= 0:
            self._broken = True
            self.remove(JOURNAL)
        self._broken = False
        self._known = True
        self.journal = []
        self.later = []     # (the hand logs a load caught up with: this snapshot has them; not kept on the heap)
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
        mark = self.size(LOG)
        text = ("%s %x" % (rec, mark if mark > 0 else 0)).encode()
        crc = crc32(text, self._crc)    # (chained to the last line)
        line = text + (" %08x\n" % crc).encode()
        if self._jsize + len(line) > JOURNAL_CAP:
            return False
        self._ensure_root()
        self._broken = True  # until the line is whole on flash
        f = self.open(JOURNAL, "ab" if self._jsize else "wb")
        try:
            f.write(line)
        finally:
            self.close(f)
        if not self._jsize:
            self._synced()
        self._broken = False
        self._jsize += len(line)
        self._crc = crc
        self.records += 1
        self.bytes_written += len(line)
        return True

    # ---- load (dealerbox/store/boot.py's ``Recovery``, imported when first needed) -----------------
    def saved(self):
        """True when there is something for ``load`` to read: a snapshot file, a journal (its snapshot gone: said), or
        a folder where ``hands.log`` should be (set aside and said)."""
        return self.size(SESSION) >= 0 or self.size(TEMP) >= 0 or self.size(BACKUP) >= 0 or self.size(JOURNAL) > 0 \
            or self.is_folder(LOG)

    def load(self, validate=None):
        """The newest usable snapshot (a dict), or None when there is none; never raises on bad files.

        ``validate``: the app's check, ``validate(obj) -> None`` or the reason (str) the snapshot cannot be
        used (version, shape, content: ui/snapcheck.py). Sets ``journal``, ``later``, ``found`` and ``report``,
        and puts the files back as an uninterrupted save leaves them: ``store.boot.Recovery.load`` says how. With no
        snapshot file at all (a new box, or after ``clear``) the answer is None at once, without reading anything
        (unless ``hands.log`` is a folder: set aside and said, as ``Recovery`` does).
        """
        if not self.saved():
            self.found = [N_("no saved session")]
            self.reports = []
            self.journal = []
            self.later = []
            self.later_why = ""
            self.lost = []
            self.aside = []
            self.number = 0
            self._known = self._broken = True
            self._session_ok = False
            self._jsize = 0
            obj = None
            # the power cut a line short with no save on flash (a session's genesis line): the partial line cut and
            # said, so the next session's lines are not glued to it (its hand 1 would no longer chain)
            if self._torn():
                from dealerbox.store.boot import Recovery

                r = Recovery(self)
                try:
                    r.cut_partial(self.size(LOG))
                    self.found, self.reports = r.found, r.reports
                except OSError:     # (no room for the log's copy: the line stays, never a crash at boot)
                    pass
                self._tip = None
        else:
            from dealerbox.store.boot import Recovery

            r = Recovery(self)
            obj = r.load(validate)
            self.found, self.reports = r.found, r.reports
            self.journal, self.later, self.later_why = r.journal, r.later, r.later_why
            self.lost, self.aside = r.lost, r.aside
            self.number, self._crc, self._jsize, self._broken = r.number, r.crc, r.jsize, r.broken
            self._session_ok = r.session_ok
            self._known = True
            self._tip = self._hands = None      # the log may have been cut or cleaned: read again when needed
            # still no newline at its end: a committed line's damaged (Recovery cuts only what no save committed):
            # ended, so the next line is not glued to it (never cut); a write that fails leaves it as it was
            if self._torn():
                try:
                    f = self.open(LOG, "ab")
                    try:
                        f.write(b"\n")
                    finally:
                        self.close(f)
                    self.found.append("hands.log: its last line had no newline (damaged): one added")
                except OSError:
                    pass
        self.report = " ".join([str(x) for x in self.reports]) or None
        return obj

    def _torn(self):
        """True when ``hands.log`` ends without a newline: a write the power cut short (a filesystem that tears
        writes: a Raspberry Pi's; littlefs2 writes a file whole at close)."""
        size = self.size(LOG)
        if size <= 0:
            return False
        try:
            f = self.open(LOG, "rb")
            try:
                f.seek(size - 1)
                return f.read(1) != b"\n"
            finally:
                f.close()
        except OSError:     # (unreadable: nothing cut; ``load`` never raises on bad files)
            return False

    # ---- the rest -------------------------------------------------------------------------
    def clear(self):
        """Forget the saved session (a new session starts); the hand logs stay. Once the flash is filling (room for
        fewer than ``ROOM_SPLIT`` more hands), a ``hands.log`` of ``LOG_CHUNK`` bytes or more then joins the older
        files, whole, as ``hands.<n>.log`` (n one more than the newest's, 2 at least): the next session starts a new
        ``hands.log``, so the oldest sessions can later be dropped a file at a time (``drop_hands``) without copying
        the ones kept, which a nearly full flash has no room for (docs/device.md, "Room"). Done after the saves are
        gone: no save's mark is into the file moved, and a power cut between leaves the log whole under one name or
        the other."""
        for name in (BACKUP, TEMP, SESSION, CRASHES, JOURNAL):   # (the newest last: a cut between, it stands)
            self.remove(name)
        room = self.room()  # the flash filling: room for fewer than ROOM_SPLIT more hands (known: ``room_hands``;
        #                     with room for that many of 4 KB the hands are not counted)
        if self.size(LOG) >= LOG_CHUNK and room is not None and room - ROOM_RESERVE < ROOM_SPLIT * 4096 \
                and self.room_hands() < ROOM_SPLIT:
            files = self.older()
            k = int(files[-1][6:-4]) + 1 if files else 2
            self.replace(LOG, "hands.%d.log" % max(k, 2))
        self.number = 0
        self.journal = []
        self._session_ok = False
        self._known = True
        self._broken = True

    def load_names(self):
        """The names kept from earlier sessions: ``(last, known)``, two lists of str (the seats' names of the last
        session, and every name typed, newest first); ``([], [])`` when there are none or the file is damaged (a
        torn write loses only the names, never a session)."""
        data = self.read(NAMES)
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
        self._keep(NAMES, json.dumps({"last": list(last), "known": list(known)}).encode())

    def _keep(self, name, data, tmp=None):
        """File ``name`` = ``data`` (bytes): written whole to ``tmp`` (else ``name``'s ``.json`` as ``.tmp``:
        ``names.tmp``, ``prefs.tmp``), synced and renamed over it, so a power cut leaves the old file or the new one
        (the session's files are not touched). Raises OSError as ``save``."""
        self._ensure_root()
        tmp = tmp or name[:-4] + "tmp"
        f = self.open(tmp, "wb")
        try:
            f.write(data)
        finally:
            self.close(f)
        self.bytes_written += len(data)
        self.replace(tmp, name)

    def load_prefs(self):
        """The box's settings kept across sessions and power cuts: a dict (``{"lang": "de"}``, ui/langpick.py);
        None when none were kept, ``{}`` when the file is damaged (a torn write loses only the settings)."""
        data = self.read(PREFS)
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
        self._keep(PREFS, json.dumps(prefs).encode())

    def set_aside(self):
        """Rename the snapshot files to ``*.crashed`` (a snapshot that crashes the app stays for study).

        Returns the list of names set aside. The next boot starts a new session; the hand logs stay.
        """
        moved = []
        for name in (SESSION, TEMP, BACKUP):
            if self.size(name) >= 0:
                self.replace(name, name + CRASHED)
                moved.append(name)
        self.remove(CRASHES)
        self.remove(JOURNAL)
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
        data = self.read(CRASHES)
        if data:
            parts = data.split()
            if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit() and int(parts[0]) == self.number:
                count = int(parts[1]) + 1
        self._ensure_root()
        f = self.open(CRASHES, "wb")
        try:
            f.write(("%d %d\n" % (self.number, count)).encode())
        finally:
            self.close(f)
        return count

    def free_room(self):
        """Delete what the session does not need to make room on a full flash: the older hand logs
        (``hands.1.log``) and the files set aside (``*.bad``, ``*.crashed``: snapshots, a lost session's journal).
        Returns ``(names, bytes)`` freed. The session, its backup, its journal and ``hands.log`` (the newest hand logs)
        are never touched."""
        names = []
        freed = 0
        for name in (OLD_LOG, SESSION + BAD, BACKUP + BAD, JOURNAL + BAD, TEMP + BAD, SESSION + CRASHED,
                     BACKUP + CRASHED, TEMP + CRASHED, LOG_TEMP):
            n = self.size(name)
            if n >= 0:
                self.remove(name)
                names.append(name)
                freed += n
        return names, freed

    def older(self):
        """The files of older hands, oldest first (list of str): ``hands.1.log`` (earlier firmware) and the
        ``hands.<n>.log`` a session's end moved there (``clear``), in the order of their numbers. Listed with
        ``fs.listdir`` (else ``os.listdir``); a filesystem that cannot list gives ``hands.1.log`` alone."""
        ls = getattr(self.fs, "listdir", None)
        if ls is None:
            import os

            ls = os.listdir
        try:
            names = ls(self.root or "/")
        except OSError:
            names = [OLD_LOG] if self.size(OLD_LOG) >= 0 else []
        nums = []
        for name in names:
            mid = name[6:-4]
            if name[:6] == "hands." and name[-4:] == ".log" and mid.isdigit() and mid[:1] != "0" \
                    and not self.is_folder(name):   # (a folder made on a computer: no hands, never read)
                nums.append(int(mid))
        nums.sort()
        return ["hands.%d.log" % k for k in nums]

    def tip(self):
        """The hash of the last whole line of the hands held (64 hex digits, ``dealerbox.store.line_hash``): the
        ``prev`` the next line chains to, from ``hands.log`` or else the newest older file; with no line left the
        last dropped line's (``hands.tip``: ``drop_hands``); ``ZERO`` when there never was one. Read from the file's
        end in small chunks (``dealerbox.store.last_line``) once, then kept up to date by ``append_log``."""
        if self._tip is None:
            tip = None
            for name in (self.older() + [LOG])[::-1]:     # the newest file holding a line
                tip = last_line_hash(self, name)
                if tip:
                    break
            if tip is None:     # no line left: the hands the table dropped (``drop_hands``), or none
                raw = self.read(TIP) or b""     # (64 hex digits, else damaged: no tip; it was decoded, and raised)
                tip = raw.decode() if len(raw) == 64 and not raw.strip(b"0123456789abcdef") else ZERO
            self._tip = tip
        return self._tip

    # ---- room: the hands held and the flash left (docs/device.md, "Room") ----------------------------
    def _count(self, name):
        """The hand lines of file ``name``: its lines less its sessions' genesis lines (no hand), counted in 4 KB
        reads with ``bytes.count`` (in C), not a line at a time: the game screen counts them at boot, and a
        900 KB log took 50-100 ms line by line on the unix port, 15-20 ms so. A last line cut short (no newline)
        is not counted, as ``log_lines`` does not give it."""
        if self.size(name) <= 0:
            return 0
        n = 0
        tail = b""
        f = self.open(name, "rb")
        try:
            while True:
                chunk = f.read(4096)
                if not chunk:
                    return n
                # the genesis key across two reads: ``tail`` is shorter than it, so none is counted twice
                n += chunk.count(b"\n") - (tail + chunk).count(GENESIS_KEY)
                tail = chunk[-10:]
        finally:
            f.close()

    def hands(self):
        """The hands the box holds (int): the hand lines of the older files and ``hands.log``. Counted once, the
        files streamed a line at a time, then kept up to date by ``append_log`` and ``drop_hands`` (and counted again
        after a ``load`` that may have cut the log)."""
        if self._hands is None:
            n = 0
            for name in self.older() + [LOG]:
                n += self._count(name)
            self._hands = n
        return self._hands

    def room(self):
        """The bytes free on the store's filesystem (int): ``statvfs``'s ``f_bavail * f_frsize`` (``fs.statvfs``, else
        ``os.statvfs``); None where neither can say (a port without it, a filesystem error)."""
        stat = getattr(self.fs, "statvfs", None)
        if stat is None:
            import os

            stat = getattr(os, "statvfs", None)
        try:
            v = stat(self.root or "/") if stat is not None else None
        except OSError:
            return None
        return v[4] * v[1] if v is not None else None

    def room_hands(self):
        """How many more hands fit on the flash (int >= 0), or None when the room is not known: the bytes free
        (``room``) less ``ROOM_RESERVE`` (the session's own files), over the bytes a hand takes so far (``HAND_BYTES``
        before the box holds one). Under ``LOW_HANDS`` the table is warned between hands."""
        room = self.room()
        if room is None:
            return None
        n = self.hands()
        size = 0
        for name in self.older() + [LOG]:
            size += max(self.size(name), 0)
        return max(room - ROOM_RESERVE, 0) // (size // n if n and size >= n else HAND_BYTES)    # (bytes a hand)

    def held(self):
        """What the box holds, for the screens: ``(hands, room)``, the hands held (``hands``) and how many more fit
        (``room_hands``: None when not known)."""
        return self.hands(), self.room_hands()

    def drop_hands(self):
        """Drop the oldest hands to make room (only when the table agreed, asked twice: ui/roomnote.py): whole older
        files (``older``: each one or more whole sessions, ``clear``), oldest first, until the flash has room for
        ``ROOM_AIM`` more hands (one file at least; every one when the room is not known). ``hands.log`` - the session
        in play and the ones just before it - is never touched, nor the newest older file while ``hands.log`` holds
        no line. Returns ``(hands, bytes)`` dropped and freed (``(0, 0)``: nothing older to drop).

        The chain stays verifiable: before a file goes, the hash of its last line is written to ``hands.tip``; the
        first line kept chains to it (``prev``), so ``verify`` knows the log starts after hands the table dropped,
        and a copy taken off before (``make logs``) and the files kept verify as one chain. Power-cut-safe: a removal
        happens whole or not at all, the saves' marks are into ``hands.log`` alone, so a cut anywhere loses no kept
        line and reopens no hand (a cut after ``hands.tip`` is written keeps that file: it goes at the next drop).
        Raises OSError as ``save``."""
        files = self.older()
        if self.size(LOG) <= 0 and files:
            files.pop()
        held = self.hands()
        n = freed = 0
        for name in files:
            left = self.room_hands()
            if freed and left is not None and left >= ROOM_AIM:
                break
            tip = last_line_hash(self, name)
            if tip is not None:     # (a folder made on a computer in the place of hands.tip or tip.tmp: set aside
                for x in (TIP_TEMP, TIP):   # first, ``*.bad``: the drop goes on, never an errno)
                    if self.is_folder(x):
                        self.replace(x, x + BAD)
                self._keep(TIP, tip.encode(), TIP_TEMP)
            k = self._count(name)
            size = max(self.size(name), 0)
            self.remove(name)
            n += k
            freed += size
            self._hands = held - n
        self._tip = None
        return n, freed

    def truncate_log(self, size):
        """Keep the first ``size`` bytes of ``hands.log``: copied to ``hands.tmp``, renamed over it (MicroPython's
        files cannot be truncated; the copy and rename keep the log whole if the power goes meanwhile)."""
        self._tip = None
        if not size:
            self.remove(LOG)
            return
        src = self.open(LOG, "rb")
        try:
            dst = self.open(LOG_TEMP, "wb")
            try:
                for part in chunks(src, size):
                    dst.write(part)
            finally:
                self.close(dst)
        finally:
            src.close()
        self.replace(LOG_TEMP, LOG)

    def append_log(self, line):
        """Append one hand log as a line of ``hands.log``; returns the bytes written (int).

        ``line``: a str (or bytes) of JSON without a newline, or the hand log itself (a dict), written as
        ``json.dumps`` writes it. One open, write, close per line; if writing fails midway the log is cut back
        to where it was and the error raised, so no partial line stays. The line counts once the next ``record``
        or ``save`` commits it (see ``load``); ``tip()`` becomes its hash. With a ``log_limit`` (tests) the log
        first becomes ``hands.1.log`` when it would pass that many bytes; the box keeps every hand in
        ``hands.log`` (docs/device.md, "Room").
        """
        self._ensure_root()
        if isinstance(line, dict):
            line = json.dumps(line)
        data = line.encode() if isinstance(line, str) else bytes(line)
        n = len(data) + 1
        size = self.size(LOG)
        if self.log_limit and size > n and size + n > self.log_limit:
            self.replace(LOG, OLD_LOG)
            self._hands = None      # (tests: the older file's hands are gone)
        f = self.open(LOG, "ab")
        start = None        # (a seek or tell that fails wrote nothing: nothing to cut back, never the whole log)
        try:
            f.seek(0, 2)
            start = f.tell()
            f.write(data)
            f.write(b"\n")
            self.close(f)   # (a sync or close that fails is a failed write too: cut back, so it is written once)
        except BaseException:
            f.close()
            if start is not None:
                self.truncate_log(start)
            raise
        self._tip = line_hash(data)
        if self._hands is not None and GENESIS_KEY not in data:
            self._hands += 1
        self.bytes_written += n
        return n

"""The power-cut-safe session store: snapshots that survive a pulled battery, and the hand logs.

Files under ``root`` (``/data`` on the box)::

    session.json   the newest saved snapshot
    session.bak    the one before it (the previous good copy)
    session.tmp    a save in progress (exists only if the power went mid-save)
    hands.log      one JSON hand log per line (docs/engine.md), appended
    hands.1.log    the older hand logs once hands.log passed ``log_limit`` bytes
    crashes        "<save number> <count>": crashes of the app in a row with that snapshot
    *.bad          a snapshot file set aside by ``load`` (damaged, or not a snapshot of this firmware)
    *.crashed      a snapshot file set aside after crashes (``set_aside``)

A snapshot file is one header line and the JSON text::

    DBX2 <save number> <crc32 of the JSON, 8 hex digits> <length of the JSON> <hands.log length>\\n
    {"...": ...}\\n

``save(obj)`` writes the whole file to ``session.tmp``, closes it, renames
``session.json`` over ``session.bak`` and then ``session.tmp`` over
``session.json``. littlefs2 (the Pico's filesystem) makes a file's contents
visible only when it is closed and renames atomically, so whatever instant the
power goes, some file holds either the snapshot before the save or the one
after it, whole. ``load()`` reads all three, rejects any whose length,
checksum, JSON or shape is wrong, and returns the valid one with the highest
save number; ``found`` says what it found, in words, ``report`` what the
players should know. (Proven by tests/core/test_powercut.py, which cuts the
power at every block write.)

The hand log and the snapshot are committed together: every snapshot records
how long ``hands.log`` was when it was saved, and ``load()`` drops what the log
gained after the snapshot it uses (a hand whose last action the power cut off
before its save is replayed at resume; its first record must not stay). The
app appends a hand's log and then saves: the save is the commit.

Every write is small and whole-file: flash wears out, and ``bytes_written``
counts what this store wrote (``make bench`` reports it per action).
"""

import json
import sys

try:
    from binascii import crc32 as _crc32_c
except ImportError:  # a port built without binascii.crc32
    _crc32_c = None  # type: ignore[assignment]

from micropython import const

from dealerbox import unload

MAGIC = "DBX2"
OLD_MAGIC = "DBX1"  # the format before the log length was recorded (read, never written)
SESSION = "session.json"
BACKUP = "session.bak"
TEMP = "session.tmp"
LOG = "hands.log"
OLD_LOG = "hands.1.log"
LOG_TEMP = "hands.tmp"
CRASHES = "crashes"
BAD = ".bad"
LOG_LIMIT = const(262144)  # bytes of hands.log before it moves to hands.1.log

_STREAM = sys.implementation.name == "micropython"  # json.dump straight into a binary file
_HEAD = "%s %010d %08x %010d %010d\n"
_HEAD_SIZE = const(47)
_CHUNK = const(256)
_ENOENT = const(2)
_EEXIST = const(17)

def crc32(data, crc=0):
    """CRC-32 of ``data`` (bytes) as an int 0..2**32-1, continuing ``crc``: ``binascii.crc32`` where the port has it."""
    if _crc32_c is not None:
        return _crc32_c(data, crc) & 0xFFFFFFFF
    from dealerbox.store.crc32 import crc32_py  # loaded only on a port without binascii.crc32

    return crc32_py(data, crc)


def _buffer(text):
    """``text`` (str) as something with the buffer protocol, without a copy where the port allows it.

    MicroPython's str has the buffer protocol (its UTF-8 bytes): no copy of a snapshot of
    several KB on a nearly full heap. CPython's has not: there it is encoded.
    """
    try:
        memoryview(text)
        return text
    except TypeError:
        return text.encode()


def _parts(obj, number, mark):
    """The header line (bytes) and the JSON body (buffer) of a snapshot file, and the body's length in bytes."""
    body = _buffer(json.dumps(obj, separators=(",", ":")))
    size = len(memoryview(body))
    head = (_HEAD % (MAGIC, number, crc32(body), size, mark)).encode()
    return head, body, size


def _write_snapshot(f, obj, number, mark):
    """Write snapshot ``obj`` as save ``number`` (log ``mark``) into the open file ``f``; returns the bytes written.

    MicroPython: a blank header, the JSON streamed by ``json.dump`` (no string of the whole
    snapshot on the heap, which a fragmented heap may not have room for), the checksum read
    back in 256-byte chunks, then the header written over the blank one. Elsewhere: the
    encoded parts in three writes. The file is only visible whole, at close (littlefs2).
    """
    if not _STREAM:
        head, body, size = _parts(obj, number, mark)
        f.write(head)
        f.write(body)
        f.write(b"\n")
        return len(head) + size + 1
    f.write(b" " * (_HEAD_SIZE - 1) + b"\n")
    json.dump(obj, f, separators=(",", ":"))  # type: ignore[call-overload]
    size = f.tell() - _HEAD_SIZE
    f.write(b"\n")
    f.seek(_HEAD_SIZE)
    buf = bytearray(_CHUNK)
    mv = memoryview(buf)
    crc = 0
    left = size
    while left:
        k = f.readinto(mv[:left if left < _CHUNK else _CHUNK])
        if not k:
            raise OSError(5)
        crc = crc32(mv[:k], crc)
        left -= k
    f.seek(0)
    f.write((_HEAD % (MAGIC, number, crc, size, mark)).encode())
    return _HEAD_SIZE + size + 1


class Store:
    """Saves session snapshots power-cut-safely and appends hand logs, in folder ``root``.

    ``fs`` is the module giving ``rename``, ``remove``, ``stat`` and ``mkdir``
    (``os`` on the box and on the host; files are opened with the builtin
    ``open``). ``log_limit`` is the size in bytes at which ``hands.log`` is moved
    to ``hands.1.log`` (replacing the older one), so logs never fill the flash.
    ``version``: the snapshot version ``load`` accepts (default: the UI's
    ``SNAPSHOT_VERSION``, ui/modes.py).

    Attributes: ``number`` (int, the save number of the newest snapshot, 0 if
    none), ``found`` (list of str: what ``load`` found, one line per file and
    what it did), ``report`` (str or None: set by ``load``, a sentence for the
    players when a save was damaged or unusable, None when all was well),
    ``bytes_written`` (int: bytes written to files by this store), ``saves``
    (int: snapshots saved by this store).
    """

    def __init__(self, root="/", fs=None, log_limit=LOG_LIMIT, version=None):
        if fs is None:
            import os as fs
        self.fs = fs
        self.root = root.rstrip("/")
        self.log_limit = log_limit
        self.version = version
        self.number = 0
        self.found = []  # type: list
        self.report = None  # type: str | None
        self.bytes_written = 0
        self.saves = 0
        self._ready = False
        self._session_ok = False  # session.json is known to be a good snapshot (may become session.bak)
        self._cleared = False  # clear() removed every snapshot file: the next save is number 1, nothing to scan

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
            f = open(self.path(name), "rb")
        except OSError:
            return None
        try:
            return f.read()
        finally:
            f.close()

    def save(self, obj):
        """Save snapshot ``obj`` (a JSON-able dict) as the newest; returns the bytes written (int).

        Temporary file, close, rename: ``session.json`` becomes ``session.bak``
        and ``session.tmp`` becomes ``session.json``. A ``session.json`` that is not
        a valid snapshot never replaces ``session.bak`` (the last good copy): it is
        set aside as ``session.json.bad``. The snapshot records the length of
        ``hands.log``, committing the hand logs appended before it. Raises OSError
        if the filesystem fails (the previous snapshot is then still there) and
        TypeError/ValueError if ``obj`` is not JSON-able (nothing is renamed).
        """
        if not self.number and not self._cleared:  # not loaded: the newest number on flash, never reused
            self._boot("scan_number")
        self._ensure_root()
        mark = self._size(LOG)
        f = open(self.path(TEMP), "w+b" if _STREAM else "wb")
        try:
            n = _write_snapshot(f, obj, self.number + 1, mark if mark > 0 else 0)
            self._sync(f)
        finally:
            f.close()
        if self._exists(SESSION):
            if self._session_ok or self._boot("valid", SESSION):
                self._replace(SESSION, BACKUP)
            else:
                self._replace(SESSION, SESSION + BAD)
        self._replace(TEMP, SESSION)
        self._session_ok = True
        self.number += 1
        self.saves += 1
        self.bytes_written += n
        return n

    def _sync(self, f):
        """Before ``f`` (written) is closed: ``fs.fsync(f)`` when the fs has it (a Linux board's SD card needs
        it for the bytes to be on the card before a rename; littlefs2 has a file whole at close)."""
        sync = getattr(self.fs, "fsync", None)
        if sync is not None:
            sync(f)

    def _replace(self, src, dst):
        """Rename ``src`` over ``dst``; littlefs and POSIX replace atomically, FAT needs the remove first.
        Then ``fs.sync_dir(root)`` when the fs has it (on Linux a rename is durable once its folder is synced)."""
        try:
            self.fs.rename(self.path(src), self.path(dst))
        except OSError as e:
            if e.args[0] != _EEXIST:
                raise
            self.fs.remove(self.path(dst))
            self.fs.rename(self.path(src), self.path(dst))
        sync_dir = getattr(self.fs, "sync_dir", None)
        if sync_dir is not None:
            sync_dir(self.root or "/")

    def _boot(self, name, *args):
        """Call ``dealerbox.storeboot.<name>(self, *args)``: the boot-time half of the store is imported for the
        call and dropped after it (``sys.modules`` and the package), so it takes no heap during a game."""
        from dealerbox.store import boot as storeboot
        try:
            return getattr(storeboot, name)(self, *args)
        finally:
            unload("dealerbox.store.boot")

    def load(self):
        """The newest usable snapshot (a dict), or None when there is none; never raises on bad files.

        Sets ``found`` (list of str: one line per snapshot file and what was done) and ``report``
        (a sentence for the players when a save was damaged or unusable, else None); cuts
        ``hands.log`` back to the length the chosen snapshot recorded. See ``storeboot.load``.
        """
        return self._boot("load")

    def _commit_log(self, mark, number):
        """Cut ``hands.log`` back to ``mark`` bytes, the length snapshot ``number`` was saved with
        (``storeboot.commit_log``; called by ``load``)."""
        self._boot("commit_log", mark, number)

    def set_aside(self):
        """Rename the snapshot files to ``*.crashed``; returns the list of names set aside (``storeboot``)."""
        return self._boot("set_aside")

    def note_crash(self):
        """Record a crash of the app with the current snapshot; returns the crashes in a row with it (int;
        0 without a saved snapshot). See ``storeboot.note_crash``."""
        return self._boot("note_crash")

    def read_log(self):
        """Every whole hand log line (str, without newline), oldest first (``storeboot.read_log``)."""
        return self._boot("read_log")

    def _truncate_log(self, size):
        """Keep the first ``size`` bytes of ``hands.log``: copied to ``hands.tmp``, renamed over it.

        MicroPython's files cannot be truncated; the copy and rename keep the log whole if the
        power goes meanwhile (the next boot does it again).
        """
        if not size:
            self._remove(LOG)
            return
        src = open(self.path(LOG), "rb")
        try:
            dst = open(self.path(LOG_TEMP), "wb")
            try:
                buf = bytearray(_CHUNK)
                mv = memoryview(buf)
                left = size
                while left:
                    k = src.readinto(mv[:left if left < _CHUNK else _CHUNK])
                    if not k:
                        raise OSError(5)
                    dst.write(mv[:k])
                    left -= k
                self._sync(dst)
            finally:
                dst.close()
        finally:
            src.close()
        self._replace(LOG_TEMP, LOG)

    def clear(self):
        """Forget the saved session (a new session starts); the hand logs stay."""
        for name in (SESSION, TEMP, BACKUP, CRASHES):
            self._remove(name)
        self.number = 0
        self._session_ok = False
        self._cleared = True  # the first save of the new session needs no scan (no storeboot at the first deal)

    def append_log(self, line):
        """Append one hand log as a line of ``hands.log``; returns the bytes written (int).

        ``line``: a str (or bytes) of JSON without a newline, or the hand log itself (a dict), written
        as ``json.dumps`` would; on MicroPython a dict is streamed into the file with ``json.dump``, so
        no line-sized string is needed on the heap. One open, write, close per line, so on littlefs a
        line is either all there or not at all after a power cut; if writing fails midway (a value
        that is not JSON-able, no memory) the log is cut back to where it was and the error raised,
        so no partial line stays. The line counts once the next ``save`` commits it (see ``load``).
        When the log would pass ``log_limit`` bytes it first becomes ``hands.1.log`` (a streamed
        line's length is not known beforehand: the log moves once it holds ``log_limit`` bytes, so
        it may pass it by one line; a line longer than the log so far never moves it).
        """
        self._ensure_root()
        whole = isinstance(line, dict)  # its length is known once written: n = 1 for the check below
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
        f = open(self.path(LOG), "ab")
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
            self._sync(f)
        except BaseException:
            f.close()
            self._truncate_log(start)
            raise
        f.close()
        self.bytes_written += n
        return n


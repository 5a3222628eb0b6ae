"""The power-cut-safe session store: snapshots that survive a pulled battery, and the hand logs.

Files under ``root`` (``/data`` on the box)::

    session.json   the newest saved snapshot
    session.bak    the one before it (the previous good copy)
    session.tmp    a save in progress (exists only if the power went mid-save)
    hands.log      one JSON hand log per line (docs/engine.md), appended
    hands.1.log    the older hand logs once hands.log passed ``log_limit`` bytes

A snapshot file is one header line and the JSON text::

    DBX1 <save number> <crc32 of the JSON, 8 hex digits> <length of the JSON in bytes>\\n
    {"...": ...}\\n

``save(obj)`` writes the whole file to ``session.tmp``, closes it, renames
``session.json`` over ``session.bak`` and then ``session.tmp`` over
``session.json``. littlefs2 (the Pico's filesystem) makes a file's contents
visible only when it is closed and renames atomically, so whatever instant the
power goes, some file holds either the snapshot before the save or the one
after it, whole. ``load()`` reads all three, rejects any whose length,
checksum or JSON is wrong (a truncated or corrupt file), and returns the valid
one with the highest save number; ``report`` says what it found, in words.
(DESIGN.md, "Lessons from devices like this one"; proven by
tests/core/test_powercut.py, which cuts the power at every block write.)

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

MAGIC = "DBX1"
SESSION = "session.json"
BACKUP = "session.bak"
TEMP = "session.tmp"
LOG = "hands.log"
OLD_LOG = "hands.1.log"
LOG_LIMIT = const(262144)  # bytes of hands.log before it moves to hands.1.log

_STREAM = sys.implementation.name == "micropython"  # json.dump straight into a binary file
_HEAD = "%s %010d %08x %010d\n"
_HEAD_SIZE = const(36)
_CHUNK = const(256)
_ENOENT = const(2)
_EEXIST = const(17)

# CRC-32 (the ZIP / binascii polynomial) four bits at a time, for ports without binascii.crc32.
_CRC_NIBBLE = (
    0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC, 0x76DC4190, 0x6B6B51F4, 0x4DB26158, 0x5005713C,
    0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C, 0x9B64C2B0, 0x86D3D2D4, 0xA00AE278, 0xBDBDF21C,
)


def crc32_py(data, crc=0):
    """CRC-32 of ``data`` (bytes) in pure Python, equal to ``binascii.crc32(data, crc)``; an int 0..2**32-1."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc = (crc >> 4) ^ _CRC_NIBBLE[(crc ^ b) & 15]
        crc = (crc >> 4) ^ _CRC_NIBBLE[(crc ^ (b >> 4)) & 15]
    return crc ^ 0xFFFFFFFF


def crc32(data, crc=0):
    """CRC-32 of ``data`` (bytes) as an int 0..2**32-1, continuing ``crc``: ``binascii.crc32`` where the port has it."""
    if _crc32_c is not None:
        return _crc32_c(data, crc) & 0xFFFFFFFF
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


def _parts(obj, number):
    """The header line (bytes) and the JSON body (buffer) of a snapshot file, and the body's length in bytes."""
    body = _buffer(json.dumps(obj, separators=(",", ":")))
    size = len(memoryview(body))
    head = (_HEAD % (MAGIC, number, crc32(body), size)).encode()
    return head, body, size


def encode(obj, number):
    """The bytes of a snapshot file holding ``obj`` (JSON-able) as save ``number`` (int >= 1)."""
    head, body, _size = _parts(obj, number)
    if isinstance(body, str):
        body = body.encode()
    return head + body + b"\n"


def check(data):
    """Validate the bytes of a snapshot file without parsing its JSON: ``(save number, body offset, body length)``.

    Raises ValueError saying what is wrong: ``"empty"``, ``"no header"``,
    ``"not a session file"``, ``"truncated (N of M bytes)"`` or ``"checksum mismatch"``.
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
    if len(parts) != 4 or parts[0] != MAGIC:
        raise ValueError("not a session file")
    try:
        number = int(parts[1])
        crc = int(parts[2], 16)
        size = int(parts[3])
    except ValueError:
        raise ValueError("not a session file") from None
    if len(data) < nl + 2 + size:
        raise ValueError("truncated (%d of %d bytes)" % (len(data), nl + 2 + size))
    if crc32(memoryview(data)[nl + 1:nl + 1 + size]) != crc:
        raise ValueError("checksum mismatch")
    return number, nl + 1, size


def decode(data):
    """``(save number, obj)`` from the bytes of a snapshot file.

    Raises ValueError as ``check`` does, or ``"bad JSON"``.
    """
    number, start, size = check(data)
    try:
        obj = json.loads(data[start:start + size])
    except ValueError:
        raise ValueError("bad JSON") from None
    return number, obj


def _write_snapshot(f, obj, number):
    """Write snapshot ``obj`` as save ``number`` into the open file ``f``; returns the bytes written.

    MicroPython: a blank header, the JSON streamed by ``json.dump`` (no string of the whole
    snapshot on the heap, which a fragmented heap may not have room for), the checksum read
    back in 256-byte chunks, then the header written over the blank one. Elsewhere: the
    encoded parts in three writes. The file is only visible whole, at close (littlefs2).
    """
    if not _STREAM:
        head, body, size = _parts(obj, number)
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
    f.write((_HEAD % (MAGIC, number, crc, size)).encode())
    return _HEAD_SIZE + size + 1


class Store:
    """Saves session snapshots power-cut-safely and appends hand logs, in folder ``root``.

    ``fs`` is the module giving ``rename``, ``remove``, ``stat`` and ``mkdir``
    (``os`` on the box and on the host; files are opened with the builtin
    ``open``). ``log_limit`` is the size in bytes at which ``hands.log`` is moved
    to ``hands.1.log`` (replacing the older one), so logs never fill the flash.

    Attributes: ``number`` (int, the save number of the newest snapshot, 0 if
    none), ``report`` (list of str: what ``load`` found, one line per file),
    ``bytes_written`` (int: bytes written to files by this store), ``saves``
    (int: snapshots saved by this store).
    """

    def __init__(self, root="/", fs=None, log_limit=LOG_LIMIT):
        if fs is None:
            import os as fs
        self.fs = fs
        self.root = root.rstrip("/")
        self.log_limit = log_limit
        self.number = 0
        self.report = []
        self.bytes_written = 0
        self.saves = 0
        self._ready = False

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

    def _exists(self, name):
        try:
            self.fs.stat(self.path(name))
            return True
        except OSError:
            return False

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
        and ``session.tmp`` becomes ``session.json``. Raises OSError if the
        filesystem fails (the previous snapshot is then still there) and
        TypeError/ValueError if ``obj`` is not JSON-able (nothing is written).
        """
        if not self.number:
            self._scan_number()
        self._ensure_root()
        f = open(self.path(TEMP), "w+b" if _STREAM else "wb")
        try:
            n = _write_snapshot(f, obj, self.number + 1)
        finally:
            f.close()
        if self._exists(SESSION):
            self._replace(SESSION, BACKUP)
        self._replace(TEMP, SESSION)
        self.number += 1
        self.saves += 1
        self.bytes_written += n
        return n

    def _replace(self, src, dst):
        """Rename ``src`` over ``dst``; littlefs and POSIX replace atomically, FAT needs the remove first."""
        try:
            self.fs.rename(self.path(src), self.path(dst))
        except OSError as e:
            if e.args[0] != _EEXIST:
                raise
            self.fs.remove(self.path(dst))
            self.fs.rename(self.path(src), self.path(dst))

    def _candidates(self):
        """``[(name, number or None, problem or None)]`` for the snapshot files there are (JSON not parsed)."""
        out = []  # type: list
        for name in (SESSION, TEMP, BACKUP):
            try:
                data = self._read(name)
            except OSError as e:
                out.append((name, None, "unreadable (%s)" % e))
                continue
            if data is None:
                continue
            try:
                number = check(data)[0]
            except ValueError as e:
                out.append((name, None, str(e)))
                continue
            finally:
                data = None
            out.append((name, number, None))
        return out

    def _parse(self, name):
        """The snapshot in file ``name`` (checked already), read straight from the file; ValueError if bad."""
        f = open(self.path(name), "rb")
        try:
            f.readline()
            return json.load(f)
        finally:
            f.close()

    def _scan_number(self):
        best = 0
        for _name, number, _problem in self._candidates():
            if number is not None and number > best:
                best = number
        self.number = best

    def load(self):
        """The newest valid snapshot (a dict), or None when there is none; never raises on bad files.

        Sets ``report`` to one line per snapshot file found and a conclusion, e.g.
        ``["session.json: truncated (812 of 1530 bytes)", "session.bak: save 11 ok",
        "using session.bak (save 11): session.json is damaged"]``.
        A save that was complete when the power went (``session.tmp`` whole,
        not yet renamed) counts: it is the state after that save. Only the chosen
        file's JSON is parsed (straight from the file), to keep the heap small at boot.
        """
        report = []
        problems = {}
        valid = []
        for name, number, problem in self._candidates():
            if problem is not None:
                report.append("%s: %s" % (name, problem))
                problems[name] = problem
            else:
                report.append("%s: save %d ok" % (name, number))
                valid.append((number, name))
        self.report = report
        valid.sort()
        obj = None
        while valid:
            number, name = valid.pop()
            try:
                obj = self._parse(name)
                break
            except (ValueError, OSError):
                report.append("%s: bad JSON" % name)
                problems[name] = "bad JSON"
        if obj is None:
            self.number = 0
            report.append("no valid saved session" if report else "no saved session")
            return None
        self.number = number
        if name != SESSION:
            why = "session.json is damaged" if SESSION in problems else "the power went during a save"
            report.append("using %s (save %d): %s" % (name, number, why))
        elif TEMP in problems:
            report.append("using %s (save %d): a save was cut short by a power cut" % (name, number))
        elif problems:
            report.append("using %s (save %d)" % (name, number))
        return obj

    def clear(self):
        """Forget the saved session (a new session starts); the hand logs stay."""
        for name in (SESSION, TEMP, BACKUP):
            try:
                self.fs.remove(self.path(name))
            except OSError as e:
                if e.args[0] != _ENOENT:
                    raise
        self.number = 0

    def set_aside(self):
        """Rename the snapshot files to ``*.crashed`` (a snapshot that crashes the app stays for study).

        Returns the list of names set aside. The next boot starts a new session; the hand logs stay.
        """
        moved = []
        for name in (SESSION, TEMP, BACKUP):
            if self._exists(name):
                self._replace(name, name + ".crashed")
                moved.append(name)
        self.number = 0
        return moved

    def append_log(self, line):
        """Append one hand log as a line of ``hands.log``; returns the bytes written (int).

        ``line``: a str (or bytes) of JSON without a newline, or the hand log itself (a dict), written
        as ``json.dumps`` would; on MicroPython a dict is streamed into the file with ``json.dump``, so
        no line-sized string is needed on the heap. One open, write, close per line, so on littlefs a
        line is either all there or not at all after a power cut. When the log would pass
        ``log_limit`` bytes it first becomes ``hands.1.log`` (a streamed line's length is not known
        beforehand: the log moves once it holds ``log_limit`` bytes, so it may pass it by one line).
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
        try:
            size = self.fs.stat(self.path(LOG))[6]
        except OSError:
            size = 0
        if size and size + n > self.log_limit:
            self._replace(LOG, OLD_LOG)
        f = open(self.path(LOG), "ab")
        try:
            if stream:
                f.seek(0, 2)
                start = f.tell()
                json.dump(line, f)
                n = f.tell() - start + 1
            else:
                f.write(data)
                n = len(memoryview(data)) + 1
            f.write(b"\n")
        finally:
            f.close()
        self.bytes_written += n
        return n

    def read_log(self):
        """Every hand log line (str, without newline), oldest first, from ``hands.1.log`` then ``hands.log``."""
        lines = []
        for name in (OLD_LOG, LOG):
            data = self._read(name)
            if data:
                for ln in data.decode().split("\n"):
                    if ln:
                        lines.append(ln)
        return lines

"""Helpers of the store tests (no tests here): a flash that fills up, folders in /tmp. Both interpreters."""

import os


def _tmpdir():
    name = "/tmp/dbx-store-" + "".join("%02x" % b for b in os.urandom(4))
    os.mkdir(name)
    return name


def _clean(d):
    """Remove the store folder ``d`` and everything in it (a file set aside as a folder included)."""
    for name in os.listdir(d):
        p = d + "/" + name
        if os.stat(p)[0] & 0x4000:
            _clean(p)
        else:
            os.remove(p)
    os.rmdir(d)


def _read(path):
    """The bytes of file ``path``, or None when it is not there or is a folder (MicroPython opens one, then its read
    fails)."""
    try:
        f = open(path, "rb")
    except OSError:
        return None
    try:
        return f.read()
    except OSError:
        return None
    finally:
        f.close()


def _write(path, data):
    f = open(path, "wb")
    f.write(data)
    f.close()


try:
    from io import IOBase
except ImportError:  # pragma: no cover
    IOBase = object


class _Limited(IOBase):
    """A file whose writes raise OSError 28 (ENOSPC) once the flash (``fs.room`` bytes) is full."""

    def __init__(self, f, fs):
        self.f = f
        self.fs = fs

    def write(self, data):
        n = len(data)
        if n > self.fs.room:
            raise OSError(28, "No space left on device")
        self.fs.room -= n
        return self.f.write(data)

    def readinto(self, buf):
        return self.f.readinto(buf)

    def read(self, *a):
        return self.f.read(*a)

    def readline(self):
        return self.f.readline()

    def seek(self, *a):
        return self.f.seek(*a)

    def tell(self):
        return self.f.tell()

    def flush(self):
        return self.f.flush()

    def close(self):
        self.f.close()


class FullFs:
    """``os`` with a flash that fills up: a written file past ``room`` bytes raises OSError 28 (ENOSPC)."""

    def __init__(self, room):
        self.room = room
        self.stat = os.stat
        self.rename = os.rename
        self.remove = os.remove
        self.mkdir = os.mkdir

    def open(self, path, mode="r"):
        f = open(path, mode)
        if "r" in mode and "+" not in mode:
            return f
        return _Limited(f, self)


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


class StatFs:
    """``os`` whose ``statvfs`` says ``free`` blocks of 4096 bytes are free (``f_bavail``); ``free=None``: it fails
    (a filesystem that cannot say)."""

    def __init__(self, free):
        self.free = free
        self.stat = os.stat
        self.rename = os.rename
        self.remove = os.remove
        self.mkdir = os.mkdir
        self.calls = 0

    def statvfs(self, path):
        self.calls += 1
        if self.free is None:
            raise OSError(5)
        return (4096, 4096, 256, self.free + 3, self.free, 0, 0, 0, 0, 255)


class RoomFs(StatFs):
    """``os`` on a flash of ``size`` bytes: what ``statvfs`` says is free is ``size`` less the bytes of the files in
    folder ``root`` (so a file removed gives its bytes back, as on the box)."""

    def __init__(self, root, size):
        super().__init__(0)
        self.root = root
        self.size = size

    def statvfs(self, path):
        used = 0
        for name in os.listdir(self.root):
            used += os.stat(self.root + "/" + name)[6]
        self.free = (self.size - used) // 4096
        return super().statvfs(path)


def _laid_out(files):
    """A new store folder holding ``files`` (name -> bytes, None: a folder of that name in its place); its path."""
    d = _tmpdir()
    for name in files:
        if files[name] is None:
            os.mkdir(d + "/" + name)
        else:
            _write(d + "/" + name, files[name])
    return d


def decode(data):
    """``(save number, obj)`` from the bytes of a snapshot file, read as the store reads one (``store.boot.check``,
    then the JSON); ValueError as ``check``, or ``"bad JSON"``."""
    import json

    from dealerbox.store.boot import check

    number, start, size, _mark, _crc = check(data)
    try:
        obj = json.loads(data[start:start + size])
    except ValueError:
        raise ValueError("bad JSON") from None
    return number, obj


def read_log(store):
    """Every whole hand log line (str, without newline) the ``Store`` ``store`` holds, oldest first, from its older
    files (``older``) then ``hands.log``: what a replay reads. A last line without its newline (a write that did not
    finish) is not a hand log: skipped, as is a line that is not one (``damage.hand_lines``), and a genesis line."""
    from dealerbox.store.damage import hand_lines

    lines = []  # type: list
    for name in store.older() + ["hands.log"]:
        data = store.read(name)
        if data:
            hand_lines(data, lines)
    return lines

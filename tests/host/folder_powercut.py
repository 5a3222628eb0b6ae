"""The power-cut harness for the Raspberry Pi's folder store (no tests here): a crash at every syscall.

``powercut_util.PowerCut`` cuts littlefs2's block writes under MicroPython; on Linux the store
sits on ext4 behind the page cache, where what survives a power cut is decided per syscall.
``Disk`` models one folder at that level, as POSIX promises it and no better:

* ``write`` lands in the page cache; only ``fsync`` of the file makes its bytes durable;
* creating, renaming and removing a name are durable only once the folder is fsynced
  (``sync_dir``); before that, any prefix of them (in order, as ext4's journal keeps them)
  may have reached the card;
* the power goes before syscall k (open, write, fsync, close, rename, remove, mkdir,
  sync_dir): that call and all later ones fail with EIO; a write in flight may land half.

The card after the cut is any of: each prefix of the folder's unsynced name changes, with
each file holding either only its fsynced bytes or everything written (``crash_images``).
Every such card is booted (a fresh ``Disk`` with it, the store loaded) and must give exactly
the state before the step or the state after it. The files are opened by the store with the
builtin ``open``, which is routed to the model for paths under ``ROOT`` while a store runs.

``FolderPowerCut`` stands in for the store (whatever its methods), so the same sessions and the
same app rig run on it under CPython: every call that writes is cut at every syscall.
"""

import builtins
import copy

from dealerbox.boards.pi import PiFs
from dealerbox.store.saves import Store
from store_util import read_log

ROOT = "/dealerbox-model/data"
_EIO = 5
_ENOENT = 2
_EEXIST = 17
_real_open = builtins.open


class Inode:
    """A file's bytes: ``data`` as written (page cache), ``synced`` as on the card."""

    def __init__(self, data=b""):
        self.data = bytearray(data)
        self.synced = bytes(data)


class Disk:
    """One folder (``ROOT``) and its files as the card and the page cache hold them (see the module docstring).

    ``cut_after(k, torn)``: allow ``k`` more syscalls, then the power is off. ``calls`` counts syscalls.
    """

    def __init__(self, image=None):
        self.names = {}            # path -> Inode, as the running system sees them
        self.durable = {}          # path -> Inode, the names on the card
        self.dirs = {"/dealerbox-model"}
        self.durable_dirs = set(self.dirs)
        self.pending = []          # name changes since the last sync_dir: (op, args)
        self.calls = 0
        self.budget = -1
        self.torn = False
        self.dead = False
        if image is not None:
            dirs, files = image
            self.dirs = set(dirs)
            self.durable_dirs = set(dirs)
            for path, data in files:
                self.names[path] = self.durable[path] = Inode(data)

    def cut_after(self, k, torn=False):
        self.budget = k
        self.torn = torn
        self.dead = False

    def tick(self, in_flight=None):
        """One syscall; raises OSError(EIO) once the power is off. ``in_flight()`` lands half a write."""
        if self.dead:
            raise OSError(_EIO, "power off")
        if self.budget == 0:
            self.dead = True
            if in_flight is not None and self.torn:
                in_flight()
            raise OSError(_EIO, "power off")
        if self.budget > 0:
            self.budget -= 1
        self.calls += 1

    def change(self, op, *args):
        self.pending.append((op, args))

    def sync_dir(self):
        self.durable = dict(self.names)
        self.durable_dirs = set(self.dirs)
        self.pending = []

    def crash_images(self):
        """The cards the power cut may have left: a set of (dirs, files) with files = ((path, bytes), ...)."""
        out = set()
        for p in range(len(self.pending) + 1):
            names = dict(self.durable)
            dirs = set(self.durable_dirs)
            for op, args in self.pending[:p]:
                if op == "create":
                    names[args[0]] = args[1]
                elif op == "rename":
                    names[args[1]] = names.pop(args[0])
                elif op == "remove":
                    names.pop(args[0], None)
                elif op == "mkdir":
                    dirs.add(args[0])
            for written in (False, True):
                files = tuple(sorted((path, bytes(ino.data) if written else ino.synced)
                                     for path, ino in names.items() if path.rsplit("/", 1)[0] in dirs))
                out.add((frozenset(dirs), files))
        return out


class ModelFile:
    """A file opened on the model (binary modes only, as the store uses them)."""

    def __init__(self, disk, path, mode):
        self.disk = disk
        self.name = path
        self.closed = False
        if "r" in mode and "+" not in mode:
            if path not in disk.names:
                raise OSError(_ENOENT, "no such file: %s" % path)
            self.inode = disk.names[path]
            self.pos = 0
            return
        disk.tick()
        if path.rsplit("/", 1)[0] not in disk.dirs:
            raise OSError(_ENOENT, "no such folder: %s" % path)
        ino = disk.names.get(path)
        if ino is None:
            ino = Inode()
            disk.names[path] = ino
            disk.change("create", path, ino)
        elif "w" in mode:
            del ino.data[:]  # truncated in place: the same inode, its synced bytes stay until an fsync
        self.inode = ino
        self.pos = len(ino.data) if "a" in mode else 0

    def write(self, b):
        b = bytes(b)
        ino, pos = self.inode, self.pos

        def half():
            ino.data[pos:pos + len(b) // 2] = b[:len(b) // 2]

        self.disk.tick(half)
        ino.data[pos:pos + len(b)] = b
        self.pos += len(b)
        return len(b)

    def read(self, n=-1):
        data = self.inode.data
        end = len(data) if n is None or n < 0 else self.pos + n
        out = bytes(data[self.pos:end])
        self.pos += len(out)
        return out

    def readinto(self, buf):
        out = self.read(len(buf))
        buf[:len(out)] = out
        return len(out)

    def readline(self):
        data = self.inode.data
        i = data.find(b"\n", self.pos)
        return self.read(-1 if i < 0 else i + 1 - self.pos)

    def seek(self, pos, whence=0):
        self.pos = pos if whence == 0 else (self.pos + pos if whence == 1 else len(self.inode.data) + pos)
        return self.pos

    def tell(self):
        return self.pos

    def flush(self):
        pass  # the model has no user-space buffer: a write is in the page cache at once

    def close(self):
        if not self.closed:
            self.closed = True
            self.disk.tick()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class ModelOs:
    """The ``os`` calls ``PiFs`` makes, on the model: so the board's own adapter is what is tested."""

    O_RDONLY = 0

    def __init__(self, disk):
        self.disk = disk
        self._fds = {}

    def rename(self, src, dst):
        d = self.disk
        d.tick()
        if src not in d.names:
            raise OSError(_ENOENT, src)
        d.names[dst] = d.names.pop(src)
        d.change("rename", src, dst)

    def remove(self, path):
        d = self.disk
        d.tick()
        if path not in d.names:
            raise OSError(_ENOENT, path)
        del d.names[path]
        d.change("remove", path)

    def stat(self, path):
        d = self.disk
        if path in d.names:
            return (0o100644, 0, 0, 1, 0, 0, len(d.names[path].data), 0, 0, 0)
        if path in d.dirs:
            return (0o40755, 0, 0, 2, 0, 0, 4096, 0, 0, 0)
        raise OSError(_ENOENT, path)

    def listdir(self, path):
        """The names in folder ``path`` (a read: no syscall of the cut's count)."""
        p = path.rstrip("/") + "/"
        if path.rstrip("/") not in self.disk.dirs:
            raise OSError(_ENOENT, path)
        return [n[len(p):] for n in list(self.disk.names) + list(self.disk.dirs) if n.startswith(p) and
                "/" not in n[len(p):]]

    def mkdir(self, path):
        d = self.disk
        d.tick()
        if path in d.dirs or path in d.names:
            raise OSError(_EEXIST, path)
        d.dirs.add(path)
        d.change("mkdir", path)

    def open(self, path, flags):
        if path not in self.disk.dirs:
            raise OSError(_ENOENT, path)
        fd = 100 + len(self._fds)
        self._fds[fd] = path
        return fd

    def fsync(self, fd):
        d = self.disk
        d.tick()
        if isinstance(fd, ModelFile):
            fd.inode.synced = bytes(fd.inode.data)
        else:  # a folder: its name changes reach the card (one folder: all of them)
            d.sync_dir()

    def close(self, fd):
        self._fds.pop(fd, None)


class ModelPiFs(PiFs):
    """The board's PiFs on the model; ``fsync`` hands the model file itself (it has no ``fileno``), and
    ``open`` opens on the model (for a store that takes ``fs.open``; otherwise ``Routed`` does it)."""

    def fsync(self, f):
        f.flush()
        self.os.fsync(f)
        self._sync_parent(f.name)

    def open(self, path, mode="r"):
        return ModelFile(self.os.disk, path, mode)


class Routed:
    """While active, the builtin ``open`` of paths under ``ROOT`` goes to ``disk`` (a context manager)."""

    def __init__(self, disk):
        self.disk = disk

    def __enter__(self):
        disk = self.disk

        def model_open(path, mode="r", *a, **k):
            if isinstance(path, str) and path.startswith(ROOT):
                return ModelFile(disk, path, mode)
            return _real_open(path, mode, *a, **k)

        builtins.open = model_open
        return self

    def __exit__(self, *exc):
        builtins.open = _real_open


def model_store(disk, store_class=Store, fs_class=ModelPiFs):
    return store_class(ROOT, fs=fs_class(ModelOs(disk)))


class FolderPowerCut:
    """Stands in for the store (any of its methods and attributes): every call that makes a syscall is
    one step, cut at every syscall; each card the cut may leave is booted and must give the state
    before the call or the state after it.

    The states are those of a clean boot (``boot(store)`` on a fresh store of the card as the
    running system left it; default: ``store.load()``, its ``journal`` if it has one, and
    ``read_log()``), before and after the uninterrupted call. A hand log appended is a step of
    its own (a clean boot after it drops the uncommitted log: the same state as before), and so
    is a ``load`` that repairs (it may cut the log back). The caller checks that the states are
    the right ones (``state()``: the clean boot now). ``fs_class``: the store's filesystem adapter
    over the model's ``os`` (default: the board's PiFs); ``check(state)`` asserts invariants.
    Counters: ``cuts`` (syscalls cut), ``cards`` (cards checked; each different card is booted
    once), ``before`` / ``after``, ``steps``, ``calls`` (syscalls uncut).
    """

    def __init__(self, check=None, boot=None, store_class=Store, fs_class=ModelPiFs):
        self.disk = Disk()
        self.store_class = store_class
        self.fs_class = fs_class
        self.store = model_store(self.disk, store_class, fs_class)
        self.check = check
        self.boot = boot
        self.cuts = self.cards = self.before = self.after = self.steps = self.calls = 0
        self._booted = {}  # card -> the state it boots to

    @staticmethod
    def image(disk):
        """The card of ``disk`` after a clean shutdown (everything written is there)."""
        return (frozenset(disk.dirs), tuple(sorted((p, bytes(i.data)) for p, i in disk.names.items())))

    def _boot_card(self, image):
        got = self._booted.get(image)
        if got is None:  # many cuts leave the same card: it boots the same way
            store = model_store(Disk(image), self.store_class, self.fs_class)
            with Routed(store.fs.os.disk):
                if self.boot is not None:
                    got = (self.boot(store), read_log(store))
                else:
                    got = (store.load(), list(getattr(store, "journal", ())), read_log(store))
            self._booted[image] = got
        return got

    def state(self):
        """The state a clean boot gives now."""
        return self._boot_card(self.image(self.disk))

    def __getattr__(self, name):
        attr = getattr(self.store, name)
        if not callable(attr):
            return attr

        def call(*args, **kw):
            return self._call(name, args, kw)

        return call

    def _call(self, name, args, kw):
        start = copy.deepcopy((self.disk, self.store))
        first = self.disk.calls
        with Routed(self.disk):
            result = getattr(self.store, name)(*args, **kw)
        n = self.disk.calls - first
        if not n:
            return result  # nothing written
        self.calls += n
        self.steps += 1
        before = self._boot_card(self.image(start[0]))
        after = self._boot_card(self.image(self.disk))
        for k in range(n):
            for torn in (False, True):
                disk, store = copy.deepcopy(start)
                disk.cut_after(k, torn)
                with Routed(disk):
                    try:
                        getattr(store, name)(*args, **kw)
                    except OSError:
                        pass
                assert disk.dead, "step %d (%s): syscall %d never came" % (self.steps, name, k)
                for image in sorted(disk.crash_images(), key=repr):
                    got = self._boot_card(image)
                    if got == before:
                        self.before += 1
                    elif got == after:
                        self.after += 1
                    else:
                        raise AssertionError("step %d (%s), power cut at syscall %d of %d%s: neither before nor "
                                             "after: %r on the card %r" % (self.steps, name, k + 1, n,
                                                                           " (torn)" if torn else "", got,
                                                                           [p for p, _ in image[1]]))
                    if self.check is not None:
                        self.check(got)
                    self.cards += 1
                self.cuts += 1
        return result

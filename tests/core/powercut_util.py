"""Helpers of the power-cut and memory tests (no tests here): a RAM block device that loses power,
the cut-at-every-write harness; the player that drives the app through whole sessions is
``autoplay_util.autoplay`` (re-exported here).

Runs under MicroPython (the harness needs ``vfs.VfsLfs2``).
"""

import json

from autoplay_util import autoplay, chips_conserved  # noqa: F401  (re-exported)
from dealerbox.store.saves import Store

MOUNT = "/powercut"
ROOT = MOUNT + "/data"
_EIO = 5


class RamDisk:
    """A flash-like block device in RAM (MicroPython's extended block interface) that can lose power.

    ``writes`` counts block programs and erases (each is a point where the power can go).
    ``cut_after(k, torn)``: allow ``k`` more writes, then the power is off: the next write
    is lost (or, ``torn``, only its first half lands) and every later write fails with EIO.
    """

    def __init__(self, block_size=512, blocks=64):
        self.block_size = block_size
        self.blocks = blocks
        self.data = bytearray(block_size * blocks)
        self.writes = 0
        self.bytes = 0  # bytes programmed (flash wear)
        self.erases = 0
        self.budget = -1
        self.torn = False
        self.dead = False

    def cut_after(self, k, torn=False):
        self.budget = k
        self.torn = torn
        self.dead = False

    def power_on(self):
        self.budget = -1
        self.dead = False

    def _allow(self):
        if self.dead:
            return False
        if self.budget == 0:
            self.dead = True
            return None  # the write in flight when the power went
        if self.budget > 0:
            self.budget -= 1
        self.writes += 1
        return True

    def readblocks(self, block, buf, offset=0):
        a = block * self.block_size + offset
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, block, buf, offset=0):
        a = block * self.block_size + offset
        ok = self._allow()
        if ok:
            self.data[a:a + len(buf)] = buf
            self.bytes += len(buf)
            return 0
        if ok is None and self.torn:
            n = len(buf) // 2
            self.data[a:a + n] = buf[:n]
        return -_EIO

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.block_size
        if op == 6:  # erase: the block reads as 0xFF
            a = arg * self.block_size
            ok = self._allow()
            if ok:
                self.data[a:a + self.block_size] = b"\xff" * self.block_size
                self.erases += 1
                return 0
            if ok is None and self.torn:
                n = self.block_size // 2
                self.data[a:a + n] = b"\xff" * n
            return -_EIO
        return 0


class PowerCut:
    """Runs a session's saves and hand-log appends on littlefs2 in RAM, cutting the power at every write.

    Use it in place of the Store: ``save(obj)``, ``append_log(line)``, ``load()``.
    A hand log is committed by the save that follows it (the app appends a hand's log, then
    saves; dealerbox.store.saves): ``append_log`` only holds the line, and the next ``save`` is one
    step of both, the append and the save, whose states are (snapshot, lines) before the
    append and after the save; a cut anywhere between must come back as one of the two.
    ``boot(store)`` turns a freshly mounted store into the state compared (default:
    the loaded snapshot); ``check(snapshot)`` asserts invariants (chips conserved).
    Counters: ``cuts`` (cut points tried), ``before`` / ``after`` (which state came back),
    ``steps``, ``writes`` (block writes of the uninterrupted session).
    """

    def __init__(self, block_size=512, blocks=48, check=None, boot=None, progsize=32, store_class=Store, torn=True):
        import vfs

        self.vfs = vfs
        self.progsize = progsize
        self.disk = RamDisk(block_size, blocks)
        vfs.VfsLfs2.mkfs(self.disk, progsize=progsize)
        self.img = bytearray(len(self.disk.data))
        self._mount()
        self.store_class = store_class
        self.torn = (False, True) if torn else (False,)
        self.store = store_class(ROOT)
        self.check = check
        self.boot = boot
        self.snapshot = None  # the snapshot on flash, as JSON gives it back
        self.lines = []  # the hand-log lines on flash
        self.pending = []  # (log as given, its line): appended with the next save
        self.cuts = self.before = self.after = self.steps = self.writes = 0

    def _mount(self):
        self.vfs.mount(self.vfs.VfsLfs2(self.disk, progsize=self.progsize, mtime=False), MOUNT)

    def _restore(self, image):
        self.vfs.umount(MOUNT)
        self.disk.data[:] = image
        self._mount()

    def _reboot(self):
        self.vfs.umount(MOUNT)
        self.disk.power_on()
        self._mount()
        return self.store_class(ROOT)

    def _state(self, store):
        snap = self.boot(store) if self.boot else store.load()
        return snap, store.read_log()

    def load(self):
        return self.store.load()

    def read_log(self):
        return self.store.read_log()

    def save(self, obj):
        after = json.loads(json.dumps(obj))
        logs = self.pending
        self.pending = []
        lines = self.lines + [ln for _log, ln in logs]

        def op(st):
            for log, _ln in logs:
                st.append_log(log)
            st.save(obj)

        self._step(op, (after, lines))
        self.snapshot = after
        self.lines = lines

    def append_log(self, log):
        """Hold a hand log (a dict, as the app gives it, or a str line) for the next ``save``."""
        self.pending.append((log, log if isinstance(log, str) else json.dumps(log)))

    def _step(self, op, after):
        before = (self.snapshot, self.lines)
        disk = self.disk
        self.img[:] = disk.data
        disk.writes = 0
        op(self.store)
        n = disk.writes
        self.writes += n
        self.steps += 1
        for k in range(n):
            for torn in self.torn:
                self._restore(self.img)
                disk.cut_after(k, torn)
                try:
                    op(self.store_class(ROOT))
                except OSError:
                    pass
                assert disk.dead, "step %d: write %d never came" % (self.steps, k)
                got = self._state(self._reboot())
                if got == before:
                    self.before += 1
                elif got == after:
                    self.after += 1
                else:
                    raise AssertionError("step %d, power cut at write %d of %d%s: neither before nor after: %r"
                                         % (self.steps, k + 1, n, " (torn)" if torn else "", got))
                if self.check and got[0] is not None:
                    self.check(got[0])
                self.cuts += 1
        # the session goes on from the uninterrupted step, replayed on the image from before it
        self._restore(self.img)
        disk.writes = 0
        self.store = self.store_class(ROOT)
        op(self.store)
        assert disk.writes == n, "step %d replays with %d writes, not %d" % (self.steps, disk.writes, n)
        assert self._state(self._reboot()) == after
        self.store = self.store_class(ROOT)
        self.store.load()

    def close(self):
        assert not self.pending, "a hand log never committed by a save"
        self.vfs.umount(MOUNT)


def json_copy(obj):
    return json.loads(json.dumps(obj))

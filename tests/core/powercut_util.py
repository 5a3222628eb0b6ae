"""Helpers of the power-cut and memory tests (no tests here): a RAM block device that loses power,
the cut-at-every-write harness; the player that drives the app through whole sessions is
``autoplay_util.autoplay`` (re-exported here).

Runs under MicroPython (the harness needs ``vfs.VfsLfs2``).
"""

import json

from autoplay_util import autoplay, chips_conserved  # noqa: F401  (re-exported)
from dealerbox.store.saves import Store
from store_util import read_log

MOUNT = "/powercut"
ROOT = MOUNT + "/data"
_EIO = 5


def _copy(dst, src, off, n):
    """dst[:n] = src[off:off + n]; byte by byte (no allocation) when the heap is locked: a file left open by a
    write the power cut off is closed by the collector, and its close reads blocks."""
    try:
        dst[:n] = src[off:off + n]
    except MemoryError:
        i = 0
        while i < n:
            dst[i] = src[off + i]
            i += 1


class RamDisk:
    """A flash-like block device in RAM (MicroPython's extended block interface) that can lose power.

    ``writes`` counts block programs and erases (each is a point where the power can go).
    ``cut_after(k, torn)``: allow ``k`` more writes, then the power is off: the next write
    is lost (or, ``torn``, only its first half lands) and every later write fails with EIO.
    """

    def __init__(self, block_size=512, blocks=64, data=None):
        self.block_size = block_size
        self.blocks = blocks
        self.data = data if data is not None else bytearray(block_size * blocks)
        self.ff = b"\xff" * block_size  # an erased block (no allocation at an erase)
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
        _copy(buf, self.data, a, len(buf))

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
                self.data[a:a + self.block_size] = self.ff
                self.erases += 1
                return 0
            if ok is None and self.torn:
                n = self.block_size // 2
                self.data[a:a + n] = memoryview(self.ff)[:n]
            return -_EIO
        return 0


_BUFFERS = {}


def _buffer(block_size, blocks, which):
    """A zeroed bytearray of ``block_size * blocks`` bytes, kept for the next PowerCut of the same size: a run of
    several sessions in one process would not find 64 KB in one piece again on a fragmented heap."""
    key = (block_size * blocks, which)
    buf = _BUFFERS.get(key)
    if buf is None:
        buf = _BUFFERS[key] = bytearray(block_size * blocks)
    else:
        zero = bytes(block_size)
        for b in range(blocks):
            buf[b * block_size:(b + 1) * block_size] = zero
    return buf


class PowerCut:
    """Runs a session's writes on littlefs2 in RAM, cutting the power at every block write of each.

    Use it in place of the Store (``load``, ``save``, ``record``, ``append_log``, ``read_log``, ``clear``,
    ``free_room``, ``journal``, ``report``). A hand log is committed by the journal line or snapshot that
    follows it (the app appends a hand's log, then records the action that ended the hand;
    dealerbox.store.saves): ``append_log`` only holds the line, and the next ``record`` or ``save`` is one
    step of both, whose states are the session before the append and after the line or snapshot; a cut
    anywhere between must come back as one of the two.

    The state compared is ``(boot(store), hand-log lines)``: ``boot`` turns a freshly mounted store into
    the session (default: ``(store.load(), store.journal)``); the state after a step is ``current()``
    (default: that of the store's own records) - the app's tests give the app's snapshot for both.
    ``check(state)`` asserts invariants (chips conserved). ``sample``: ``(k, seed)`` to try only about one
    cut point in ``k`` (seeded; every step keeps at least one), None: every one.
    Counters: ``cuts`` (cut points tried), ``before`` / ``after`` (which state came back), ``steps``,
    ``writes`` (block writes of the uninterrupted session).
    """

    def __init__(self, block_size=512, blocks=48, check=None, boot=None, current=None, progsize=32,
                 store_class=Store, torn=True, sample=None):
        import vfs

        self.vfs = vfs
        self.progsize = progsize
        self.disk = RamDisk(block_size, blocks, _buffer(block_size, blocks, 0))
        vfs.VfsLfs2.mkfs(self.disk, progsize=progsize)
        self.img = _buffer(block_size, blocks, 1)
        self._mount()
        self.store_class = store_class
        self.torn = (False, True) if torn else (False,)
        self.store = store_class(ROOT)
        self.store.load()
        self.check = check
        self.boot = boot
        self.current = current
        self.sample = sample
        self._rand = sample[1] if sample else 0
        self.state = (None, [])  # the session on flash (the store's records: snapshot, journal)
        self.lines = []  # the hand-log lines on flash
        self.pending = []  # (log as given, its line): committed with the next record or save
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
        if self.boot:
            got = self.boot(store)
        else:
            got = (store.load(), list(store.journal))
        return got, read_log(store)

    # ---- the store interface -----------------------------------------------------------------
    def load(self, validate=None):
        return self.store.load(validate)

    @property
    def journal(self):
        return self.store.journal

    @property
    def report(self):
        return self.store.report

    @property
    def number(self):
        return self.store.number

    def read_log(self):
        return read_log(self.store)

    def free_room(self):
        return self.store.free_room()

    def save(self, obj):
        logs = self.pending
        self.pending = []

        def op(st):
            for log, _ln in logs:
                st.append_log(log)
            return st.save(obj)

        self._step(op, logs, (json_copy(obj), []))
        return True

    def record(self, rec):
        logs = self.pending

        def op(st):
            for log, _ln in logs:
                st.append_log(log)
            return st.record(rec)

        if not self._would_record(rec):
            return False  # no write: the app saves a snapshot instead, the logs stay pending for it
        self.pending = []
        self._step(op, logs, (self.state[0], self.state[1] + [rec]))
        return True

    def _would_record(self, rec):
        """Whether the store takes ``rec`` now, after the pending logs (its own line and cap; nothing written)."""
        st = self.store
        if not st._known or not st.number or st._broken:
            return False
        size = st.size("hands.log")
        mark = size if size > 0 else 0
        for _log, ln in self.pending:
            mark += len(ln) + 1
        from dealerbox.store.saves import JOURNAL_CAP
        return st._jsize + len("%s %x %08x\n" % (rec, mark, 0)) <= JOURNAL_CAP   # (the journal line: Store.record)

    def append_log(self, log):
        """Hold a hand log (a dict, as the app gives it, or a str line) for the next ``record`` or ``save``."""
        self.pending.append((log, log if isinstance(log, str) else json.dumps(log)))

    # ---- the harness -------------------------------------------------------------------------
    def _pick(self, n):
        """The write indexes to cut at in a step of ``n`` writes: all, or a seeded sample (at least one)."""
        if not self.sample:
            return range(n)
        k = self.sample[0]
        out = []
        for i in range(n):
            self._rand = (self._rand * 1103515245 + 12345) & 0x7FFFFFFF
            if self._rand % k == 0:
                out.append(i)
        if not out and n:
            out.append(self._rand % n)
        return out

    def _step(self, op, logs, after_state):
        before = (self.state_now(), self.lines)
        lines = self.lines + [ln for _log, ln in logs if '"genesis": ' not in ln]   # (read_log: hands only)
        disk = self.disk
        self.img[:] = disk.data
        disk.writes = 0
        op(self.store)
        n = disk.writes
        after_now = json_copy(self.current()) if self.current else after_state
        after = (after_now, lines)
        self.writes += n
        self.steps += 1
        for k in self._pick(n):
            for torn in self.torn:
                self._restore(self.img)
                st = self.store_class(ROOT)
                st.load()
                disk.writes = 0
                disk.cut_after(k, torn)
                try:
                    op(st)
                except OSError:
                    pass
                assert disk.dead, "step %d: write %d never came" % (self.steps, k)
                got = self._state(self._reboot())
                if got == before or got == (before[0], lines):  # (the hand logs appended before the cut: kept,
                    self.before += 1                            # the app catches up with them: ``Store.later``)
                elif got == after or _caught_up(got, after):
                    self.after += 1
                else:
                    raise AssertionError("step %d, power cut at write %d of %d%s: neither before nor after:\n%r\n"
                                         "before: %r\nafter: %r" % (self.steps, k + 1, n, " (torn)" if torn else "",
                                                                     got, before, after))
                if self.check and got[0] is not None:
                    self.check(got[0])
                self.cuts += 1
        # the session goes on from the uninterrupted step, replayed on the image from before it
        self._restore(self.img)
        self.store = self.store_class(ROOT)
        self.store.load()
        disk.writes = 0
        op(self.store)
        assert disk.writes == n, "step %d replays with %d writes, not %d" % (self.steps, disk.writes, n)
        assert self._state(self._reboot()) == after, "the uninterrupted step does not come back as after"
        self.store = self.store_class(ROOT)
        self.store.load()
        self.state = after_state
        self.lines = lines
        self._after_now = after_now

    def state_now(self):
        if self.current:
            return getattr(self, "_after_now", None)
        return self.state

    def close(self):
        assert not self.pending, "a hand log never committed"
        self.vfs.umount(MOUNT)


def _caught_up(got, after):
    """True when the app's state ``got`` is ``after`` but for the public line (``last``: "Hand 1 as logged" where the
    hand's last action was said): the hand caught up from its logged line at the boot (ui/catchup.py)."""
    g, a = got[0], after[0]
    if not isinstance(g, dict) or not isinstance(a, dict) or got[1:] != after[1:]:
        return False
    for k in a:
        if k != "last" and g.get(k) != a[k]:
            return False
    return len(g) == len(a)


def json_copy(obj):
    return json.loads(json.dumps(obj))

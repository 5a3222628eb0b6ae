"""Cut the power at every block write of a session: it always comes back before or after, whole.

Under the real MicroPython: a littlefs2 filesystem (``vfs.VfsLfs2``, the Pico's) on a
block device in RAM. A scripted session is run; for every save and every hand-log append,
and for every block write k of it (programs and erases), the image from just before the
step is restored, the step is replayed with the power going at write k (that write is
lost, or torn: half of it lands), the filesystem is mounted again as at boot, and the
store is loaded. The result must be exactly the state before the step or exactly the state
after it, the chips must add up, and the box must go on saving. The number of cut points
tried is printed.

Restoring the image taken just before a step and replaying only that step is the same as
replaying the whole session up to write k (littlefs and the store are deterministic: the
harness checks that the write count of every step replays identically), at a fraction of
the time. CPython has no ``vfs``: there these tests are reported as skipped (the store's
own logic is covered by test_store.py on both interpreters).
"""

import json
import sys

from dealerbox.rng import SeededEntropy, randbelow, shuffle
from dealerbox.store import Store

MICROPYTHON = sys.implementation.name == "micropython"
MOUNT = "/powercut"
ROOT = MOUNT + "/data"
_EIO = 5


def _skip_on_cpython():
    if not MICROPYTHON:
        import pytest

        pytest.skip("needs MicroPython's vfs.VfsLfs2 (run by tests/mp_run.py)")


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
                return 0
            if ok is None and self.torn:
                n = self.block_size // 2
                self.data[a:a + n] = b"\xff" * n
            return -_EIO
        return 0


class PowerCut:
    """Runs a session's saves and hand-log appends on littlefs2 in RAM, cutting the power at every write.

    Use it in place of the Store: ``save(obj)``, ``append_log(line)``, ``load()``.
    ``boot(store)`` turns a freshly mounted store into the state compared (default:
    the loaded snapshot); ``check(snapshot)`` asserts invariants (chips conserved).
    Counters: ``cuts`` (cut points tried), ``before`` / ``after`` (which state came back),
    ``steps``, ``writes`` (block writes of the uninterrupted session).
    """

    def __init__(self, block_size=512, blocks=64, check=None, boot=None, progsize=32):
        import vfs

        self.vfs = vfs
        self.progsize = progsize
        self.disk = RamDisk(block_size, blocks)
        vfs.VfsLfs2.mkfs(self.disk, progsize=progsize)
        self.img = bytearray(len(self.disk.data))
        self._mount()
        self.store = Store(ROOT)
        self.check = check
        self.boot = boot
        self.snapshot = None  # the snapshot on flash, as JSON gives it back
        self.lines = []  # the hand-log lines on flash
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
        return Store(ROOT)

    def _state(self, store):
        snap = self.boot(store) if self.boot else store.load()
        return snap, store.read_log()

    def load(self):
        return self.store.load()

    def read_log(self):
        return self.store.read_log()

    def save(self, obj):
        after = json.loads(json.dumps(obj))
        self._step(lambda st: st.save(obj), (after, self.lines))
        self.snapshot = after

    def append_log(self, line):
        lines = self.lines + [line]
        self._step(lambda st: st.append_log(line), (self.snapshot, lines))
        self.lines = lines

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
            for torn in (False, True):
                self._restore(self.img)
                disk.cut_after(k, torn)
                try:
                    op(Store(ROOT))
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
        self.store = Store(ROOT)
        op(self.store)
        assert disk.writes == n, "step %d replays with %d writes, not %d" % (self.steps, disk.writes, n)
        assert self._state(self._reboot()) == after
        self.store = Store(ROOT)
        self.store.load()

    def close(self):
        self.vfs.umount(MOUNT)


def synthetic_session(players=10, hands=6, seed=11):
    """Snapshots and hand-log lines of a made-up session of ``players`` with chips conserved.

    Yields ``("save", dict)`` after every action and ``("log", str)`` after every hand:
    stacks, pot, dealer, the remaining deck and the actions so far, so snapshots grow
    and shrink across block boundaries like the app's.
    """
    read = SeededEntropy(seed).read
    stacks = [1000] * players
    dealer = 0
    for hand in range(hands):
        deck = list(range(52))
        shuffle(deck, read)
        pot = 0
        actions = []
        for seat in range(players):  # boot
            stacks[seat] -= 10
            pot += 10
        for turn in range(6 + randbelow(10, read)):
            seat = (dealer + 1 + turn) % players
            bet = min(stacks[seat], 10 * (1 + randbelow(4, read)))
            stacks[seat] -= bet
            pot += bet
            actions.append([seat, "chaal", bet])
            yield "save", {"v": 1, "game": "teen-patti", "hand": hand, "dealer": dealer, "stacks": list(stacks),
                           "pot": pot, "deck": deck[3 * players:], "hands": [deck[3 * s:3 * s + 3] for s in
                                                                            range(players)], "actions": actions}
        winner = randbelow(players, read)
        stacks[winner] += pot
        yield "save", {"v": 1, "game": "teen-patti", "hand": hand + 1, "dealer": (dealer + 1) % players,
                       "stacks": list(stacks), "pot": 0}
        yield "log", json.dumps({"v": 1, "game": "teen-patti", "dealer": dealer, "deck": deck,
                                 "actions": actions, "result": {"awards": [[0, winner, pot]]}})
        dealer = (dealer + 1) % players


def _chips_conserved(total):
    def check(snap):
        assert sum(snap["stacks"]) + snap["pot"] == total, "chips not conserved: %r" % snap
    return check


def test_powercut_synthetic_session_every_block_write():
    _skip_on_cpython()
    pc = PowerCut(check=_chips_conserved(10 * 1000))
    saves = 0
    try:
        for kind, item in synthetic_session():
            if kind == "save":
                pc.save(item)
                saves += 1
            else:
                pc.append_log(item)
        assert pc.steps == saves + 6
        # every step had cut points and both outcomes happened
        assert pc.cuts == 2 * pc.writes and pc.cuts >= 4 * pc.steps
        assert pc.before > 0 and pc.after > 0 and pc.before + pc.after == pc.cuts
        final = pc.load()
        assert final["hand"] == 6 and sum(final["stacks"]) == 10000 and final["pot"] == 0
        assert len(pc.read_log()) == 6
    finally:
        pc.close()
    print("power cut: %d cut points tried over %d saves and %d log appends (%d block writes): "
          "%d came back as before, %d as after" % (pc.cuts, saves, pc.steps - saves, pc.writes, pc.before, pc.after))


def test_powercut_harness_catches_a_store_that_writes_in_place():
    """The harness must fail a store that overwrites its file in place (no temporary file, no rename)."""
    _skip_on_cpython()

    class InPlace(Store):
        def save(self, obj):
            from dealerbox.store import encode

            self._ensure_root()
            f = open(self.path("session.json"), "wb")
            half = encode(obj, self.number + 1)
            f.write(half[:len(half) // 2])
            f.flush()
            f.write(half[len(half) // 2:])
            f.close()
            self.number += 1

    import dealerbox.store as store_mod

    saved = globals()["Store"]
    pc = PowerCut()
    failed = None
    try:
        globals()["Store"] = InPlace
        pc.store = InPlace(ROOT)
        try:
            for i in range(3):
                pc.save({"n": i, "pad": "x" * 900})
        except AssertionError as e:
            failed = str(e)
    finally:
        globals()["Store"] = saved
        pc.close()
    assert store_mod.Store is saved
    assert failed is not None and "neither before nor after" in failed, failed

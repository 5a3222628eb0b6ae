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
from dealerbox.store import Store, encode
from test_powercut_util import PowerCut

MICROPYTHON = sys.implementation.name == "micropython"


def _skip_on_cpython():
    if not MICROPYTHON:
        import pytest

        pytest.skip("needs MicroPython's vfs.VfsLfs2 (run by tests/mp_run.py)")


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
            self._ensure_root()
            f = open(self.path("session.json"), "wb")
            data = encode(obj, self.number + 1)
            f.write(data[:len(data) // 2])
            f.flush()
            f.write(data[len(data) // 2:])
            f.close()
            self.number += 1

    pc = PowerCut(store_class=InPlace)
    failed = None
    try:
        for i in range(3):
            pc.save({"n": i, "pad": "x" * 900})
    except AssertionError as e:
        failed = str(e)
    finally:
        pc.close()
    assert failed is not None and "neither before nor after" in failed, failed

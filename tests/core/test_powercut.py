"""Cut the power at every block write of a session: it always comes back before or after, whole.

Under the real MicroPython: a littlefs2 filesystem (``vfs.VfsLfs2``, the Pico's) on a
block device in RAM. A scripted session is run; for every snapshot and every journal line
(with the hand logs they commit), and for every block write k of it (programs and erases),
the image from just before the step is restored, the step is replayed with the power going at write k (that write is
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
from dealerbox.store.boot import encode
from dealerbox.store.saves import Store
from powercut_util import ROOT as ROOT_DIR
from powercut_util import PowerCut
from store_util import read_log

MICROPYTHON = sys.implementation.name == "micropython"


def _skip_on_cpython():
    if not MICROPYTHON:
        import pytest

        pytest.skip("needs MicroPython's vfs.VfsLfs2 (run by tests/mp_run.py)")


def synthetic_session(players=10, hands=6, seed=11):
    """The store calls of a made-up session of ``players`` with chips conserved, as the app makes them.

    Yields ``("save", dict)`` at every deal (the snapshot holds the deck) and between hands,
    ``("record", str)`` for every action (``"seat.chaal.bet"``) and, at the end of a hand,
    ``("log", str)`` just before the record that commits it. Long hands fill the journal: the
    record is then refused and a snapshot saved instead (``("save", dict)`` after it).
    """
    read = SeededEntropy(seed).read
    stacks = [1000] * players
    dealer = 0
    for hand in range(hands):
        deck = list(range(52))
        shuffle(deck, read)
        pot = 0
        for seat in range(players):  # boot
            stacks[seat] -= 10
            pot += 10
        engine = {"pot": pot, "deck": deck, "hands": [deck[3 * s:3 * s + 3] for s in range(players)]}
        yield "save", _snapshot(hand, dealer, stacks, engine)
        turns = 6 + randbelow(30, read)
        for turn in range(turns):
            seat = (dealer + 1 + turn) % players
            bet = min(stacks[seat], 10 * (1 + randbelow(4, read)))
            stacks[seat] -= bet
            pot += bet
            if turn == turns - 1:
                winner = randbelow(players, read)
                stacks[winner] += pot
                yield "log", json.dumps({"v": 1, "game": "teen-patti", "dealer": dealer, "deck": deck,
                                         "result": {"awards": [[0, winner, pot]]}})
                pot = 0
            engine = {"pot": pot, "deck": deck, "hands": engine["hands"]}
            yield "record", ("%d.chaal.%d" % (seat, bet), _snapshot(hand, dealer, stacks, engine))
        dealer = (dealer + 1) % players
        yield "save", _snapshot(hand + 1, dealer, stacks, None)


def _snapshot(hand, dealer, stacks, engine):
    n = len(stacks)
    names = ["P%d" % (i + 1) for i in range(n)]
    cfg = {"game": "teen-patti", "players": n, "names": names, "chips": 1000}
    return {"v": 1, "cfg": cfg, "table": {"names": names,
            "stacks": list(stacks), "bought_in": [1000] * n, "dealer": dealer}, "engine": engine, "hand_no": hand,
            "last": ""}


def _chips_conserved(total):
    """The state ``(snapshot, journal)`` after a reboot: the snapshot's chips, minus the journal's bets, plus the
    pot, add up (a hand-ending record's winner is not in the journal: only its bet is checked)."""
    def check(state):
        snap, journal = state
        if snap is None:
            return
        pot = snap["engine"]["pot"] if snap["engine"] else 0
        assert sum(snap["table"]["stacks"]) + pot == total, "chips not conserved: %r" % snap
        for rec in journal:
            seat, kind, bet = rec.split(".")
            assert kind == "chaal" and 0 < int(bet) <= 40 and 0 <= int(seat) < len(snap["table"]["stacks"])
    return check


def run_synthetic(pc, **kw):
    """Drive ``pc`` (PowerCut) through ``synthetic_session(**kw)``; returns (saves, records, refused records)."""
    saves = records = refused = 0
    for kind, item in synthetic_session(**kw):
        if kind == "save":
            pc.save(item)
            saves += 1
        elif kind == "log":
            pc.append_log(item)
        else:
            rec, snap = item
            if pc.record(rec):
                records += 1
            else:  # the journal is full: the app saves a snapshot instead
                pc.save(snap)
                refused += 1
                saves += 1
    return saves, records, refused


def test_powercut_synthetic_session_every_block_write():
    _skip_on_cpython()
    pc = PowerCut(check=_chips_conserved(10 * 1000))
    try:
        saves, records, refused = run_synthetic(pc)
        assert pc.steps == saves + records and refused > 0 and records > 10 * refused
        # every step had cut points and both outcomes happened
        assert pc.cuts == 2 * pc.writes and pc.cuts >= 2 * pc.steps
        assert pc.before > 0 and pc.after > 0 and pc.before + pc.after == pc.cuts
        final = pc.load()
        assert final["hand_no"] == 6 and sum(final["table"]["stacks"]) == 10000 and final["engine"] is None
        assert len(pc.read_log()) == 6 and pc.journal == []
    finally:
        pc.close()
    print("power cut: %d cut points tried over %d saves and %d journal lines, 6 with a hand log (%d block writes): "
          "%d came back as before, %d as after" % (pc.cuts, saves, records, pc.writes, pc.before, pc.after))


def test_powercut_while_load_cuts_the_log_back():
    """A boot that cuts a partial last line of the hand log (a torn append: copy to hands.tmp, rename) can lose power
    too; a whole line is never cut (issue 24)."""
    _skip_on_cpython()
    pc = PowerCut()
    try:
        snap = _snapshot(1, 0, [5, 5], None)
        pc.save(snap)  # the deal: a session always has a snapshot before its first hand log
        pc.append_log('{"hand":0,"pad":"%s"}' % ("x" * 700))
        assert pc.record("0.chaal.1")
        f = open(ROOT_DIR + "/hands.log", "ab")         # a torn append: the power went mid-line
        f.write(('{"hand":1,"pad":"%s' % ("y" * 900)).encode())
        f.close()
        img = pc.img
        img[:] = pc.disk.data
        pc.disk.writes = 0
        again = pc._reboot()
        assert again.load() == snap and again.journal == ["0.chaal.1"]
        n = pc.disk.writes
        assert n > 2
        for k in range(n):
            for torn in (False, True):
                pc._restore(img)
                pc.disk.cut_after(k, torn)
                try:
                    pc.store_class(ROOT_DIR).load()
                except OSError:
                    pass
                again = pc._reboot()
                assert again.load() == snap and again.journal == ["0.chaal.1"]
                assert read_log(again) == pc.lines, (k, torn, read_log(again))
    finally:
        pc.close()


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
            pc.save(_snapshot(i, 0, [5, 5], {"pad": "x" * 900}))
    except AssertionError as e:
        failed = str(e)
    finally:
        pc.close()
    assert failed is not None and "neither before nor after" in failed, failed


def test_a_full_littlefs_refuses_the_save_keeps_the_session_and_room_can_be_freed():
    """Fault 1 on the real filesystem: ENOSPC from littlefs2 at a save. The previous session loads whole, with no
    word of a power cut (the partial session.tmp is removed); freeing the old hand logs lets the save through."""
    _skip_on_cpython()
    pc = PowerCut()
    try:
        pc.save(_snapshot(1, 0, [5, 5], None))
        st = pc.store
        for chunk in (512, 64, 16):     # fill the flash with old hand logs, to the last block
            try:
                while True:
                    f = open(ROOT_DIR + "/hands.1.log", "ab")
                    try:
                        f.write(b"x" * chunk)
                    finally:
                        f.close()
            except OSError as e:
                assert e.args[0] == 28
        big = _snapshot(2, 1, [5, 5], {"pad": "y" * 3000})
        failed = None
        try:
            st.save(big)
        except OSError as e:
            failed = e.args[0]
        assert failed == 28, failed
        again = pc._reboot()
        assert again.load() == _snapshot(1, 0, [5, 5], None)
        assert again.found == ["session.json: save 1 ok"] and again.report is None, (again.found, again.report)
        names, freed = again.free_room()
        assert names == ["hands.1.log"] and freed > 5000
        again.save(big)
        assert pc._reboot().load() == big
    finally:
        pc.close()


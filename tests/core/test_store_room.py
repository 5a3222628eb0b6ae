"""The room on the flash (dealerbox/store/saves.py, docs/device.md "Room"), both interpreters: the hands held,
counted once and then kept up to date; the bytes free from ``statvfs`` and the hands that fit in them; dropping the
hands only when the table agreed, the chain going on and a power cut in the middle losing nothing."""

import json
import os

from dealerbox.store import ZERO, line_hash
from dealerbox.store.saves import HAND_BYTES, ROOM_RESERVE, Store
from store_util import StatFs, _clean, _read, _tmpdir, _write


def _hand(no, size=1000):
    """A hand line of exactly ``size`` bytes with its newline (str, no newline)."""
    head = '{"v": 2, "hand": %d, "deck": [], "pad": "' % no
    return head + "x" * (size - 1 - len(head) - 2) + '"}'


def _genesis(size=200):
    head = '{"v": 2, "genesis": true, "pad": "'
    return head + "g" * (size - 1 - len(head) - 2) + '"}'


def test_the_hands_held_are_counted_once_then_kept_up_to_date():
    d = _tmpdir()
    try:
        s = Store(d)
        assert s.hands() == 0
        s.append_log(_genesis())
        for no in (1, 2, 3):
            s.append_log(_hand(no))
        assert s.hands() == 3 and len(_read(d + "/hands.log")) == 3200     # the genesis line is no hand
        _write(d + "/hands.1.log", (_hand(1) + "\n" + _hand(2) + "\n").encode())
        s2 = Store(d)
        assert s2.hands() == 5                      # streamed once: both files
        os.remove(d + "/hands.1.log")
        assert s2.hands() == 5                      # kept, not read again
        s2.append_log(_hand(4))
        s2.append_log(json.loads(_genesis()))       # a dict: a new session's genesis
        assert s2.hands() == 6
        assert Store(d).hands() == 4
    finally:
        _clean(d)


def test_the_room_left_is_said_in_bytes_and_in_hands_from_statvfs():
    d = _tmpdir()
    try:
        fs = StatFs(60)
        s = Store(d, fs=fs)
        assert s.room() == 60 * 4096 == 245760
        assert s.room_hands() == (245760 - ROOM_RESERVE) // HAND_BYTES == 143   # no hand yet: 1,600 bytes a hand
        s.append_log(_genesis())
        for no in (1, 2, 3):
            s.append_log(_hand(no))
        assert s.room_hands() == (245760 - 16384) // (3200 // 3) == 215        # 1,066 bytes a hand
        fs.free = 6                                 # 24,576 bytes: 8,192 over the reserve
        assert s.room_hands() == 7
        fs.free = 3                                 # less than the reserve: no hand fits
        assert s.room() == 12288 and s.room_hands() == 0
        fs.free = None                              # a filesystem that cannot say
        assert s.room() is None and s.room_hands() is None and s.hands() == 3
        assert fs.calls == 8
    finally:
        _clean(d)


def test_without_statvfs_in_the_fs_the_room_comes_from_os():
    d = _tmpdir()
    try:
        plain = type("Plain", (), {"stat": os.stat, "rename": os.rename, "remove": os.remove, "mkdir": os.mkdir})
        s = Store(d, fs=plain())    # an fs object without statvfs (the Pi's PiFs): ``Store`` asks ``os``
        real = getattr(os, "statvfs", None)
        if real is None:
            assert s.room() is None
            return
        v = real(d)
        assert abs(s.room() - v[4] * v[1]) <= 1 << 24     # the same filesystem, asked a moment later
    finally:
        _clean(d)


def test_the_hands_are_dropped_only_by_drop_hands_and_the_chain_goes_on():
    d = _tmpdir()
    try:
        s = Store(d, fs=StatFs(10))
        s.save({"hand": 3})
        s.append_log(_genesis())
        for no in (1, 2, 3):
            s.append_log(_hand(no))
        assert s.record("3.end")
        tip = s.tip()
        assert tip == line_hash(_hand(3))
        assert s.room_hands() == (40960 - 16384) // 1066 == 23
        assert s.drop_hands({"hand": 3, "dropped": True}) == (3, 3200)
        assert sorted(os.listdir(d)) == ["hands.tip", "session.bak", "session.json"]
        assert _read(d + "/hands.tip") == tip.encode() and s.hands() == 0 and s.tip() == tip
        s.append_log(_hand(4))
        assert s.record("4.end")                    # (hand 4 committed: the journal's line marks the new log)
        again = Store(d)
        assert again.load() == {"hand": 3, "dropped": True} and again.report is None and again.later == []
        assert again.journal == ["4.end"] and again.hands() == 1 and again.tip() == line_hash(_hand(4))
        os.remove(d + "/hands.log")
        assert Store(d).tip() == tip                # no line left: the dropped hands' tip, never zeros
        os.remove(d + "/hands.tip")
        assert Store(d).tip() == ZERO
    finally:
        _clean(d)


def test_a_power_cut_inside_drop_hands_loses_no_hand_and_reports_nothing():
    """The log renamed whole to hands.1.log, the power gone before the snapshot: the boot reads the log as moved at
    the save's mark (every hand kept, no damage said); cut after the save, before the removal: the moved file is
    kept until the table drops it again."""
    d = _tmpdir()
    try:
        s = Store(d)
        s.append_log(_genesis())
        for no in (1, 2):
            s.append_log(_hand(no))
        s.save({"hand": 2})
        os.rename(d + "/hands.log", d + "/hands.1.log")     # drop_hands' first step, then the power went
        again = Store(d)
        assert again.load() == {"hand": 2} and again.report is None and again.later == []
        assert again.hands() == 2 and _read(d + "/hands.1.log") is not None
        assert again.tip() == line_hash(_hand(2))
        again.save({"hand": 2, "dropped": True})            # its save, then the power went again
        third = Store(d)
        assert third.load() == {"hand": 2, "dropped": True} and third.report is None and third.hands() == 2
    finally:
        _clean(d)

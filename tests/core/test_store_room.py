"""The room on the flash (dealerbox/store/saves.py, docs/device.md "Room"), both interpreters: the hands held,
counted once and then kept up to date; the bytes free from ``statvfs`` and the hands that fit in them; dropping the
hands only when the table agreed, the chain going on and a power cut in the middle losing nothing."""

import json
import os

from dealerbox.store import ZERO, line_hash, log_lines
from dealerbox.store.saves import HAND_BYTES, LOG_CHUNK, ROOM_RESERVE, ROOM_SPLIT, Store
from store_util import RoomFs, StatFs, _clean, _laid_out, _read, _tmpdir, _write, read_log


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


def test_the_count_finds_a_genesis_line_wherever_it_falls_across_two_reads():
    # the hands are counted in 4096-byte reads: every place of the genesis key across the first read's end,
    # a torn last line (no newline) not counted
    d = _tmpdir()
    try:
        for shift in range(-12, 2):
            first = 4096 - 9 + shift                # where the genesis line starts ('{"v": 2, ' before its key)
            text = _hand(1, first - 1000) + "\n" + _hand(2) + "\n" + _genesis() + "\n" + _hand(3) + "\n" + _hand(4)
            assert text.index('"genesis": ') == 4096 + shift     # from wholly in the first read to the second
            _write(d + "/hands.log", text.encode())
            assert Store(d).hands() == 3, shift
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


def _session(s, first, hands, size=1000):
    """A session on store ``s``: its genesis line and hands ``first`` .. ``first + hands - 1`` of ``size`` bytes;
    the lines written (list of str)."""
    lines = [_genesis()] + [_hand(no, size) for no in range(first, first + hands)]
    for ln in lines:
        s.append_log(ln)
    return lines


def _h(lines):
    """The hand lines of ``lines`` (``read_log`` gives no genesis line)."""
    return [ln for ln in lines if '"genesis"' not in ln]


def _night(d, fs=None):
    """Three sessions on a store in ``d``: the first two of 132 hands of 1,000 bytes each (past ``LOG_CHUNK`` when
    they end: ``hands.2.log``, ``hands.3.log``), the session in play of 3 hands in ``hands.log``; (store, lines of
    each)."""
    s = Store(d, fs=fs)
    a = _session(s, 1, 132)
    s.clear()
    b = _session(s, 1, 132)
    s.clear()
    c = _session(s, 1, 3)
    s.save({"hand": 3})
    assert s.record("3.end")
    return s, (a, b, c)


def test_a_long_log_joins_the_older_files_when_its_session_ends_once_the_flash_is_filling():
    d = _tmpdir()
    try:
        s = Store(d, fs=RoomFs(d, 300000))
        lines = _session(s, 1, 3)
        s.save({"hand": 3})
        s.clear()                                   # 3,200 bytes: hands.log goes on with the next session
        assert sorted(os.listdir(d)) == ["hands.log"]
        lines += _session(s, 1, 130)
        assert _size(d + "/hands.log") == 133400 >= LOG_CHUNK == 131072
        assert s.room_hands() == ((300000 - 133400) // 4096 * 4096 - 16384) // 1003 == 147 < ROOM_SPLIT
        s.clear()                                   # 133,400 bytes at a session's end, room for 147: hands.2.log
        assert sorted(os.listdir(d)) == ["hands.2.log"] and s.older() == ["hands.2.log"]
        assert s.tip() == line_hash(lines[-1]) and Store(d).tip() == line_hash(lines[-1])
        more = _session(s, 1, 132)
        assert json.loads(more[0])["v"] == 2 and s.tip() == line_hash(more[-1])
        s.clear()
        _write(d + "/hands.1.log", b"")             # earlier firmware's older file: read first
        assert Store(d).older() == ["hands.1.log", "hands.2.log", "hands.3.log"]
        assert read_log(Store(d)) == _h(lines + more) and Store(d).hands() == 133 + 132
    finally:
        _clean(d)


def test_with_room_enough_every_hand_stays_in_hands_log():
    d = _tmpdir()
    try:
        s = Store(d, fs=StatFs(1000))               # 4 MB free: room for 3,000 hands and more
        lines = _session(s, 1, 132)
        s.clear()
        lines += _session(s, 1, 132)
        s.clear()
        assert os.listdir(d) == ["hands.log"] and s.older() == [] and read_log(s) == _h(lines)
    finally:
        _clean(d)


def _size(path):
    return os.stat(path)[6]


def test_drop_hands_drops_the_oldest_sessions_until_there_is_room_and_keeps_the_chain():
    d = _tmpdir()
    try:
        fs = RoomFs(d, 300000)
        s, (a, b, c) = _night(d, fs)
        assert s.older() == ["hands.2.log", "hands.3.log"] and s.hands() == 267
        used = 2 * 132200 + 3200
        assert s.room() == (300000 - used - 2300) // 4096 * 4096 == 28672     # (the saves, 2,300 bytes)
        assert s.room_hands() == (28672 - 16384) // ((used) // 267) == 12
        assert s.drop_hands() == (132, 132200)      # the oldest session: room for 141 hands, over ROOM_AIM (60)
        assert sorted(os.listdir(d)) == ["hands.3.log", "hands.log", "hands.tip", "session.jnl", "session.json"]
        assert _read(d + "/hands.tip") == line_hash(a[-1]).encode()     # the first line kept chains to it
        assert s.hands() == 135 and Store(d).hands() == 135 and s.room_hands() >= 60
        assert s.tip() == line_hash(c[-1]) and read_log(Store(d)) == _h(b + c)
        again = Store(d)
        assert again.load() == {"hand": 3} and again.journal == ["3.end"] and again.report is None
        assert again.later == []
        fs.size = 140000                            # a smaller flash: every older file goes, never hands.log
        assert s.drop_hands() == (132, 132200) and s.older() == [] and s.hands() == 3
        assert _read(d + "/hands.tip") == line_hash(b[-1]).encode() and s.tip() == line_hash(c[-1])
        assert s.drop_hands() == (0, 0)             # nothing older: the session in play is kept
        assert read_log(Store(d)) == _h(c)
    finally:
        _clean(d)


def test_the_newest_older_file_is_kept_while_hands_log_holds_no_line():
    d = _tmpdir()
    try:
        s = Store(d, fs=RoomFs(d, 150000))
        _session(s, 1, 132)
        s.clear()                                   # the next session's genesis not written yet
        assert s.older() == ["hands.2.log"] and s.drop_hands() == (0, 0) and s.hands() == 132
        assert s.tip() == line_hash(_hand(132))
    finally:
        _clean(d)


def test_the_tip_of_the_dropped_hands_is_where_the_chain_goes_on_with_no_line_left():
    d = _tmpdir()
    try:
        _write(d + "/hands.tip", line_hash(_hand(3)).encode())
        assert Store(d).tip() == line_hash(_hand(3))    # no line left: the dropped hands' tip, never zeros
        os.remove(d + "/hands.tip")
        assert Store(d).tip() == ZERO
        for bad in (b"\xff" * 64, b"A" * 64, b"0" * 63 + b"\n", b"ab"):    # damaged: no tip (not UTF-8 raised)
            _write(d + "/hands.tip", bad)
            assert Store(d).tip() == ZERO, bad
    finally:
        _clean(d)


def test_a_power_cut_at_every_write_of_drop_hands_loses_no_kept_line():
    """The drop's writes: tip.tmp written, renamed over hands.tip, the oldest file removed (then the next's): a boot
    after any of them finds every line of the files not dropped, the session as saved, nothing to catch up, nothing
    said, and the chain's tip at hands.log's last line."""
    d = _tmpdir()
    try:
        fs = RoomFs(d, 140000)
        s, (a, b, c) = _night(d, fs)
        states = []
        names = ("hands.log", "hands.tip", "tip.tmp", "session.json", "session.jnl")
        big = {n: _read(d + "/" + n) for n in ("hands.2.log", "hands.3.log")}     # (held once: the heap)

        def take():
            state = {n: _read(d + "/" + n) for n in names if _read(d + "/" + n) is not None}
            for n in big:
                if n in os.listdir(d):
                    state[n] = big[n]
            states.append(state)

        def wrapped(f):
            def wrap(*args):
                r = f(*args)
                take()
                return r
            return wrap

        for op in ("close", "replace", "remove"):
            setattr(s, op, wrapped(getattr(s, op)))
        assert s.drop_hands() == (264, 264400)
        assert len(states) == 6                     # (tip.tmp closed, renamed, a file removed) twice
        for i, state in enumerate(states):
            e = _laid_out(state)
            try:
                boot = Store(e)
                assert boot.load() == {"hand": 3} and boot.journal == ["3.end"], i
                assert boot.report is None and boot.later == [] and boot.lost == [], i
                kept = []                           # (a line at a time: the states' copies fill the heap)
                for name in boot.older() + ["hands.log"]:
                    kept += [ln.decode() for ln in log_lines(boot, name, 0) if b'"genesis"' not in ln]
                assert boot.tip() == line_hash(c[-1]), i
                assert kept in (_h(a + b + c), _h(b + c), _h(c)), (i, len(kept))
                assert boot.hands() == len(kept), i
            finally:
                _clean(e)
    finally:
        _clean(d)


def test_a_power_cut_at_every_write_of_a_sessions_end_keeps_every_line():
    """``clear`` at a session's end, the flash filling: the saves removed, then hands.log renamed to hands.2.log; a
    boot after any of those writes holds every line, once, and the chain's tip."""
    d = _tmpdir()
    try:
        s = Store(d, fs=RoomFs(d, 300000))
        lines = _session(s, 1, 132)
        s.save({"hand": 132})
        assert s.record("132.end")
        states = []

        def wrapped(f):
            def wrap(*args):
                r = f(*args)
                states.append(sorted(os.listdir(d)))
                e = _laid_out({n: _read(d + "/" + n) for n in os.listdir(d)})
                try:
                    boot = Store(e)
                    boot.load()
                    assert read_log(boot) == _h(lines) and boot.tip() == line_hash(lines[-1]), states[-1]
                finally:
                    _clean(e)
                return r
            return wrap

        for op in ("remove", "replace"):
            setattr(s, op, wrapped(getattr(s, op)))
        s.clear()
        assert states[-1] == ["hands.2.log"] and len(states) == 6    # five removes (the files there or not), a rename
    finally:
        _clean(d)


def test_a_folder_in_the_place_of_an_older_file_or_of_the_tip_is_passed_over_and_the_drop_goes_on():
    """Folders made on a computer: ``hands.2.log`` is no older file (the hands counted, the drop: an errno 21 at boot
    before, a traceback on every boot), ``hands.tip`` and ``tip.tmp`` are set aside as ``*.bad`` at the drop (its
    "not saved: flash error 21" notice before)."""
    d = _tmpdir()
    try:
        _write(d + "/hands.3.log", ("\n".join([_genesis()] + [_hand(k) for k in (1, 2)]) + "\n").encode())
        _write(d + "/hands.log", (_genesis() + "\n" + _hand(1) + "\n").encode())
        for name in ("hands.2.log", "hands.tip", "tip.tmp"):
            os.mkdir(d + "/" + name)
        s = Store(d, fs=RoomFs(d, 40000))
        assert s.older() == ["hands.3.log"] and s.hands() == 3
        assert s.drop_hands() == (2, 2200) and s.hands() == 1
        assert sorted(os.listdir(d)) == ["hands.2.log", "hands.log", "hands.tip", "hands.tip.bad", "tip.tmp.bad"]
        assert _read(d + "/hands.tip") == line_hash(_hand(2)).encode()
    finally:
        _clean(d)

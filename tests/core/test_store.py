"""The session store (firmware/dealerbox/store/saves.py) on a real directory, on both interpreters.

The power-cut proof (a cut at every block write of littlefs2) is in test_powercut.py;
here: the file format, the checksum, damaged and truncated files, the fall back to the
previous good copy, numbering, hand logs and their rotation.
"""

import os

from dealerbox.store import boot
from dealerbox.store import saves as st
from dealerbox.store.boot import encode
from dealerbox.store.crc32 import crc32_py
from dealerbox.store.saves import Store, crc32
from dealerbox.ui.snapcheck import check
from store_util import FullFs, _clean, _exists, decode, read_log
from support import raises


def _tmpdir():
    name = "/tmp/dbx-store-" + "".join("%02x" % b for b in os.urandom(4))
    os.mkdir(name)
    return name


def _write(path, data):
    f = open(path, "wb")
    f.write(data)
    f.close()


def _read(path):
    f = open(path, "rb")
    data = f.read()
    f.close()
    return data


def _snap(i):
    """A snapshot with the shape of the app's (ui/app.py App.snapshot, version 1)."""
    return {"v": 1, "cfg": {"game": "teen-patti", "players": 3, "names": ["Anna", "Ben", "Carla"], "chips": 100,
                    "rules": {}},
            "table": {"names": ["Anna", "Ben", "Carla"], "stacks": [100 - i, 100 + i, 100], "bought_in": [100] * 3,
                      "dealer": i % 3},
            "engine": None, "hand_no": i, "last": ""}


def _saved_twice(d):
    """A Store on the folder ``d`` that saved ``_snap(1)`` then ``_snap(2)`` (session.bak and session.json)."""
    s = Store(d)
    s.save(_snap(1))
    s.save(_snap(2))
    return s


def _file(body, number, mark=0, magic=b"DBX2"):
    """A snapshot file with a right header around ``body`` (bytes), whatever the body is."""
    head = b"%s %010d %08x %010d" % (magic, number, crc32(body), len(body))
    if magic == b"DBX2":
        head += b" %010d" % mark
    return head + b"\n" + body + b"\n"


def test_crc32_check_value_both_implementations():
    # The standard CRC-32 check value of "123456789".
    assert crc32_py(b"123456789") == 0xCBF43926
    assert crc32(b"123456789") == 0xCBF43926
    data = bytes(range(256)) * 3
    assert crc32_py(data) == crc32(data)
    assert crc32_py(b"") == 0


def test_encode_layout_and_round_trip():
    data = encode({"a": [1, 2]}, 7, 1234)
    fields = b"0000000007 0000000011 0000001234\n"
    crc = crc32(b'{"a":[1,2]}', crc32(fields))  # the header's numbers are inside the checksum
    assert data == b"DBX3 %08x " % crc + fields + b'{"a":[1,2]}\n'
    assert len(data) == 47 + 11 + 1  # a fixed-size header
    assert boot.check(data) == (7, 47, 11, 1234, crc)
    assert decode(data) == (7, {"a": [1, 2]})
    assert decode(encode(_snap(3), 12)) == (12, _snap(3))


def test_every_header_field_is_inside_the_checksum():
    """Issue 13, fault 3: the save number and the log length were outside the checksum; editing either
    silently cut or deleted hands.log. Now any edited digit fails the checksum."""
    good = encode(_snap(1), 5, 120)
    for i in range(14, 46):
        if good[i:i + 1] == b" ":
            continue
        bad = good[:i] + (b"1" if good[i:i + 1] != b"1" else b"2") + good[i + 1:]
        with raises(ValueError):
            decode(bad)
    assert decode(good) == (5, _snap(1))


def test_decode_refuses_damaged_files():
    good = encode(_snap(1), 5)
    with raises(ValueError, "empty"):
        decode(b"")
    with raises(ValueError, "no header"):
        decode(b"DBX1 5 00")
    with raises(ValueError, "not a session file"):
        decode(b"hello world\n{}\n")
    with raises(ValueError, "not a session file"):
        decode(b"DBX1 x 0 2\n{}\n")
    with raises(ValueError, "not a session file"):  # a negative length
        decode(b"DBX2 0000000099 00000000 -000000010 0000000000\n{}\n")
    with raises(ValueError, "not a session file"):
        decode(b"DBX2 0000000099 00000000 0000000002 -000000001\n{}\n")
    with raises(ValueError, "not a session file"):  # the old header with the new magic
        decode(b"DBX2 1 %08x 2\n{}\n" % crc32(b"{}"))
    with raises(ValueError, "truncated (%d of %d bytes)" % (len(good) - 10, len(good))):
        decode(good[:-10])
    with raises(ValueError, "truncated"):
        decode(good[:-1])  # even the final newline missing counts as truncated
    # one changed byte inside the JSON: the checksum catches it
    i = good.find(b"Anna")
    with raises(ValueError, "checksum mismatch"):
        decode(good[:i] + b"Anne" + good[i + 4:])
    # a header that is right about a body that is not JSON
    with raises(ValueError, "bad JSON"):
        decode(_file(b"{oops", 1))


def test_save_then_load_newest_and_keeps_previous():
    d = _tmpdir()
    try:
        s = Store(d)
        assert s.load() is None
        assert s.found == ["no saved session"] and s.report is None
        n1 = s.save(_snap(1))
        s.save(_snap(2))
        s.save(_snap(3))
        assert n1 == len(encode(_snap(1), 1))
        assert _read(d + "/session.json") == encode(_snap(3), 3)  # the same bytes on both interpreters
        assert s.number == 3 and s.saves == 3
        assert sorted(os.listdir(d)) == ["session.bak", "session.json"]
        assert decode(_read(d + "/session.json")) == (3, _snap(3))
        assert decode(_read(d + "/session.bak")) == (2, _snap(2))
        t = Store(d)  # a new boot
        assert t.load() == _snap(3)
        assert t.number == 3
        assert t.found == ["session.json: save 3 ok", "session.bak: save 2 ok"] and t.report is None
        t.save(_snap(4))
        assert decode(_read(d + "/session.json"))[0] == 4
    finally:
        _clean(d)


def test_save_without_load_continues_numbering():
    d = _tmpdir()
    try:
        Store(d).save(_snap(1))
        Store(d).save(_snap(2))
        s = Store(d)
        s.save(_snap(3))
        assert s.number == 3
        assert decode(_read(d + "/session.bak"))[0] == 2
    finally:
        _clean(d)


def test_corrupt_newest_falls_back_to_previous_good_copy():
    d = _tmpdir()
    try:
        _saved_twice(d)
        data = _read(d + "/session.json")
        i = data.find(b"Carla")
        _write(d + "/session.json", data[:i] + b"Karla" + data[i + 5:])
        t = Store(d)
        assert t.load() == _snap(1)
        assert t.number == 1
        assert t.found == ["session.json: checksum mismatch", "session.bak: save 1 ok",
                           "session.json set aside as session.json.bad",
                           "using session.bak (save 1): session.json is damaged"]
        assert t.report == "Save damaged (checksum mismatch): the one before it is used."
        # the damaged file never replaces the last good copy: the next save keeps session.bak
        t.save(_snap(5))
        assert sorted(os.listdir(d)) == ["session.bak", "session.json", "session.json.bad"]
        assert decode(_read(d + "/session.bak")) == (1, _snap(1))
        u = Store(d)
        assert u.load() == _snap(5)
        assert u.found == ["session.json: save 2 ok", "session.bak: save 1 ok"] and u.report is None
    finally:
        _clean(d)


def test_a_save_without_load_never_renames_a_damaged_session_over_the_backup():
    d = _tmpdir()
    try:
        _saved_twice(d)
        _write(d + "/session.json", _read(d + "/session.json")[:50])  # truncated
        Store(d).save(_snap(3))  # no load first
        assert decode(_read(d + "/session.bak")) == (1, _snap(1))
        assert decode(_read(d + "/session.json")) == (2, _snap(3))
        assert sorted(os.listdir(d)) == ["session.bak", "session.json", "session.json.bad"]
    finally:
        _clean(d)


def test_truncated_newest_falls_back():
    d = _tmpdir()
    try:
        _saved_twice(d)
        data = _read(d + "/session.json")
        _write(d + "/session.json", data[:60])
        t = Store(d)
        assert t.load() == _snap(1)
        assert t.found[0] == "session.json: truncated (60 of %d bytes)" % len(data)
        assert t.found[2:] == ["session.json set aside as session.json.bad",
                               "using session.bak (save 1): session.json is damaged"]
        assert t.report == "Save damaged (truncated (60 of %d bytes)): the one before it is used." \
            % len(data)
    finally:
        _clean(d)


def test_power_cut_states_between_the_steps_of_a_save():
    d = _tmpdir()
    try:
        _saved_twice(d)
        new = encode(_snap(3), 3)
        # cut while session.tmp was being written: it is short, session.json is the state before
        _write(d + "/session.tmp", new[:25])
        t = Store(d)
        assert t.load() == _snap(2)
        assert t.found[-1] == "using session.json (save 2): a save was cut short by a power cut"
        assert t.report is None  # nothing was lost
        # cut after session.json became session.bak, before session.tmp became session.json: the state after
        _write(d + "/session.tmp", new)
        os.rename(d + "/session.json", d + "/session.bak")
        t = Store(d)
        assert t.load() == _snap(3)
        assert t.found == ["session.tmp: save 3 ok", "session.bak: save 2 ok",
                           "using session.tmp (save 3): the power went during a save"]
        assert t.report is None
        # load finished that save: the files are as after it
        assert sorted(os.listdir(d)) == ["session.bak", "session.json"]
        assert decode(_read(d + "/session.json")) == (3, _snap(3))
        # the same with session.json not yet renamed
        os.rename(d + "/session.json", d + "/session.tmp")
        _write(d + "/session.json", encode(_snap(2), 2))
        assert Store(d).load() == _snap(3)
        assert decode(_read(d + "/session.json")) == (3, _snap(3))
        assert decode(_read(d + "/session.bak")) == (2, _snap(2))
        t.save(_snap(4))  # completes normally over the leftovers
        assert sorted(os.listdir(d)) == ["session.bak", "session.json"]
        assert Store(d).load() == _snap(4)
    finally:
        _clean(d)


def test_nothing_valid_gives_none_not_a_crash():
    d = _tmpdir()
    try:
        _write(d + "/session.json", b"\x00\xff\x13garbage\n")
        _write(d + "/session.bak", b"")
        s = Store(d)
        assert s.load() is None
        assert s.found == ["session.json: not a session file", "session.bak: empty",
                           "session.json set aside as session.json.bad", "session.bak set aside as session.bak.bad",
                           "no valid saved session"]
        assert s.report == "Save unusable (not a session file): a new session starts."
        assert s.number == 0
        s.save(_snap(1))
        assert Store(d).load() == _snap(1)
        assert sorted(os.listdir(d)) == ["session.bak.bad", "session.json", "session.json.bad"]
        assert _read(d + "/session.json.bad") == b"\x00\xff\x13garbage\n" and _read(d + "/session.bak.bad") == b""
    finally:
        _clean(d)


def test_both_saves_damaged_are_set_aside_with_the_journal_before_a_new_session_replaces_them():
    """Both snapshot files damaged (``null`` written over them, or random bytes): no save is usable, a new session
    starts and says why, and the two files and the journal (the lost save's actions) are kept as ``*.bad`` for study
    (docs/device.md, the store's files) before the new session's ``clear`` and first save, which before removed and
    overwrote them."""
    journal = b"2.chaal.4 0 0a1b2c3d\n3.pack 0 11223344\n"
    noise = bytes(range(256)) * 3 + b"\x00DBX3 \xff"
    whole = encode(_snap(5), 5)
    for json_data, bak_data, why in ((b"null\n", b"null\n", "not a session file"),
                                     (noise, noise[400:] + noise[:400], "not a session file"),
                                     (whole[:80], whole.replace(b"Carla", b"Karla"),
                                      "truncated (80 of %d bytes)" % len(whole))):
        d = _tmpdir()
        try:
            _write(d + "/session.json", json_data)
            _write(d + "/session.bak", bak_data)
            _write(d + "/session.jnl", journal)
            _write(d + "/hands.log", b'{"hand":1}\n')
            s = Store(d)
            assert s.load() is None
            assert s.report == "Save unusable (%s): a new session starts." % why
            assert s.found[2:] == ["session.json set aside as session.json.bad",
                                   "session.bak set aside as session.bak.bad", "no valid saved session",
                                   "session.jnl set aside as session.jnl.bad"], s.found
            assert sorted(os.listdir(d)) == ["hands.log", "session.bak.bad", "session.jnl.bad", "session.json.bad"]
            assert Store(d).load() is None          # nothing left to load: a new session
            s.clear()                               # the app's new session (ui/app.py start_session), then its deal
            s.save(_snap(1))
            s.save(_snap(2))
            assert sorted(os.listdir(d)) == ["hands.log", "session.bak", "session.bak.bad", "session.jnl.bad",
                                             "session.json", "session.json.bad"]
            assert _read(d + "/session.json.bad") == json_data and _read(d + "/session.bak.bad") == bak_data
            assert _read(d + "/session.jnl.bad") == journal and _read(d + "/hands.log") == b'{"hand":1}\n'
            assert Store(d).load() == _snap(2)
            assert s.free_room() == (["session.json.bad", "session.bak.bad", "session.jnl.bad"],
                                     len(json_data) + len(bak_data) + len(journal))
        finally:
            _clean(d)


def test_one_damaged_save_is_set_aside_whichever_it_is():
    """``session.bak`` damaged under a good ``session.json``: set aside at boot (the newest save used, nothing to
    say to the players), never renamed over by the next save. ``session.bak`` damaged with no ``session.json``
    (removed by hand): no save is usable and the players are told why (before, a new session started in silence)."""
    d = _tmpdir()
    try:
        _saved_twice(d)
        _write(d + "/session.bak", b"null\n")
        t = Store(d)
        assert t.load() == _snap(2)
        assert t.found == ["session.json: save 2 ok", "session.bak: not a session file",
                           "session.bak set aside as session.bak.bad", "using session.json (save 2)"]
        assert t.report is None
        t.save(_snap(3))
        assert sorted(os.listdir(d)) == ["session.bak", "session.bak.bad", "session.json"]
        assert _read(d + "/session.bak.bad") == b"null\n" and decode(_read(d + "/session.bak")) == (2, _snap(2))
        os.remove(d + "/session.json")
        os.remove(d + "/session.bak.bad")
        data = _read(d + "/session.bak")
        _write(d + "/session.bak", data[:-2] + b"X\n")
        u = Store(d)
        assert u.load() is None
        assert u.found == ["session.bak: checksum mismatch", "session.bak set aside as session.bak.bad",
                           "no valid saved session"]
        assert u.report == "Save unusable (checksum mismatch): a new session starts."
        assert sorted(os.listdir(d)) == ["session.bak.bad"]
    finally:
        _clean(d)


def test_a_folder_where_a_damaged_save_goes_never_costs_the_good_save():
    """``session.bak.bad`` (or ``session.json.bad``) found as a folder (a card edited on a computer): the damaged save
    cannot be set aside there; that is said in ``found`` and the good save is used all the same (before, the
    failed rename made the whole store unreadable: "Save unreadable", the good save never offered)."""
    d = _tmpdir()
    try:
        s = _saved_twice(d)
        _write(d + "/session.bak", b"null\n")
        os.mkdir(d + "/session.bak.bad")
        t = Store(d)
        assert t.load() == _snap(2) and t.report is None
        assert t.found[:2] == ["session.json: save 2 ok", "session.bak: not a session file"]
        assert t.found[2].startswith("session.bak: cannot be set aside as session.bak.bad (") and len(t.found) == 4
        os.rmdir(d + "/session.bak.bad")
        s = Store(d)
        s.load()
        s.save(_snap(3))                        # session.json (save 2) to session.bak, save 3 in session.json
        _write(d + "/session.json", b"null\n")
        os.mkdir(d + "/session.json.bad")
        u = Store(d)
        assert u.load() == _snap(2)
        assert u.report == "Save damaged (not a session file): the one before it is used."
        assert [f for f in u.found if f.startswith("session.json: cannot be set aside")]
    finally:
        for name in ("session.bak.bad", "session.json.bad"):
            try:
                os.rmdir(d + "/" + name)
            except OSError:
                pass
        _clean(d)


def test_clear_forgets_the_session_not_the_logs():
    d = _tmpdir()
    try:
        s = _saved_twice(d)
        s.append_log('{"v":1}')
        s.clear()
        assert s.number == 0
        assert os.listdir(d) == ["hands.log"]
        assert Store(d).load() is None
        s.clear()  # nothing to remove: fine
    finally:
        _clean(d)


def test_a_save_without_load_continues_after_the_newest_number_and_clear_starts_again():
    d = _tmpdir()
    try:
        _saved_twice(d)
        t = Store(d)            # a store that never loaded: its first save scans, so 3 follows 2
        t.save(_snap(3))
        assert t.number == 3
        t.clear()
        t.save(_snap(4))
        assert t.number == 1
        u = Store(d)
        assert u.load() == _snap(4) and u.number == 1
    finally:
        _clean(d)


def test_store_creates_its_folder():
    d = _tmpdir()
    try:
        s = Store(d + "/data")
        s.save(_snap(1))
        assert Store(d + "/data").load() == _snap(1)
        _clean(d + "/data")
    finally:
        _clean(d)


def test_hand_logs_append_and_rotate():
    d = _tmpdir()
    try:
        s = Store(d, log_limit=130)
        lines = ['{"hand":%d,"pad":"%s"}' % (i, "x" * 20) for i in range(7)]  # 40 bytes each with newline
        for ln in lines[:3]:
            assert s.append_log(ln) == len(ln) + 1
        assert _read(d + "/hands.log") == ("\n".join(lines[:3]) + "\n").encode()
        s.append_log(lines[3])  # 120 + 40 > 130: hands.log moves to hands.1.log first
        assert _read(d + "/hands.1.log") == ("\n".join(lines[:3]) + "\n").encode()
        assert _read(d + "/hands.log") == (lines[3] + "\n").encode()
        for ln in lines[4:]:
            s.append_log(ln)
        assert read_log(s) == lines[3:]  # the oldest rotated out: only two files are kept
        assert s.bytes_written == 7 * 40
    finally:
        _clean(d)


def test_hand_log_given_as_a_dict_is_one_json_line():
    """The app hands the log dict itself: the same line as json.dumps, the byte count right; with a log_limit the
    log moves before a line would take it past the limit (the box sets none: it keeps every hand)."""
    import json

    d = _tmpdir()
    try:
        s = Store(d, log_limit=200)
        logs = [{"hand": i, "actions": [[0, "chaal", 2], [1, "pack", 0]], "names": ["Anna", "Ben"]}
                for i in range(1, 5)]
        text = [json.dumps(g) for g in logs]
        assert len(text[0]) == 83
        assert s.append_log(logs[0]) == 84
        assert s.append_log(text[1]) == 84           # a str line is written as it is: 168 <= 200
        assert _read(d + "/hands.log") == (text[0] + "\n" + text[1] + "\n").encode()
        assert s.append_log(logs[2]) == 84           # 168 + 84 > 200: hands.log moves to hands.1.log first
        assert _read(d + "/hands.1.log") == ("\n".join(text[:2]) + "\n").encode()
        assert s.append_log(logs[3]) == 84           # 84 + 84 <= 200: appended
        assert _read(d + "/hands.log") == ("\n".join(text[2:]) + "\n").encode()
        assert read_log(s) == text
        assert s.bytes_written == 4 * 84
    finally:
        _clean(d)


def test_bytes_written_counts_every_save():
    d = _tmpdir()
    try:
        s = Store(d)
        total = 0
        for i in range(1, 6):
            total += s.save(_snap(i))
        assert s.bytes_written == total
        assert total == sum(len(encode(_snap(i), i)) for i in range(1, 6))
    finally:
        _clean(d)


def test_module_constants():
    names = (boot.SESSION, boot.BACKUP, boot.TEMP, boot.LOG)
    assert names == ("session.json", "session.bak", "session.tmp", "hands.log")


def test_set_aside_keeps_the_files_and_starts_fresh():
    d = _tmpdir()
    try:
        s = _saved_twice(d)
        s.append_log('{"v":1}')
        assert s.set_aside() == ["session.json", "session.bak"]
        assert sorted(os.listdir(d)) == ["hands.log", "session.bak.crashed", "session.json.crashed"]
        assert decode(_read(d + "/session.json.crashed")) == (2, _snap(2))
        assert Store(d).load() is None
        assert s.number == 0
        assert s.set_aside() == []
    finally:
        _clean(d)


def test_checksummed_file_with_bad_json_falls_back():
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        _write(d + "/session.tmp", _file(b'{"hand":', 9))
        t = Store(d)
        assert t.load() == _snap(1)
        assert t.number == 1
        assert t.found == ["session.json: save 1 ok", "session.tmp: save 9 ok", "session.tmp: bad JSON",
                           "session.tmp set aside as session.tmp.bad",
                           "using session.json (save 1): a save was cut short by a power cut"]
    finally:
        _clean(d)


# ---- the hand log is committed by the snapshot saved after it --------------------------------

def test_a_hand_log_the_power_cut_off_before_its_save_is_kept_and_caught_up():
    """The app appends the hand's log, then saves: after a cut between the two the log line stays (a committed line
    of the hand log is never removed: issue 24) and ``later`` gives it to the app, which brings the session to its
    logged end (ui/catchup.py): the hand is never dealt or logged again."""
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        s.append_log('{"hand":1}')
        s.save(_snap(2))          # commits hand 1's log
        s.append_log('{"hand":2,"first":true}')
        # the power goes here: no save after the append
        t = Store(d)
        assert t.load() == _snap(2)
        assert read_log(t) == ['{"hand":1}', '{"hand":2,"first":true}']
        assert t.later == ['{"hand":2,"first":true}'] and t.later_why == "the save is older than the hand log"
        assert t.found[-1] == "hands.log: 24 bytes logged after save 2: caught up, kept" and t.report is None
        assert sorted(os.listdir(d)) == ["hands.log", "session.bak", "session.json"]
        t.save(_snap(3))            # the app's snapshot after the catch-up commits it
        u = Store(d)
        assert u.load() == _snap(3) and u.later == []
        assert read_log(u) == ['{"hand":1}', '{"hand":2,"first":true}']
        assert u.found == ["session.json: save 3 ok", "session.bak: save 2 ok"]
    finally:
        _clean(d)


def test_falling_back_to_the_backup_never_deletes_a_committed_hand():
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        s.append_log('{"hand":1}')
        s.save(_snap(2))
        s.append_log('{"hand":2}')
        s.save(_snap(3))
        _write(d + "/session.json", b"")  # damaged: save 2 is used; hand 2 was committed by save 3: kept
        t = Store(d)
        assert t.load() == _snap(2)
        assert read_log(t) == ['{"hand":1}', '{"hand":2}']
        assert t.found[-1] == "hands.log: 11 bytes logged after save 2: caught up, kept"
        assert t.report == "Save damaged (empty): the one before it is used." and t.later == ['{"hand":2}']
    finally:
        _clean(d)


def test_a_log_moved_to_hands_1_after_the_snapshot_keeps_its_new_lines():
    d = _tmpdir()
    try:
        s = Store(d, log_limit=30)
        s.save(_snap(1))
        s.append_log('{"hand":1,"pad":"xxxxx"}')   # 25 bytes
        s.save(_snap(2))
        s.append_log('{"hand":2}')   # 25 + 11 > 30: hands.log moves to hands.1.log first
        assert _read(d + "/hands.1.log") == b'{"hand":1,"pad":"xxxxx"}\n'
        assert _read(d + "/hands.log") == b'{"hand":2}\n'
        t = Store(d)  # the power went before the save
        assert t.load() == _snap(2)
        assert sorted(os.listdir(d)) == ["hands.1.log", "hands.log", "session.bak", "session.json"]
        assert read_log(t) == ['{"hand":1,"pad":"xxxxx"}', '{"hand":2}'] and t.later == ['{"hand":2}']
        assert t.found[-1] == "hands.log: 11 bytes logged after save 2: caught up, kept"
        # a line at least as long as the log so far never moves it (a moved log could then look committed)
        t.append_log('{"hand":3,"pad":"xxxxxxxxxx"}')  # 11 + 31 > 30, but 11 < 31: appended
        assert read_log(t) == ['{"hand":1,"pad":"xxxxx"}', '{"hand":2}', '{"hand":3,"pad":"xxxxxxxxxx"}']
    finally:
        _clean(d)


def test_an_old_dbx1_session_still_loads_and_leaves_the_log_alone():
    d = _tmpdir()
    try:
        import json

        _write(d + "/session.json", _file(json.dumps(_snap(4), separators=(",", ":")).encode(), 4, magic=b"DBX1"))
        _write(d + "/hands.log", b'{"hand":1}\n{"hand":2}\n')
        s = Store(d)
        assert s.load() == _snap(4) and s.number == 4
        assert read_log(s) == ['{"hand":1}', '{"hand":2}']
        s.save(_snap(5))
        data = _read(d + "/session.json")
        head = boot.check(data)
        assert (head[0], head[3], data[:4]) == (5, 22, b"DBX3")  # DBX3 now, with the log's length
    finally:
        _clean(d)


# ---- snapshots that pass the checksum but cannot be used ---------------------------------------

def test_a_snapshot_of_another_version_or_shape_is_set_aside_and_the_backup_used():
    d = _tmpdir()
    table = b'{"names":["A","B"],"stacks":[5,5],"bought_in":[5,5],"dealer":1}'
    cfg = b'{"game":"indian","players":2,"names":["A","B"],"chips":5,"rules":{}}'
    cases = (
        (b'{"v":1,"table":{}}', "snapshot without a valid 'cfg'"),
        (b'{"v":1,"cfg":{},"table":%s}' % table, "snapshot without a valid 'cfg'"),
        (b'{"v":2,"cfg":%s,"table":%s,"engine":null}' % (cfg, table),
         "snapshot version 2, this firmware reads 1"),
        (b'{"cfg":%s,"table":%s,"engine":null}' % (cfg, table), "snapshot version None, this firmware reads 1"),
        (b'{"v":1,"cfg":%s,"table":[],"engine":null}' % cfg, "snapshot without a valid 'table'"),
        (b'{"v":1,"cfg":%s,"table":{"names":["A","B"],"stacks":[5],"bought_in":[5,5],"dealer":1}}' % cfg,
         "snapshot without a valid 'table'"),
        (b'{"v":1,"cfg":%s,"table":{"names":["A","B"],"stacks":[5,"5"],"bought_in":[5,5],"dealer":1}}' % cfg,
         "snapshot without a valid 'table'"),
        (b'{"v":1,"cfg":%s,"table":{"names":["A","B"],"stacks":[5,5],"bought_in":[5,5]}}' % cfg,
         "snapshot without a valid 'table'"),
        (b'{"v":1,"cfg":%s,"table":%s,"engine":7}' % (cfg, table), "snapshot without a valid 'engine'"),
        (b"[1,2]", "not a snapshot (JSON list)"),
        (b'"DBX"', "not a snapshot (JSON str)"),
    )
    try:
        for body, problem in cases:
            for name in os.listdir(d):
                os.remove(d + "/" + name)
            _saved_twice(d)
            _write(d + "/session.json", _file(body, 99))
            t = Store(d)
            assert t.load(check) == _snap(1), body
            assert t.found == ["session.json: save 99 ok", "session.bak: save 1 ok", "session.json: " + problem,
                               "session.json set aside as session.json.bad",
                               "using session.bak (save 1): session.json is damaged"], t.found
            assert t.report == "Save damaged (%s): the one before it is used." % problem
            assert _read(d + "/session.json.bad") == _file(body, 99)
            t.save(_snap(3))
            assert decode(_read(d + "/session.bak")) == (1, _snap(1))
            assert Store(d).load(check) == _snap(3)
    finally:
        _clean(d)


def test_an_unusable_snapshot_alone_gives_a_new_session_and_says_why():
    d = _tmpdir()
    try:
        _write(d + "/session.json", _file(b'{"v":1,"table":{}}', 3))
        s = Store(d)
        assert s.load(check) is None
        assert s.report == "Save unusable (snapshot without a valid 'cfg'): a new session starts."
        assert os.listdir(d) == ["session.json.bad"]
        assert Store(d).load(check) is None
    finally:
        _clean(d)


def test_the_store_takes_the_apps_check_and_knows_no_version():
    """The store does not import the UI: the app passes its check (version, shape, content) to ``load``."""
    snap = _snap(1)
    snap["v"] = 5
    assert str(check(snap)) == "snapshot version 5, this firmware reads 1"
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(snap)
        assert Store(d).load() == snap                                  # no check given: any JSON object
        assert Store(d).load(lambda obj: None if obj["v"] == 5 else "no") == snap
    finally:
        _clean(d)


class _FullFlash:
    """A value whose JSON text cannot be written: as if the flash filled up (ENOSPC) midway through the line.

    MicroPython's ``json.dump`` prints it with ``repr``, after the text before it is in the file;
    CPython's ``json.dumps`` refuses it before anything is written.
    """

    def __repr__(self):
        raise OSError(28)


def test_a_hand_log_that_fails_to_write_leaves_no_partial_line():
    d = _tmpdir()
    try:
        s = Store(d)
        s.append_log({"hand": 1})
        with raises(Exception):
            s.append_log({"hand": 2, "actions": [[0, "chaal", 2]], "bad": _FullFlash()})
        assert _read(d + "/hands.log") == b'{"hand": 1}\n'
        s.append_log({"hand": 3})
        assert read_log(s) == ['{"hand": 1}', '{"hand": 3}']
        # a first line that fails: no file left behind
        for name in os.listdir(d):
            os.remove(d + "/" + name)
        with raises(Exception):
            s.append_log({"bad": _FullFlash()})
        assert os.listdir(d) == []
    finally:
        _clean(d)


def test_a_partial_last_line_is_not_read_and_is_cut_at_load():
    d = _tmpdir()
    try:
        s = Store(d)
        s.append_log('{"hand":1}')
        s.save(_snap(1))
        f = open(d + "/hands.log", "ab")
        f.write(b'{"hand":2,"act')  # a write that never finished
        f.close()
        assert read_log(s) == ['{"hand":1}']
        t = Store(d)
        assert t.load() == _snap(1)
        assert _read(d + "/hands.log") == b'{"hand":1}\n'
        t.append_log('{"hand":2}')
        assert read_log(t) == ['{"hand":1}', '{"hand":2}']
    finally:
        _clean(d)


# ---- crashes in a row with the same snapshot -----------------------------------------------------

def test_note_crash_counts_crashes_in_a_row_with_the_same_snapshot():
    d = _tmpdir()
    try:
        s = Store(d)
        assert s.note_crash() == 0  # nothing saved: nothing to count
        assert os.listdir(d) == []
        s.save(_snap(1))
        assert s.note_crash() == 1
        assert _read(d + "/crashes") == b"1 1\n"
        t = Store(d)
        t.load()
        assert t.note_crash() == 2  # a reboot, the same snapshot, crashed again
        t.save(_snap(2))
        assert t.note_crash() == 1  # a new save since: it starts again
        _write(d + "/crashes", b"garbage")
        assert t.note_crash() == 1
        t.clear()
        assert "crashes" not in os.listdir(d)
        t.save(_snap(1))
        t.note_crash()
        assert t.set_aside() == ["session.json"]
        assert sorted(os.listdir(d)) == ["session.json.crashed"]
    finally:
        _clean(d)


# ---- the journal --------------------------------------------------------------------------------

def test_journal_lines_follow_the_snapshot_and_come_back_at_load():
    d = _tmpdir()
    try:
        s = Store(d)
        assert not s.record("0.chaal.2")            # no snapshot yet: the app saves one instead
        s.save(_snap(1))
        assert s.record("0.chaal.2") and s.record("1.pack.0") and s.records == 2
        data = _read(d + "/session.jnl")
        assert data.startswith(b"0.chaal.2 0 ") and data.count(b"\n") == 2 and len(data) == 2 * 21 - 1
        t = Store(d)
        assert t.load() == _snap(1) and t.journal == ["0.chaal.2", "1.pack.0"]
        assert t.found == ["session.json: save 1 ok", "session.jnl: 2 actions after save 1"]
        assert t.record("2.show.4")                 # appends to the chain it loaded
        assert Store(d).load() == _snap(1) and Store(d).journal == []  # (a store that did not load sees none)
        u = Store(d)
        u.load()
        assert u.journal == ["0.chaal.2", "1.pack.0", "2.show.4"]
        u.save(_snap(2))                            # a snapshot starts a new journal: the old lines never count
        v = Store(d)
        assert v.load() == _snap(2) and v.journal == []
        assert v.record("0.see.0")
        w = Store(d)
        assert w.load() == _snap(2) and w.journal == ["0.see.0"]
        with raises(ValueError, "bad journal record"):
            w.record("0 chaal 2")
    finally:
        _clean(d)


def test_a_torn_or_edited_journal_line_ends_the_journal_there():
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        for r in ("0.chaal.2", "1.chaal.2", "2.chaal.2"):
            s.record(r)
        data = _read(d + "/session.jnl")
        _write(d + "/session.jnl", data[:-5])      # the last line torn (a filesystem that tears writes)
        t = Store(d)
        assert t.load() == _snap(1) and t.journal == ["0.chaal.2", "1.chaal.2"]
        assert not t.record("0.pack.0")             # not appended after a bad tail: a snapshot instead
        _write(d + "/session.jnl", data.replace(b"1.chaal.2", b"1.chaal.9"))  # an edited line: CRC chain broken
        t = Store(d)
        assert t.load() == _snap(1) and t.journal == ["0.chaal.2"]
    finally:
        _clean(d)


def test_the_journal_stays_under_the_inline_limit():
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        n = 0
        while s.record("%d.chaal.%d" % (n % 10, 100 + n)):
            n += 1
        size = len(_read(d + "/session.jnl"))
        assert size <= st.JOURNAL_CAP < 512 and size > st.JOURNAL_CAP - 24 and n == size // 22
        t = Store(d)
        t.load()
        assert len(t.journal) == n
    finally:
        _clean(d)


def test_the_journal_commits_the_hand_log_appended_before_it():
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        s.record("0.chaal.2")
        s.append_log('{"hand":1}')
        t = Store(d)
        t.load()                                    # the hand's last line never came: its log is kept, caught up
        assert read_log(t) == ['{"hand":1}'] and t.later == ['{"hand":1}']
        assert t.found[-1] == "hands.log: 11 bytes logged after save 1: caught up, kept"
        assert t.record("1.show.4")                 # the next line commits the log
        u = Store(d)
        u.load()
        assert u.journal == ["0.chaal.2", "1.show.4"] and read_log(u) == ['{"hand":1}']
    finally:
        _clean(d)


# ---- faults (issue 13) --------------------------------------------------------------------------

def test_a_hand_log_shorter_than_the_save_expects_keeps_every_complete_hand():
    """Fault 2: hands.log cut mid-line after the save that committed it. Before: the whole log was deleted
    without a word (3 committed hands lost). Now every complete line stays and the report says what is missing."""
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(0))
        for i in range(1, 5):
            s.append_log('{"hand":%d,"pad":"xxxxxxxx"}' % i)
        s.save(_snap(4))
        data = _read(d + "/hands.log")
        _write(d + "/hands.log", data[:len(data) - 15])  # cut in the middle of hand 4's line
        t = Store(d)
        assert t.load() == _snap(4)
        assert read_log(t) == ['{"hand":%d,"pad":"xxxxxxxx"}' % i for i in (1, 2, 3)]
        assert _read(d + "/hands.log") == data[:3 * 28]     # the partial line cut, the three hands kept
        assert t.found[-2:] == ["hands.log: 15 bytes shorter than save 2 recorded",
                                "hands.log: a partial line of 13 bytes cut"]
        assert t.report == ("Hand log damaged: 15 bytes of hand logs are missing; every complete hand kept. "
                            "A partial hand log (13 bytes) was removed.")
        t.append_log('{"hand":5}')                      # the log goes on whole
        assert read_log(Store(d))[-1] == '{"hand":5}'
    finally:
        _clean(d)


def test_a_full_flash_at_a_save_keeps_the_session_and_frees_room_on_request():
    """Fault 1: ENOSPC at a save. The store raises it with the previous session whole (no partial file left);
    ``free_room`` deletes the older hand logs and the set-aside saves, never the session nor hands.log."""
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        s.record("0.chaal.2")
        _write(d + "/hands.1.log", b"x" * 5000)
        _write(d + "/session.json.bad", b"y" * 100)
        full = Store(d, fs=FullFs(20))
        full.load()
        with raises(OSError):
            full.save(_snap(2))
        assert not _exists(d + "/session.tmp")
        assert Store(d).load() == _snap(1)
        assert full.free_room() == (["hands.1.log", "session.json.bad"], 5100)
        full.fs.room = 10000
        full.save(_snap(2))
        t = Store(d)
        assert t.load() == _snap(2) and t.journal == []
        assert sorted(os.listdir(d)) == ["session.bak", "session.json"]     # (save 1's journal removed with it)
    finally:
        _clean(d)


def test_a_failed_journal_line_makes_the_next_one_a_snapshot():
    d = _tmpdir()
    try:
        fs = FullFs(10000)
        s = Store(d, fs=fs)
        s.save(_snap(1))
        fs.room = 5
        with raises(OSError):
            s.record("0.chaal.2")
        fs.room = 10000
        assert not s.record("1.chaal.2")  # the journal's end is not known: the app saves a snapshot
        s.save(_snap(2))
        assert s.record("1.chaal.2")
    finally:
        _clean(d)


def test_a_dbx2_save_of_the_current_firmware_loads_with_its_log_length():
    """Saves written before this store (DBX2: the numbers outside the CRC) are read, their log length honoured."""
    import json

    d = _tmpdir()
    try:
        _write(d + "/hands.log", b'{"hand":1}\n{"hand":2}\n')
        _write(d + "/session.json", _file(json.dumps(_snap(2), separators=(",", ":")).encode(), 7, mark=11))
        s = Store(d)
        assert s.load(check) == _snap(2) and s.number == 7 and s.journal == []
        assert read_log(s) == ['{"hand":1}', '{"hand":2}'] and s.later == ['{"hand":2}']  # kept, caught up
        assert s.record("0.chaal.1")                 # the journal chains to a DBX2 snapshot too
        t = Store(d)
        assert t.load(check) == _snap(2) and t.journal == ["0.chaal.1"]
    finally:
        _clean(d)


class SyncFs:
    """``os`` plus the optional hooks a board may give the store (a Raspberry Pi's ``fsync`` and ``sync_dir``)."""

    def __init__(self):
        self.calls = []
        self.stat = os.stat
        self.rename = os.rename
        self.remove = os.remove
        self.mkdir = os.mkdir

    def fsync(self, f):
        self.calls.append("fsync")

    def sync_dir(self, path):
        self.calls.append("sync_dir " + path)


def test_a_board_can_give_the_store_fsync_and_sync_dir():
    d = _tmpdir()
    try:
        fs = SyncFs()
        s = Store(d, fs=fs)
        s.save(_snap(1))
        assert fs.calls == ["fsync", "sync_dir " + d]                   # the file, then its rename
        del fs.calls[:]
        s.save(_snap(1))
        assert fs.calls == ["fsync", "sync_dir " + d, "sync_dir " + d]   # and the one to session.bak
        del fs.calls[:]
        s.record("0.chaal.2")
        s.record("1.chaal.2")
        assert fs.calls == ["fsync", "sync_dir " + d, "fsync"]        # a new journal's entry in the folder
        del fs.calls[:]
        s.append_log('{"hand":1}')
        assert fs.calls == ["fsync"]
        assert Store(d).load() == _snap(1)
    finally:
        _clean(d)


def test_a_check_that_raises_refuses_the_save_instead_of_crashing():
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        s.save({"v": 1, "odd": True})

        def picky(obj):
            return None if obj["table"] else "no"   # KeyError on the odd one

        t = Store(d)
        assert t.load(picky) == _snap(1)
        assert t.report.startswith("Save damaged (cannot be checked (KeyError: ")   # (MicroPython: no quotes)
        assert "table" in t.report and t.report.endswith(")): the one before it is used.")
    finally:
        _clean(d)


def test_a_hand_log_whose_close_fails_is_cut_back_and_written_once():
    """A sync or close of hands.log that fails after its data landed (a full flash can say so there) is a failed
    write: the line is cut back and the error raised, so the app's next flush writes it once (it stayed, the app
    queued it again, and the hand was logged twice: the chain broke)."""

    class CloseFails(Store):
        fail = False

        def close(self, f):
            Store.close(self, f)
            if self.fail:
                self.fail = False
                raise OSError(28, "No space left on device")

    d = _tmpdir()
    try:
        s = CloseFails(d)
        s.append_log('{"hand":1}')
        s.fail = True
        try:
            s.append_log('{"hand":2}')
            raised = False
        except OSError:
            raised = True
        assert raised and read_log(Store(d)) == ['{"hand":1}']
        s.append_log('{"hand":2}')
        assert read_log(Store(d)) == ['{"hand":1}', '{"hand":2}']
    finally:
        _clean(d)

"""The session store (firmware/dealerbox/store.py) on a real directory, on both interpreters.

The power-cut proof (a cut at every block write of littlefs2) is in test_powercut.py;
here: the file format, the checksum, damaged and truncated files, the fall back to the
previous good copy, numbering, hand logs and their rotation.
"""

import os

from dealerbox import store as st
from dealerbox.store import Store, crc32, crc32_py, decode, encode
from support import raises


def _tmpdir():
    name = "/tmp/dbx-store-" + "".join("%02x" % b for b in os.urandom(4))
    os.mkdir(name)
    return name


def _rmtree(path):
    for name in os.listdir(path):
        os.remove(path + "/" + name)
    os.rmdir(path)


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
    return {"v": 1, "game": "teen-patti", "hand": i, "stacks": [100 - i, 100 + i, 100], "pot": 0,
            "names": ["Anna", "Ben", "Carla"]}


def test_crc32_check_value_both_implementations():
    # The standard CRC-32 check value of "123456789".
    assert crc32_py(b"123456789") == 0xCBF43926
    assert crc32(b"123456789") == 0xCBF43926
    data = bytes(range(256)) * 3
    assert crc32_py(data) == crc32(data)
    assert crc32_py(b"") == 0


def test_encode_layout_and_round_trip():
    data = encode({"a": [1, 2]}, 7)
    assert data == b"DBX1 0000000007 %08x 0000000011\n" % crc32(b'{"a":[1,2]}') + b'{"a":[1,2]}\n'
    assert len(data) == 36 + 11 + 1  # a fixed-size header
    assert decode(data) == (7, {"a": [1, 2]})
    assert decode(encode(_snap(3), 12)) == (12, _snap(3))


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
    with raises(ValueError, "truncated (%d of %d bytes)" % (len(good) - 10, len(good))):
        decode(good[:-10])
    with raises(ValueError, "truncated"):
        decode(good[:-1])  # even the final newline missing counts as truncated
    # one changed byte inside the JSON: the checksum catches it
    i = good.find(b"Anna")
    with raises(ValueError, "checksum mismatch"):
        decode(good[:i] + b"Anne" + good[i + 4:])
    # a header that is right about a body that is not JSON
    body = b"{oops"
    with raises(ValueError, "bad JSON"):
        decode(b"DBX1 1 %08x 5\n" % crc32(body) + body + b"\n")


def test_save_then_load_newest_and_keeps_previous():
    d = _tmpdir()
    try:
        s = Store(d)
        assert s.load() is None
        assert s.report == ["no saved session"]
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
        assert t.report == ["session.json: save 3 ok", "session.bak: save 2 ok"]
        t.save(_snap(4))
        assert decode(_read(d + "/session.json"))[0] == 4
    finally:
        _rmtree(d)


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
        _rmtree(d)


def test_corrupt_newest_falls_back_to_previous_good_copy():
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        s.save(_snap(2))
        data = _read(d + "/session.json")
        i = data.find(b"Carla")
        _write(d + "/session.json", data[:i] + b"Karla" + data[i + 5:])
        t = Store(d)
        assert t.load() == _snap(1)
        assert t.number == 1
        assert t.report == ["session.json: checksum mismatch", "session.bak: save 1 ok",
                            "using session.bak (save 1): session.json is damaged"]
        # the next save is numbered after every valid copy and replaces the damaged one
        t.save(_snap(5))
        u = Store(d)
        assert u.load() == _snap(5)
        assert u.report == ["session.json: save 2 ok", "session.bak: checksum mismatch", "using session.json (save 2)"]
    finally:
        _rmtree(d)


def test_truncated_newest_falls_back():
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        s.save(_snap(2))
        data = _read(d + "/session.json")
        _write(d + "/session.json", data[:40])
        t = Store(d)
        assert t.load() == _snap(1)
        assert t.report[0] == "session.json: truncated (40 of %d bytes)" % len(data)
        assert t.report[-1] == "using session.bak (save 1): session.json is damaged"
    finally:
        _rmtree(d)


def test_power_cut_states_between_the_steps_of_a_save():
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        s.save(_snap(2))
        new = encode(_snap(3), 3)
        # cut while session.tmp was being written: it is short, session.json is the state before
        _write(d + "/session.tmp", new[:25])
        t = Store(d)
        assert t.load() == _snap(2)
        assert t.report[-1] == "using session.json (save 2): a save was cut short by a power cut"
        # cut after session.json became session.bak, before session.tmp became session.json: the state after
        _write(d + "/session.tmp", new)
        os.rename(d + "/session.json", d + "/session.bak")
        t = Store(d)
        assert t.load() == _snap(3)
        assert t.report == ["session.tmp: save 3 ok", "session.bak: save 2 ok",
                            "using session.tmp (save 3): the power went during a save"]
        t.save(_snap(4))  # completes normally over the leftovers
        assert sorted(os.listdir(d)) == ["session.bak", "session.json"]
        assert Store(d).load() == _snap(4)
    finally:
        _rmtree(d)


def test_nothing_valid_gives_none_not_a_crash():
    d = _tmpdir()
    try:
        _write(d + "/session.json", b"\x00\xff\x13garbage\n")
        _write(d + "/session.bak", b"")
        s = Store(d)
        assert s.load() is None
        assert s.report == ["session.json: not a session file", "session.bak: empty", "no valid saved session"]
        assert s.number == 0
        s.save(_snap(1))
        assert Store(d).load() == _snap(1)
    finally:
        _rmtree(d)


def test_clear_forgets_the_session_not_the_logs():
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        s.save(_snap(2))
        s.append_log('{"v":1}')
        s.clear()
        assert s.number == 0
        assert os.listdir(d) == ["hands.log"]
        assert Store(d).load() is None
        s.clear()  # nothing to remove: fine
    finally:
        _rmtree(d)


def test_store_creates_its_folder():
    d = _tmpdir()
    try:
        s = Store(d + "/data")
        s.save(_snap(1))
        assert Store(d + "/data").load() == _snap(1)
        _rmtree(d + "/data")
    finally:
        _rmtree(d)


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
        assert s.read_log() == lines[3:]  # the oldest rotated out: only two files are kept
        assert s.bytes_written == 7 * 40
    finally:
        _rmtree(d)


def test_hand_log_given_as_a_dict_is_one_json_line():
    """The app hands the log dict itself (streamed with json.dump on MicroPython): the same line as
    json.dumps, the byte count right; the log moves once it holds log_limit bytes (a dict's length
    is not known before it is written, so the log may pass the limit by that one line)."""
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
        assert s.append_log(logs[2]) == 84           # 168 < 200: appended, the log now passes the limit
        assert _read(d + "/hands.log") == ("\n".join(text[:3]) + "\n").encode()
        assert s.append_log(logs[3]) == 84           # 252 >= 200: hands.log moves to hands.1.log first
        assert _read(d + "/hands.1.log") == ("\n".join(text[:3]) + "\n").encode()
        assert _read(d + "/hands.log") == (text[3] + "\n").encode()
        assert s.read_log() == text
        assert s.bytes_written == 4 * 84
    finally:
        _rmtree(d)


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
        _rmtree(d)


def test_module_constants():
    assert (st.SESSION, st.BACKUP, st.TEMP, st.LOG) == ("session.json", "session.bak", "session.tmp", "hands.log")


def test_set_aside_keeps_the_files_and_starts_fresh():
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        s.save(_snap(2))
        s.append_log('{"v":1}')
        assert s.set_aside() == ["session.json", "session.bak"]
        assert sorted(os.listdir(d)) == ["hands.log", "session.bak.crashed", "session.json.crashed"]
        assert decode(_read(d + "/session.json.crashed")) == (2, _snap(2))
        assert Store(d).load() is None
        assert s.number == 0
        assert s.set_aside() == []
    finally:
        _rmtree(d)


def test_checksummed_file_with_bad_json_falls_back():
    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_snap(1))
        body = b'{"hand":'
        _write(d + "/session.tmp", b"DBX1 9 %08x %d\n" % (crc32(body), len(body)) + body + b"\n")
        t = Store(d)
        assert t.load() == _snap(1)
        assert t.number == 1
        assert t.report == ["session.json: save 1 ok", "session.tmp: save 9 ok", "session.tmp: bad JSON",
                            "using session.json (save 1): a save was cut short by a power cut"]
    finally:
        _rmtree(d)

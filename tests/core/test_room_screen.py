"""The room said to the table (ui/roomnote.py, docs/device.md "Room"), both interpreters: with room enough "Next
hand" deals at once and nothing is counted; with room for fewer than 10 hands the notice comes before the deal,
"Drop old hands" drops nothing until a second OK, then every hand goes and the chain goes on; the end of the
session says the hands kept and the room left."""

import os

from app_util import DOWN, OK, UP, Rig, act, pass_seal, setup
from dealerbox.store import line_hash
from dealerbox.store.saves import Store
from dealerbox.ui import modes
from store_util import StatFs, _clean, _read, _tmpdir


def _between(rig):
    """Hand played to its end (two of three pack), then OK through the results to the between-hands menu."""
    app = rig.app
    act(rig, "pack")
    act(rig, "pack")
    for _ in range(6):
        if app.mode == modes.M_BETWEEN:
            return
        rig.press(OK)
    raise AssertionError("not between hands: %r" % app.mode)


def _size(path):
    return os.stat(path)[6]


def test_with_room_enough_the_next_hand_is_dealt_and_nothing_is_counted():
    d = _tmpdir()
    try:
        fs = StatFs(1000)                       # 4 MB free
        rig = Rig(seed=7, store=Store(d, fs=fs))
        setup(rig, "teen-patti", 3)
        _between(rig)
        rig.press(OK)                           # Next hand
        assert rig.app.mode == modes.M_SEAL and rig.app.store._hands is None     # the log never read for it
    finally:
        _clean(d)


def test_the_notice_warns_drops_only_on_a_second_ok_and_the_chain_goes_on():
    d = _tmpdir()
    try:
        fs = StatFs(1000)
        store = Store(d, fs=fs)
        rig = Rig(seed=7, store=store)
        app = rig.app
        setup(rig, "teen-patti", 3)
        _between(rig)
        size = _size(d + "/hands.log")
        assert size == 1643                     # the genesis line and hand 1's
        fs.free = 6                             # 24,576 bytes free: 8,192 over the reserve, 1,643 bytes a hand
        rig.press(OK)                           # Next hand
        assert app.mode == modes.M_ROOM
        assert app.screen.title == "Room: 4 more hands" and app.screen.hint == "Copy off: make logs"
        assert [r[0] for r in app.screen.rows] == ["Next hand", "Drop old hands"] and app.screen.sel == 0
        rig.press(DOWN)
        rig.press(OK)
        assert app.screen.armed and app.screen.msg == "Drop them? OK again"
        rig.press(UP)                           # anything but OK: nothing dropped
        assert not app.screen.armed and app.screen.msg == "" and _size(d + "/hands.log") == size
        assert app.screen.sel == 1 and store.hands() == 1
        rig.press(OK)
        rig.press(OK)                           # asked twice: dropped
        assert app.mode == modes.M_ROOM and app.screen.msg == "1 hand dropped" and app.screen.sel == 0
        assert sorted(os.listdir(d)) == ["hands.tip", "session.bak", "session.json"] and store.hands() == 0
        assert app.screen.title == "Room: 5 more hands"       # 8,192 bytes at 1,600 a hand (none to measure)
        tip = store.tip()
        assert len(tip) == 64 and tip != "0" * 64
        rig.press(OK)                           # Next hand: hand 2 chains to the dropped hand 1
        pass_seal(rig)
        assert app.engine.hand_no == 2 and app.engine.log["prev"] == tip
        _between(rig)
        line = _read(d + "/hands.log")
        assert line.count(b"\n") == 1 and store.tip() == line_hash(line[:-1]) and store.hands() == 1
        fs.free = 1000                          # room again: the end of the session says it
        rig.press(DOWN, 5)
        rig.press(OK)
        rig.press(OK)                           # End session, asked twice
        assert app.mode == modes.M_END
        rows = [r for r in app.screen.rows if r[0] in ("Hands kept", "Room for")]
        per = _size(d + "/hands.log")
        assert rows == [("Hands kept", "1"), ("Room for", "%d hands" % ((4096000 - 16384) // per))]
    finally:
        _clean(d)

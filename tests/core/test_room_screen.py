"""The room said to the table (ui/roomnote.py, docs/device.md "Room"), both interpreters: with room enough "Next
hand" deals at once and nothing is counted; with room for fewer than 10 hands the notice comes before the deal,
"Drop old hands" drops nothing until a second OK, then the older sessions' hands go (never the session in play) and
the chain goes on; the game screen and the end of the session say the hands kept and the room left."""

import os

from app_util import DOWN, OK, UP, Rig, act, pass_seal, setup
from dealerbox import lang
from dealerbox.store import line_hash
from dealerbox.store.saves import Store
from dealerbox.ui import modes
from store_util import StatFs, _clean, _read, _tmpdir, _write


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


def test_with_room_enough_the_next_hand_is_dealt_and_the_log_is_read_once():
    d = _tmpdir()
    try:
        fs = StatFs(1000)                       # 4 MB free
        rig = Rig(seed=7, store=Store(d, fs=fs))
        app = rig.app
        assert app.mode == modes.M_GAME and app.screen.rows[4:] == [("0 hands", "room 999+")]  # 4,079,616 // 1,600
        rig.press(DOWN, 5)                      # the last row is read, never selected: the language row is
        assert app.screen.sel == 3 and app.screen.rows[3][0] == "Language"
        setup(rig, "teen-patti", 3)
        _between(rig)
        rig.press(OK)                           # Next hand: no notice
        assert app.mode == modes.M_SEAL and app.store._hands == 1   # counted at the game screen, then kept
    finally:
        _clean(d)


def test_the_game_screen_says_the_hands_kept_and_the_room_in_every_language():
    d = _tmpdir()
    try:
        _write(d + "/hands.2.log", (_line(1) + "\n" + _line(2) + "\n").encode())
        fs = StatFs(100)                        # 409,600 bytes free: (409,600 - 16,384) // 1,000 bytes a hand
        rig = Rig(seed=7, store=Store(d, fs=fs))
        app = rig.app
        assert app.screen.rows[4:] == [("2 hands", "room 393")]
        words = {"fr": ("2 mains", "place 393"), "it": ("2 mani", "spazio 393"), "de": ("2 Runden", "frei 393"),
                 "tr": ("2 el", "yer 393")}
        for code in words:
            if lang.use(code):
                app.screen.build()
                assert app.screen.rows[4:] == [words[code]], code
        lang.use("en")
        fs.free = None                          # a filesystem that cannot say: the hands alone
        app.screen.build()
        assert app.screen.rows[4:] == [("2 hands", None)]
    finally:
        lang.use("en")
        _clean(d)


def _line(no):
    """A hand line of 1,000 bytes with its newline (str, no newline)."""
    head = '{"v": 2, "hand": %d, "deck": [], "pad": "' % no
    return head + "x" * (999 - len(head) - 2) + '"}'


def test_the_notice_drops_only_the_older_sessions_on_a_second_ok_and_the_chain_goes_on():
    d = _tmpdir()
    try:
        old = _line(1) + "\n" + _line(2) + "\n"
        _write(d + "/hands.2.log", old.encode())   # an older session, moved there when it ended
        fs = StatFs(1000)
        store = Store(d, fs=fs)
        rig = Rig(seed=7, store=store)
        app = rig.app
        setup(rig, "teen-patti", 3)
        assert app.engine.log["prev"] != line_hash(_line(2))     # (hand 1 chains to its genesis line)
        _between(rig)
        size = _size(d + "/hands.log")
        assert size == 1643 and store.hands() == 3              # the genesis line and hand 1's; the older two
        fs.free = 6                             # 24,576 bytes free: 8,192 over the reserve, 1,214 bytes a hand
        rig.press(OK)                           # Next hand
        assert app.mode == modes.M_ROOM
        assert app.screen.title == "Room: 6 more hands" and app.screen.hint == "Copy off: make logs"
        assert [r[0] for r in app.screen.rows] == ["Next hand", "Drop old hands"] and app.screen.sel == 0
        rig.press(DOWN)
        rig.press(OK)
        assert app.screen.armed and app.screen.msg == "Drop them? OK again"
        rig.press(UP)                           # anything but OK: nothing dropped
        assert not app.screen.armed and app.screen.msg == "" and _read(d + "/hands.2.log") == old.encode()
        assert app.screen.sel == 1 and store.hands() == 3
        rig.press(OK)
        rig.press(OK)                           # asked twice: the older session dropped, this one kept
        assert app.mode == modes.M_ROOM and app.screen.msg == "2 hands dropped" and app.screen.sel == 0
        assert sorted(os.listdir(d)) == ["hands.log", "hands.tip", "session.jnl", "session.json"]
        assert store.hands() == 1 and _size(d + "/hands.log") == size
        assert _read(d + "/hands.tip") == line_hash(_line(2)).encode()
        assert app.screen.title == "Room: 4 more hands"       # 8,192 bytes at 1,643 a hand (this flash never grows)
        rig.press(DOWN)
        rig.press(OK)
        rig.press(OK)                           # again: nothing older left, the session in play is kept
        assert app.screen.msg == "Nothing older to drop" and _size(d + "/hands.log") == size
        tip = store.tip()
        rig.press(OK)                           # Next hand: hand 2 chains to hand 1
        pass_seal(rig)
        assert app.engine.hand_no == 2 and app.engine.log["prev"] == tip
        _between(rig)
        lines = _read(d + "/hands.log")
        assert lines.count(b"\n") == 3 and store.tip() == line_hash(lines.split(b"\n")[-2]) and store.hands() == 2
        fs.free = 1000                          # room again: the end of the session says it
        rig.press(DOWN, 5)
        rig.press(OK)
        rig.press(OK)                           # End session, asked twice
        assert app.mode == modes.M_END
        rows = [r for r in app.screen.rows if r[0] in ("Hands kept", "Room for")]
        per = _size(d + "/hands.log") // 2
        assert rows == [("Hands kept", "2"), ("Room for", "%d hands" % ((4096000 - 16384) // per))]
    finally:
        _clean(d)

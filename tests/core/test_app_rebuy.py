"""Rebuy before the session ends (issue 14): at two players, when one wins every chip the session does not end at
once: between hands the busted player is named, the cursor is on Rebuy and the rebuy screen opens on that player;
"Next hand" with one player holding every chip asks for a rebuy or the end; the session ends when the table
says so. Driven by presses only (tests/core/app_util.py). Runs under pytest and MicroPython."""

from app_util import DOWN, OK, UP, Rig, pass_seal, select, setup
from dealerbox.ui import modes
from support import session_over


def _bust_one(rig):
    """Two players blind-bet the most each turn until one is all-in and the hand ends; stop on the standings."""
    app = rig.app
    for _ in range(200):
        m = app.mode
        if m == modes.M_STANDINGS:
            return
        if m == modes.M_TURN:
            select(rig, "blind")
            rig.press(UP, long=True)             # the most the range allows
            rig.press(OK)
        else:
            rig.press(OK)
    raise AssertionError("no end of the hand")


def test_two_players_the_busted_one_is_named_and_rebuys_and_the_game_goes_on():
    rig = Rig(seed=61)
    setup(rig, "teen-patti", 2, chips=10)
    app = rig.app
    t = app.table
    _bust_one(rig)
    assert sorted(t.stacks) == [0, 20] and session_over(t)     # one player holds every chip
    busted = t.stacks.index(0)
    name = t.names[busted]
    rig.press(OK)                                                # standings -> between hands, not the end
    assert app.mode == modes.M_BETWEEN
    assert modes.BETWEEN_ITEMS[app.screen.sel] == "Rebuy" and app.screen.msg == "Out of chips: " + name
    rig.press(UP, 5)                                             # Next hand: nobody to play against
    rig.press(OK)
    assert app.mode == modes.M_BETWEEN and app.screen.msg == "Rebuy, or End session" and app.engine.phase == "over"
    rig.press(DOWN, modes.BETWEEN_ITEMS.index("Rebuy"))
    rig.press(OK)
    assert app.mode == modes.M_REBUY and app.screen.sel == busted and app.screen.title == "Rebuy 10 chips"
    assert app.screen.rows[busted] == (name, 0)
    rig.press(OK)                                                # buys 10 for the busted player
    assert t.stacks[busted] == 10 and t.bought_in[busted] == 20 and app.screen.msg == "%s rebuys 10" % name
    assert sum(t.stacks) == 30 == sum(t.bought_in)
    rig.press(DOWN, 5)
    rig.press(OK)                                                # Done
    assert app.mode == modes.M_BETWEEN and app.screen.msg == ""
    rig.press(UP, 5)
    rig.press(OK)                                                # Next hand: dealt
    pass_seal(rig)                                               # the seal and the cut: dealt
    assert app.engine.hand_no == 2 and app.engine.pot_total() == 2


def test_two_players_nobody_rebuys_the_table_ends_the_session():
    rig = Rig(seed=61)
    setup(rig, "teen-patti", 2, chips=10)
    app = rig.app
    _bust_one(rig)
    rig.press(OK)
    assert app.mode == modes.M_BETWEEN and app.screen.msg.startswith("Out of chips: ")
    rig.press(DOWN, len(modes.BETWEEN_ITEMS))                   # End session
    rig.press(OK)
    if app.mode != modes.M_END:                                 # a confirmation (flows): OK again
        rig.press(OK)
    assert app.mode == modes.M_END and app.table.stopped


def test_everyone_packs_after_a_chaal_the_awards_say_who_wins_the_pot_of_how_much():
    rig = Rig(seed=62)
    setup(rig, "teen-patti", 4, chips=100)
    app = rig.app
    e = app.engine
    first = e.to_act
    for _ in range(100):
        if app.mode == modes.M_AWARDS:
            break
        if app.mode == modes.M_TURN:
            if e.to_act == first:
                select(rig, "blind")
                rig.press(UP, long=True)        # a blind chaal of 2 on the boot of 1
                rig.press(OK)
            else:
                seat = e.to_act
                select(rig, "pack")
                rig.press(OK)
                if e.to_act == seat and app.mode == modes.M_TURN:   # a confirmation of the pack
                    rig.press(OK)
        else:
            rig.press(OK)
    assert app.mode == modes.M_AWARDS
    r = e.result
    assert r["how"] == "pack" and r["returned"] == [first, 2] and r["awards"] == [[0, first, 4]]
    name = app.table.names[first]
    assert app.screen.rows[:3] == [("Everyone else packed", None), ("%s wins the pot of 4" % name, None),
                                   ("  2 returned", None)]     # as the log says: awarded 4, returned 2
    assert app.table.stacks[first] == 99 - 2 + 6


def test_a_snapshot_of_the_old_whole_chip_stake_resumes_through_the_store():
    import json

    from app_session_util import MemStore
    from dealerbox.engine.base import Action
    from dealerbox.ui import snapcheck

    store = MemStore()
    rig = Rig(seed=63, store=store)
    setup(rig, "teen-patti", 3, chips=100)
    app = rig.app
    e = app.engine
    e.apply(Action("see"))                           # not saved by the app: its snapshot is the deal's
    snap = json.loads(store.snap)
    assert "stake2" in snap["engine"] and snap["engine"]["log"]["stake2"] is True
    old = json.loads(store.snap)                     # the form written before issue 14
    eng = old["engine"]
    del eng["stake2"]
    eng["stake"] = 3                                 # as if a seen 5 had made it 3 (rounded up)
    del eng["log"]["stake2"]
    for k in ("forced", "higher_limits"):
        del eng["rules"][k]
        del eng["log"]["rules"][k]
        del old["cfg"]["rules"][k]
    assert snapcheck.check(old) is None
    store.snap = json.dumps(old)
    rig2 = Rig(seed=64, store=store)
    assert rig2.app.mode == modes.M_RESUME
    rig2.press(OK)
    e2 = rig2.app.engine
    assert e2.stake2 == 6 and e2.stake == 3 and "stake2" not in e2.log
    blind = [(o.min, o.max) for o in e2.legal_actions() if o.kind == "blind"]
    assert blind == [(3, 6)]                         # 1x-2x the old whole-chip stake of 3
    e2.apply(Action("see"))
    e2.apply(Action("chaal", 7))                     # an odd seen bet: the old rounding goes on for this hand
    assert e2.stake2 == 8


def test_ok_pressed_twice_on_the_rebuy_screen_buys_once():
    """A new user presses OK twice to rebuy: one rebuy (10 chips, bought in 20), then back between hands (the cursor
    moves to "Done" after a rebuy when nobody else is out of chips; it stayed on the player and the second OK bought
    10 chips more before, 30 bought in)."""
    rig = Rig(seed=61)
    setup(rig, "teen-patti", 2, chips=10)
    app = rig.app
    t = app.table
    _bust_one(rig)
    busted = t.stacks.index(0)
    rig.press(OK)                                                # standings -> between hands, on Rebuy
    rig.press(OK)                                                # the rebuy screen, on the busted player
    assert app.mode == modes.M_REBUY and app.screen.sel == busted
    rig.press(OK)
    assert t.bought_in[busted] == 20 and app.screen.sel == t.n and app.screen.hint == "OK back"     # the cursor on Done
    rig.press(OK)
    assert t.stacks[busted] == 10 and t.bought_in[busted] == 20 and sum(t.bought_in) == 30
    assert app.mode == modes.M_BETWEEN

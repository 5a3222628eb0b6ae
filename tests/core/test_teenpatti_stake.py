"""Teen Patti: the exact stake in half chips (issue 14, "odd seen bets"; seed 004 "the new stake is half of it",
seed 001 "Seen punta 30, Seen potrà puntare 30 o 60"). A blind player bets 1x-2x the stake, a seen one 2x-4x;
the lowest legal bet is the smallest whole number at or above the lower bound, the highest the largest at or
below the upper bound. Old hand logs and snapshots (whole-chip stake, rounded up) still load and replay.
Runs under pytest and MicroPython."""

from dealerbox.engine.base import Action, IllegalAction, Option
from dealerbox.engine.table import Table
from dealerbox.games.teenpatti import TeenPatti
from support import raises
from teenpatti_support import game

FOUR = ["Ah Kd 9c", "Qs Qh 3d", "7c 7d 2s", "Jh 9h 4h"]


def _opt(e, kind):
    for o in e.legal_actions():
        if o.kind == kind:
            return o
    return None


def _stake2_after(first, amount, rules=None):
    """P1 bets ``amount`` (blind, or seen after looking) on a stake of 2 (boot 2); P2 is to act."""
    e, t = game(FOUR, 100, dict(rules or {}, boot=2))
    if first == "seen":
        e.apply(Action("see"))
        e.apply(Action("chaal", amount))
    else:
        e.apply(Action("blind", amount))
    return e, t


def test_after_an_odd_seen_bet_the_stake_is_half_a_chip_and_a_seen_player_matches_it():
    e, t = _stake2_after("seen", 7)          # 2x..4x of 2 = 4..8: 7 makes the stake 3.5
    assert e.stake2 == 7 and e.public_view()["stake2"] == 7 and e.stake == 4
    assert _opt(e, "blind") == Option("blind", 4, 7)   # 1x..2x of 3.5 = 3.5..7: 4 to 7
    with raises(IllegalAction, "blind is 4 to 7 chips, not 8"):
        e.apply(Action("blind", 8))
    e.apply(Action("see"))
    assert _opt(e, "chaal") == Option("chaal", 7, 14)  # 2x..4x of 3.5 = 7..14
    e.apply(Action("chaal", 7))
    assert e.stake2 == 7 and e.pot_total() == 8 + 7 + 7


def test_after_an_even_seen_bet_the_stake_is_whole():
    e, t = _stake2_after("seen", 8)
    assert e.stake2 == 8 and e.stake == 4
    assert _opt(e, "blind") == Option("blind", 4, 8)
    e.apply(Action("see"))
    assert _opt(e, "chaal") == Option("chaal", 8, 16)


def test_after_a_blind_bet_odd_or_even_the_stake_is_the_bet():
    e, t = _stake2_after("blind", 3)
    assert e.stake2 == 6 and _opt(e, "blind") == Option("blind", 3, 6)
    e.apply(Action("see"))
    assert _opt(e, "chaal") == Option("chaal", 6, 12)
    e, t = _stake2_after("blind", 4)
    assert e.stake2 == 8 and _opt(e, "blind") == Option("blind", 4, 8)
    e.apply(Action("see"))
    assert _opt(e, "chaal") == Option("chaal", 8, 16)


def test_a_blind_bet_after_an_odd_stake_makes_it_whole_again():
    e, t = _stake2_after("seen", 5)          # stake 2.5: blind 3 to 5
    assert _opt(e, "blind") == Option("blind", 3, 5)
    e.apply(Action("blind", 3))
    assert e.stake2 == 6 and _opt(e, "blind") == Option("blind", 3, 6)
    assert e.pot_total() == 8 + 5 + 3 and t.stacks == [93, 95, 98, 98]


def test_two_size_chaal_001_after_an_odd_seen_bet():
    # seed 001 "Seen punta 30, Seen potrà puntare 30 o 60"; with 15: seen 15 or 30, blind 8 (7.5 up) or 15
    e, t = game(FOUR, 500, {"chaal": "two-size", "boot": 10})
    e.apply(Action("see"))
    assert _opt(e, "chaal") == Option("chaal", 20, 40, (20, 40))
    e.apply(Action("chaal", 20))
    assert _opt(e, "blind") == Option("blind", 10, 20, (10, 20))
    e2, _ = game(FOUR, 500, {"chaal": "two-size", "boot": 15})
    e2.apply(Action("see"))
    e2.apply(Action("chaal", 30))
    e2.apply(Action("see"))
    assert _opt(e2, "chaal") == Option("chaal", 30, 60, (30, 60))      # matches the seen 30 exactly
    e3, _ = game(FOUR, 500, {"chaal": "two-size", "boot": 5})
    e3.apply(Action("blind", 5))
    e3.apply(Action("see"))
    with raises(IllegalAction, "chaal is 10 or 20 chips, not 15"):
        e3.apply(Action("chaal", 15))
    e4, _ = game(FOUR, 500, {"boot": 5})
    e4.apply(Action("see"))
    e4.apply(Action("chaal", 15))            # stake 7.5
    e4.rules["chaal"] = "two-size"
    assert _opt(e4, "blind") == Option("blind", 8, 15, (8, 15))
    e4.apply(Action("see"))
    assert _opt(e4, "chaal") == Option("chaal", 15, 30, (15, 30))


def test_stake_cap_and_pot_limit_with_a_half_chip_stake():
    e, t = _stake2_after("seen", 7, {"stake_cap": 10})
    assert _opt(e, "blind") == Option("blind", 4, 7)
    e.apply(Action("see"))
    assert _opt(e, "chaal") == Option("chaal", 7, 10)
    e, t = _stake2_after("seen", 7, {"pot_limit": True})     # pot 8 + 7 = 15
    e.apply(Action("see"))
    assert _opt(e, "chaal") == Option("chaal", 7, 14)
    e, t = game(FOUR, 100, {"boot": 1, "pot_limit": True})    # pot 4
    e.apply(Action("see"))
    e.apply(Action("chaal", 3))              # stake 1.5; pot 7
    e.apply(Action("see"))
    assert _opt(e, "chaal") == Option("chaal", 3, 6)


def test_show_and_sideshow_costs_use_the_exact_stake():
    e, t = game(["Ah Kd 9c", "Qs Qh 3d"], 100, {"boot": 2})
    e.apply(Action("see"))
    e.apply(Action("chaal", 7))              # stake 3.5
    assert _opt(e, "show") == Option("show", 4, 4)          # blind asks: the stake, 3.5 up to 4
    e.apply(Action("see"))
    assert _opt(e, "show") == Option("show", 7, 7)          # seen vs seen (004): 2x the stake = 7
    e, t = game(["Ah Kd 9c", "Qs Qh 3d"], 100, {"boot": 2, "show": "000"})
    e.apply(Action("see"))
    e.apply(Action("chaal", 7))
    e.apply(Action("see"))
    assert _opt(e, "show") == Option("show", 4, 4)          # 000: the stake, rounded up
    e, t = game(FOUR, 100, {"boot": 2})
    for _ in range(4):
        e.apply(Action("see"))
        e.apply(Action("chaal", 7))          # stake 3.5 each time
    assert e.to_act == 0 and e.stake2 == 7 and e.pot_total() == 8 + 4 * 7
    assert _opt(e, "sideshow") == Option("sideshow", 7, 7)  # 004: the minimum seen chaal


def test_a_snapshot_and_a_log_of_the_old_whole_chip_stake_still_load_and_replay():
    e, t = game(FOUR, 100, {"boot": 2})
    e.apply(Action("see"))
    e.apply(Action("chaal", 5))
    d = e.to_state()
    assert d["stake2"] == 5 and "stake" not in d
    old = dict(d)                            # the form written before: "stake" whole chips, rounded up
    del old["stake2"]
    old["stake"] = 3
    old["log"] = dict(d["log"])
    del old["log"]["stake2"]
    t2 = Table.from_state(t.to_state())
    e2 = TeenPatti.from_state(t2, old)
    assert e2.stake2 == 6 and _opt(e2, "blind") == Option("blind", 3, 6)
    e2.apply(Action("blind", 6))             # legal under the old rounding the log was written with
    e2.apply(Action("see"))
    e2.apply(Action("chaal", 13))            # old: stake 7 (6.5 up)
    assert e2.stake2 == 14
    # replay of such a log: start_from_log keeps the old rounding, and the log it writes equals the old one
    e2.apply(Action("pack"))
    e2.apply(Action("pack"))
    e2.apply(Action("pack"))
    log = dict(e2.log)
    rules = {}
    for k in log["rules"]:                   # an old log: written before the house rules of issue 14
        if k not in ("forced", "higher_limits"):
            rules[k] = log["rules"][k]
    log["rules"] = rules
    t3 = Table(list(log["names"]), list(log["stacks"]), log["dealer"])
    e3 = TeenPatti(t3, log["rules"])
    e3.start_from_log(log)
    assert "stake2" not in e3.log
    for row in log["actions"]:
        e3.apply(Action.from_list(row)[1])
    assert e3.stake2 == 14 and e3.phase == "over" and e3.log == log     # the replayed log equals the old one
    new = e.log                              # a log of today's form replays with the exact stake
    t4 = Table(list(new["names"]), list(new["stacks"]), new["dealer"])
    e4 = TeenPatti(t4, new["rules"])
    e4.start_from_log(new)
    for row in new["actions"]:
        e4.apply(Action.from_list(row)[1])
    assert e4.log["stake2"] is True and e4.stake2 == 5

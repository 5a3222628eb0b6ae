"""Teen Patti betting (issue 4): boot, blind/seen stake arithmetic, worked examples, pack, limits.

Runs under pytest and MicroPython; exact values from RULES.md and seeds 004 and 001.
"""

from dealerbox.engine.base import Action, IllegalAction, Option
from support import raises
from teenpatti_support import game

FOUR = ["Ah Kd 9c", "Qs Qh 3d", "7c 7d 2s", "Jh 9h 4h"]


def _chk(e, t, total):
    assert e.chips_ok()
    assert sum(t.stacks) + e.pot_total() == total


def test_worked_example_004_pot_17():
    # Anna, Ben, Carla, Dan; Dan deals, so Anna acts first. Boot 1: pot 4, stake 1.
    e, t = game(FOUR, 100, names=["Anna", "Ben", "Carla", "Dan"])
    assert e.pot_total() == 4 and e.stake == 1 and e.to_act == 0
    assert t.stacks == [99, 99, 99, 99]
    e.apply(Action("blind", 1))
    assert e.stake == 1 and e.to_act == 1
    e.apply(Action("see"))
    assert e.to_act == 1 and e.seen[1]
    assert e.legal_actions()[0] == Option("chaal", 2, 4)
    e.apply(Action("chaal", 2))
    assert e.stake == 1
    e.apply(Action("see"))
    e.apply(Action("chaal", 4))
    assert e.stake == 2
    e.apply(Action("see"))
    e.apply(Action("pack"))
    assert e.to_act == 0
    assert e.legal_actions()[1] == Option("blind", 2, 4)
    e.apply(Action("blind", 2))
    assert e.stake == 2 and e.to_act == 1
    with raises(IllegalAction, "chaal is 4 to 8 chips, not 3"):
        e.apply(Action("chaal", 3))
    e.apply(Action("chaal", 4))
    assert e.stake == 2
    assert e.pot_total() == 17
    assert t.stacks == [96, 93, 95, 99]
    _chk(e, t, 400)
    assert e.public_view()["seen"] == [False, True, True, True]


def test_issue_stake_example_refusals():
    # boot 1, 4 players: blind P1 bets 2 (stake 2); seen P2 bets 6 (stake 3);
    # a blind 7 by P3 is refused (3-6); a seen 5 by P4 is refused (6-12).
    e, t = game(FOUR, 50)
    e.apply(Action("blind", 2))
    assert e.stake == 2
    e.apply(Action("see"))
    e.apply(Action("chaal", 6))
    assert e.stake == 3 and e.to_act == 2
    before = e.to_state()
    assert str(e.why_illegal(Action("blind", 7))) == "blind is 3 to 6 chips, not 7"
    with raises(IllegalAction, "blind is 3 to 6 chips, not 7"):
        e.apply(Action("blind", 7))
    assert e.to_state() == before
    e.apply(Action("blind", 3))
    assert e.stake == 3
    e.apply(Action("see"))
    with raises(IllegalAction, "chaal is 6 to 12 chips, not 5"):
        e.apply(Action("chaal", 5))
    e.apply(Action("chaal", 12))
    assert e.stake == 6 and e.pot_total() == 4 + 2 + 6 + 3 + 12


def test_two_size_chaal_examples_001():
    r = {"chaal": "two-size"}
    e, t = game(FOUR, 500, r, names=["A", "B", "C", "D"])
    # blind bets 10 -> a seen player may bet 20 or 40
    e2, _ = game(FOUR, 500, {"chaal": "two-size", "boot": 10})
    e2.apply(Action("blind", 10))
    e2.apply(Action("see"))
    assert e2.legal_actions()[0] == Option("chaal", 20, 40, (20, 40))
    with raises(IllegalAction, "chaal is 20 or 40 chips, not 30"):
        e2.apply(Action("chaal", 30))
    # seen bets 20 -> a blind player may bet 10 or 20
    e2.apply(Action("chaal", 20))
    assert e2.legal_actions()[1] == Option("blind", 10, 20, (10, 20))
    e2.apply(Action("blind", 20))
    e2.apply(Action("blind", 40))
    # blind bets 40 -> blind 40 or 80
    assert e2.to_act == 0 and e2.legal_actions()[1] == Option("blind", 40, 80, (40, 80))
    # seen bets 30 -> seen 30 or 60
    e3, _ = game(FOUR, 500, {"chaal": "two-size", "boot": 15})
    e3.apply(Action("see"))
    assert e3.legal_actions()[0] == Option("chaal", 30, 60, (30, 60))
    e3.apply(Action("chaal", 30))
    e3.apply(Action("see"))
    assert e3.legal_actions()[0] == Option("chaal", 30, 60, (30, 60))
    assert e.legal_actions()[1] == Option("blind", 1, 2, (1, 2))


def test_seen_only_by_looking_on_own_turn():
    e, t = game(FOUR, 50)
    assert e.view(0)["cards"] is None and e.view(1)["cards"] is None
    assert e.legal_actions()[0] == Option("see")
    e.apply(Action("see"))
    assert e.view(0)["cards"] == e.hands[0] and len(e.hands[0]) == 3
    assert e.view(1)["cards"] is None
    assert str(e.why_illegal(Action("see"))) == "your cards are already seen"
    assert str(e.why_illegal(Action("blind", 1))) == "a seen player bets with chaal, not blind"
    e.apply(Action("chaal", 2))
    assert str(e.why_illegal(Action("chaal", 2))) == "a blind player bets blind (or sees first)"
    assert e.public_view()["seen"] == [True, False, False, False]


def test_pack_last_player_wins_without_show():
    e, t = game(FOUR, 20)
    e.apply(Action("blind", 2))
    e.apply(Action("pack"))
    e.apply(Action("pack"))
    ev = e.apply(Action("pack"))
    assert e.phase == "over" and e.result["how"] == "pack" and e.result["winner"] == 0
    # P1 put 1 + 2; the uncalled 2 above everybody else's level comes back first
    assert e.result["returned"] == [0, 2]
    assert e.result["awards"] == [[0, 0, 4]]
    assert t.stacks == [23, 19, 19, 19]
    assert ["win", 0, 0, 4] in ev
    assert t.dealer == 0
    assert e.result["shown"] == [None, None, None, None]


def test_blind_limit_then_see_or_pack():
    e, t = game(["Ah Kd 9c", "Qs Qh 3d"], 50, {"blind_limit": 2})
    for _ in range(2):
        e.apply(Action("blind", 1))
        e.apply(Action("blind", 1))
    kinds = [o.kind for o in e.legal_actions()]
    assert kinds == ["see", "pack"]
    assert str(e.why_illegal(Action("blind", 1))) == "blind limit reached (2): see your cards or pack"
    assert str(e.why_illegal(Action("show", 1))) == "blind limit reached: see your cards or pack"
    e.apply(Action("see"))
    assert e.legal_actions()[0] == Option("chaal", 2, 4)


def test_stake_cap_limits_every_chaal():
    e, t = game(FOUR, 100, {"stake_cap": 5})
    e.apply(Action("blind", 2))
    e.apply(Action("see"))
    assert e.legal_actions()[0] == Option("chaal", 4, 5)
    e.apply(Action("chaal", 5))
    assert e.stake == 3
    e.apply(Action("see"))
    assert e.legal_actions()[0] == Option("chaal", 5, 5)
    with raises(IllegalAction, "chaal is 5 to 5 chips, not 6"):
        e.apply(Action("chaal", 6))


def test_pot_limit_no_chaal_larger_than_the_pot():
    e, t = game(["Ah Kd 9c", "Qs Qh 3d"], 100, {"pot_limit": True, "boot": 2})
    assert e.pot_total() == 4
    e.apply(Action("see"))
    assert e.legal_actions()[0] == Option("chaal", 4, 4)
    e.apply(Action("chaal", 4))
    assert e.legal_actions()[1] == Option("blind", 2, 4)
    e.apply(Action("blind", 4))
    assert e.pot_total() == 12 and e.stake == 4
    assert e.legal_actions()[0] == Option("chaal", 8, 12)


def test_all_in_for_less_is_offered_and_keeps_the_stake():
    e, t = game(["Ah Kd 9c", "Qs Qh 3d", "7c 7d 2s"], [4, 50, 50])
    e.apply(Action("blind", 2))
    e.apply(Action("blind", 4))
    e.apply(Action("see"))
    assert e.stake == 4
    assert e.legal_actions()[0] == Option("chaal", 8, 16)
    e.apply(Action("chaal", 8))
    assert e.to_act == 0 and t.stacks[0] == 1
    assert e.legal_actions()[1] == Option("blind", 1, 1, (1,))
    e.apply(Action("blind", 1))
    assert e.is_all_in(0) and e.stake == 4 and e.to_act == 1
    assert e.chips_ok()


def test_illegal_actions_and_hand_over():
    e, t = game(FOUR, 50)
    for act, why in ((Action("accept"), "there is no sideshow to answer"),
                     (Action("show", 1), "a show only when two players remain"),
                     (Action("sideshow", 2), "a blind player cannot ask for a sideshow"),
                     (Action("rebuy", 10), "no rebuy in the middle of a hand"),
                     (Action("raise", 2), "raise is not a Teen Patti action"),
                     (Action("pack", 3), "pack takes no amount")):
        assert str(e.why_illegal(act)) == why
    e.apply(Action("pack"))
    e.apply(Action("pack"))
    e.apply(Action("pack"))
    assert str(e.why_illegal(Action("pack"))) == "the hand is over"
    with raises(IllegalAction, "the hand is over"):
        e.apply(Action("pack"))

"""Teen Patti show, sideshow, pot cap, all-in and side pots (issue 4), under the house rules of
seeds 004 (default), 000 and 001. Exact values; runs under pytest and MicroPython."""

from dealerbox.engine.base import Action, IllegalAction, Option
from dealerbox.engine.table import Table
from dealerbox.games.teenpatti import TeenPatti
from support import raises
from teenpatti_support import game

HIGH = "Ah Kd 9c"      # high card
PAIR = "Qs Qh 3d"      # pair of queens
SEVENS = "7c 7d 2s"    # pair of sevens


def _kinds(e):
    return [o.kind for o in e.legal_actions()]


def test_show_004_blind_pays_the_stake_better_hand_wins():
    e, t = game([HIGH, PAIR], 50)
    assert Option("show", 1, 1) in e.legal_actions()
    ev = e.apply(Action("show", 1))
    assert ev[0] == ["show", 0, 1, 1]
    r = e.result
    assert r["how"] == "show" and r["awards"] == [[0, 1, 3]]
    assert r["shown"][0] == e.hands[0] and r["categories"] == ["high_card", "pair"]
    assert t.stacks == [48, 52]


def test_show_004_seen_cannot_ask_a_blind_one_seen_vs_seen_pays_double():
    e, t = game([HIGH, PAIR], 50)
    e.apply(Action("see"))
    assert "show" not in _kinds(e)
    why = "a seen player cannot ask a blind one for the show: chaal or pack"
    assert str(e.why_illegal(Action("show", 1))) == why
    e.apply(Action("chaal", 2))
    e.apply(Action("see"))
    assert Option("show", 2, 2) in e.legal_actions()
    with raises(IllegalAction, "show is 2 to 2 chips, not 1"):
        e.apply(Action("show", 1))
    e.apply(Action("show", 2))
    assert e.result["awards"] == [[0, 1, 6]] and t.stacks == [47, 53]


def test_show_equal_hands_the_player_who_did_not_pay_wins():
    e, t = game(["Ah Kd 9c", "As Kc 9d"], 50)
    e.apply(Action("show", 1))
    assert e.result["awards"] == [[0, 1, 3]]
    e2, t2 = game(["Ah Kd 9c", "As Kc 9d"], 50)
    e2.apply(Action("blind", 1))
    e2.apply(Action("show", 1))
    assert e2.result["awards"] == [[0, 0, 4]] and t2.stacks == [52, 48]


def test_show_000_costs():
    r = {"show": "000"}
    e, t = game([HIGH, PAIR], 50, r)
    assert Option("show", 1, 1) in e.legal_actions()      # blind vs blind: the stake
    e.apply(Action("see"))
    assert "show" not in _kinds(e)                          # seen vs blind: only the blind one asks
    e.apply(Action("chaal", 4))                             # stake 2
    assert Option("show", 2, 2) in e.legal_actions()      # blind vs seen: the blind pays the stake
    e.apply(Action("see"))
    assert Option("show", 2, 2) in e.legal_actions()      # seen vs seen: the stake
    e.apply(Action("show", 2))
    assert e.result["awards"] == [[0, 1, 8]]


def test_show_001_blind_cannot_ask_costs_twice_or_four_times_the_last_bet():
    r = {"show": "001"}
    e, t = game([HIGH, PAIR], 50, r)
    assert "show" not in _kinds(e)
    assert str(e.why_illegal(Action("show", 1))) == "a blind player cannot ask for the show: see first"
    e.apply(Action("blind", 2))                             # last bet 2
    e.apply(Action("see"))
    assert Option("show", 8, 8) in e.legal_actions()      # opponent blind: 4x the last bet
    e.apply(Action("chaal", 6))                             # last bet 6, stake 3
    e.apply(Action("see"))
    assert Option("show", 12, 12) in e.legal_actions()    # opponent seen: 2x the last bet
    e.apply(Action("show", 12))
    assert e.result["awards"] == [[0, 1, 22]] and t.stacks == [35, 65]


def test_show_for_less_when_the_stack_cannot_cover_it():
    e, t = game([PAIR, HIGH], [5, 50], {"boot": 2})
    e.apply(Action("blind", 2))
    e.apply(Action("see"))
    e.apply(Action("chaal", 8))               # stake 4: the show costs 4, seat 0 has 1
    assert Option("show", 1, 1) in e.legal_actions()
    e.apply(Action("show", 1))
    r = e.result
    assert r["returned"] == [1, 5]            # seat 1's chips above what seat 0 could match
    assert r["pots"] == [[10, [0, 1]]] and r["awards"] == [[0, 0, 10]]
    assert t.stacks == [10, 45]


def test_sideshow_004_after_the_minimum_worse_hand_packs():
    e, t = game([HIGH, PAIR, SEVENS], 50)
    e.apply(Action("see"))
    e.apply(Action("chaal", 2))
    e.apply(Action("see"))
    e.apply(Action("chaal", 2))
    assert str(e.why_illegal(Action("sideshow", 2))) == "a blind player cannot ask for a sideshow"
    e.apply(Action("see"))
    assert Option("sideshow", 2, 2) in e.legal_actions()
    ev = e.apply(Action("sideshow", 2))
    assert ev == [["chaal", 2, 2], ["sideshow", 2, 1, 2]]
    assert e.phase == "sideshow" and e.to_act == 1 and e.sideshow == [2, 1]
    assert e.legal_actions() == [Option("accept"), Option("refuse")]
    assert str(e.why_illegal(Action("chaal", 2))) == "answer the sideshow: accept or refuse"
    ev = e.apply(Action("accept"))
    assert ["pack", 2] in ev and e.is_live(1) and not e.is_live(2)
    assert e.view(1)["peek"] == {2: e.hands[2]} and e.view(2)["peek"] == {1: e.hands[1]}
    assert e.view(0)["peek"] == {}
    assert e.to_act == 0 and e.phase == "betting" and e.pot_total() == 9


def test_sideshow_004_needs_everyone_seen_tie_asker_packs_refuse_goes_on():
    e, t = game([HIGH, "Qc Qd 3s", PAIR], 50)
    e.apply(Action("blind", 1))
    e.apply(Action("see"))
    e.apply(Action("chaal", 2))
    e.apply(Action("see"))
    assert "sideshow" not in _kinds(e)
    assert str(e.why_illegal(Action("sideshow", 2))) == "a sideshow only when every player still in is seen"
    e.apply(Action("chaal", 2))
    e.apply(Action("see"))
    e.apply(Action("chaal", 2))
    e.apply(Action("sideshow", 2))            # seat 1 asks seat 0
    assert e.sideshow == [1, 0]
    e.apply(Action("refuse"))
    assert e.to_act == 2 and e.phase == "betting" and e.is_live(1)
    e.apply(Action("sideshow", 2))            # seat 2 (Qs Qh 3d) asks seat 1 (Qc Qd 3s): equal, asker packs
    e.apply(Action("accept"))
    assert not e.is_live(2) and e.is_live(1) and e.to_act == 0


def test_sideshow_000_only_the_two_seen_asker_pays_the_stake_refused_must_bet():
    r = {"sideshow": "000", "show": "000"}
    e, t = game([HIGH, PAIR, SEVENS], 50, r)
    e.apply(Action("blind", 1))
    e.apply(Action("see"))
    e.apply(Action("chaal", 2))               # stake 1
    e.apply(Action("see"))
    assert Option("sideshow", 1, 1) in e.legal_actions()
    e.apply(Action("sideshow", 1))
    assert e.pot_total() == 3 + 1 + 2 + 1 and t.stacks[2] == 48
    e.apply(Action("refuse"))
    assert e.to_act == 2
    assert _kinds(e) == ["chaal", "pack"]
    assert str(e.why_illegal(Action("sideshow", 1))) == "sideshow refused: chaal or pack"
    e.apply(Action("chaal", 2))
    assert e.to_act == 0


def test_sideshow_001_third_request_cannot_be_refused():
    r = {"sideshow": "001", "sideshow_third_forced": True}
    e, t = game([HIGH, PAIR, SEVENS], 200, r)
    e.apply(Action("see"))
    e.apply(Action("chaal", 2))
    e.apply(Action("see"))
    e.apply(Action("chaal", 2))
    e.apply(Action("see"))
    for k in (1, 2):
        assert Option("sideshow", 0, 0) in e.legal_actions()
        e.apply(Action("sideshow"))
        assert e.requests[2] == k
        assert e.legal_actions() == [Option("accept"), Option("refuse")]
        e.apply(Action("refuse"))
        assert _kinds(e) == ["chaal", "pack"]
        e.apply(Action("chaal", 2))
        e.apply(Action("chaal", 2))
        e.apply(Action("chaal", 2))
    e.apply(Action("sideshow"))
    assert e.legal_actions() == [Option("accept")]
    assert str(e.why_illegal(Action("refuse"))) == "the third sideshow request cannot be refused"
    e.apply(Action("accept"))
    assert not e.is_live(2) and e.to_act == 0


def test_pot_cap_everyone_still_in_shows_odd_chip_5_4():
    e, t = game(["Kc Qd 9h", "2c 5d 8h", "Kd Qh 9s"], 20, {"pot_cap": 9})
    e.apply(Action("blind", 2))
    e.apply(Action("blind", 2))
    ev = e.apply(Action("blind", 2))
    assert ev[1] == ["showdown", [0, 1, 2]]
    assert e.result["how"] == "pot-cap"
    assert e.result["awards"] == [[0, 0, 5], [0, 2, 4]]
    assert t.stacks == [22, 17, 21]


def test_all_in_side_pot_case_a100_b300_c300():
    # boot 50: A all-in for 100, B and C match; B 100 more, C matches; B a last 100, C packs.
    e, t = game(["As Ad Ac", "Ks Kd 2c", "Qs Jd 9c"], [100, 300, 300], {"boot": 50})
    e.apply(Action("blind", 50))
    assert e.is_all_in(0)
    e.apply(Action("blind", 50))
    e.apply(Action("blind", 50))
    assert e.to_act == 1
    e.apply(Action("blind", 100))
    e.apply(Action("blind", 100))
    e.apply(Action("blind", 100))
    assert sum(t.stacks) + e.pot_total() == 700
    ev = e.apply(Action("pack"))
    assert ["back", 1, 100] in ev
    r = e.result
    assert r["how"] == "all-in" and r["returned"] == [1, 100]
    assert r["pots"] == [[300, [0, 1]], [200, [1]]]
    assert r["awards"] == [[0, 0, 300], [1, 1, 200]]
    assert t.stacks == [300, 300, 100] and sum(t.stacks) == 700


def test_sole_player_left_answers_an_all_in_bet_once():
    e, t = game(["Ks Kd 2c", "As Ad Ac"], [10, 50])
    e.apply(Action("see"))
    e.apply(Action("chaal", 4))
    e.apply(Action("blind", 2))
    e.apply(Action("chaal", 5))               # seat 0 all-in for 5 (range 4..8)
    assert e.is_all_in(0) and e.to_act == 1
    e.apply(Action("blind", 3))
    assert e.phase == "over" and e.result["awards"] == [[0, 1, 16]]
    assert t.stacks == [0, 60]


def test_snapshot_round_trip_in_a_sideshow():
    e, t = game([HIGH, PAIR, SEVENS], 50)
    for a in (Action("see"), Action("chaal", 2), Action("see"), Action("chaal", 2), Action("see"),
              Action("sideshow", 2)):
        e.apply(a)
    d = e.to_state()
    t2 = Table.from_state(t.to_state())
    e2 = TeenPatti.from_state(t2, d)
    assert type(e2) is type(e) and e2.to_state() == d
    assert e2.legal_actions() == e.legal_actions()
    for a in (Action("accept"), Action("chaal", 4), Action("show", 4)):
        e.apply(a)
        e2.apply(a)
    assert e.result == e2.result and t.stacks == t2.stacks and e.log == e2.log


def test_sideshow_000_refused_after_paying_the_last_chips_the_asker_stays_in_all_in():
    # review finding 1: paying the stake for the sideshow put seat 2 all-in; after the refusal it must not be
    # left with `pack` as its only action: an all-in player stays in for the pots it is eligible for.
    e, t = game([HIGH, PAIR, SEVENS], [50, 50, 2], {"sideshow": "000", "show": "000"})
    e.apply(Action("blind", 1))
    e.apply(Action("see"))
    e.apply(Action("chaal", 2))
    e.apply(Action("see"))
    assert e.legal_actions()[1:] == [Option("pack"), Option("sideshow", 1, 1)]
    e.apply(Action("sideshow", 1))
    assert e.is_all_in(2) and t.stacks == [48, 47, 0]
    ev = e.apply(Action("refuse"))
    assert ev == [["refuse", 1, 2], ["turn", 0]]
    assert e.to_act == 0 and e.must_bet is None and e.is_live(2)
    assert e.legal_actions() == [Option("see"), Option("blind", 1, 2), Option("pack")]
    ev = e.apply(Action("pack"))              # seat 1 is the only one left who can bet, and bet last
    assert ev[:2] == [["pack", 0], ["showdown", [1, 2]]]
    r = e.result
    assert r["how"] == "all-in" and r["returned"] == [1, 1]
    assert r["pots"] == [[6, [1, 2]]] and r["awards"] == [[0, 1, 6]]
    assert t.stacks == [48, 54, 0] and sum(t.stacks) == 102


def test_sideshow_004_chaal_that_reaches_the_pot_cap_makes_everyone_show():
    # review finding 4: the minimum chaal that comes with a 004 sideshow request counts for the pot cap
    e, t = game([HIGH, PAIR, SEVENS], 50, {"pot_cap": 8})
    for a in (Action("see"), Action("chaal", 2), Action("see"), Action("chaal", 2), Action("see")):
        e.apply(a)
    assert e.pot_total() == 7 and Option("sideshow", 2, 2) in e.legal_actions()
    ev = e.apply(Action("sideshow", 2))
    assert ev == [["chaal", 2, 2], ["sideshow", 2, 1, 2], ["showdown", [0, 1, 2]], ["win", 0, 1, 9], ["over"]]
    assert e.phase == "over" and e.sideshow is None and e.result["how"] == "pot-cap"
    assert e.result["categories"] == ["high_card", "pair", "pair"]
    assert t.stacks == [47, 56, 47]


def test_sideshow_000_stake_that_reaches_the_pot_cap_makes_everyone_show():
    e, t = game([HIGH, PAIR, SEVENS], 50, {"sideshow": "000", "pot_cap": 7})
    for a in (Action("blind", 1), Action("see"), Action("chaal", 2), Action("see")):
        e.apply(a)
    assert e.pot_total() == 6
    ev = e.apply(Action("sideshow", 1))
    assert ev[:2] == [["sideshow", 2, 1, 1], ["showdown", [0, 1, 2]]]
    assert e.result["how"] == "pot-cap" and e.result["awards"] == [[0, 1, 7]]
    assert t.stacks == [48, 54, 48]

"""Nobody left to bet against (issue 14): when every other player still in is all-in and no further bet can
change the pot, the hand goes straight to the showdown, in all three games. Turkish Poker still draws (every
player still in, all-in or not, may improve: docs/turkish.md), then shows without a betting round. Exact pots
and stacks. Runs under pytest and MicroPython."""

from dealerbox.cards import parse_cards
from dealerbox.engine.base import Action
from dealerbox.games.indian import Indian
from dealerbox.games.turkish import Turkish
from teenpatti_support import game as tp_game
from turkish_support import act, deck_for, replay, table


def test_teen_patti_a_player_who_put_in_the_most_is_not_asked_to_chaal_against_all_ins():
    # boot 5: stacks 95, 8, 45, pot 15; P1 blind 10, P2 all-in for less (8), P3 packs: P1 has put in 15,
    # more than P2's 13, and nobody else can bet: the showdown comes at once (before, P1 was asked to chaal)
    e, t = tp_game(["Ah Kd 9c", "Qs Qh 3d", "7c 7d 2s"], [100, 13, 50], {"boot": 5})
    e.apply(Action("blind", 10))
    assert [(o.kind, o.min, o.max) for o in e.legal_actions() if o.kind == "blind"] == [("blind", 8, 8)]
    e.apply(Action("blind", 8))
    ev = e.apply(Action("pack"))
    assert e.phase == "over" and e.result["how"] == "all-in" and ["showdown", [0, 1]] in ev
    assert e.result["returned"] == [0, 2]                   # P1's 2 over P2's 13 come back
    assert e.result["awards"] == [[0, 1, 31]]               # the pair of queens: 13 + 13 + 5 (P3 packed)
    assert t.stacks == [87, 31, 45] and sum(t.stacks) == 163


def test_teen_patti_a_player_who_put_in_less_than_an_all_in_still_answers_it():
    e, t = tp_game(["Ah Kd 9c", "Qs Qh 3d", "7c 7d 2s"], [100, 20, 30], {"boot": 5})
    e.apply(Action("blind", 10))             # stakes 95, 15, 25
    e.apply(Action("blind", 15))             # P2 all-in (a full bet: stake 15)
    e.apply(Action("blind", 25))             # P3 all-in (stake 25)
    assert e.to_act == 0 and e.pb.contributed == [15, 20, 30]
    ev = e.apply(Action("blind", 25))        # P1 answers; then nobody is left to bet against
    assert e.phase == "over" and ["showdown", [0, 1, 2]] in ev
    assert e.result["returned"] == [0, 10]                  # 40 against P3's 30
    assert e.result["pots"] == [[60, [0, 1, 2]], [20, [0, 2]]]
    assert t.stacks == [60 + 10, 60, 20]                   # P2's queens take the main pot, P3's sevens the side


def test_turkish_the_all_in_hand_draws_then_shows_with_no_betting_after_the_draw():
    kings, nines, eights = "Kc Kd 9h Ts Ah", "9c 9d Tc Jd Qh", "8c 8d Js Qs Ks"
    t = table(3, [50, 3, 1])                 # ante 1: P3 all-in on the ante, P2 has 2 behind
    e = Turkish(t, {})
    e.start_hand(deck=deck_for([kings, nines, eights], t.dealer, 28))
    act(e, "open", 2)
    act(e, "call", 2)                        # P2 all-in: nobody left to bet against P1
    assert e.phase == "draw" and e.to_act == 0
    act(e, "draw", 0, [])
    act(e, "draw", 0, [2, 3])
    ev = act(e, "draw", 0, [4])              # the last draw: straight to the showdown, no betting round
    assert ["showdown"] in ev and e.phase == "over" and e.result["how"] == "showdown"
    assert e.result["pots"] == [[3, [0, 1, 2]], [4, [0, 1]]]
    assert e.hands[1] == [28, 29, 42, 26, 27]                # P2 kept 9c 9d Qh and drew two eights
    assert e.result["awards"] == [[0, 1, 3], [1, 1, 4]] and t.stacks == [47, 7, 0]
    replay(e.log)


def test_indian_all_in_calls_close_the_hand_and_the_center_round_is_skipped():
    t = table(3, [50, 2, 1])
    e = Indian(t, {"center": True})
    e.start_hand(deck=deck_for(["Ac", "Kd", "2h"], t.dealer, 52, "5s"))
    act(e, "bet", 1)
    ev = act(e, "call", 1)                   # P2 all-in; P3 all-in on the ante
    assert e.phase == "over" and ["showdown"] in ev
    assert e.result["pots"] == [[3, [0, 1, 2]], [2, [0, 1]]]
    assert t.stacks == [48 + 5, 0, 0]
    assert e.result["shown"][0] == parse_cards("Ac")
    replay(e.log)

"""Turkish Poker draw: order from the opener, the four-card draw served last, the exhausted stock.

RULES.md, Turkish Poker, draw (seed 002); the reshuffle rule of docs/turkish.md.
"""

import json

from dealerbox.cards import parse_cards
from dealerbox.engine.base import Action, IllegalAction
from dealerbox.games.turkish import Stock, Turkish
from dealerbox.rng import SeededEntropy
from support import raises
from turkish_support import act, deck_for, kinds, replay, snapshot, table


def game(hands, then="", chips=100, rules=None, seed=None):
    n = len(hands)
    t = table(n, chips)
    e = Turkish(t, rules or {}, SeededEntropy(seed) if seed is not None else None)
    e.start_hand(deck=deck_for(hands, t.dealer, 16 + 4 * n, then))
    return e, t


def test_draw_from_the_opener_and_the_fourth_card_after_everyone():
    e, t = game(["7c 8d 9h Js Qc", "Kc Kd 7h 8s Tc", "7d 8h 9s Jc Ac", "7s 8c 9c Jd Ad"], then="Ah As Ks Qd Qh Th 9d")
    act(e, "check")
    act(e, "open", 2)
    act(e, "call", 2)
    act(e, "call", 2)
    act(e, "call", 2)
    assert e.phase == "draw" and e.draw_order == [1, 2, 3, 0] and e.to_act == 1 and kinds(e) == ["draw"]
    assert act(e, "draw", 0, [1, 2, 3, 4]) == [["draw", 1, 4]]
    assert e.view(1)["hand"] == parse_cards("Kc Ah As Ks")        # three at once
    assert e.public_view()["drew"] == [None, 4, None, None] and e.public_view()["stock"] == 9
    act(e, "draw", 0, [0])
    assert e.hands[2] == parse_cards("8h 9s Jc Ac Qd")
    act(e, "draw", 0, [0, 1])
    assert e.hands[3] == parse_cards("9c Jd Ad Qh Th")
    assert e.hands[1] == parse_cards("Kc Ah As Ks")                # still four cards
    ev = act(e, "draw", 0, [])
    assert ev == [["draw", 0, 0], ["fourth", 1], ["betting", 1]]
    assert e.hands[1] == parse_cards("Kc Ah As Ks 9d") and e.hands[0] == parse_cards("7c 8d 9h Js Qc")
    assert e.phase == "betting" and e.street == 1 and e.to_act == 1 and kinds(e) == ["check", "bet"]
    for _ in range(4):
        act(e, "check")
    assert e.result["how"] == "showdown" and e.result["awards"] == [[0, 1, 12]]
    replay(e.log)


def _discards(hand, pos):
    return [hand[p] for p in pos]


def test_stock_runs_out_the_discards_of_others_are_reshuffled():
    hands = ["Ac Ad 6c 7d 8h", "6d 7h 8s Tc Qd", "6h 7s 9c Jd Kh", "6s 8c 9d Th Qs", "7c 8d 9h Js Kc"]
    e, t = game(hands, seed=7)
    stock = list(e.stock.cards)
    assert len(stock) == 11 and e.public_view()["stock"] == 11
    act(e, "open", 2)
    for _ in range(4):
        act(e, "call", 2)
    assert e.draw_order == [0, 1, 2, 3, 4]
    four = [1, 2, 3, 4]
    out = {}
    kept = {}
    for s, pos in ((0, four), (1, four), (2, four), (3, [0, 1, 2]), (4, four)):
        out[s] = _discards(e.hands[s], pos)
        kept[s] = [c for i, c in enumerate(e.hands[s]) if i not in pos]
        act(e, "draw", 0, pos)
        if s == 2:
            assert e.public_view()["stock"] == 2 and e.log["reshuffles"] == []
    r = e.log["reshuffles"]
    assert len(r) == 1 and len(r[0]) == 12
    assert sorted(r[0]) == sorted(out[0] + out[1] + out[2])          # not the discards of seat 3 (served)
    for c in out[3]:
        assert c not in r[0]
    assert e.hands[3] == kept[3] + stock[9:11] + r[0][0:1]
    assert e.hands[4] == kept[4] + r[0][1:4] + r[0][7:8]
    assert e.hands[0] == kept[0] + stock[0:3] + r[0][4:5]
    assert e.hands[1] == kept[1] + stock[3:6] + r[0][5:6]
    assert e.hands[2] == kept[2] + stock[6:9] + r[0][6:7]
    assert e.public_view()["stock"] == 4 and sorted(m & 63 for m in e.stock.muck) == sorted(out[3] + out[4])
    seen = []
    for s in range(5):
        seen.extend(e.hands[s])
    assert len(seen) == 25 and len(set(seen)) == 25
    for _ in range(5):
        act(e, "check")
    assert e.phase == "over" and e.result["how"] == "showdown"
    replay(e.log)
    bad = json.loads(json.dumps(e.log))
    bad["reshuffles"][0][0] = out[3][0]                              # a card of the player being served
    with raises(IllegalAction, "the logged reshuffle is not the discards of the other players"):
        replay(bad)
    bad["reshuffles"] = []
    with raises(IllegalAction, "the stock ran out and there is no logged reshuffle"):
        replay(bad)


def test_a_draw_the_stock_cannot_serve_is_refused_before_anything_changes():
    # review finding 6: no entropy and no logged reshuffle (a replay without it): the draw that would need
    # a reshuffle is refused, and the discards, the hand, the log and the stock are as before
    hands = ["Ac Ad 6c 7d 8h", "6d 7h 8s Tc Qd", "6h 7s 9c Jd Kh", "6s 8c 9d Th Qs", "7c 8d 9h Js Kc"]
    e, t = game(hands)
    act(e, "open", 2)
    for _ in range(4):
        act(e, "call", 2)
    for _ in range(3):
        act(e, "draw", 0, [1, 2, 3, 4])
    assert e.to_act == 3 and e.public_view()["stock"] == 2 and len(e.stock.muck) == 12
    before = snapshot(e)
    a = Action("draw", 0, [0, 1, 2])
    assert str(e.why_illegal(a)) == "the stock ran out and there is no logged reshuffle"
    with raises(IllegalAction, "the stock ran out and there is no logged reshuffle"):
        e.apply(a)
    assert snapshot(e) == before and len(e.log["actions"]) == 8 and len(e.stock.muck) == 12
    assert e.why_illegal(Action("draw", 0, [0, 1])) is None         # two cards are still in the stock
    act(e, "draw", 0, [0, 1])
    assert e.to_act == 4 and e.public_view()["stock"] == 0 and len(e.log["actions"]) == 9
    before = snapshot(e)
    # the last to draw: even standing pat needs the stock, for the fourth cards owed to seats 0, 1 and 2
    for pos in ([], [0]):
        assert str(e.why_illegal(Action("draw", 0, pos))) == "the stock ran out and there is no logged reshuffle"
    with raises(IllegalAction, "the stock ran out"):
        e.apply(Action("draw", 0, []))
    assert snapshot(e) == before and e.owed == [0, 1, 2] and [len(h) for h in e.hands] == [4, 4, 4, 5, 5]


def test_same_seed_same_reshuffle():
    hands = ["Ac Ad 6c 7d 8h", "6d 7h 8s Tc Qd", "6h 7s 9c Jd Kh", "6s 8c 9d Th Qs", "7c 8d 9h Js Kc"]
    got = []
    for _ in range(2):
        e, t = game(hands, seed=11)
        act(e, "open", 2)
        for _ in range(4):
            act(e, "call", 2)
        for _ in range(5):
            act(e, "draw", 0, [0, 1, 2, 3])
        got.append(e.log["reshuffles"])
    assert got[0] == got[1] and len(got[0]) == 1


def test_stock_unit_folded_hands_join_the_muck_the_served_player_keeps_out():
    st = Stock([1, 2])
    assert st.deal(2, 0, None) == [1, 2] and len(st.cards) - st.pos == 0
    st.discard(1, [10, 11])          # seat 1 folded
    st.discard(0, [20])              # seat 0 discards
    got = st.deal(1, 0, SeededEntropy(3).read)
    assert got[0] in (10, 11) and sorted(st.reshuffles[0]) == [10, 11] and st.muck == [0 * 64 + 20]
    assert len(st.cards) - st.pos == 1
    st2 = Stock.from_state(json.loads(json.dumps(st.to_state())), [1, 2])
    assert st2.deal(1, 1, None) == [21 - got[0]]
    with raises(ValueError, "the stock and the other players' discards are empty"):
        st2.deal(1, 0, None)


def test_draw_starts_after_a_folded_opener_and_betting_follows_from_there():
    e, t = game(["Kc Kd 8h 9s Tc", "8c 9d Jh Qs Ah", "8d 9h Jc Qd As"])
    act(e, "open", 2)
    act(e, "raise", 4)
    act(e, "call", 4)
    act(e, "fold")
    assert e.phase == "draw" and e.draw_order == [1, 2] and e.to_act == 1
    act(e, "draw", 0, [])
    act(e, "draw", 0, [0])
    assert e.to_act == 1 and e.street == 1


def test_no_betting_when_only_one_player_has_chips_after_the_ante():
    e, t = game(["Kc Kd 9h Ts Jc", "9c 9d Jh Qs Ah"], chips=[1, 100])
    assert e.is_all_in(0) and e.phase == "draw" and e.to_act == 0 and e.draw_order == [0, 1]
    act(e, "draw", 0, [])
    act(e, "draw", 0, [])
    assert e.phase == "over" and e.result["how"] == "showdown" and t.stacks == [2, 99]
    replay(e.log)

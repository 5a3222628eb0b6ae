"""Forehead Stud, Indian Poker's house rule ``stud`` (seed 003: "close to seven-card stud, with several passes
of forehead cards and hidden cards; real poker hand rankings apply"; docs/indian.md): the deal (two hole cards
and a forehead card, three more forehead cards, a last hole card, a betting round after each), fixed limit's
bet doubling from the third round, the showdown on the best five of seven, exact pots and stacks in a full
hand, an all-in with a side pot and the run-out, a fold to one player, privacy (a seat's own forehead cards
never reach it before the showdown), the rules' limits (7 players; alone among the variants), a snapshot.
"""

import json

from dealerbox.cards import parse_cards
from dealerbox.engine.base import Action, IllegalAction
from dealerbox.engine.rules import preset, validate
from dealerbox.games.indian import Indian
from support import raises
from turkish_support import act, deck_of_size, table

STUD = {"stud": True, "ante": 1, "bet": 2}


def stud_deck(hands, dealer):
    """The deck that deals ``hands`` (per seat the notation of the cards it receives, in dealt order: hole,
    hole, forehead x4, hole; a seat that folds receives fewer) one card a street, clockwise from the seat left
    of ``dealer``, then the rest of the deck."""
    n = len(hands)
    order = [(dealer + k) % n for k in range(1, n + 1)]
    cards = [parse_cards(h) for h in hands]
    deck = []
    for k in range(7):
        for s in order:
            if len(cards[s]) > k:
                deck.append(cards[s][k])
    for c in deck_of_size(52):
        if c not in deck:
            deck.append(c)
    assert len(deck) == 52
    return deck


def _kinds(e):
    return [(o.kind, o.min, o.max) for o in e.legal_actions()]


def test_a_full_hand_exact_stakes_pots_and_stacks():
    t = table(3, 100)                                     # P1 P2 P3, the dealer P3: P1 opens every round
    e = Indian(t, STUD)
    ev = e.start_hand(deck=stud_deck(["As Ks 2c 3c 4c 5c Qs", "Ah Kh 7d", "Jc Jd 6s 6h 9c 9h 2d"], t.dealer))
    assert ev == [["ante", 0, 1], ["ante", 1, 1], ["ante", 2, 1], ["deal", 3], ["betting", 1, 0]]
    assert [len(h) for h in e.hands] == [3, 3, 3]
    assert _kinds(e) == [("check", 0, 0), ("bet", 2, 2)]
    act(e, "bet", 2)
    act(e, "call", 2)
    act(e, "raise", 4)
    act(e, "call", 2)
    ev = act(e, "fold")                                   # P2 folds with 3 cards: no more cards for P2
    assert ev == [["fold", 1], ["street", 4, True], ["betting", 2, 0]]
    assert e.pb.total() == 13 and t.stacks == [95, 97, 95]
    assert [len(h) for h in e.hands] == [4, 3, 4]
    assert _kinds(e) == [("check", 0, 0), ("bet", 2, 2)]   # the small bet in round 2
    act(e, "check")
    act(e, "bet", 2)
    ev = act(e, "call", 2)
    assert ev == [["call", 0, 2], ["street", 5, True], ["betting", 3, 0]]
    assert _kinds(e) == [("check", 0, 0), ("bet", 4, 4)]   # the big bet from round 3
    act(e, "bet", 4)
    act(e, "call", 4)
    assert e.pb.total() == 25 and t.stacks == [89, 97, 89]
    act(e, "check")
    ev = act(e, "check")
    assert ev == [["check", 2, 0], ["street", 7, False], ["betting", 5, 0]]   # the last card is a hole card
    act(e, "bet", 4)
    assert _kinds(e) == [("call", 4, 4), ("raise", 8, 8), ("fold", 0, 0)]
    act(e, "raise", 8)
    ev = act(e, "call", 4)
    assert ev == [["call", 0, 4], ["showdown"], ["win", 0, 0, 41], ["over"]]
    assert t.stacks == [122, 97, 81] and sum(t.stacks) == 300
    r = e.result
    assert r["how"] == "showdown" and r["pots"] == [[41, [0, 2]]]
    assert r["categories"] == ["straight", None, "two_pair"]
    assert r["best"][0] == parse_cards("As 5c 4c 3c 2c")        # the five that count, sets first, then by rank
    assert r["best"][2] == parse_cards("Jd Jc 9h 9c 6h")
    assert r["shown"] == [parse_cards("As Ks 2c 3c 4c 5c Qs"), None, parse_cards("Jc Jd 6s 6h 9c 9h 2d")]


def test_all_in_side_pot_and_the_run_out():
    t = table(3, [10, 50, 50])
    e = Indian(t, {"stud": True, "ante": 1, "structure": "free"})
    e.start_hand(deck=stud_deck(["Ac Ad 2c 7c 9c Jc Ah", "3c 4d 8h 9d Tc Qs 5s", "Kc Kd 2d 7h 9h Jh Ks"],
                                t.dealer))
    assert _kinds(e)[1] == ("bet", 1, 9)
    act(e, "bet", 9)                                      # P1 all-in
    act(e, "call", 9)
    act(e, "raise", 29)                                   # P3: the call 9 + 20
    ev = act(e, "call", 20)
    assert ev == [["call", 1, 20], ["street", 4, True], ["betting", 2, 1]]    # P1 all-in: P2 opens
    assert t.stacks == [0, 20, 20] and e.pb.total() == 70
    act(e, "bet", 20)                                     # P2 all-in
    ev = act(e, "call", 20)                               # P3 all-in: nobody can bet, the last cards, showdown
    assert ev[:5] == [["call", 2, 20], ["street", 5, True], ["street", 6, True], ["street", 7, False],
                      ["showdown"]]
    assert ev[5:] == [["win", 0, 0, 30], ["win", 1, 2, 80], ["over"]]
    assert [len(h) for h in e.hands] == [7, 7, 7]
    r = e.result
    assert r["pots"] == [[30, [0, 1, 2]], [80, [1, 2]]]
    assert r["categories"] == ["flush", "high_card", "three_of_a_kind"]
    assert t.stacks == [30, 0, 80]                        # the flush the main pot, trip kings the side pot


def test_run_out_heads_up_after_the_first_round():
    t = table(2, [20, 100])                               # the dealer P2: P1 opens
    e = Indian(t, {"stud": True, "ante": 1, "structure": "pot", "bet": 2})
    e.start_hand(deck=stud_deck(["2c 2d 5h 9s Jd Kc 3h", "Ac Kd 6h 6s Tc 4c 8d"], t.dealer))
    act(e, "bet", 2)
    act(e, "raise", 8)                                    # pot limit: call 2 + the pot after the call, 6
    act(e, "raise", 17)                                   # P1: all-in for 17 (the call 6 + 11)
    ev = act(e, "call", 11)
    assert ev == [["call", 1, 11], ["street", 4, True], ["street", 5, True], ["street", 6, True],
                  ["street", 7, False], ["showdown"], ["win", 0, 1, 40], ["over"]]
    assert e.result["categories"] == ["pair", "pair"]     # sixes beat twos
    assert t.stacks == [0, 120]


def test_fold_to_one_player_shows_nobody():
    t = table(3, 100)
    e = Indian(t, STUD)
    e.start_hand(deck=stud_deck(["As Ks Qs", "Ah Kh Qh", "Ac Kc Qc"], t.dealer))
    act(e, "bet", 2)
    act(e, "fold")
    ev = act(e, "fold")
    assert ev == [["fold", 2], ["back", 0, 2], ["win", 0, 0, 3], ["over"]]
    assert t.stacks == [102, 99, 99]
    assert e.result["how"] == "fold" and e.result["shown"] == [None, None, None]
    v = e.view(0)
    assert v["foreheads"][0] is None and v["hole"] == parse_cards("As Ks") and v["up_count"] == 1


HANDS = ["As Ks 2c 3c 4c 5c Qs", "Ah Kh 7d 8d 9d Td Qh", "Jc Jd 6s 6h 9c 9h 2d"]


def _same_for(seat, a, b):
    assert a.view(seat) == b.view(seat)
    assert a.public_view() == b.public_view()
    assert a.legal_actions() == b.legal_actions()


def test_own_forehead_cards_never_reach_their_holder():
    """Two deals that differ only in one seat's four forehead cards look exactly the same to that seat until the
    showdown: its view, the shared screen, the options and the events; it sees every other forehead card and
    its own hole cards."""
    for seat in range(3):
        for policy in ((0,), (1, 0, 0), (1, 2, 0, 0, 1)):
            d1 = stud_deck(HANDS, 2)
            d2 = list(d1)
            own_up = parse_cards(HANDS[seat])[2:6]
            spare = [c for c in d1[21:]]                 # cards never dealt to three players
            for i in range(4):
                j = d2.index(own_up[i])
                k = d2.index(spare[i])
                d2[j], d2[k] = d2[k], d2[j]
            a = Indian(table(3), STUD)
            b = Indian(table(3), STUD)
            assert a.start_hand(deck=d1) == b.start_hand(deck=d2)
            step = 0
            while a.phase != "over":
                v = a.view(seat)
                assert v["foreheads"][seat] is None
                for c in own_up:
                    for x in v["foreheads"]:
                        assert c not in (x or [])
                    assert c not in v["hole"]
                for s in range(3):
                    if s != seat and a.is_live(s):
                        assert v["foreheads"][s] == a.stud_cards(s, "f")
                _same_for(seat, a, b)
                opts = [o for o in a.legal_actions() if o.kind != "fold"]   # (nobody folds: the deck deals HANDS)
                o = opts[policy[step % len(policy)] % len(opts)]
                ea = a.apply(Action(o.kind, o.min))
                eb = b.apply(Action(o.kind, o.min))
                assert ea == eb or a.result["how"] == "showdown"     # the showdown turns the cards over
                step += 1
            assert a.result["how"] == "showdown" and a.view(seat)["foreheads"][seat] == own_up


def test_view_of_each_seat_mid_hand():
    t = table(3)
    e = Indian(t, STUD)
    e.start_hand(deck=stud_deck(HANDS, t.dealer))
    for _ in range(3):
        act(e, "check")                                   # round 1 over: a second forehead card each
    v = e.view(1)
    assert v["foreheads"] == [parse_cards("2c 3c"), None, parse_cards("6s 6h")]
    assert v["hole"] == parse_cards("Ah Kh") and v["up_count"] == 2
    pv = e.public_view()
    assert pv["stud"] is True and "foreheads" not in pv and "hole" not in pv and "shown" not in pv


def test_rules_limits_and_preset():
    assert preset("indian", "stud")["stud"] is True
    assert validate("indian", {"stud": True})["ties"] == "split"
    for bad, what in (({"low": True}, "Low Indian"), ({"two_cards": True}, "two cards"),
                      ({"center": True}, "a center card"), ({"party": True}, "party mode"),
                      ({"ties": "suit-order"}, "suit order")):
        d = {"stud": True}
        d.update(bad)
        with raises(ValueError, "Forehead Stud plays poker hands: not with " + what):
            validate("indian", d)
    with raises(ValueError, "stud is on or off"):
        validate("indian", {"stud": 1})
    with raises(ValueError, "at most 7 players, not 8"):
        Indian(table(8), STUD)
    t = table(7)
    e = Indian(t, STUD)
    e.start_hand(deck=list(range(52)))
    while e.phase != "over":
        o = e.legal_actions()[0]
        e.apply(Action(o.kind, o.min))
    assert e.pos == 49 and [len(h) for h in e.hands] == [7] * 7
    assert sum(t.stacks) == 700


def test_no_draw_and_a_snapshot_mid_hand():
    t = table(3)
    e = Indian(t, STUD)
    e.start_hand(deck=stud_deck(HANDS, t.dealer))
    act(e, "bet", 2)
    act(e, "call", 2)
    with raises(IllegalAction, "Indian Poker has no draw"):
        e.apply(Action("fold", 0, [0]))
    from dealerbox.engine.table import Table
    t2 = Table.from_state(t.to_state())
    e2 = Indian.from_state(t2, json.loads(json.dumps(e.to_state())))
    for x in (e, e2):
        act(x, "call", 2)
        act(x, "bet", 2)
    assert e.view(0) == e2.view(0) and e.to_state() == e2.to_state()

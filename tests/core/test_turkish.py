"""Turkish Poker engine: deck by player count, openers, dead hands, betting structures, showdown, logs.

RULES.md, Turkish Poker (seed 002). Runs under pytest and under MicroPython (tests/mp_run.py).
"""

import json

from dealerbox.cards import parse_cards
from dealerbox.engine.base import Action, IllegalAction
from dealerbox.eval import make_ranking
from dealerbox.games.turkish import Turkish, holds_openers, keeps_openers, weakest_openers
from support import raises, session_over
from turkish_support import act, deck_for, kinds, minimal_openers, option, replay, restored, snapshot, table


def game(hands, chips=100, rules=None, dealer=None, size=None, then=""):
    """A started Turkish hand dealing ``hands`` (notation per seat); the dealer is the last seat."""
    n = len(hands)
    t = table(n, chips, dealer)
    e = Turkish(t, rules or {})
    if size is None:
        size = 16 + 4 * sum(1 for h in hands if h is not None)
    e.start_hand(deck=deck_for(hands, t.dealer, size, then))
    return e, t


NO_OPENERS = "9c 9d Tc Jd Qh"      # pair of nines
KINGS = "Kc Kd 9h Ts Ah"           # pair of kings


def test_deck_follows_the_players_dealt_in():
    for n, size in ((2, 24), (3, 28), (4, 32), (5, 36)):
        t = table(n)
        e = Turkish(t, {}, entropy=lambda k: bytes(k))
        e.start_hand()
        assert len(e.deck) == size
        assert min(e.deck) == (13 - size // 4) * 4
        assert e.public_view()["stock"] == size - 5 * n
        assert [len(e.hands[s]) for s in range(n)] == [5] * n
    t = table(4)
    e = Turkish(t, {"four_with_36": True}, entropy=lambda k: bytes(k))
    e.start_hand()
    assert len(e.deck) == 36 and e.public_view()["stock"] == 16
    t = table(3, [100, 0, 100])      # a seat that is out: two players dealt in, 24 cards
    e = Turkish(t, {}, entropy=lambda k: bytes(k))
    e.start_hand()
    assert len(e.deck) == 24 and e.hands[1] is None


def test_the_ranking_of_the_first_deal_is_built_with_the_engine():
    """Built at construction while every seat has chips (its 36-card table then finds a free run: issue 12), the very
    ranking the hand then uses; with a seat out (or all-in in a hand resumed) it waits for the hand, as before."""
    for n, size, rules in ((5, 36, {}), (4, 36, {"four_with_36": True}), (2, 24, {"no_minor": True})):
        e = Turkish(table(n), rules, entropy=lambda k: bytes(k))
        rk = e._rk
        assert rk is not None and rk.deck == size and rk.house == (("no-minor",) if rules.get("no_minor") else ())
        e.start_hand()
        assert e.ranking() is rk
    e = Turkish(table(3, [100, 0, 100]), {}, entropy=lambda k: bytes(k))
    assert e._rk is None
    e.start_hand()
    assert e.ranking().deck == 24


def test_more_than_five_seats_refused():
    with raises(ValueError, "2 to 5 players"):
        Turkish(table(6), {})


def test_openers_refused_with_the_reason_and_nothing_changes():
    e, t = game([NO_OPENERS, KINGS])
    assert t.stacks == [99, 99] and e.pot_total() == 2
    assert e.to_act == 0 and kinds(e) == ["check"]
    assert e.view(0)["openers_ok"] is False and e.view(1)["openers_ok"] is True
    before = snapshot(e)
    why = "you need openers to open: a pair of kings or better; check"
    assert str(e.why_illegal(Action("open", 2))) == why
    with raises(IllegalAction, why):
        act(e, "open", 2)
    assert str(e.why_illegal(Action("bet", 2))) == "before the draw the first bet is the open"
    assert str(e.why_illegal(Action("fold"))) == "nothing to call: check instead"
    assert snapshot(e) == before
    act(e, "check")
    assert e.to_act == 1 and kinds(e) == ["check", "open"] and option(e, "open") == (2, 2)
    assert str(e.why_illegal(Action("open", 3))) == "open is 2 to 2 chips, not 3"
    act(e, "open", 2)
    assert kinds(e) == ["call", "raise", "fold"] and option(e, "call") == (2, 2) and option(e, "raise") == (4, 4)
    assert str(e.why_illegal(Action("open", 2))) == "the pot is open: call, raise or fold"
    ev = act(e, "fold")
    assert ["back", 1, 2] in ev and ["win", 0, 1, 2] in ev
    assert t.stacks == [99, 101] and e.result["how"] == "fold" and e.result["awards"] == [[0, 1, 2]]
    assert e.result["openers"]["seat"] == 1 and e.result["openers"]["cards"] == parse_cards(KINGS)
    assert e.phase == "over" and e.legal_actions() == []
    assert str(e.why_illegal(Action("check"))) == "the hand is over"
    assert t.dealer == 0
    replay(e.log)


def test_openers_house_rules_jacks_and_aces():
    jacks = "Jc Jd 9c Tc Ac"
    e, _ = game([jacks, KINGS])
    assert kinds(e) == ["check"]
    e, _ = game([jacks, KINGS], rules={"openers": "jacks"})
    assert kinds(e) == ["check", "open"]
    e, _ = game([KINGS, jacks], rules={"openers": "aces"})
    assert kinds(e) == ["check"]
    assert str(e.why_illegal(Action("open", 2))) == "you need openers to open: a pair of aces or better; check"
    e, _ = game(["Ah As 9h Ts Kh", jacks], rules={"openers": "aces"})
    assert kinds(e) == ["check", "open"]
    e, _ = game(["9c 9d Tc Td Qh", KINGS])        # two low pairs beat a pair of kings: openers
    assert kinds(e) == ["check", "open"]
    e, _ = game(["As Qc Jd Tc 9s", KINGS])        # the minor straight A-9-10-J-Q of 24 cards
    assert kinds(e) == ["check", "open"]
    e, _ = game(["As Qc Jd Tc 9s", KINGS], rules={"no_minor": True})   # no minor straights: ace high only
    assert kinds(e) == ["check"] and e.ranking().category(e.hands[0]) == "high_card"


def test_minimal_openers_and_kept_openers():
    assert minimal_openers(11, 24) == parse_cards("Kc Kd 9h Ts Jh")
    assert minimal_openers(9, 32) == parse_cards("Jc Jd 7h 8s 9h")
    assert keeps_openers(parse_cards("Kc Kd 9h"), 11)
    assert not keeps_openers(parse_cards("Kc 9h Ts Jh"), 11)
    assert keeps_openers(parse_cards("9c 9d Tc Td"), 11)
    assert keeps_openers(parse_cards("9c 9d 9h"), 11)
    assert not keeps_openers(parse_cards("Qc Qd Ah"), 11)


def test_openers_are_judged_by_the_evaluator_against_the_weakest_pair():
    def holds(text, rank=11, size=24, minor=True):
        rk = make_ranking("turkish", deck=size, house=() if minor else ("no-minor",))
        return holds_openers(rk, parse_cards(text), rank)

    for rank in (9, 11, 12):
        for size in (24, 28, 32, 36):
            assert weakest_openers(rank, size) == minimal_openers(rank, size)

    assert holds("Kc Kd 9h Ts Jh") and holds("Ac Ad 9h Ts Jh") and not holds("Qc Qd 9h Ts Ah")
    assert holds("Qc Qd 9h 9s Ah") and holds("9c 9d 9h Ts Ah") and holds("9c 9d 9h Ts Th")
    assert holds("Jc Jd 9h Tc Qd", rank=9, size=36) and not holds("Tc Td Jh 9c Qd", rank=9, size=36)  # jacks
    assert holds("9c Tc Jd Qc Ks") and holds("6c 7d 8c 9h Ts", size=36)           # straights
    assert holds("9h Jh Qh Kh Ah") and holds("9h Th Jh Qh Kh")                      # flush, straight flush
    assert holds("As Qc Jd Tc 9s") and not holds("As Qc Jd Tc 9s", minor=False)    # the minor straight
    assert holds("Ah 6h 7h 8h 9h", size=36, minor=False)                             # no minor: still a flush
    assert holds("Ac 6d 7h 8h 9h", size=36) and holds("Ac 7d 8h 9h Th", size=32)     # each deck's minor straight
    assert not holds("Ac 7d 8h 9h Jh", size=32)
    assert not holds("9c Tc Jd Kc As")                                               # ace high, no straight


def test_dead_hand_antes_stay_and_the_pot_is_carried_over():
    e, t = game([NO_OPENERS, "9h Ts Jh Kd Ac"])
    act(e, "check")
    ev = act(e, "check")
    assert ev == [["check", 1, 0], ["dead", 2], ["over"]]
    assert e.result["dead"] is True and e.result["carry"] == 2 and e.result["awards"] == []
    assert t.stacks == [99, 99] and e.table.carried() == 2 and e.table.carry == [1, 1]
    assert e.chips_ok() and t.dealer == 0              # the next dealer deals
    assert e.legal_actions() == [] and e.to_act is None
    replay(e.log)
    e2 = restored(e)                                   # saved between hands: the carry survives
    assert e2.table.carried() == 2 and e2.chips_ok()
    for x in (e, e2):
        x.start_hand(deck=deck_for([NO_OPENERS, KINGS], 0, 24))
        assert x.table.stacks == [98, 98] and x.pot_total() == 4 and x.log["carry"] == [1, 1]
        assert x.public_view()["carry"] == 2 and x.table.carried() == 0 and x.chips_ok()
        assert x.to_act == 1
        act(x, "open", 2)
        act(x, "fold")
        assert x.table.stacks == [98, 102] and x.result["awards"] == [[0, 1, 4]]
        replay(x.log)


def test_dead_hand_twice_keeps_adding_and_a_seat_out_stays_in_the_carry():
    e, t = game([NO_OPENERS, "9h Ts Jh Kd Ac", "8c 8d Jc Qs Kh"], chips=[100, 1, 100])
    assert t.stacks == [99, 0, 99] and e.is_all_in(1)
    act(e, "check")
    act(e, "check")                                     # seat 1 is all-in on the ante: two checks end it
    assert e.result["dead"] and e.table.carry == [1, 1, 1] and t.dealer == 0
    e.start_hand(deck=deck_for(["9c 9d Tc Jd Kh", None, "9h Ts Jh Kd Ac"], 0, 24))
    assert e.pot_total() == 5 and t.stacks == [98, 0, 98] and not e.dealt[1]
    act(e, "check")
    act(e, "check")
    assert e.result["dead"] and e.table.carry == [2, 1, 2] and e.table.carried() == 5 and e.chips_ok()
    e.start_hand(deck=deck_for([KINGS, None, NO_OPENERS], 2, 24))
    act(e, "open", 2)
    act(e, "call", 2)
    act(e, "draw", 0, [])
    act(e, "draw", 0, [])
    act(e, "check")
    act(e, "check")
    assert e.result["how"] == "showdown" and e.result["awards"] == [[0, 0, 11]]
    assert t.stacks == [106, 0, 95] and sum(t.stacks) == sum(t.bought_in) == 201
    replay(e.log)


def test_dead_hand_pot_is_on_the_table_and_goes_back_when_the_session_stops():
    # review finding 3: the carried pot stays counted (stacks + carry == bought in) and is returned at the end
    e, t = game([NO_OPENERS, "9h Ts Jh Kd Ac", "8c 8d Jc Qs Kh"], chips=[100, 50, 30], rules={"ante": 2})
    act(e, "check")
    act(e, "check")
    act(e, "check")
    assert e.result["dead"] and t.carry == [2, 2, 2] and t.carried() == 6 and e.table.carried() == 6
    assert t.stacks == [98, 48, 28] and sum(t.stacks) + t.carried() == sum(t.bought_in) == 180
    assert e.pot_total() == 6 and e.public_view()["pot"] == 6 and e.chips_ok()
    t2 = restored(e).table                              # saved with the table
    assert t2.carry == [2, 2, 2]
    for x in (t, t2):
        x.stop()
        assert x.carry is None and x.stacks == [100, 50, 30] and sum(x.stacks) == 180
        assert [r[3] for r in x.standings()] == [0, 0, 0] and session_over(x)
    assert e.pot_total() == 0 and e.chips_ok()


def test_fixed_limit_cap_and_all_raises():
    e, t = game([KINGS, NO_OPENERS], rules={"bet": 2, "cap": 4})
    act(e, "open", 2)
    act(e, "raise", 4)
    act(e, "raise", 4)
    assert option(e, "raise") == (4, 4)
    act(e, "raise", 4)
    assert kinds(e) == ["call", "fold"]
    assert str(e.why_illegal(Action("raise", 4))) == "the betting is capped at 4 bets and raises"
    act(e, "call", 2)
    assert e.phase == "draw" and e.pot_total() == 2 + 16 and t.stacks == [91, 91]


def test_pot_limit_amounts():
    e, t = game([KINGS, NO_OPENERS], rules={"structure": "pot", "ante": 5, "bet": 2})
    assert e.pot_total() == 10 and option(e, "open") == (2, 10)
    act(e, "open", 10)
    assert option(e, "call") == (10, 10) and option(e, "raise") == (20, 40)
    act(e, "raise", 40)
    assert option(e, "call") == (30, 30) and option(e, "raise") == (60, 85)
    assert str(e.why_illegal(Action("raise", 86))) == "raise is 60 to 85 chips, not 86"


def test_no_limit_amounts_and_all_in():
    e, t = game([KINGS, NO_OPENERS], rules={"structure": "no-limit", "bet": 2}, chips=[100, 30])
    assert option(e, "open") == (2, 99)
    act(e, "open", 5)
    assert option(e, "raise") == (10, 29)
    act(e, "raise", 29)                                # all-in
    assert e.is_all_in(1) and kinds(e) == ["call", "fold"] and option(e, "call") == (24, 24)
    act(e, "call", 24)
    act(e, "draw", 0, [])
    act(e, "draw", 0, [])
    assert e.phase == "over" and e.result["how"] == "showdown"     # nobody left to bet after the draw
    assert t.stacks == [130, 0]


def test_check_raise_not_allowed_after_the_draw():
    for allowed, expect in ((True, ["call", "raise", "fold"]), (False, ["call", "fold"])):
        e, t = game([KINGS, NO_OPENERS], rules={"check_raise": allowed})
        act(e, "open", 2)
        act(e, "call", 2)
        assert e.phase == "draw" and e.to_act == 0
        act(e, "draw", 0, [])
        act(e, "draw", 0, [])
        assert e.phase == "betting" and e.street == 1 and e.to_act == 0 and kinds(e) == ["check", "bet"]
        act(e, "check")
        act(e, "bet", 2)
        assert kinds(e) == expect
        if not allowed:
            assert str(e.why_illegal(Action("raise", 4))) == "check-raise is not allowed"
        act(e, "call", 2)
        assert e.result["awards"] == [[0, 0, 10]] and t.stacks == [105, 95]


def test_free_showdown_when_everybody_checks_after_the_draw_and_odd_chip_split():
    # 3 players, 28 cards: the same straight twice, the third folds; pot 7 split 4/3
    e, t = game(["8c 9d Th Js Qc", "8d 9h Ts Jc Qd", "Ah Kc Qh Jh 9c"])
    act(e, "open", 2)
    act(e, "call", 2)
    act(e, "fold")
    act(e, "draw", 0, [])
    act(e, "draw", 0, [])
    act(e, "check")
    ev = act(e, "check")
    assert ["showdown"] in ev
    assert e.result["awards"] == [[0, 0, 4], [0, 1, 3]] and t.stacks == [101, 100, 99]
    assert e.result["categories"][0] == e.result["categories"][1] == e.ranking().category(parse_cards("8c 9d Th Js Qc"))
    assert e.result["shown"][2] is None and e.result["shown"][0] == parse_cards("8c 9d Th Js Qc")
    replay(e.log)


def test_turkish_ranking_flush_beats_full_house_and_house_rule_standard():
    flush = "9h Jh Qh Kh Ah"
    full = "Ac Ad As Kc Kd"
    for rules, winner in (({}, 0), ({"standard_ranking": True}, 1)):
        e, t = game([flush, full], rules=rules)
        act(e, "open", 2)
        act(e, "call", 2)
        act(e, "draw", 0, [])
        act(e, "draw", 0, [])
        act(e, "check")
        act(e, "check")
        assert e.result["awards"] == [[0, winner, 6]]


def test_karanlik_first_player_bets_blind_before_looking():
    e, t = game([NO_OPENERS, KINGS], rules={"karanlik": True})
    assert e.to_act == 0 and kinds(e) == ["look", "karanlik"] and option(e, "karanlik") == (2, 2)
    assert e.view(0)["hand"] is None and e.view(1)["hand"] == parse_cards(KINGS)
    assert str(e.why_illegal(Action("check"))) == "Karanlık: bet blind (karanlik) or look at your cards first"
    act(e, "karanlik", 2)
    assert e.opener == 0 and e.openers["blind"] is True and e.view(0)["hand"] == parse_cards(NO_OPENERS)
    assert kinds(e) == ["call", "raise", "fold"]
    act(e, "call", 2)
    assert e.phase == "draw" and e.to_act == 0
    e, t = game([NO_OPENERS, KINGS], rules={"karanlik": True})
    act(e, "look")
    assert e.view(0)["hand"] == parse_cards(NO_OPENERS) and kinds(e) == ["check"]
    act(e, "check")
    assert kinds(e) == ["check", "open"]
    why = "only the first player may bet blind (Karanlık), before looking"
    assert str(e.why_illegal(Action("karanlik", 2))) == why
    e, t = game([NO_OPENERS, KINGS])
    assert str(e.why_illegal(Action("karanlik", 2))) == "Karanlık (the blind bet) is not played at this table"


def test_split_openers_are_remembered_for_the_showdown():
    opener = "Kc Kd Qs Js Ts"
    e, t = game([opener, NO_OPENERS], then="As 9h Ad")
    act(e, "open", 2)
    act(e, "call", 2)
    act(e, "draw", 0, [0])                              # throws a king away to draw to a straight
    assert e.hands[0] == parse_cards("Kd Qs Js Ts As")
    act(e, "draw", 0, [])
    act(e, "check")
    act(e, "check")
    op = e.result["openers"]
    assert op == {"seat": 0, "cards": parse_cards(opener), "blind": False, "split": True}
    assert e.public_view()["openers"]["cards"] == parse_cards(opener)


def test_illegal_draws_are_refused():
    e, t = game([KINGS, NO_OPENERS])
    act(e, "open", 2)
    act(e, "call", 2)
    before = snapshot(e)
    assert str(e.why_illegal(Action("check"))) == "it is the draw: discard 0 to 4 cards (draw)"
    assert str(e.why_illegal(Action("draw", 0, [0, 1, 2, 3, 4]))) == "discard 0 to 4 cards, not 5"
    assert str(e.why_illegal(Action("draw", 0, [5]))) == "no card at position 5 (positions are 0-4)"
    assert str(e.why_illegal(Action("draw", 0, [1, 1]))) == "card 1 given twice"
    assert str(e.why_illegal(Action("draw", 2, [1]))) == "draw takes no amount"
    assert str(e.why_illegal(Action("draw"))) == "say which cards to discard (positions 0-4)"
    with raises(IllegalAction, "not 5"):
        act(e, "draw", 0, [0, 1, 2, 3, 4])
    assert snapshot(e) == before


def test_snapshot_mid_hand_continues_identically_and_logs_replay():
    results = []
    for cut in (False, True):
        e, t = game([KINGS, NO_OPENERS, "8c 8d Jc Qs Kh"], then="Ad Qc Jh 8h")
        act(e, "open", 2)
        if cut:
            e = restored(e)
        act(e, "raise", 4)
        act(e, "call", 4)
        act(e, "call", 2)
        act(e, "draw", 0, [3])
        if cut:
            e = restored(e)
        act(e, "draw", 0, [0, 2])
        act(e, "draw", 0, [])
        if cut:
            e = restored(e)
        act(e, "bet", 2)
        act(e, "fold")
        act(e, "call", 2)
        assert e.hands[0] == parse_cards("Kc Kd 9h Ah Ad") and e.hands[1] == parse_cards("9d Jd Qh Qc Jh")
        assert e.result["awards"] == [[0, 0, 19]] and e.table.stacks == [112, 95, 93]
        replay(e.log)
        results.append(json.loads(json.dumps(e.result)))
    assert results[0] == results[1]


def test_tampered_logs_are_refused():
    e, t = game([KINGS, NO_OPENERS])
    act(e, "open", 2)
    act(e, "call", 2)
    act(e, "draw", 0, [4])
    act(e, "draw", 0, [0])
    act(e, "bet", 2)
    act(e, "call", 2)
    good = json.loads(json.dumps(e.log))
    replay(good)
    bad = json.loads(json.dumps(good))
    bad["actions"][0] = [1, "open", 2]                    # seat 1 has no openers... and it is not its turn
    with raises(AssertionError, "out of turn"):
        replay(bad)
    bad = json.loads(json.dumps(good))
    bad["actions"][1] = [1, "call", 3]
    with raises(IllegalAction, "call is 2 to 2 chips, not 3"):
        replay(bad)
    bad = json.loads(json.dumps(good))
    bad["deck"][0], bad["deck"][1] = bad["deck"][1], bad["deck"][0]    # seat 0 loses its pair of kings
    with raises(IllegalAction, "you need openers"):
        replay(bad)
    bad = json.loads(json.dumps(good))
    bad["result"]["stacks"] = [100, 100]
    with raises(AssertionError):
        replay(bad)


def test_a_player_sees_only_their_own_cards_until_the_showdown():
    hands = [KINGS, NO_OPENERS]
    d1 = deck_for(hands, 1, 24)
    d2 = list(d1)
    i = d2.index(parse_cards("9c")[0])
    d2[i], d2[23] = d2[23], d2[i]                     # only seat 1's cards differ
    a = Turkish(table(2), {})
    b = Turkish(table(2), {})
    assert a.start_hand(deck=d1) == b.start_hand(deck=d2)
    for kind, amount, cards in (("open", 2, None), ("call", 2, None), ("draw", 0, [4]), ("draw", 0, []),
                                ("bet", 2, None)):
        assert a.view(0) == b.view(0) and a.public_view() == b.public_view()
        assert a.view(0)["hand"] == a.hands[0] and "shown" not in a.view(0)
        assert act(a, kind, amount, cards) == act(b, kind, amount, cards)
    act(a, "call", 2)
    act(b, "call", 2)
    assert a.public_view()["shown"][1] == a.hands[1] and b.public_view()["shown"][1] == b.hands[1]
    assert a.hands[1] != b.hands[1]

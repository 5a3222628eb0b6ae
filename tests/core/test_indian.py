"""Indian Poker engine: ties and suit order, betting structures, Low Indian, two cards, center card, party mode.

RULES.md, Indian Poker (seed 003). Visibility tests are in test_indian_views.py.
"""

from dealerbox.cards import parse_cards
from dealerbox.engine.base import Action, IllegalAction
from dealerbox.games.indian import Indian
from support import raises
from turkish_support import act, deck_for, kinds, option, replay, restored, table


def game(hands, chips=100, rules=None, dealer=None, then=""):
    """A started Indian hand dealing ``hands`` (notation per seat, 1 or 2 cards); the dealer is the last seat."""
    t = table(len(hands), chips, dealer)
    e = Indian(t, rules or {})
    e.start_hand(deck=deck_for(hands, t.dealer, 52, then))
    return e, t


def test_issue_example_tie_split_5_4_or_suit_order_takes_9():
    # three players, ante 3: pot 9; K♠ and K♥ tie over 5♦
    for rules, awards, stacks in (({}, [[0, 1, 5], [0, 2, 4]], [97, 102, 101]),
                                  ({"ties": "suit-order"}, [[0, 2, 9]], [97, 97, 106])):
        r = {"ante": 3}
        r.update(rules)
        e, t = game(["5d", "Kh", "Ks"], rules=r, dealer=0)
        assert e.pot_total() == 9 and e.to_act == 1 and kinds(e) == ["check", "bet"]
        act(e, "check")
        act(e, "check")
        ev = act(e, "check")
        assert ["showdown"] in ev
        assert e.result["awards"] == awards and t.stacks == stacks
        assert e.result["shown"] == [parse_cards("5d"), parse_cards("Kh"), parse_cards("Ks")]
        replay(e.log)


def test_fixed_limit_betting_until_all_match():
    e, t = game(["Ac", "Kd", "2h"], rules={"bet": 2, "cap": 3})
    assert option(e, "bet") == (2, 2)
    act(e, "bet", 2)
    assert kinds(e) == ["call", "raise", "fold"] and option(e, "raise") == (4, 4)
    act(e, "raise", 4)
    act(e, "fold")
    assert e.to_act == 0 and option(e, "call") == (2, 2) and option(e, "raise") == (4, 4)
    act(e, "raise", 4)                                        # third bet: the cap
    assert kinds(e) == ["call", "fold"]
    assert str(e.why_illegal(Action("raise", 4))) == "the betting is capped at 3 bets and raises"
    act(e, "call", 2)
    assert e.result["how"] == "showdown" and e.pot_total() == 0
    assert e.result["awards"] == [[0, 0, 3 + 6 + 6]] and t.stacks == [100 - 7 + 15, 93, 99]
    replay(e.log)


def test_pot_limit_and_free_amount():
    e, t = game(["Ac", "Kd", "2h"], rules={"structure": "pot", "ante": 2, "bet": 1})
    assert option(e, "bet") == (1, 6)
    act(e, "bet", 6)
    assert option(e, "raise") == (12, 24)                     # call 6, then up to the pot of 18
    e, t = game(["Ac", "Kd"], rules={"structure": "free", "bet": 5}, chips=[40, 100])
    assert option(e, "bet") == (1, 39)
    act(e, "bet", 7)
    assert option(e, "raise") == (8, 99)
    act(e, "raise", 99)
    assert option(e, "call") == (32, 32) and kinds(e) == ["call", "fold"]   # all-in for less
    act(e, "call", 32)
    assert e.result["returned"] == [1, 60] and e.result["awards"] == [[0, 0, 80]] and t.stacks == [80, 60]
    replay(e.log)


def test_everybody_folds_to_one_no_showdown_no_card_shown():
    e, t = game(["2c", "3d", "4h", "5s"])
    act(e, "bet", 1)
    act(e, "fold")
    act(e, "fold")
    ev = act(e, "fold")
    assert ["showdown"] not in ev and e.result["how"] == "fold"
    assert e.result["shown"] == [None, None, None, None]
    assert e.result["returned"] == [0, 1] and e.result["awards"] == [[0, 0, 4]] and t.stacks == [103, 99, 99, 99]
    assert e.view(0)["foreheads"][0] is None and "shown" not in e.public_view()
    assert str(e.why_illegal(Action("fold"))) == "the hand is over"
    replay(e.log)


def test_illegal_actions_refused_state_unchanged():
    e, t = game(["2c", "3d"])
    before = restored(e).to_state()
    assert str(e.why_illegal(Action("call", 1))) == "nothing to call"
    assert str(e.why_illegal(Action("raise", 2))) == "nothing to raise: bet instead"
    assert str(e.why_illegal(Action("fold"))) == "nothing to call: check instead"
    assert str(e.why_illegal(Action("draw", 0, [0]))) == "Indian Poker has no draw"
    assert str(e.why_illegal(Action("open", 1))) == "no such action in Indian Poker: open"
    with raises(IllegalAction, "bet is 1 to 1 chips, not 3"):
        act(e, "bet", 3)
    assert e.to_state() == before


def test_low_indian_lowest_wins_ace_low():
    e, t = game(["Ac", "2d", "Kh"], rules={"low": True})
    for _ in range(3):
        act(e, "check")
    assert e.result["awards"] == [[0, 0, 3]]
    e, t = game(["Kc", "2d", "Qh"], rules={"low": True})
    for _ in range(3):
        act(e, "check")
    assert e.result["awards"] == [[0, 1, 3]]


def test_two_cards_highest_card_wins():
    e, t = game(["Ks 2d", "Qh Jc"], rules={"two_cards": True})
    assert e.hands == [parse_cards("Ks 2d"), parse_cards("Qh Jc")]
    act(e, "check")
    act(e, "check")
    assert e.result["awards"] == [[0, 0, 2]] and e.result["shown"][1] == parse_cards("Qh Jc")


def test_center_card_second_round_and_it_plays_with_every_hand():
    e, t = game(["9c", "Kd", "3s"], rules={"center": True}, then="9h")
    for _ in range(3):
        act(e, "check")
    assert e.center == parse_cards("9h") and e.public_view()["center"] == parse_cards("9h")
    assert e.public_view()["round"] == 2 and e.to_act == 0 and kinds(e) == ["check", "bet"]
    act(e, "bet", 1)
    act(e, "call", 1)
    act(e, "fold")
    assert e.result["how"] == "showdown" and e.result["center"] == parse_cards("9h")
    assert e.result["awards"] == [[0, 1, 3 + 2]]
    assert e.result["best"] == [parse_cards("9c"), parse_cards("Kd"), None]
    replay(e.log)
    e, t = game(["9c", "Kd", "3s"], rules={"center": True}, then="Ah")     # everybody plays the center ace
    for _ in range(6):
        act(e, "check")
    assert e.result["best"] == [parse_cards("Ah")] * 3
    assert e.result["awards"] == [[0, 0, 1], [0, 1, 1], [0, 2, 1]] and t.stacks == [100, 100, 100]
    e, t = game(["3c", "Kd", "9s"], rules={"center": True, "low": True}, then="5h")   # Low Indian: 3 and 5
    for _ in range(6):
        act(e, "check")
    assert e.result["best"] == [parse_cards("3c"), parse_cards("5h"), parse_cards("5h")]
    assert e.result["awards"] == [[0, 0, 3]]
    e, t = game(["9c 2d", "Kd 3c"], rules={"two_cards": True, "center": True}, then="Qh")
    for _ in range(4):
        act(e, "check")
    assert e.result["best"] == [parse_cards("9c Qh"), parse_cards("Kd Qh")]
    assert e.result["awards"] == [[0, 1, 2]] and e.result["categories"] == ["high_card", "high_card"]
    replay(e.log)


def test_party_mode_names_the_loser_no_chips_move():
    e, t = game(["7c", "2d", "Kh"], rules={"party": True})
    assert e.pot_total() == 0 and t.stacks == [100, 100, 100] and e.phase == "party"
    assert e.to_act == 0 and kinds(e) == ["check"]
    assert str(e.why_illegal(Action("bet", 1))) == ("party mode has no betting: look at the others' cards and pass "
                                                       "(check)")
    act(e, "check")
    act(e, "check")
    ev = act(e, "check")
    assert ["loser", 1] in ev and e.result["loser"] == [1] and e.result["awards"] == []
    assert t.stacks == [100, 100, 100] and e.view(1)["foreheads"][1] == parse_cards("2d")[0]
    replay(e.log)
    e, t = game(["2c", "2d", "Kh"], rules={"party": True})      # a tie for the worst card: both named
    for _ in range(3):
        act(e, "check")
    assert e.result["loser"] == [0, 1]
    e, t = game(["2c", "2d", "Kh"], rules={"party": True, "ties": "suit-order"})
    for _ in range(3):
        act(e, "check")
    assert e.result["loser"] == [0]
    e, t = game(["2c", "Ad", "Kh"], rules={"party": True, "low": True})      # Low Indian: the king loses
    for _ in range(3):
        act(e, "check")
    assert e.result["loser"] == [2]


def test_ten_seats_and_snapshot_mid_hand():
    hands = ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc"]
    e, t = game(hands)
    assert e.pot_total() == 10 and e.to_act == 0
    for _ in range(4):
        act(e, "check")
    act(e, "bet", 1)
    e = restored(e)
    for _ in range(9):
        act(e, "call", 1) if e.to_act in (5, 6, 9, 0, 1) else act(e, "fold")
    assert e.result["awards"] == [[0, 9, 16]] and e.table.stacks[9] == 114
    assert sum(e.table.stacks) == 1000
    replay(e.log)

"""The engine base (issue 4): legal/illegal actions, stacks <-> pots, the end of a hand, snapshot.

A toy game on the base class (one card each, ante 1, one bet or fold each in turn,
highest card wins) checks the shared bookkeeping without any game's own rules.
Runs under pytest and MicroPython.
"""

from dealerbox.engine.base import Action, Engine, IllegalAction, Option, amount_reason
from dealerbox.engine.table import Table, TableError
from dealerbox.reason import Reason
from dealerbox.rng import SeededEntropy
from support import raises


class Toy(Engine):
    GAME = "toy"
    STATE = ("acted",)

    def _rules(self, rules):    # no house rules of its own: the dict as given
        return dict(rules or {})

    def _begin(self):
        self.acted = []
        for s in self.live_seats():
            self._put(s, 1)
            self._deal(s, 1)
        self.to_act = self.live_seats()[0]
        return [["dealt"]]

    KINDS = ("bet", "fold")

    def _check(self, seat, kind):
        if kind == "bet":
            return Option("bet", 1, self.table.stacks[seat])
        if kind == "fold":
            return Option("fold")
        return "the toy knows only bet and fold, not %s" % kind

    def _do(self, seat, action):
        if action.kind == "fold":
            self.pb.fold(seat)
        else:
            self._put(seat, action.amount)
        self.acted.append(seat)
        nxt = None                  # the next live seat not all-in, clockwise after this one (itself last)
        for s in self.live_seats(seat + 1):
            if not self.pb.all_in[s]:
                nxt = s
                break
        live = self.live_seats()
        if len(live) == 1:
            return self._finish()
        if nxt is None or nxt in self.acted:
            scores = {s: self.hands[s][0] for s in live}
            return self._finish(scores, shown=[self.hands[s] if s in live else None for s in range(self.n)])
        self.to_act = nxt
        return []


def _deck(first):
    rest = [c for c in range(52) if c not in first]
    return list(first) + rest


def test_illegal_action_leaves_state_unchanged():
    t = Table(["A", "B", "C"], [100, 300, 300])
    e = Toy(t, entropy=SeededEntropy(1))
    e.start_hand()
    assert e.to_act == 1 and e.pot_total() == 3 and t.stacks == [99, 299, 299]
    before = e.to_state()
    for act, why in ((Action("bet", 300), "bet is 1 to 299 chips, not 300"),
                     (Action("bet", 0), "bet is 1 to 299 chips, not 0"),
                     (Action("fold", 2), "fold takes no amount"),
                     (Action("raise", 5), "the toy knows only bet and fold, not raise"),
                     (Action("rebuy", 5), "no rebuy in the middle of a hand")):
        assert str(e.why_illegal(act)) == why
        with raises(IllegalAction, why):
            e.apply(act)
        assert e.to_state() == before and t.stacks == [99, 299, 299]
    assert e.legal_actions() == [Option("bet", 1, 299), Option("fold", 0, 0)]


def test_all_in_side_pot_uncalled_back_and_button_moves():
    # dealer A (seat 0): B acts first, then C, then A.  Cards: B 2c, C Ks, A As (dealt B, C, A)
    t = Table(["A", "B", "C"], [100, 300, 300])
    e = Toy(t)
    e.start_hand(deck=_deck([0, 47, 51]))
    assert e.hands == [[51], [0], [47]]
    e.apply(Action("bet", 299))      # B all-in
    assert e.chips_ok() and e.is_all_in(1)
    e.apply(Action("fold"))          # C
    ev = e.apply(Action("bet", 99))  # A all-in for less
    assert ev[0] == ["back", 1, 200]
    r = e.result
    assert r["returned"] == [1, 200]
    assert r["pots"] == [[201, [0, 1]]]
    assert r["awards"] == [[0, 0, 201]]
    assert t.stacks == [201, 200, 299] and sum(t.stacks) == 700
    assert e.phase == "over" and e.to_act is None and e.legal_actions() == []
    assert t.dealer == 1
    assert str(e.why_illegal(Action("fold"))) == "the hand is over"
    assert e.log["result"]["stacks"] == [201, 200, 299]
    assert e.log["actions"] == [[1, "bet", 299], [2, "fold", 0], [0, "bet", 99]]
    assert e.log["stacks"] == [100, 300, 300] and e.log["dealer"] == 0


def test_last_player_in_wins_without_show():
    t = Table(["A", "B", "C"], 50)
    e = Toy(t)
    e.start_hand(deck=_deck([51, 50, 0]))
    e.apply(Action("bet", 10))
    e.apply(Action("fold"))
    e.apply(Action("fold"))
    assert e.result["returned"] == [1, 10]
    assert e.result["awards"] == [[0, 1, 3]]
    assert t.stacks == [49, 52, 49]


def test_seats_out_are_not_dealt_and_two_are_needed():
    t = Table(["A", "B", "C"], [10, 0, 10])
    e = Toy(t, entropy=SeededEntropy(3))
    e.start_hand()
    assert e.dealt == [True, False, True] and e.hands[1] is None
    assert e.to_act == 2
    with raises(IllegalAction, "in progress"):
        e.start_hand()
    t2 = Table(["A", "B"], [10, 0])
    with raises(IllegalAction, "two players with chips"):
        Toy(t2, entropy=SeededEntropy(3)).start_hand()
    with raises(ValueError, "not a full 52-card deck"):
        Toy(Table(["A", "B"], 5)).start_hand(deck=[1, 2, 3])


def test_snapshot_round_trip_mid_hand():
    t = Table(["A", "B", "C"], [100, 300, 300])
    e = Toy(t)
    e.start_hand(deck=_deck([0, 47, 51]))
    e.apply(Action("bet", 200))
    d = e.to_state()
    t2 = Table.from_state(t.to_state())
    e2 = Toy.from_state(t2, d)
    assert e2.to_state() == d
    e.apply(Action("bet", 150))
    e2.apply(Action("bet", 150))
    e.apply(Action("fold"))
    e2.apply(Action("fold"))
    assert e.result == e2.result and t.stacks == t2.stacks == [99, 99, 502]


def test_action_rows():
    t = Table(["A", "B", "C"], 100)
    e = Toy(t, entropy=SeededEntropy(1))
    e.start_hand()
    e.apply(Action("bet", 4))
    assert e.log["dealer"] == 0 and e.log["actions"] == [[1, "bet", 4]]     # the row: [seat, kind, amount]
    assert Action.from_list(e.log["actions"][0]) == (1, Action("bet", 4))
    assert Action.from_list([3, "draw", 0, [1, 4]]) == (3, Action("draw", 0, [1, 4]))
    with raises(ValueError, "malformed"):
        Action.from_list([1, "chaal"])
    assert amount_reason(Option("chaal", 3, 6), 6) is None
    assert amount_reason(Option("chaal", 3, 6), 7) == Reason("%s is %d to %d chips, not %d", "chaal", 3, 6, 7)
    assert amount_reason(Option("chaal", 20, 40, (20, 40)), 40) is None
    assert str(amount_reason(Option("chaal", 20, 40, (20, 40)), 30)) == "chaal is 20 or 40 chips, not 30"


def test_refusal_texts_come_from_the_rule_of_the_kind_and_change_nothing():
    from dealerbox.games.teenpatti import TeenPatti
    t = Table(["A", "B", "C"], 50)
    e = TeenPatti(t, {}, entropy=SeededEntropy(2))
    e.start_hand()
    e.apply(Action("blind", 1))
    before = e.to_state()
    for _ in range(2):                                   # asked twice: the same answer, nothing changed
        assert str(e.why_illegal(Action("chaal", 2))) == "a blind player bets blind (or sees first)"
        assert str(e.why_illegal(Action("sideshow"))) == "a blind player cannot ask for a sideshow"
        assert str(e.why_illegal(Action("draw", 0, [1]))) == "draw is not a Teen Patti action"
        assert str(e.why_illegal("blind")) == "not an action"
        assert str(e.why_illegal(Action("blind", 1.5))) == "an amount is a whole number of chips"
    assert e.to_state() == before


def test_a_seat_out_at_the_hands_end_that_buys_back_in_gets_its_turn_to_deal():
    # RULES.md: the deal moves one seat left after each hand; Cat was out when Ben's hand ended (the button went
    # past her to Ann) and buys back in before the next deal: the deal is hers
    from dealerbox.games.teenpatti import TeenPatti
    t = Table(["Ann", "Ben", "Cat", "Dev"], [30, 30, 0, 0], dealer=0)
    e = TeenPatti(t, {}, entropy=SeededEntropy(1))
    e.phase = "over"
    e.log = {"dealer": 1}
    e.result = {"how": "fold"}
    e.rebuy_between(3, 20)                          # Dev, after Cat: Ann's deal is now Dev's
    assert t.dealer == 3 and t.stacks == [30, 30, 0, 20] and t.bought_in == [30, 30, 0, 20]
    e.rebuy_between(2, 20)
    assert t.dealer == 2
    e.result = {"voided": True}                     # after a misdeal the same dealer deals again: it stays
    t.dealer = 1
    e.rebuy_between(2, 5)
    assert t.dealer == 1 and t.stacks[2] == 25
    with raises(TableError, "whole number"):
        e.rebuy_between(2, 0)
    assert t.stacks[2] == 25 and t.dealer == 1

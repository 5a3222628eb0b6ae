"""The Forehead Stud ranking (``make_ranking("poker")``: the best five of seven, standard poker) against treys
(Cactus Kev's evaluator, requirements-dev.txt) on 20,000 seeded random 7-card hands: the two order every hand
the same way (equal scores exactly where treys gives equal ranks, a higher score exactly where treys' rank is
better) and name the same category (treys' "Straight Flush" covers the royal flush). CPython only: treys does
not run on MicroPython (tests/core/test_eval_poker.py checks a fixed sample there against the reference).
"""

import random

from dealerbox.cards import RANKS, SUITS
from dealerbox.eval import make_ranking
from treys import Card, Evaluator

_TREYS_CLASS = {"royal_flush": "Straight Flush", "straight_flush": "Straight Flush",
                "four_of_a_kind": "Four of a Kind", "full_house": "Full House", "flush": "Flush",
                "straight": "Straight", "three_of_a_kind": "Three of a Kind", "two_pair": "Two Pair",
                "pair": "Pair", "high_card": "High Card"}


def _treys(c):
    return Card.new(RANKS[c >> 2] + SUITS[c & 3])


def test_seven_card_hands_order_as_treys():
    rk = make_ranking("poker")
    ev = Evaluator()
    rnd = random.Random(2004)                  # Forehead Stud's year on ESPN (seed 003)
    by_score = {}
    for _ in range(20000):
        hand = rnd.sample(range(52), 7)
        cards = [_treys(c) for c in hand]
        theirs = ev.evaluate(cards[:2], cards[2:])
        ours = rk.score(hand)
        assert ev.class_to_string(ev.get_rank_class(theirs)) == _TREYS_CLASS[rk.category(hand)], hand
        assert by_score.setdefault(ours, theirs) == theirs, hand     # equal score -> equal treys rank
    scores = sorted(by_score)
    assert len(scores) > 3000
    for a, b in zip(scores, scores[1:]):
        assert by_score[a] > by_score[b]       # higher score -> better (smaller) treys rank

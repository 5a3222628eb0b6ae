"""``games.turkish.holds_openers`` (the opener check by counting ranks and suits, no evaluator during the
betting) gives the evaluator's answer for every 5-card hand of every Turkish deck: a hand holds openers of
a rank exactly when it scores at least the weakest pair of that rank (RULES.md, Turkish Poker: openers,
ranking), for each openers house rule, with and without minor straights, in the Turkish and the standard
ranking."""

import itertools

import pytest
from dealerbox.deck import deck_of_size
from dealerbox.eval import make_ranking
from dealerbox.games.turkish import OPENERS, holds_openers
from turkish_support import minimal_openers

RANKINGS = ((), ("no-minor",), ("standard-ranking",), ("no-minor", "standard-ranking"))


@pytest.mark.parametrize("size", (24, 28, 32, 36))
def test_counted_openers_agree_with_the_evaluator_on_every_hand(size):
    for house in RANKINGS:
        rk = make_ranking("turkish", deck=size, house=house)
        minor = "no-minor" not in house
        weakest = {r: rk.score(minimal_openers(r, size)) for r in OPENERS.values()}
        holding = dict.fromkeys(OPENERS.values(), 0)
        for hand in itertools.combinations(deck_of_size(size), 5):
            score = rk.score(hand)
            for rank, least in weakest.items():
                held = holds_openers(hand, rank, size, minor)
                assert held == (score >= least), (size, house, rank, hand)
                holding[rank] += held
        # the counts themselves (RULES.md's category counts): kings or better in the 24-card deck is every hand
        # above one pair, plus the pairs of kings and aces (2 ranks x 6 pairs x C(5,3) x 4**3 kickers)
        if size == 24 and house == ():
            above_pair = 42504 - 23040 - 3060
            assert holding[11] == above_pair + 2 * 6 * 10 * 64

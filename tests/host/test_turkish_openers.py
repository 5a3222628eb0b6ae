"""``games.turkish.holds_openers`` (the evaluator's score against the weakest pair of the openers' rank) on every
5-card hand of every Turkish deck: the hands that open are counted, in the Turkish and the standard ranking, with
and without minor straights (RULES.md, Turkish Poker: openers, ranking). The counts are worked out by hand from
the category counts, independently of the evaluator. The 32- and 36-card decks in ``make soak``."""

import itertools
import os
from math import comb

import pytest
from dealerbox.eval import make_ranking
from dealerbox.games.turkish import OPENERS, holds_openers
from turkish_support import deck_of_size

RANKINGS = ((), ("no-minor",), ("standard-ranking",), ("no-minor", "standard-ranking"))
# every hand of the two smaller decks in ``make test`` (~8 s); the 32- and 36-card decks' 578,088 hands (~25 s) in
# ``make soak`` (DEALERBOX_SOAK=1)
SIZES = (24, 28, 32, 36) if os.environ.get("DEALERBOX_SOAK") else (24, 28)


def _expected(size, rank, minor):
    """Hands of the ``size``-card deck holding openers of ``rank``: every hand but one pair below ``rank`` and the
    hands with no pair that are neither a straight nor a flush (the minor straight counts as a straight unless
    ``minor`` is False)."""
    ranks = size // 4
    low = 13 - ranks
    straights = ranks - 4 + (1 if minor else 0)    # runs of five ranks, plus the minor straight (ace low)
    no_pair = comb(ranks, 5) * 4 ** 5
    opening_no_pair = comb(ranks, 5) * 4 + straights * (4 ** 5 - 4)   # flushes, then straights that are not
    pairs_below = (rank - low) * 6 * comb(ranks - 1, 3) * 4 ** 3
    return comb(size, 5) - no_pair + opening_no_pair - pairs_below


@pytest.mark.parametrize("size", SIZES)
def test_the_hands_that_open_are_counted_exactly(size):
    for house in RANKINGS:
        rk = make_ranking("turkish", deck=size, house=house)
        minor = "no-minor" not in house
        holding = dict.fromkeys(OPENERS.values(), 0)
        for hand in itertools.combinations(deck_of_size(size), 5):
            for rank in holding:
                holding[rank] += holds_openers(rk, hand, rank)
        for rank in holding:
            assert holding[rank] == _expected(size, rank, minor), (size, house, rank)
    # kings or better in the 24-card deck: every hand above one pair, plus the pairs of kings and aces
    assert _expected(24, 11, True) == 42504 - 23040 - 3060 + 2 * 6 * 10 * 64

"""Building the standard poker ranking (``make_ranking("poker")``): the best five of 5 to 7 cards on the
52-card deck, for Forehead Stud (seed 003: real poker hand rankings). The scorer is ``poker.py``.

Used while a ranking is built (once: ``make_ranking`` keeps it).
"""

from dealerbox.eval.base import Ranking
from dealerbox.eval.poker import CAT_SHIFT, CATEGORIES, scorer


class PokerRanking(Ranking):
    """A ``base.Ranking`` whose category is ``categories[score >> 20]`` (its scores hold five ranks as 4-bit
    digits below the category)."""

    def category_of(self, score):
        """Category name of a score given by this ranking."""
        return self.categories[score >> CAT_SHIFT]


def build(house, wild_ranks, deck):
    """The standard poker ranking (a ``PokerRanking``): ``score(cards)``: 5, 6 or 7 card ints 0-51 -> int of
    the best five, higher wins; HandError for a bad hand. Categories ``poker.CATEGORIES``, weakest first.
    ValueError for a house rule (there are none), a wild rank or a deck other than 52.
    """
    if deck != 52:
        raise ValueError("poker uses the 52-card deck, not %r" % (deck,))
    if wild_ranks:
        raise ValueError("poker has no wild cards here")
    for name in house:
        raise ValueError("unknown poker house rule %r (there are none)" % (name,))
    return PokerRanking("poker", house, 52, (5, 6, 7), 0, CATEGORIES, scorer(bytearray(13), [0, 0, 0, 0]))

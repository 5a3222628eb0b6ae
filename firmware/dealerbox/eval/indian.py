"""Indian Poker (Blind Man's Bluff) ranking: one card, or two in the two-card variant.

RULES.md, Indian Poker; seed 003: the highest rank wins, ace high. House rules: ``low``
(Low Indian: the lowest rank wins, ace low) and ``suit-order`` (spades > hearts >
diamonds > clubs breaks ties of rank; without it equal ranks tie and split the pot).

Two cards (``two-card``, or any 2-card hand): high card only, no pairs (the issue names no
other category): the better-ranked card is compared first, then the other; with ``low``
the comparison is lowball, the worse card first (A-2 low beats 3-2 low). With
``suit-order`` the suits of the first-compared card, then of the other, break a tie of
both ranks. Compare hands of the same size only.

Score: an int, higher wins, equal ties. The only category is ``high_card``.
"""

from dealerbox.eval import tables as T
from dealerbox.eval.base import Ranking

HOUSE = ("low", "suit-order", "two-card")


def _scorer(key, low, suits):
    """Scorer of 1 or 2 card ints. ``key``: rank -> strength of the rank (higher is better).

    Tables and flags are default arguments, frames stay small (see base.py).
    """

    def one(a, key=key, suits=suits):
        return (key[a >> 2] << 2 | (a & 3)) if suits else key[a >> 2]

    def two(a, b, key=key, low=low, suits=suits):
        a = key[a >> 2] << 2 | (a & 3)  # strength * 4 + suit
        b = key[b >> 2] << 2 | (b & 3)
        # which card is compared first: high, the better one; low (lowball), the worse
        # one; a pair, the higher suit (equal strengths: the higher suit has the larger value)
        if (((a >> 2) > (b >> 2) or ((a >> 2) == (b >> 2) and a < b)) if low else a < b):
            a, b = b, a
        if suits:
            return ((a >> 2) * 13 + (b >> 2)) << 4 | (a & 3) << 2 | (b & 3)
        return (a >> 2) * 13 + (b >> 2)

    def score_unchecked(h, one=one, two=two):
        if len(h) == 1:
            return one(h[0])
        return two(h[0], h[1])

    return score_unchecked


class IndianRanking(Ranking):
    """Indian Poker hand ranking (see the module docstring). Build with ``make_ranking``.

    ``score(cards)``: 1 card int (or 2) -> int, higher wins. HandError for a bad hand.
    """

    game = "indian"
    deck = 52
    categories = ("high_card",)

    def __init__(self, house=(), wild_ranks=(), deck=52):
        if deck != 52:
            raise ValueError("Indian Poker uses the 52-card deck, not %r" % (deck,))
        if tuple(wild_ranks):
            raise ValueError("Indian Poker has no wild cards")
        low = suits = False
        sizes = (1, 2)  # type: tuple
        for name in house:
            if name == "low":
                low = True
            elif name == "suit-order":
                suits = True
            elif name == "two-card":
                sizes = (2,)
            else:
                raise ValueError("unknown Indian Poker house rule %r (known: %s)" % (name, ", ".join(HOUSE)))
        self.house = tuple(house)
        self.low = low
        self.suit_order = suits
        self.sizes = sizes
        self.score_unchecked = _scorer(T.IN_LOW if low else T.IN_HIGH, low, suits)  # type: ignore[method-assign]

    def category_of(self, score):
        """Category name of a score given by this ranking: always ``"high_card"``."""
        return "high_card"

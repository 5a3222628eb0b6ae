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
from dealerbox.eval.base import check_hand

HOUSE = ("low", "suit-order", "two-card")


class IndianRanking:
    """Indian Poker hand ranking (see the module docstring). Build with ``make_ranking``.

    ``score(cards)``: 1 card int (or 2) -> int, higher wins. HandError for a bad hand.
    """

    game = "indian"
    deck = 52
    wild_ranks = ()
    muflis = False
    categories = ("high_card",)

    def __init__(self, house=(), wild_ranks=(), deck=52):
        if deck != 52:
            raise ValueError("Indian Poker uses the 52-card deck, not %r" % (deck,))
        if tuple(wild_ranks):
            raise ValueError("Indian Poker has no wild cards")
        low = suits = False
        sizes = (1, 2)
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
        key = T.IN_LOW if low else T.IN_HIGH  # rank -> strength of the rank, higher is better

        def score_unchecked(h):
            a = h[0]
            ka = key[a >> 2]
            if len(h) == 1:
                return (ka << 2 | (a & 3)) if suits else ka
            b = h[1]
            kb = key[b >> 2]
            if low:  # lowball: the worse card (lower strength) first; a pair: the higher suit first
                first_a = ka < kb or (ka == kb and (a & 3) > (b & 3))
            else:
                first_a = (ka << 2 | (a & 3)) > (kb << 2 | (b & 3))
            if first_a:
                s = ka * 13 + kb
                return (s << 4 | (a & 3) << 2 | (b & 3)) if suits else s
            s = kb * 13 + ka  # b is compared first
            return (s << 4 | (b & 3) << 2 | (a & 3)) if suits else s

        self.score_unchecked = score_unchecked

    def check(self, cards):
        """Raise HandError unless ``cards`` is 1 (or 2) distinct card ints."""
        check_hand(cards, self.sizes, 0, 52)

    def score(self, cards):
        """Strength of the hand: int, higher wins, equal ties. HandError if bad."""
        check_hand(cards, self.sizes, 0, 52)
        return self.score_unchecked(cards)

    def category(self, cards):
        """Always ``"high_card"`` for a valid hand. HandError if bad."""
        check_hand(cards, self.sizes, 0, 52)
        return "high_card"

    def category_of(self, score):
        """Category name of a score given by this ranking: always ``"high_card"``."""
        return "high_card"

    def compare(self, a, b):
        """1 if hand ``a`` wins, -1 if ``b`` wins, 0 for a tie. HandError if either is bad."""
        x = self.score(a)
        y = self.score(b)
        return (x > y) - (x < y)

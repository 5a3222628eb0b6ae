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

This module holds what a hand needs (the scorer) and ``build``, which reads the house rules and
builds the ranking over a rank table of ``tables_in.py`` (``make_ranking``, once per house rules: it keeps it).
"""

from dealerbox.eval import tables_in as T
from dealerbox.eval.base import Ranking


def scorer(key, low, suits):
    """Scorer of 1 or 2 card ints. ``key``: rank -> strength of the rank (higher is better).

    Each card is read once from a 52-byte table of strength * 4 + suit (``strength``). Tables and flags are
    default arguments, frames stay small (see eval/base.py).
    """
    strength = bytes(key[c >> 2] << 2 | (c & 3) for c in range(52))

    def score_unchecked(h, card=strength, low=low, suits=suits):   # one function: a call less per hand
        a = card[h[0]]
        if len(h) == 1:
            return a if suits else a >> 2
        b = card[h[1]]
        # which card is compared first: high, the better one; low (lowball), the worse
        # one; a pair, the higher suit (equal strengths: the higher suit has the larger value)
        if (((a >> 2) > (b >> 2) or ((a >> 2) == (b >> 2) and a < b)) if low else a < b):
            a, b = b, a
        if suits:
            return ((a >> 2) * 13 + (b >> 2)) << 4 | (a & 3) << 2 | (b & 3)
        return (a >> 2) * 13 + (b >> 2)

    return score_unchecked


# ---- the build (``make_ranking``): the house rules read, the scorers set up over the tables, once per house rules ----

HOUSE = ("low", "suit-order", "two-card")


def build(house, wild_ranks, deck):
    """The Indian Poker ranking (a ``Ranking``) for the house rules ``house`` (tuple of "low",
    "suit-order", "two-card"): ``score(cards)``: 1 card int (or 2) -> int, higher wins; HandError
    for a bad hand. Besides the common attributes it has ``low`` and ``suit_order`` (bools); the
    only category is ``high_card``. ValueError for a deck other than 52, a bad house rule or any
    wild rank.
    """
    if deck != 52:
        raise ValueError("Indian Poker uses the 52-card deck, not %r" % (deck,))
    if wild_ranks:
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
    key = T.LOW if low else T.HIGH
    rk = Ranking("indian", house, 52, sizes, 0, ("high_card",), scorer(key, low, suits))
    rk.low = low  # type: ignore[attr-defined]
    rk.suit_order = suits  # type: ignore[attr-defined]
    return rk

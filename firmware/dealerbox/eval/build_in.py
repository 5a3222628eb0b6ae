"""Building an Indian Poker ranking (``make_ranking("indian", ...)``): the house rules read, the
scorer of ``indian.py`` set up over a rank table of ``tables_in.py``. RULES.md, Indian Poker; seed 003.

Used while a ranking is built (once per game and house rules: ``make_ranking`` keeps it).
"""

from dealerbox.eval import tables_in as T
from dealerbox.eval.base import Ranking
from dealerbox.eval.indian import scorer

HOUSE = ("low", "suit-order", "two-card")


def build(house, wild_ranks, deck):
    """The Indian Poker ranking (a ``base.Ranking``) for the house rules ``house`` (tuple of "low",
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

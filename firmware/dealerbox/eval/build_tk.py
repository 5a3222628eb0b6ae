"""Building a Turkish Poker ranking (``make_ranking("turkish", ...)``): the house rules read, the
scorer of ``turkish.py`` set up over the deck's table (``tables_tk24.py`` .. ``tables_tk36.py``).
RULES.md, Turkish Poker; seed 002.

Used while a ranking is built (once per game and house rules: ``make_ranking`` keeps it).
"""

from dealerbox.deck import turkish_lowest_rank
from dealerbox.eval import codes as C
from dealerbox.eval.base import Ranking
from dealerbox.eval.build import card_values, deltas, u16
from dealerbox.eval.turkish import scorer

HOUSE = ("no-minor", "standard-ranking")
_FLUSH_OF = {"high_card": "flush", "minor_straight": "minor_straight_flush", "straight": "straight_flush"}

_cache = {}  # type: dict  # deck -> (card values, table view, tables module): shared by its rankings


def _tables(deck):
    """The tables module of one deck (each in its own module: a game loads only its deck's)."""
    if deck == 24:
        from dealerbox.eval import tables_tk24

        return tables_tk24
    if deck == 28:
        from dealerbox.eval import tables_tk28

        return tables_tk28
    if deck == 32:
        from dealerbox.eval import tables_tk32

        return tables_tk32
    from dealerbox.eval import tables_tk36

    return tables_tk36


def _shared(deck):
    got = _cache.get(deck)
    if got is None:
        T = _tables(deck)
        got = (card_values(T.W, T.SUIT, turkish_lowest_rank(deck)), u16(T.U), T)
        _cache[deck] = got
    return got


def categories_for(minor, standard):
    """Category names weakest first for the house rules ``minor`` (bool) and ``standard`` (bool)."""
    low = ("high_card", "pair", "two_pair")
    if standard:
        mid = ("three_of_a_kind",) + (("minor_straight",) if minor else ()) + ("straight", "flush", "full_house")
    else:
        mid = (("minor_straight",) if minor else ()) + ("straight", "three_of_a_kind", "full_house", "flush")
    top = ("four_of_a_kind",) + (("minor_straight_flush",) if minor else ()) + ("straight_flush", "royal_flush")
    return low + mid + top


def build(house, wild_ranks, deck):
    """The Turkish Poker ranking (a ``base.Ranking``) of ``deck`` (24, 28, 32 or 36 cards) for the
    house rules ``house`` (tuple of "no-minor", "standard-ranking"). ``score(cards)``: 5 card ints
    of the deck -> int, higher wins; HandError for a bad hand (wrong count, repeated card, a card
    below the deck's lowest rank). ValueError for a bad deck, house rule or any wild rank.
    """
    if deck not in C.TK_DECKS:
        raise ValueError("Turkish Poker needs deck=24, 28, 32 or 36, not %r" % (deck,))
    if wild_ranks:
        raise ValueError("Turkish Poker has no wild cards")
    minor = True
    standard = False
    for name in house:
        if name == "no-minor":
            minor = False
        elif name == "standard-ranking":
            standard = True
        else:
            raise ValueError("unknown Turkish house rule %r (known: %s)" % (name, ", ".join(HOUSE)))
    cats = categories_for(minor, standard)
    ix = cats.index
    plain = []  # default category (the table's code) -> this ranking's category
    flush = []  # the same for a flush hand
    for name in C.TK_CATEGORIES:
        if name == "minor_straight" and not minor:
            plain.append(ix("high_card"))  # within is its high-card index: the ace is simply high
            flush.append(ix("flush"))
        elif name in _FLUSH_OF:
            plain.append(ix(name))
            flush.append(ix(_FLUSH_OF[name]))
        else:
            plain.append(ix(name) if name in cats else 0)  # the flush categories are never table codes
            flush.append(plain[-1])
    v, u, T = _shared(deck)
    top = deck // 4 - 1  # slot of the ace: A-K-Q-J-T has within = top
    royal = (C.TK_STRAIGHT << 9 | top, ix("royal_flush") << 9)
    house_rules = standard or not minor
    sc = scorer(v, u, T.FLUSH, deltas(plain, C.TK_CODES, 9) if house_rules else None,
                deltas(flush, C.TK_CODES, 9), royal)
    return Ranking("turkish", house, deck, (5,), turkish_lowest_rank(deck), cats, sc)

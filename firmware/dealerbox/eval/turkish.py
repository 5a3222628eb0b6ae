"""Turkish Poker (Türk Pokeri) ranking: 5 cards from a short deck of 24, 28, 32 or 36.

Categories, best first (RULES.md, Turkish Poker; seed 002): royal flush > straight flush
> minor straight flush > four of a kind > flush > full house > three of a kind >
straight > minor straight > two pair > pair > high card. The minor straight is the ace
with the deck's four lowest ranks (A-9-10-J-Q in 24 cards, A-8-9-10-J in 28, A-7-8-9-10
in 32, A-6-7-8-9 in 36); it ranks below every straight. Ties inside a category follow
standard poker: the rank of the set, then kickers high to low; suits never rank.

House rules: ``no-minor`` (the ace is strictly high: A-6-7-8-9 is an ace-high hand, or a
flush when suited) and ``standard-ranking`` (full house over flush and straight over
three of a kind, as in standard poker; the minor straight stays just below the straight).

Score: an int, higher wins, equal ties; ``score >> 9`` is the index of the category in
``categories``. One table per deck holds the default ranking's scores of
every non-flush rank pattern; flush hands and the house rules go through a 12-entry
delta tuple (``dealerbox/eval/codes.py``).
"""


from dealerbox.deck import turkish_lowest_rank
from dealerbox.eval import codes as C
from dealerbox.eval import tables as T
from dealerbox.eval.base import Ranking, card_values, deltas, u16

HOUSE = ("no-minor", "standard-ranking")
_FLUSH_OF = {"high_card": "flush", "minor_straight": "minor_straight_flush", "straight": "straight_flush"}
DECKS = (24, 28, 32, 36)
_SIZES = (5,)

_cache = {}  # type: dict  # deck -> (card values, table view), filled by the first ranking of that deck


def _table(deck):
    """The packed table of one deck (each in its own module: a game loads only its deck's)."""
    if deck == 24:
        from dealerbox.eval.tables_tk24 import U
    elif deck == 28:
        from dealerbox.eval.tables_tk28 import U
    elif deck == 32:
        from dealerbox.eval.tables_tk32 import U
    else:
        from dealerbox.eval.tables_tk36 import U
    return U


def _shared(deck):
    got = _cache.get(deck)
    if got is None:
        got = (card_values(T.TK_W, T.SUIT5, turkish_lowest_rank(deck)), u16(_table(deck)))
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


def _scorer(values, table, plain, flush, royal):
    """The 5-card scorer: hand (sequence of 5 card ints of the deck) -> int. Allocates nothing.

    ``plain``: None when the table entries are the scores (the default ranking), else the
    deltas by code; ``flush``: the deltas for flush hands; ``royal``: (entry of A-K-Q-J-T,
    its royal flush score: the one flush the deltas cannot tell from a straight flush).
    Tables are bound as default arguments: locals are the fastest reads in MicroPython,
    and no closure cells (see base.py on frame size). Call it with the hand only.
    Row bits: codes.TK_ROW_BITS = 8 (row = R & 255, column = R >> 8, R = x >> 8).
    """
    rt, rs = royal

    def flush_score(t, df=flush, rt=rt, rs=rs):
        return rs if t == rt else t + df[t >> 9]

    if plain is None:

        def score_default(h, v=values, u=table, fl=T.FLUSH5, fs=flush_score):
            x = v[h[0]] + v[h[1]] + v[h[2]] + v[h[3]] + v[h[4]]
            t = u[u[(x >> 8) & 255] + (x >> 16)]
            if fl[x & 255]:
                return fs(t)
            return t

        return score_default

    def remap(t, f, d=plain, fs=flush_score):
        return fs(t) if f else t + d[t >> 9]

    def score_house(h, v=values, u=table, fl=T.FLUSH5, r=remap):
        x = v[h[0]] + v[h[1]] + v[h[2]] + v[h[3]] + v[h[4]]
        t = u[u[(x >> 8) & 255] + (x >> 16)]
        x = fl[x & 255]
        return r(t, x)

    return score_house


class TurkishRanking(Ranking):
    """Turkish Poker hand ranking for one deck size (see the module docstring).

    ``score(cards)``: 5 card ints of the deck -> int, higher wins. HandError for a bad
    hand (wrong count, repeated card, a card below the deck's lowest rank).
    """

    game = "turkish"
    sizes = _SIZES

    def __init__(self, house=(), wild_ranks=(), deck=None):
        if deck not in DECKS:
            raise ValueError("Turkish Poker needs deck=24, 28, 32 or 36, not %r" % (deck,))
        if tuple(wild_ranks):
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
        self.house = tuple(house)
        self.deck = deck
        self.lowest_rank = turkish_lowest_rank(deck)
        self.categories = cats = categories_for(minor, standard)
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
        v, u = _shared(deck)
        top = deck // 4 - 1  # slot of the ace: A-K-Q-J-T has within = top
        royal = (C.TK_STRAIGHT << 9 | top, ix("royal_flush") << 9)
        house_rules = standard or not minor
        self.score_unchecked = _scorer(  # type: ignore[method-assign]
            v, u, deltas(plain, C.TK_CODES, 9) if house_rules else None, deltas(flush, C.TK_CODES, 9), royal
        )

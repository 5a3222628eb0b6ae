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
``categories``. One table serves every deck and house rule: only the two 12-entry delta
tuples differ (``dealerbox/eval/codes.py``).
"""


from dealerbox.deck import turkish_lowest_rank
from dealerbox.eval import codes as C
from dealerbox.eval import tables as T
from dealerbox.eval.base import card_values, check_hand, deltas, u16

HOUSE = ("no-minor", "standard-ranking")
DECKS = (24, 28, 32, 36)
_SIZES = (5,)

_cache = []  # [card values, table view], filled by the first ranking built


def _shared():
    if not _cache:
        _cache.append(card_values(T.TK_W, T.SUIT5, C.TK_LOW_RANK))
        _cache.append(u16(T.TK_U))
    return _cache[0], _cache[1]


def categories_for(minor, standard):
    """Category names weakest first for the house rules ``minor`` (bool) and ``standard`` (bool)."""
    low = ("high_card", "pair", "two_pair")
    if standard:
        mid = ("three_of_a_kind",) + (("minor_straight",) if minor else ()) + ("straight", "flush", "full_house")
    else:
        mid = (("minor_straight",) if minor else ()) + ("straight", "three_of_a_kind", "full_house", "flush")
    top = ("four_of_a_kind",) + (("minor_straight_flush",) if minor else ()) + ("straight_flush", "royal_flush")
    return low + mid + top


def _scorer(v, u, fl, d, df):
    """The 5-card scorer: hand (sequence of 5 card ints) -> int. Allocates nothing."""
    rm = (1 << T.TK_RB) - 1
    cs = 8 + T.TK_RB

    def score_unchecked(h):
        x = v[h[0]] + v[h[1]] + v[h[2]] + v[h[3]] + v[h[4]]
        t = u[u[(x >> 8) & rm] + (x >> cs)]
        if fl[x & 255]:
            return t + df[t >> 9]
        return t + d[t >> 9]

    return score_unchecked


class TurkishRanking:
    """Turkish Poker hand ranking for one deck size (see the module docstring).

    ``score(cards)``: 5 card ints of the deck -> int, higher wins. HandError for a bad
    hand (wrong count, repeated card, a card below the deck's lowest rank).
    """

    game = "turkish"
    sizes = _SIZES
    wild_ranks = ()
    muflis = False

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
        straight = ix("straight")
        plain = [ix("high_card"), ix("pair"), ix("two_pair"), ix("three_of_a_kind"), straight,
                 ix("full_house"), ix("four_of_a_kind"), (straight, C.TK_RANKS - 1)]
        flush = [ix("flush"), plain[1], plain[2], plain[3], ix("straight_flush"),
                 plain[5], plain[6], ix("royal_flush")]
        for k in range(4):  # TK_MINOR + k: the minor straight of this deck, or an ace-high hand
            mine = minor and k == self.lowest_rank - C.TK_LOW_RANK
            plain.append(ix("minor_straight") if mine else plain[0])
            flush.append(ix("minor_straight_flush") if mine else flush[0])
        v, u = _shared()
        self.score_unchecked = _scorer(v, u, T.FLUSH5, deltas(plain, C.TK_CODES, 9), deltas(flush, C.TK_CODES, 9))

    def check(self, cards):
        """Raise HandError unless ``cards`` is 5 distinct cards of this deck."""
        check_hand(cards, _SIZES, self.lowest_rank, self.deck)

    def score(self, cards):
        """Strength of 5 card ints: int, higher wins, equal ties. HandError if bad."""
        check_hand(cards, _SIZES, self.lowest_rank, self.deck)
        return self.score_unchecked(cards)

    def category(self, cards):
        """Category name of ``cards`` (e.g. ``"minor_straight_flush"``). HandError if bad."""
        return self.categories[self.score(cards) >> 9]

    def category_of(self, score):
        """Category name of a score given by this ranking."""
        return self.categories[score >> 9]

    def compare(self, a, b):
        """1 if hand ``a`` wins, -1 if ``b`` wins, 0 for a tie. HandError if either is bad."""
        x = self.score(a)
        y = self.score(b)
        return (x > y) - (x < y)

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
delta tuple (one entry per code).

This module holds the Turkish decks (below), what a hand needs (the scorer) and ``build``, which reads the house
rules and builds the ranking over the deck's table (``tables_tk24.py`` .. ``tables_tk36.py``; ``make_ranking``, once
per house rules and deck: it keeps it).

The decks: a deck is a list of card ints (0-51, see ``dealerbox.cards``), in ascending order until
shuffled. The Turkish deck keeps the ace and the highest ranks, sized by the number of players (RULES.md, Turkish
Poker; seed 002); the engine (``dealerbox.games.turkish``), the high-low split (``dealerbox.engine.hilo``) and the
notation module's ``deck_of_size`` and ``in_deck`` take them from here (one module fewer on the heap)::

    players  2   3   4   5        house rule: 4 players with 36 cards
    cards    24  28  32  36
    lowest   9   8   7   6
"""

from micropython import const

from dealerbox.eval import build as C
from dealerbox.eval.base import Ranking

# The table's codes: the index of the category in ``TK_CATEGORIES``, the default ranking (``build.py``'s docstring;
# shared with host_tools/gen_tables.py, which also holds the row bits: row = R & 255, column = R >> 8, fixed, so
# the scorer uses them as literals)
TK_CATEGORIES = (
    "high_card", "pair", "two_pair", "minor_straight", "straight", "three_of_a_kind",
    "full_house", "flush", "four_of_a_kind", "minor_straight_flush", "straight_flush", "royal_flush",
)
_STRAIGHT = const(4)  # index of "straight" in TK_CATEGORIES (gen_tables.TK_STRAIGHT)
TK_DECKS = (24, 28, 32, 36)

# ---- the decks (the module docstring); card = rank * 4 + suit (dealerbox.cards), written out: a hand does not load
# the notation module
_DECK_SIZE = const(52)
_TURKISH_MIN_PLAYERS = const(2)
_TURKISH_MAX_PLAYERS = const(5)


def turkish_size(players, four_with_36=False):
    """Number of cards (24, 28, 32 or 36) for ``players`` (2-5) in Turkish Poker.

    ``four_with_36`` is the house rule "4 players with 36 cards".
    Raises ValueError for a player count outside 2-5, or the house rule with
    other than 4 players.
    """
    if not isinstance(players, int) or players < _TURKISH_MIN_PLAYERS or players > _TURKISH_MAX_PLAYERS:
        raise ValueError("Turkish Poker is for 2 to 5 players, not %r" % (players,))
    if four_with_36:
        if players != 4:
            raise ValueError("the 36-card house rule is for 4 players, not %d" % players)
        return 36
    return 16 + 4 * players


def turkish_lowest_rank(size):
    """Lowest rank (0-12, 2..A) in a Turkish deck of ``size`` cards (24/28/32/36).

    Raises ValueError for any other size.
    """
    if size not in TK_DECKS:
        raise ValueError("a Turkish deck has 24, 28, 32 or 36 cards, not %r" % (size,))
    return 13 - size // 4


def turkish_deck(players, four_with_36=False):
    """The Turkish short deck for ``players`` as a new list of card ints, ascending, exactly its length (``list()``
    of a range would grow by doubling on MicroPython: room for 64).

    Raises ValueError as ``turkish_size`` does.
    """
    size = turkish_size(players, four_with_36)
    deck = [0] * size
    for i in range(size):
        deck[i] = _DECK_SIZE - size + i
    return deck


def scorer(values, table, plain, flush, royal):
    """The 5-card scorer: hand (sequence of 5 card ints of the deck) -> int. Allocates nothing.

    ``values``: the 52 card values, ``table``: the packed table (a ``build.u16`` view, its first 256 words the
    row offsets); ``plain``: None when the table entries are the scores (the default
    ranking), else the deltas by code; ``flush``: the deltas for flush hands; ``royal``: (entry of A-K-Q-J-T,
    its royal flush score: the one flush the deltas cannot tell from a straight flush).
    Tables are bound as default arguments: locals are the fastest reads in MicroPython,
    and no closure cells (see eval/base.py on frame size). Call it with the hand only.
    Row bits: gen_tables.TK_ROW_BITS = 8 (row = R & 255, column = R >> 8, R = x >> 8).
    A flush: ``x & 255`` (the suits counted in base 6: suit values 0, 1, 6, 36) is 5 times the first card's suit
    value, which five cards give only when all are of that suit (a count is at most 5: no carry): ``(x - 5 * f) &
    255`` is 0 (``f`` the first card's value; the suit sums differ by at most 180, under 256); no flush table.
    """
    rt, rs = royal

    def remap(t, f, d=plain, fl=flush, rt=rt, rs=rs):     # entry ``t``, ``f`` True for a flush: the score
        if f:
            return rs if t == rt else t + fl[t >> 9]
        return t + d[t >> 9]

    if plain is None:

        def score(h, v=values, u=table, r=remap):     # the default ranking: the entry is the score
            f = v[h[0]]
            x = f + v[h[1]] + v[h[2]] + v[h[3]] + v[h[4]]
            t = u[u[(x >> 8) & 255] + (x >> 16)]  # the row's offset plus the column
            if not (x - f * 5) & 255:               # five of the first card's suit
                return r(t, True)
            return t

        return score

    def score(h, v=values, u=table, r=remap):  # type: ignore[no-redef]  # house rules: the entry remapped
        f = v[h[0]]
        x = f + v[h[1]] + v[h[2]] + v[h[3]] + v[h[4]]
        t = u[u[(x >> 8) & 255] + (x >> 16)]
        x = (x - f * 5) & 255                       # 0 for a flush (a value apart keeps the frame small)
        return r(t, not x)

    return score


# ---- the build (``make_ranking``): the house rules read, the scorer set up over the deck's table, once per house rules


def build(house, wild_ranks, deck):
    """The Turkish Poker ranking (a ``Ranking``) of ``deck`` (24, 28, 32 or 36 cards) for the
    house rules ``house`` (tuple of "no-minor", "standard-ranking"). ``score(cards)``: 5 card ints
    of the deck -> int, higher wins; HandError for a bad hand (wrong count, repeated card, a card
    below the deck's lowest rank). ValueError for a bad deck, house rule or any wild rank.
    """
    if deck not in TK_DECKS:
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
            raise ValueError("unknown Turkish house rule %r (known: no-minor, standard-ranking)" % (name,))
    # the category names weakest first; the default ranking's are ``TK_CATEGORIES`` itself (a constant of the
    # module: no tuple built and held by its ranking)
    if minor and not standard:
        cats = TK_CATEGORIES  # type: tuple
    else:
        if standard:
            mid = ("three_of_a_kind",) + (("minor_straight",) if minor else ()) + ("straight", "flush", "full_house")
        else:
            mid = (("minor_straight",) if minor else ()) + ("straight", "three_of_a_kind", "full_house", "flush")
        cats = ("high_card", "pair", "two_pair") + mid + ("four_of_a_kind",) + (
            ("minor_straight_flush",) if minor else ()) + ("straight_flush", "royal_flush")
    flush_of = {"high_card": "flush", "minor_straight": "minor_straight_flush", "straight": "straight_flush"}
    plain = []  # default category (the table's code) -> this ranking's category
    flush = []  # the same for a flush hand
    for name in TK_CATEGORIES:
        if name == "minor_straight" and not minor:
            p, f = "high_card", "flush"     # within is its high-card index: the ace is simply high
        else:
            p, f = name, flush_of.get(name, name)
        plain.append(cats.index(p) if p in cats else 0)     # the flush categories are never table codes
        flush.append(cats.index(f) if f in cats else 0)
    # the deck's tables: a module of their own for each deck (a game loads only its deck's)
    if deck == 24:
        from dealerbox.eval import tables_tk24 as T
    elif deck == 28:
        from dealerbox.eval import tables_tk28 as T  # type: ignore[no-redef]
    elif deck == 32:
        from dealerbox.eval import tables_tk32 as T  # type: ignore[no-redef]
    else:
        from dealerbox.eval import tables_tk36 as T  # type: ignore[no-redef]
    low = 13 - deck // 4    # the deck's lowest rank (``turkish_lowest_rank``)
    top = deck // 4 - 1  # slot of the ace: A-K-Q-J-T has within = top
    royal = (_STRAIGHT << 9 | top, cats.index("royal_flush") << 9)
    house_rules = standard or not minor
    sc = scorer(C.card_values(T.W, T.SUIT, low), C.u16(T.U), C.deltas(plain) if house_rules else None,
                C.deltas(flush), royal)
    return Ranking("turkish", house, deck, (5,), low, cats, sc)

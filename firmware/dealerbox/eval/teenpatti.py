"""Teen Patti ranking: 3 cards, house sequence orders, muflis, wild cards, best 3 of 4 or 5.

Categories, best first (RULES.md, Teen Patti; seeds 000, 004): trail > pure sequence >
sequence > color > pair > high card. Inside a category: trails by rank; sequences by
the house order (``a23-high``: A-2-3 > A-K-Q > K-Q-J > ... > 4-3-2, the default;
``akq-high``: A-K-Q > A-2-3 > K-Q-J ...; ``a23-low``: A-K-Q > ... > 4-3-2 > A-2-3);
color and high card by the highest card, then the second, then the third (ace high);
pair by the pair, then the odd card. K-A-2 is never a sequence. Suits never rank.

Variants: ``muflis`` (the whole order reversed, seed 000); wild ranks (AK47: A K 4 7;
joker hunt: one drawn rank), where a wild card stands for any card and the hand is the
best (under muflis: the lowest) it can make; best of four / five: the best 3 of the
cards count, equal best-3 hands tie.

Score: an int, higher wins, equal ties. Without muflis ``score >> 9`` is the index of
the category in ``categories``; under muflis ``(3071 - score) >> 9`` is the index in the
normal order.

This module holds what a hand needs (the scorers) and ``build``, which reads the house rules and
builds the ranking over the tables of ``tables_tp.py`` (``make_ranking``, once per house rules: it keeps it).
"""

from micropython import const

from dealerbox.eval import tables_tp as T
from dealerbox.eval.base import Ranking
from dealerbox.eval.build import card_values, deltas, u16

# The table's pattern codes, 0-5 (``build.py``'s docstring: TP_HIGH, TP_PAIR, TP_SEQ, TP_SEQ_AKQ, TP_SEQ_A23,
# TP_TRAIL, named in host_tools/gen_tables.py, which also holds the row bits: row = R & 127, column = R >> 7, fixed,
# so the scorer uses them as literals); ``build`` maps each code to its category, in that order.
_TOP = const(6 << 9)  # six categories: every normal score is below this
_MAX = const(_TOP - 1)  # muflis score = _MAX - normal score

CATEGORIES = ("high_card", "pair", "color", "sequence", "pure_sequence", "trail")

# The scorers below take their tables as default arguments and stay small: no closure
# cells and at most 11 slots of locals and stack, so no call puts its frame on the heap
# (see eval/base.py). Row bits: gen_tables.TP_ROW_BITS = 7 (row = R & 127, column = R >> 7); the table
# is a u16 view of the packed words (host_tools/gen_tables.py), its first 128 words the row offsets.


def normal_scorer(v, u, fl, d, df):
    """The 3-card scorer in the normal (non-muflis) order, no wild cards: (a, b, c) -> int."""

    def sx(x, u=u, fl=fl, d=d, df=df):  # x: the sum of the three card values
        t = u[u[(x >> 8) & 127] + (x >> 15)]    # the entry: at the row's offset plus the column
        return t + (df[t >> 9] if fl[x & 255] else d[t >> 9])

    def norm3(a, b, c, v=v, s=sx):
        return s(v[a] + v[b] + v[c])

    return norm3


def reversed_scorer(ev3):
    """Muflis: (a, b, c) -> _MAX - the normal-order score ``ev3`` gives."""

    def rev3(a, b, c, f=ev3):
        return _MAX - f(a, b, c)

    return rev3


def best_of(ev3):
    """Scorer of 3, 4 or 5 cards: the best 3-card subset under ``ev3``. One function (not one per size: each
    function made here is a function object and a tuple of defaults on the heap for the whole session)."""

    def score_unchecked(h, ev3=ev3):
        if len(h) == 3:
            return ev3(h[0], h[1], h[2])
        s = ev3(h[0], h[1], h[2])      # 4 or 5 cards: the 4 subsets of h[0..3]
        t = ev3(h[0], h[1], h[3])
        if t > s:
            s = t
        t = ev3(h[0], h[2], h[3])
        if t > s:
            s = t
        t = ev3(h[1], h[2], h[3])
        if t > s:
            s = t
        if len(h) == 4:
            return s
        t = ev3(h[0], h[1], h[4])       # 5 cards: then the 6 subsets holding h[4]
        if t > s:
            s = t
        t = ev3(h[0], h[2], h[4])
        if t > s:
            s = t
        t = ev3(h[0], h[3], h[4])
        if t > s:
            s = t
        t = ev3(h[1], h[2], h[4])
        if t > s:
            s = t
        t = ev3(h[1], h[3], h[4])
        if t > s:
            s = t
        t = ev3(h[2], h[3], h[4])
        return t if t > s else s

    return score_unchecked


# ---- the build (``make_ranking``): the house rules read, the scorers set up over the tables, once per house rules ----

SEQUENCE_ORDERS = ("a23-high", "akq-high", "a23-low")

# place of A-K-Q and A-2-3 among the sequences (the others sit at their top rank 2..11)
_SEQ_PLACES = {"a23-high": (12, 13), "akq-high": (13, 12), "a23-low": (12, 1)}

_cache = []  # type: list  # [card values, table view]: shared by every Teen Patti ranking


def parse_house(house, wild_ranks):
    """(sequence order, muflis, sizes, wild ranks tuple) from house names; ValueError names a bad one."""
    order = "a23-high"
    muflis = False
    sizes = (3, 4, 5)  # type: tuple
    wild = []
    for r in wild_ranks:
        if not isinstance(r, int) or r < 0 or r > 12:
            raise ValueError("a wild rank is 0-12 (2..A), not %r" % (r,))
        wild.append(r)
    orders = 0
    for name in house:
        if name in SEQUENCE_ORDERS:
            order = name
            orders += 1
        elif name == "muflis":
            muflis = True
        elif name == "ak47":
            wild.extend((12, 11, 2, 5))     # A K 4 7
        elif name.startswith("joker-hunt="):
            from dealerbox.cards import RANKS

            r = name[11:].upper()
            if r == "10":
                r = "T"
            if len(r) != 1 or r not in RANKS:
                raise ValueError("joker-hunt=R needs a rank 2-9, T, J, Q, K or A, not %r" % name[11:])
            wild.append(RANKS.find(r))
        elif name == "best-of-four":
            sizes = (4,)
        elif name == "best-of-five":
            sizes = (5,)
        else:
            raise ValueError("unknown Teen Patti house rule %r (known: a23-high, akq-high, a23-low, muflis, ak47, "
                             "joker-hunt=R, best-of-four, best-of-five)" % (name,))
    if orders > 1:
        raise ValueError("choose one sequence order of %s" % ", ".join(SEQUENCE_ORDERS))
    out = []
    for r in wild:
        if r not in out:
            out.append(r)
    return order, muflis, sizes, tuple(sorted(out))


def build(house, wild_ranks, deck):
    """The Teen Patti ranking (a ``Ranking``) for ``house`` and ``wild_ranks`` (tuples, see
    ``make_ranking``). Besides the common attributes it has ``order`` (the sequence order),
    ``muflis`` (bool) and ``wild_ranks`` (sorted tuple). Under muflis ``categories`` is reversed
    (trail weakest) and the score is 3071 - the normal score. ValueError for a bad house rule,
    wild rank or a deck other than 52.
    """
    if deck != 52:
        raise ValueError("Teen Patti uses the 52-card deck, not %r" % (deck,))
    order, muflis, sizes, wild = parse_house(house, wild_ranks)
    akq, a23 = _SEQ_PLACES[order]
    plain = (0, 1, 3, (3, akq), (3, a23), 5)  # code -> category (or category, within)
    flush = (2, 1, 4, (4, akq), (4, a23), 5)
    if not _cache:
        _cache.append(card_values(T.W, T.SUIT, 0))
        _cache.append(u16(T.U))
    v, u = _cache
    norm3 = normal_scorer(v, u, T.FLUSH, deltas(plain), deltas(flush))
    if wild:
        iw = bytearray(52)
        for c in range(52):
            iw[c] = 1 if (c >> 2) in wild else 0
        from dealerbox.eval.tpwild import wild_scorer  # only a wild-card variant loads it

        ev3 = wild_scorer(norm3, bytes(iw), muflis)
    else:
        ev3 = norm3
    if muflis:
        ev3 = reversed_scorer(ev3)
    cats = tuple(reversed(CATEGORIES)) if muflis else CATEGORIES
    rk = Ranking("teen-patti", house, 52, sizes, 0, cats, best_of(ev3))
    rk.order = order  # type: ignore[attr-defined]
    rk.muflis = muflis
    rk.wild_ranks = wild
    return rk

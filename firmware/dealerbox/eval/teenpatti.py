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

This module holds what a hand needs (the scorers); ``build_tp.py`` reads the house rules and
builds the ranking (``make_ranking``).
"""

from micropython import const

_TOP = const(6 << 9)  # six categories: every normal score is below this
_MAX = const(_TOP - 1)  # muflis score = _MAX - normal score

CATEGORIES = ("high_card", "pair", "color", "sequence", "pure_sequence", "trail")

# The scorers below take their tables as default arguments and stay small: no closure
# cells and at most 11 slots of locals and stack, so no call puts its frame on the heap
# (see base.py). Row bits: codes.TP_ROW_BITS = 7 (row = R & 127, column = R >> 7); the table
# is a u16 view of the packed words (host_tools/gen_tables.py), its first 128 words the row offsets.


def normal_scorer(v, u, fl, d, df):
    """The 3-card scorer in the normal (non-muflis) order, no wild cards: (a, b, c) -> int."""

    def remap(t, f, d=d, df=df):
        return t + (df[t >> 9] if f else d[t >> 9])

    def sx(x, u=u, fl=fl, r=remap):  # x: the sum of the three card values
        t = u[(x >> 8) & 127] + (x >> 15)  # the row's offset plus the column
        return r(u[t], fl[x & 255])

    def norm3(a, b, c, v=v, s=sx):
        return s(v[a] + v[b] + v[c])

    return norm3


def reversed_scorer(ev3):
    """Muflis: (a, b, c) -> _MAX - the normal-order score ``ev3`` gives."""

    def rev3(a, b, c, f=ev3):
        return _MAX - f(a, b, c)

    return rev3


def best_of(ev3):
    """Scorer of 3, 4 or 5 cards: the best 3-card subset under ``ev3``."""

    def best4(h, ev3=ev3):  # the 4 subsets of h[0..3]
        s = ev3(h[0], h[1], h[2])
        t = ev3(h[0], h[1], h[3])
        if t > s:
            s = t
        t = ev3(h[0], h[2], h[3])
        if t > s:
            s = t
        t = ev3(h[1], h[2], h[3])
        return t if t > s else s

    def best5(h, ev3=ev3, b4=best4):  # best4, then the 6 subsets holding h[4]
        s = b4(h)
        t = ev3(h[0], h[1], h[4])
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

    def score_unchecked(h, ev3=ev3, b4=best4, b5=best5):
        n = len(h)
        if n == 3:
            return ev3(h[0], h[1], h[2])
        if n == 4:
            return b4(h)
        return b5(h)

    return score_unchecked

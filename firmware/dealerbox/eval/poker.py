"""Standard poker ranking on the 52-card deck, the best five of 5 to 7 cards (Forehead Stud).

Seed 003, Forehead Stud: "les classements réels des mains de poker s'appliquent" (real poker
hand rankings apply). Categories, best first: royal flush > straight flush > four of a kind >
full house > flush > straight > three of a kind > two pair > pair > high card (the names of
``turkish.TK_CATEGORIES`` under Turkish Poker's ``standard-ranking`` and ``no-minor``, with the
ace also low in A-2-3-4-5, the lowest straight). Ties inside a category: the rank of the set,
then the kickers high to low; suits never rank, equal hands tie. The royal flush is the
straight flush to the ace, named on its own as in Turkish Poker.

Score: ``category << 20 | tie-break``, the tie-break up to five ranks (0-12) as 4-bit digits,
the deciding rank first; an int under 2**24 (a small int on every port), higher wins, equal
ties; ``score >> 20`` is the index in ``CATEGORIES``.

No table: a 7-card hand is read once into two preallocated buffers of the ranking (13 rank
counts, four suit masks of 13 bits) and the best five are found with bit operations on them,
not by scoring the 21 five-card subsets. (A 5-card lookup table of the 52-card deck's 6,175
rank patterns, like Turkish Poker's, would take about 13 KB.) Allocates nothing: every frame
keeps to 11 slots (see eval/base.py). With at most 7 cards a flush excludes a full house and four of
a kind (both need at least 8 cards with 5 of one suit), so a flush is scored before them.

The ranking is built by ``build`` (``make_ranking("poker")``, once: it keeps it); ``best_five`` picks the five
cards a Forehead Stud hand shows (``games.indian``).
"""

from dealerbox.eval.base import Ranking

CATEGORIES = ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
              "four_of_a_kind", "straight_flush", "royal_flush")
CAT_SHIFT = 20


def _fill(h, cnt, sm):
    """Count the ranks of hand ``h`` into ``cnt`` (13 bytes) and its suits' rank masks into ``sm`` (4 ints)."""
    i = 0
    while i < 13:
        cnt[i] = 0
        i += 1
    sm[0] = 0
    sm[1] = 0
    sm[2] = 0
    sm[3] = 0
    i = len(h)
    while i:
        i -= 1
        c = h[i]
        cnt[c >> 2] += 1
        sm[c & 3] |= 1 << (c >> 2)


def _bits(m):
    """Number of bits set in ``m`` (a rank mask)."""
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


def _flush(sm):
    """The rank mask of the suit with five cards or more, or 0."""
    s = 0
    while s < 4:
        if _bits(sm[s]) >= 5:
            return sm[s]
        s += 1
    return 0


def _straight(m):
    """The rank (0-12) of the top card of the highest straight in the rank mask ``m``, or -1 (A-2-3-4-5: 3)."""
    s = m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4)
    if s:
        r = 8
        while not s >> r & 1:
            r -= 1
        return r + 4
    if m & 0x100F == 0x100F:        # the wheel: the ace low
        return 3
    return -1


def _tops(m, n):
    """The ``n`` highest ranks of the rank mask ``m`` as 4-bit digits, highest first (``m`` has n bits or more)."""
    v = 0
    r = 12
    while n:
        if m >> r & 1:
            v = v << 4 | r
            n -= 1
        r -= 1
    return v


def _best(cnt, k, skip):
    """The highest rank with ``k`` cards or more in ``cnt``, other than ``skip``, or -1."""
    r = 12
    while r >= 0:
        if cnt[r] >= k and r != skip:
            return r
        r -= 1
    return -1


def _suited(m):
    """The score of the flush or straight flush in the one suit's rank mask ``m``."""
    t = _straight(m)
    if t == 12:
        return 9 << 20 | 12
    if t >= 0:
        return 8 << 20 | t
    return 5 << 20 | _tops(m, 5)


def _plain(cnt, m):
    """The score of a hand without a flush: rank counts ``cnt``, mask of the ranks present ``m``."""
    x = _best(cnt, 4, -1)
    if x >= 0:                                      # four of a kind and the best kicker
        return 7 << 20 | x << 4 | _tops(m & ~(1 << x), 1)
    t = _best(cnt, 3, -1)
    if t >= 0:
        x = _best(cnt, 2, t)
        if x >= 0:                                  # full house: the best set, the best pair (or set) beside
            return 6 << 20 | t << 4 | x
    x = _straight(m)
    if x >= 0:
        return 4 << 20 | x
    if t >= 0:
        return 3 << 20 | t << 8 | _tops(m & ~(1 << t), 2)
    t = _best(cnt, 2, -1)
    if t < 0:
        return _tops(m, 5)
    x = _best(cnt, 2, t)
    if x < 0:
        return 1 << 20 | t << 12 | _tops(m & ~(1 << t), 3)
    m &= ~(1 << t | 1 << x)
    return 2 << 20 | t << 8 | x << 4 | _tops(m, 1)


def scorer(cnt, sm):
    """The scorer: hand (5 to 7 distinct card ints 0-51) -> int, higher wins. Allocates nothing.

    ``cnt`` (bytearray of 13) and ``sm`` (list of 4 ints) are the ranking's own buffers, bound as
    default arguments (locals are the fastest reads in MicroPython; see eval/base.py on frame size).
    """

    def score_unchecked(h, cnt=cnt, sm=sm):
        _fill(h, cnt, sm)
        f = _flush(sm)
        if f:
            return _suited(f)
        return _plain(cnt, sm[0] | sm[1] | sm[2] | sm[3])

    return score_unchecked


# ---- the build (``make_ranking``) ----


class PokerRanking(Ranking):
    """A ``Ranking`` whose category is ``categories[score >> 20]`` (its scores hold five ranks as 4-bit
    digits below the category)."""

    def category_of(self, score):
        """Category name of a score given by this ranking."""
        return self.categories[score >> CAT_SHIFT]


def build(house, wild_ranks, deck):
    """The standard poker ranking (a ``PokerRanking``): ``score(cards)``: 5, 6 or 7 card ints 0-51 -> int of
    the best five, higher wins; HandError for a bad hand. Categories ``poker.CATEGORIES``, weakest first.
    ValueError for a house rule (there are none), a wild rank or a deck other than 52.
    """
    if deck != 52:
        raise ValueError("poker uses the 52-card deck, not %r" % (deck,))
    if wild_ranks:
        raise ValueError("poker has no wild cards here")
    for name in house:
        raise ValueError("unknown poker house rule %r (there are none)" % (name,))
    return PokerRanking("poker", house, 52, (5, 6, 7), 0, CATEGORIES, scorer(bytearray(13), [0, 0, 0, 0]))


def best_five(rk, own):
    """Forehead Stud: ``(score, five cards)`` of the best five of ``own`` (5 to 7 card ints) by the poker ranking
    ``rk``: the first choice of five (leaving out the earliest cards dealt) that scores as much as the whole hand,
    in the order a player reads it: the largest set first, then the higher card."""
    v = rk.score(own)
    m = len(own)
    for a in range(m):
        for b in range(a, m):               # the cards left out: a and b (one card of six: a == b)
            if (a == b) != (m == 6) or m == 5:
                continue
            five = [own[i] for i in range(m) if i != a and i != b]
            if rk.score(five) == v:         # sets first, then the higher rank: "4 4 2 2 Q"
                ranks = [c >> 2 for c in five]
                five.sort(key=lambda c: (ranks.count(c >> 2), c), reverse=True)
                return v, five
    return v, list(own)

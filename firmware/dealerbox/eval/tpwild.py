"""Teen Patti's variant scorers: wild cards (AK47, joker hunt: ``wild_scorer``; Best of Five / High-Wild's
middle card: ``middle_wild_score``) and the one-card variants (``one_card_score``).

Imported by ``teenpatti.build`` when the house rules make a rank wild, and by the game
(``games.teenpatti.TeenPatti.score``) the first time a one-card or High-Wild hand is scored, so a plain game
does not load it (docs/device.md, Memory). RULES.md, Teen Patti variants; seeds 000, 004.
"""

from micropython import const

_TOP = const(3072)  # six categories of 512 scores: every normal score is below this (eval/teenpatti.py)


def wild_scorer(norm3, iw, muflis):
    """Normal-order score of 3 cards where the cards with ``iw[c]`` set are wild.

    A wild may stand for any card not already in the hand; the hand is worth its best
    completion: the highest normal score, or under muflis the lowest (the caller then
    reverses it: ``teenpatti.reversed_scorer``).
    """

    def one_max(a, b, n3=norm3):  # a, b fixed, one wild: try the 50 other cards
        s = -1
        z = 0
        while z < 52:
            if z != a and z != b:
                y = n3(a, b, z)
                if y > s:
                    s = y
            z += 1
        return s

    def one_min(a, b, n3=norm3):
        s = _TOP
        z = 0
        while z < 52:
            if z != a and z != b:
                y = n3(a, b, z)
                if y < s:
                    s = y
            z += 1
        return s

    def two_max(a, n3=norm3):  # a fixed, two wilds: the trail of a's rank is the best hand there is
        return n3(a, (a & 60) | ((a + 1) & 3), (a & 60) | ((a + 2) & 3))

    def two_min(a, n3=norm3):
        # the lowest hand holding a: the two others off-suit (suits a+1, a+2: no color),
        # every pair of ranks r1 <= r2 (pairs and trails are never lower, but cost nothing)
        s = _TOP
        c1 = (a + 1) & 3
        while c1 < 52:
            c2 = (c1 & 60) | ((a + 2) & 3)
            while c2 < 52:
                y = n3(a, c1, c2)
                if y < s:
                    s = y
                c2 += 4
            c1 += 4
        return s

    # three wilds: A-A-A, or under muflis 5-3-2 of three suits (4-3-2 is a sequence)
    w3 = norm3(12, 5, 2) if muflis else norm3(48, 49, 50)

    def wild(a, b, c, iw=iw, one=one_min if muflis else one_max, two=two_min if muflis else two_max, w3=w3):
        k = iw[a] + iw[b] + iw[c]
        if k == 1:
            if iw[a]:
                return one(b, c)
            if iw[b]:
                return one(a, c)
            return one(a, b)
        if k == 2:
            if iw[a] == 0:
                return two(a)
            if iw[b] == 0:
                return two(b)
            return two(c)
        return w3

    def best3(a, b, c, iw=iw, n3=norm3, w=wild):
        if iw[a] + iw[b] + iw[c] == 0:
            return n3(a, b, c)
        return w(a, b, c)

    return best3


def middle_wild_score(su, h):
    """Best of Five / High-Wild (``five_middle_wild``, seed 000: "the middle-ranked card may be declared wild"): the
    score of the five cards ``h`` by the unchecked 3-card scorer ``su`` (a ranking's ``score_unchecked``).

    Exactly one card is wild, the third of the five by rank (of several cards of that rank the one that makes
    the best hand); it stands for any card not among the other two of a three-card hand. The hand is worth its
    best three cards: a three that holds the wild card is always at least as good as one without it (the wild
    can copy the missing card), so every pair of the other four cards is tried with each of the 50 cards the
    wild may stand for.
    """
    mid = sorted(h)[2] >> 2
    best = -1
    three = [0, 0, 0]
    for w in h:
        if w >> 2 != mid:
            continue
        rest = list(h)
        rest.remove(w)
        for i in range(4):
            three[0] = a = rest[i]
            for j in range(i + 1, 4):
                three[1] = b = rest[j]
                for z in range(52):
                    if z != a and z != b:
                        three[2] = z
                        x = su(three)
                        if x > best:
                            best = x
    return best


def one_card_score(variant, c):
    """Score (int, higher wins) of the single card ``c`` (0-51) in a one-card variant.

    ``cobra``: highest card wins, ace high, suits equal. ``999``: closest to 9
    wins (A counts 1, 2-10 their value, J Q K 10; an 8 and a 10 tie). ``in-out``:
    the lowest card is out, every other card still in shares (score 1 for in,
    0 for out is decided by ``TeenPatti`` against the other cards; here the
    rank, ace high). Raises ValueError for another variant.
    """
    r = c >> 2
    if variant == "cobra" or variant == "in-out":
        return r
    if variant == "999":
        v = 1 if r == 12 else min(r + 2, 10)
        return 9 - abs(v - 9)
    raise ValueError("not a one-card variant: %r" % (variant,))

"""Teen Patti with wild cards (AK47, joker hunt): the scorer of a hand holding wild cards.

Imported by ``teenpatti.build`` only when the house rules make a rank wild, so a plain game
does not load it (docs/device.md, Memory). RULES.md, Teen Patti variants; seed 000.
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

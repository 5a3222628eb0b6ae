"""Helpers for the evaluator tests (both interpreters): order checks and hand sweeps."""

from array import array

_EMPTY = -1000000000  # no reference key is this low (|key| < 13**6)


class OrderCheck:
    """Checks that fast scores order hands exactly as the reference keys do.

    ``add(key, score, hand)`` for every hand: a score must always come with the same
    reference key. ``finish()`` then checks that the keys increase strictly with the
    score, so equal keys <=> equal scores and better key <=> higher score, and returns
    the number of distinct scores (distinct hand strengths). Scores below ``limit``;
    memory grows with the scores seen (4 bytes each, in blocks of 512 grown on demand), so
    several checks fit the 192 KB MicroPython heap together.
    """

    def __init__(self, name, limit):
        self.name = name
        self.blocks = [None] * ((limit + 511) >> 9)

    def add(self, key, score, hand):
        b = self.blocks[score >> 9]
        i = score & 511
        if b is None:
            b = self.blocks[score >> 9] = array("i")
        if i >= len(b):
            while len(b) <= i:
                b.append(_EMPTY)
        old = b[i]
        if old == _EMPTY:
            b[i] = key
        elif old != key:
            raise AssertionError("%s: %r scores %d like a hand of another strength" % (self.name, list(hand), score))

    def finish(self):
        n = 0
        prev = None
        for bi in range(len(self.blocks)):
            b = self.blocks[bi]
            for i in range(len(b) if b is not None else 0):
                k = b[i]
                if k == _EMPTY:
                    continue
                if prev is not None and k <= prev:
                    raise AssertionError("%s: score %d has key %d <= %d below it" % (self.name, bi * 512 + i, k, prev))
                prev = k
                n += 1
        return n


def count(d, name):
    d[name] = d.get(name, 0) + 1


def binomial_index3(a, b, c):
    """Index 0..22099 of the 3-card hand a < b < c (combinatorial number system)."""
    return c * (c - 1) * (c - 2) // 6 + b * (b - 1) // 2 + a

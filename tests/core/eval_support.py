"""Helpers for the evaluator tests (both interpreters): order checks and hand sweeps."""

from array import array


class OrderCheck:
    """Checks that fast scores order hands exactly as the reference keys do.

    ``add(key, score, hand)`` for every hand: a score must always come with the same
    reference key. ``finish()`` then checks that the keys increase strictly with the
    score, so equal keys <=> equal scores and better key <=> higher score, and returns
    the number of distinct scores (distinct hand strengths). Memory: 5 bytes per possible
    score below ``limit``, whatever the number of hands.
    """

    def __init__(self, name, limit):
        self.name = name
        # blocks of 512 scores: small allocations, so a fragmented 192 KB heap still has room
        self.keys = [array("i", bytes(4 * 512)) for _ in range((limit + 511) >> 9)]
        self.used = [bytearray(512) for _ in range((limit + 511) >> 9)]

    def add(self, key, score, hand):
        used = self.used[score >> 9]
        i = score & 511
        if used[i]:
            if self.keys[score >> 9][i] != key:
                raise AssertionError(
                    "%s: %r scores %d like a hand of another strength" % (self.name, list(hand), score)
                )
        else:
            used[i] = 1
            self.keys[score >> 9][i] = key

    def finish(self):
        n = 0
        prev = None
        for s in range(len(self.used) << 9):
            if self.used[s >> 9][s & 511]:
                k = self.keys[s >> 9][s & 511]
                if prev is not None and k <= prev:
                    raise AssertionError("%s: score %d has reference key %d <= %d below it" % (self.name, s, k, prev))
                prev = k
                n += 1
        return n


def count(d, name):
    d[name] = d.get(name, 0) + 1


def binomial_index3(a, b, c):
    """Index 0..22099 of the 3-card hand a < b < c (combinatorial number system)."""
    return c * (c - 1) * (c - 2) // 6 + b * (b - 1) // 2 + a

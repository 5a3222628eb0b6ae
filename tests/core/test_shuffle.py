"""Shuffling: unbiased randbelow and Fisher-Yates (issue 2). Runs under pytest and MicroPython."""

from dealerbox.cards import format_cards
from dealerbox.rng import SeededEntropy, randbelow, shuffle
from support import raises


class _Exhausted(Exception):
    pass


class _Feed:
    """Entropy source that plays back a fixed byte sequence, then raises."""

    def __init__(self, data):
        self.data = data
        self.pos = 0

    def __call__(self, n):
        if self.pos + n > len(self.data):
            raise _Exhausted()
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        return b


def _naive_shuffle(seq, read):
    """The classic biased shuffle: swap every position with any position."""
    n = len(seq)
    for i in range(n):
        j = randbelow(n, read)
        seq[i], seq[j] = seq[j], seq[i]
    return seq


def _order_counts(shuffler, nbytes, base=256):
    """Shuffle [0, 1, 2] with every sequence of ``nbytes`` bytes, each byte below ``base``.

    Returns (dict order -> count over sequences that complete, incomplete count).
    """
    counts = {}
    incomplete = 0
    buf = bytearray(nbytes)
    total = base ** nbytes
    for k in range(total):
        x = k
        for i in range(nbytes):
            buf[nbytes - 1 - i] = x % base
            x //= base
        try:
            order = tuple(shuffler([0, 1, 2], _Feed(bytes(buf))))
        except _Exhausted:
            incomplete += 1
            continue
        counts[order] = counts.get(order, 0) + 1
    return counts, incomplete


def test_fisher_yates_all_six_orders_equally_often():
    counts, incomplete = _order_counts(shuffle, 2)
    # randbelow(3) accepts 192 of 256 first bytes (mask 3, rejecting 3), randbelow(2) all 256.
    assert len(counts) == 6
    assert sorted(counts.values()) == [8192] * 6
    assert incomplete == 64 * 256


def test_naive_swap_shuffle_is_caught():
    # Three randbelow(3) draws, one byte each when accepted: 27 equally likely paths.
    # Bytes 0..15 keep it quick: each holds the four residues mod 4 equally often.
    counts, _ = _order_counts(_naive_shuffle, 3, 16)
    per_path = 12 ** 3 // 27
    pattern = sorted(v // per_path for v in counts.values())
    assert pattern == [4, 4, 4, 5, 5, 5]
    assert len(set(counts.values())) > 1  # the uniformity check above fails for it


def test_randbelow_52_exactly_uniform_over_all_bytes():
    hits = [0] * 52
    rejected = 0
    for b in range(256):
        try:
            hits[randbelow(52, _Feed(bytes([b])))] += 1
        except _Exhausted:
            rejected += 1
    assert hits == [4] * 52
    assert rejected == 256 - 208


def test_randbelow_two_byte_range():
    hits = {}
    for hi in range(2):
        for lo in range(256):
            try:
                v = randbelow(300, _Feed(bytes([hi, lo])))
            except _Exhausted:
                continue
            hits[v] = hits.get(v, 0) + 1
    # 300 needs 9 bits: mask 511; with hi in 0..1 every value 0..299 is hit once.
    assert len(hits) == 300 and set(hits.values()) == {1}


def test_randbelow_refuses_non_positive():
    with raises(ValueError, "n >= 1"):
        randbelow(0, SeededEntropy(1))
    assert randbelow(1, SeededEntropy(1)) == 0


def test_seeded_entropy_same_on_both_interpreters():
    # Golden values: identical under CPython and MicroPython (this file runs on both).
    assert SeededEntropy(1).read(8) == bytes([162, 160, 138, 92, 21, 146, 181, 109])
    d = shuffle(bytearray(range(52)), SeededEntropy(2026))
    assert format_cards(d[:6]) == "Ks Ts 5s 9d Ad 2h"
    assert sorted(d) == list(range(52))


def test_seeded_entropy_state_resumes_stream():
    a = SeededEntropy(7)
    a.read(5)
    b = SeededEntropy(state=a.state)
    assert a.read(16) == b.read(16)
    assert SeededEntropy(0).read(4) != SeededEntropy(1).read(4)


def test_position_card_frequencies_chi_square():
    rounds = 52 * 60
    counts = [[0] * 52 for _ in range(52)]
    rng = SeededEntropy(12345)
    deck = bytearray(52)
    for _ in range(rounds):
        for i in range(52):
            deck[i] = i
        shuffle(deck, rng)
        for pos in range(52):
            counts[pos][deck[pos]] += 1
    expected = rounds / 52
    chi2 = 0.0
    for row in counts:
        assert sum(row) == rounds
        for v in row:
            d = v - expected
            chi2 += d * d / expected
    # 51 * 51 = 2601 degrees of freedom: mean 2601, sd 72.1; bound at mean + 5 sd.
    assert 2601 - 5 * 72.1 < chi2 < 2601 + 5 * 72.1, chi2

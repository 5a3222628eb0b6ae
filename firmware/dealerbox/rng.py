"""Unbiased random numbers and the Fisher-Yates shuffle over an injected entropy source.

An *entropy source* is any callable ``read(n) -> bytes`` returning ``n``
random bytes: ``os.urandom`` on the device, ``SeededEntropy(seed)`` for tests
and replays. The same seed gives the same bytes, hence the same deal, on
CPython and on MicroPython.

``randbelow(n, read)`` draws the fewest whole bytes that can hold ``n - 1``,
masks them to the next power of two and rejects values ``>= n`` (rejection
sampling), so every result is exactly equally likely. It never reduces with
``x % n``, which favours the low results. ``shuffle`` is the textbook
Fisher-Yates: for i from the last index down to 1, swap i with randbelow(i + 1).
"""

from micropython import const

_MASK32 = const(0xFFFFFFFF)


class SeededEntropy:
    """Deterministic entropy source: ``read(n)`` returns ``n`` bytes from a seed.

    xorshift32 (Marsaglia 2003) with the state kept below 2**32 and the seed
    mixed by a multiply, so seeds 0, 1, 2 ... give unrelated streams. Not for
    secrecy: for tests, the simulator's ``--seed`` and replaying hand logs.
    ``seed`` is any int; ``state`` (an int) can be saved and given back as
    ``SeededEntropy(state=...)`` to continue the stream.
    """

    def __init__(self, seed=0, state=None):
        if state is None:
            state = ((seed & _MASK32) * 2654435761 + 0x9E3779B9) & _MASK32
        self.state = state or 0x6D2B79F5

    def read(self, n):
        """``n`` pseudo-random bytes as a new ``bytes``."""
        out = bytearray(n)
        x = self.state
        for i in range(n):
            x ^= (x << 13) & _MASK32
            x ^= x >> 17
            x ^= (x << 5) & _MASK32
            out[i] = x >> 24
        self.state = x
        return bytes(out)

    __call__ = read

    def salt(self, n):
        """``n`` bytes for a deal's commitment salt (``Engine.start_hand``, ``Engine.seal_deck``) from a second stream
        started from the current state, WITHOUT advancing it: a seed deals exactly the cards it dealt before the box
        salted its deals (each hand's shuffle moves the state on, so each hand gets its own salt)."""
        s = self.state
        self.state = (s ^ 0xA5C3E10F) or 1
        try:
            return self.read(n)
        finally:
            self.state = s


def randbelow(n, read):
    """Uniform int in ``0 .. n-1`` from entropy source ``read`` (``read(k) -> bytes``).

    Rejection sampling over whole bytes (big-endian), masked to the next power
    of two above ``n - 1``. Raises ValueError when ``n`` is not a positive int.
    """
    if n <= 0:
        raise ValueError("randbelow needs n >= 1, not %r" % (n,))
    if n == 1:
        return 0
    top = n - 1
    nbytes = 1
    mask = 1
    while mask < top:
        mask = (mask << 1) | 1
    while (1 << (8 * nbytes)) <= top:
        nbytes += 1
    while True:
        b = read(nbytes)
        x = 0
        for v in b:
            x = (x << 8) | v
        x &= mask
        if x < n:
            return x


def shuffle(seq, read):
    """Shuffle the mutable sequence ``seq`` in place (Fisher-Yates) with entropy ``read``.

    Every order is equally likely given uniform bytes. Returns ``seq``.
    """
    i = len(seq) - 1
    while i > 0:
        j = randbelow(i + 1, read)
        seq[i], seq[j] = seq[j], seq[i]
        i -= 1
    return seq

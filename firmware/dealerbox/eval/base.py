"""What every ranking shares: HandError, hand validation, the table views and the hash.

A hand is a sequence of card ints 0-51 (``list``, ``tuple``, ``bytes``, ``bytearray``).
Nothing here allocates on the heap for a valid hand: the error messages are built only
when a hand is refused.
"""

from micropython import const

from dealerbox.cards import format_card

_ROW_SHIFT = const(8)  # x = R << 8 | suit sum


class HandError(ValueError):
    """A hand the ranking cannot judge: a repeated card, the wrong number of cards, a card
    outside the deck, or something that is not a card int 0-51. The message names it."""


# Hot functions here and in the game modules keep (locals + stack depth) <= 11 slots:
# MicroPython puts a larger call frame on the heap (and frees it) at every call, which
# is an allocation per hand. Error messages are built in helpers for the same reason.

_SEQUENCES = (list, tuple, bytes, bytearray)


def check_hand(cards, sizes, lowest_rank):
    """Raise HandError unless ``cards`` holds ``len(cards) in sizes`` distinct card ints of the deck.

    ``cards``: list, tuple, bytes or bytearray. ``lowest_rank``: the lowest rank (0-12)
    of the deck: 0 for 52 cards, 13 - deck/4 for a Turkish deck. Returns None.
    """
    if not isinstance(cards, _SEQUENCES):
        raise _not_a_hand(cards)
    if len(cards) not in sizes:
        raise _wrong_count(len(cards), sizes)
    _check_cards(cards, lowest_rank)


class Ranking:
    """What every ranking answers; a game's ranking sets ``sizes`` (tuple of allowed hand
    sizes), ``lowest_rank`` (0-12, the deck's lowest rank), ``categories`` (names, weakest
    first) and ``score_unchecked`` (cards -> int, no validation), and may override
    ``category_of``. Scores are ints: higher wins, equal scores tie; the category is
    ``score >> 9`` unless overridden.
    """

    sizes = ()  # type: tuple
    categories = ()  # type: tuple
    lowest_rank = 0
    wild_ranks = ()  # type: tuple
    muflis = False

    def score_unchecked(self, cards):  # replaced per instance by the game's scorer
        """Strength of ``cards`` without validation (set by each ranking's constructor)."""
        raise NotImplementedError

    def check(self, cards):
        """Raise HandError unless ``cards`` is a hand this ranking can judge."""
        check_hand(cards, self.sizes, self.lowest_rank)

    def score(self, cards):
        """Strength of ``cards`` (card ints 0-51): int, higher wins, equal ties. HandError if bad."""
        check_hand(cards, self.sizes, self.lowest_rank)
        return self.score_unchecked(cards)

    def category(self, cards):
        """Category name of the best hand in ``cards`` (e.g. ``"pure_sequence"``). HandError if bad."""
        return self.category_of(self.score(cards))

    def category_of(self, score):
        """Category name of a score given by this ranking."""
        return self.categories[score >> 9]

    def compare(self, a, b):
        """1 if hand ``a`` wins, -1 if ``b`` wins, 0 for a tie. HandError if either is bad."""
        x = self.score(a)
        y = self.score(b)
        return (x > y) - (x < y)


def _check_cards(cards, low):
    n = len(cards)
    i = 0
    while i < n:
        c = cards[i]
        if type(c) is not int or c < 0 or c > 51:
            raise _not_a_card(c)
        if c >> 2 < low:
            raise _outside(c, low)
        j = 0
        while j < i:
            if cards[j] == c:
                raise _twice(c)
            j += 1
        i += 1


def _not_a_hand(cards):
    return HandError("a hand is a list, tuple, bytes or bytearray of card ints, not %r" % (cards,))


def _wrong_count(n, sizes):
    if len(sizes) == 1:
        need = "%d" % sizes[0]
    else:
        need = ", ".join(["%d" % s for s in sizes[:-1]]) + " or %d" % sizes[-1]
    return HandError("%d cards in the hand; this ranking needs %s" % (n, need))


def _not_a_card(c):
    return HandError("not a card int 0-51: %r" % (c,))


def _outside(c, low):
    return HandError("%s is not in the %d-card deck" % (format_card(c), 52 - 4 * low))


def _twice(c):
    return HandError("%s is in the hand twice" % format_card(c))


def u16(data):
    """A read-only view of ``data`` (bytes, little-endian uint16 words) indexed by word.

    MicroPython: a ``uctypes`` array over the bytes themselves (no copy, so a table frozen
    in flash stays in flash); reading an element gives a small int and allocates nothing.
    CPython: ``memoryview.cast("H")`` (hosts are little-endian; others get a swapped copy).
    """
    try:
        import uctypes
    except ImportError:
        import sys

        if sys.byteorder == "little":
            return memoryview(data).cast("H")
        from array import array

        a = array("H", data)
        a.byteswap()
        return a
    layout = {"w": (uctypes.ARRAY | 0, uctypes.UINT16 | (len(data) >> 1))}
    return uctypes.struct(uctypes.addressof(data), layout, uctypes.LITTLE_ENDIAN).w


def card_values(weights, suit_weights, lowest_rank):
    """Tuple of 52 ints: the hash value ``W[rank - lowest_rank] << 8 | SUIT[suit]`` of each card.

    ``weights`` are uint16 little-endian bytes (tables.TP_W / TK_W); cards below the
    lowest rank get 0 (they are refused by ``check_hand`` before they are scored).
    """
    w = u16(weights)
    out = []
    for c in range(52):
        r = (c >> 2) - lowest_rank
        out.append((w[r] << _ROW_SHIFT | suit_weights[c & 3]) if r >= 0 else 0)
    return tuple(out)


def deltas(targets, codes, within_bits):
    """Tuple indexed by code: ``targets[code] - (code << within_bits)``.

    ``targets[code]`` is either the category index (the entry's within passes through) or
    a ``(category, within)`` pair (a fixed place inside the category).
    """
    out = []
    for code in range(codes):
        t = targets[code]
        if isinstance(t, tuple):
            out.append((t[0] << within_bits | t[1]) - (code << within_bits))
        else:
            out.append((t - code) << within_bits)
    return tuple(out)

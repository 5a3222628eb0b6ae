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


def check_hand(cards, sizes, lowest_rank, deck):
    """Raise HandError unless ``cards`` holds ``len(cards) in sizes`` distinct card ints of the deck.

    ``lowest_rank`` is the lowest rank (0-12) of the deck (0 for 52 cards; a Turkish deck
    of ``deck`` cards starts higher). Returns None.
    """
    try:
        n = len(cards)
    except TypeError:
        raise HandError("a hand is a sequence of cards, not %r" % (cards,)) from None
    if n not in sizes:
        raise HandError("%d cards in the hand; this ranking needs %s" % (n, _sizes_text(sizes)))
    for i in range(n):
        c = cards[i]
        if not isinstance(c, int) or isinstance(c, bool) or c < 0 or c > 51:
            raise HandError("not a card int 0-51: %r" % (c,))
        if (c >> 2) < lowest_rank:
            raise HandError("%s is not in the %d-card deck" % (format_card(c), deck))
        for j in range(i):
            if cards[j] == c:
                raise HandError("%s is in the hand twice" % format_card(c))


def _sizes_text(sizes):
    if len(sizes) == 1:
        return "%d" % sizes[0]
    return ", ".join(["%d" % s for s in sizes[:-1]]) + " or %d" % sizes[-1]


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

"""What the Teen Patti and Turkish ranking builders share: the table view, the card values and the deltas.

Used while ``make_ranking`` builds a ranking (once per game and house rules).
"""

import sys
from array import array


def u16(data):
    """A read-only view of ``data`` (bytes, little-endian uint16 words) indexed by word.

    MicroPython: a ``uctypes`` array over the bytes themselves (no copy, so a table frozen
    in flash stays in flash); reading an element gives a small int and allocates nothing.
    CPython (no ``uctypes``: the platform differs): ``memoryview.cast("H")`` (hosts are
    little-endian; others get a swapped copy).
    """
    try:
        import uctypes
    except ImportError:
        if sys.byteorder == "little":
            return memoryview(data).cast("H")
        a = array("H", data)
        a.byteswap()
        return a
    layout = {"w": (uctypes.ARRAY | 0, uctypes.UINT16 | (len(data) >> 1))}
    return uctypes.struct(uctypes.addressof(data), layout, uctypes.LITTLE_ENDIAN).w


def card_values(weights, suit_weights, lowest_rank):
    """The hash value ``W[rank - lowest_rank] << 8 | SUIT[suit]`` of each card 0-51: on MicroPython
    an ``array("I")`` of 52 (one 208-byte block, allocated at its size; reading an element allocates
    nothing), on CPython a tuple (reading an array there makes an int object: 30 % slower).

    ``weights`` are uint16 little-endian bytes (a tables module's ``W``, the deck's lowest
    rank first); cards below the lowest rank get 0 (they are refused by ``check_hand``
    before they are scored).
    """
    w = u16(weights)
    out = array("I", range(52))  # allocated at its final size (a range has a length), then filled
    for c in range(52):
        r = (c >> 2) - lowest_rank
        out[c] = (w[r] << 8 | suit_weights[c & 3]) if r >= 0 else 0
    return out if sys.implementation.name == "micropython" else tuple(out)  # the faster read on each platform


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


"""What the Teen Patti and Turkish ranking builders share: the table view, the card values and the deltas; the
pattern codes stored in the tables are each game's (``TP_*`` in ``teenpatti.py``, ``TK_*`` in ``turkish.py``,
shared with ``host_tools/gen_tables.py``).

Used while ``make_ranking`` builds a ranking (once per game and house rules).

The pattern codes:

Every table entry is a 16-bit ``code << WITHIN_BITS | within`` (9 within bits): ``code`` names the kind
of rank pattern, ``within`` orders patterns of the same kind (higher is stronger; equal
means a tie). A ranking turns an entry into its score with one small tuple of deltas
indexed by ``code`` (one tuple for flush hands, one for the others), so one table serves
every house rule: ``score = t + delta[t >> WITHIN_BITS]``.

Teen Patti (3 cards, ranks 0-12 = 2..A; RULES.md, Teen Patti; seeds 000, 004):

    code          pattern                               within
    TP_HIGH       three ranks, not a sequence            dense index, highest card first
    TP_PAIR       pair + odd card                        dense index (pair rank, odd card)
    TP_SEQ        4-3-2 .. K-Q-J                         rank of the top card (2..11)
    TP_SEQ_AKQ    A-K-Q                                  0 (placed by the house rule)
    TP_SEQ_A23    A-2-3                                  0 (placed by the house rule)
    TP_TRAIL      three of a rank                        the rank

Turkish Poker (5 cards): one table per deck, over the deck's own ranks as slots 0..n-1
(slot 0 = the deck's lowest rank, slot n-1 = the ace; n = 6, 7, 8, 9 for 24..36 cards).
There the code is simply the index of the category in ``TK_CATEGORIES`` (the default
ranking), so with no house rule the entry *is* the score and the hot path needs no
delta for non-flush hands. Within:

    high_card, flush      dense index of the 5 ranks, highest first (the minor straight
                          pattern A + slots 0-3 included)
    minor_straight        the high-card index of its pattern (so ``no-minor`` passes it
                          through to high card / flush unchanged)
    straight, *_flush     slot of the top card (A-K-Q-J-T: n-1; the flush path turns
                          exactly that entry into the royal flush)
    pair .. four          dense index in standard poker order (set, then kickers)
"""

import sys
from array import array

from micropython import const

_WITHIN_BITS = const(9)     # host_tools/gen_tables.py's WITHIN_BITS (the tables are built with it)
# A packed table is one bytes of uint16 little-endian words (host_tools/gen_tables.py, which also holds the row
# bits); its codes are the game's: ``TP_*`` in eval/teenpatti.py, ``TK_CATEGORIES`` in eval/turkish.py (a game loads
# only its own).


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


def deltas(targets):
    """Tuple indexed by code (one per entry of ``targets``): ``targets[code] - (code << 9)`` (9 within bits).

    ``targets[code]`` is either the category index (the entry's within passes through) or
    a ``(category, within)`` pair (a fixed place inside the category).
    """
    out = []
    for code in range(len(targets)):
        t = targets[code]
        if isinstance(t, tuple):
            out.append((t[0] << _WITHIN_BITS | t[1]) - (code << _WITHIN_BITS))
        else:
            out.append((t - code) << _WITHIN_BITS)
    return tuple(out)


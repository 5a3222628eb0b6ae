"""Pattern codes stored in the evaluator tables (shared with ``host_tools/gen_tables.py``).

Read by the ranking builders (``build_tp.py``, ``build_tk.py``).

Every table entry is a 16-bit ``code << WITHIN_BITS | within``: ``code`` names the kind
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

from micropython import const

WITHIN_BITS = const(9)

# Row bits of the packed tables (row = R & (2**bits - 1), column = R >> bits). Fixed, so
# the scorers use them as literal constants (dealerbox/eval/teenpatti.py, turkish.py).
TP_ROW_BITS = const(7)
TK_ROW_BITS = const(8)
# A packed table is one bytes of uint16 little-endian words (host_tools/gen_tables.py).

TP_HIGH = const(0)
TP_PAIR = const(1)
TP_SEQ = const(2)
TP_SEQ_AKQ = const(3)
TP_SEQ_A23 = const(4)
TP_TRAIL = const(5)
TP_CODES = const(6)

TK_CATEGORIES = (
    "high_card", "pair", "two_pair", "minor_straight", "straight", "three_of_a_kind",
    "full_house", "flush", "four_of_a_kind", "minor_straight_flush", "straight_flush", "royal_flush",
)
TK_STRAIGHT = const(4)  # index of "straight" in TK_CATEGORIES
TK_CODES = const(12)
TK_DECKS = (24, 28, 32, 36)

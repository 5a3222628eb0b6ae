"""Pattern codes stored in the evaluator tables (shared with ``host_tools/gen_tables.py``).

Every table entry is a 16-bit ``code << WITHIN_BITS | within``: ``code`` names the kind
of rank pattern independently of deck and house rules, ``within`` orders patterns of
the same kind (higher is stronger; equal means a tie). A ranking turns an entry into
its score with one small per-ranking tuple of deltas indexed by ``code`` (one tuple for
flush hands, one for the others), so the same table serves every deck and house rule.

Teen Patti (3 cards, ranks 0-12 = 2..A; RULES.md, Teen Patti; seeds 000, 004):

    code          pattern                               within
    TP_HIGH       three ranks, not a sequence            dense index, highest card first
    TP_PAIR       pair + odd card                        dense index (pair rank, odd card)
    TP_SEQ        4-3-2 .. K-Q-J                         rank of the top card (2..11)
    TP_SEQ_AKQ    A-K-Q                                  0 (placed by the house rule)
    TP_SEQ_A23    A-2-3                                  0 (placed by the house rule)
    TP_TRAIL      three of a rank                        the rank

Turkish Poker (5 cards, ranks 4-12 = 6..A, the union of every short deck; seed 002):

    TK_HIGH .. TK_QUADS   high card, pair, two pair, three of a kind, straight (not ace
                          high), full house, four of a kind; within = dense index in
                          standard poker order (set rank, then kickers high to low)
    TK_ROYAL              A-K-Q-J-T (a straight, or the royal flush)
    TK_MINOR + k          A with the four ranks from 4 + k (k = 0..3: A-6-7-8-9 ..
                          A-9-10-J-Q): the minor straight of the deck whose lowest rank
                          is 4 + k, a plain ace-high hand in the others; within = its
                          dense index among the TK_HIGH patterns
"""

from micropython import const

WITHIN_BITS = const(9)

TP_HIGH = const(0)
TP_PAIR = const(1)
TP_SEQ = const(2)
TP_SEQ_AKQ = const(3)
TP_SEQ_A23 = const(4)
TP_TRAIL = const(5)
TP_CODES = const(6)

TK_HIGH = const(0)
TK_PAIR = const(1)
TK_TWO_PAIR = const(2)
TK_TRIPS = const(3)
TK_STRAIGHT = const(4)
TK_FULL = const(5)
TK_QUADS = const(6)
TK_ROYAL = const(7)
TK_MINOR = const(8)
TK_CODES = const(12)
TK_LOW_RANK = const(4)  # the 6: lowest rank of the 36-card deck, rank slot 0 of the Turkish table
TK_RANKS = const(9)  # 6 7 8 9 T J Q K A

"""The slow, obviously correct reference evaluator the fast tables are checked against.

Independent of ``dealerbox.eval``: it sorts the ranks, counts them and applies the rules
of RULES.md as written, category by category. No tables, no hashing. Each function
returns ``(category, key)``: ``key`` is an int, higher wins, equal ties; it is built as
``category_place * 13**5 + tie-break ranks in base 13`` so hands of a better category
always have a larger key. Runs under CPython and MicroPython.
"""

from array import array

BASE = 13 ** 5  # room for five base-13 tie-break digits

# ------------------------------------------------------------------ Teen Patti

TEEN_PATTI_ORDER = ["high_card", "pair", "color", "sequence", "pure_sequence", "trail"]


def _teen_patti_sequences(order):
    """The sequences as sets of ranks (0-12 = 2..A), best first, for a house order."""
    a23 = (0, 1, 12)
    akq = (10, 11, 12)
    plain = [(top - 2, top - 1, top) for top in range(11, 1, -1)]  # K-Q-J down to 4-3-2
    if order == "a23-high":
        return [a23, akq] + plain
    if order == "akq-high":
        return [akq, a23] + plain
    if order == "a23-low":
        return [akq] + plain + [a23]
    raise ValueError(order)


def _digits(ranks):
    key = 0
    for r in ranks:
        key = key * 13 + r
    return key


def ref_teen_patti3(cards, order="a23-high"):
    """(category, key) of exactly 3 cards under a sequence order (no muflis, no wild cards)."""
    ranks = sorted([c >> 2 for c in cards], reverse=True)
    suits = [c & 3 for c in cards]
    same_suit = suits[0] == suits[1] == suits[2]
    seqs = _teen_patti_sequences(order)
    as_set = tuple(sorted(ranks))
    place = None
    for i in range(len(seqs)):
        if seqs[i] == as_set:
            place = len(seqs) - i  # best sequence gets the largest place
    if ranks[0] == ranks[2]:
        cat, tie = "trail", [ranks[0]]
    elif place is not None and same_suit:
        cat, tie = "pure_sequence", [place]
    elif place is not None:
        cat, tie = "sequence", [place]
    elif same_suit:
        cat, tie = "color", ranks
    elif ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        odd = ranks[2] if ranks[0] == ranks[1] else ranks[0]
        cat, tie = "pair", [pair, odd]
    else:
        cat, tie = "high_card", ranks
    return cat, TEEN_PATTI_ORDER.index(cat) * BASE + _digits(tie)


def _choose(items, k, start=0):
    """Every k-subset of the list ``items`` (from index ``start``), as lists, one at a time."""
    if k == 0:
        yield []
        return
    for i in range(start, len(items) - k + 1):
        for rest in _choose(items, k - 1, i + 1):
            yield [items[i]] + rest


class IntStore:
    """ints for keys 0..size-1, in blocks of 512 (small allocations fit a fragmented 192 KB heap)."""

    def __init__(self, size):
        n = (size + 511) >> 9
        self.vals = [array("i", bytes(4 * 512)) for _ in range(n)]
        self.full = [bytearray(512) for _ in range(n)]

    def get(self, i):
        """The value stored at ``i``, or None."""
        if self.full[i >> 9][i & 511]:
            return self.vals[i >> 9][i & 511]
        return None

    def put(self, i, v):
        self.vals[i >> 9][i & 511] = v
        self.full[i >> 9][i & 511] = 1


class TeenPattiReference:
    """Teen Patti by brute force: muflis negates the key; wild cards try every completion.

    A wild card stands for any card of the 52 that is not one of the hand's other
    (non-wild) cards; the hand is worth its best completion (under muflis, the best
    muflis key, i.e. the lowest normal hand). Best of 4 or 5: the best 3-card subset.
    The best completion is cached by the non-wild cards (the brute force is slow).
    """

    def __init__(self, order="a23-high", muflis=False, wild_ranks=()):
        self.order = order
        self.muflis = muflis
        self.wild = tuple(wild_ranks)
        self.memo = IntStore(52 * 52 + 52 + 1)  # by the non-wild cards: a*52+b, 2704+a, 2756

    def plain3(self, cards):
        cat, key = ref_teen_patti3(cards, self.order)
        return cat, (-key if self.muflis else key)

    def three(self, cards):
        fixed = sorted([c for c in cards if (c >> 2) not in self.wild])
        k = 3 - len(fixed)
        if k == 0:
            return self.plain3(cards)
        slot = fixed[0] * 52 + fixed[1] if k == 1 else (2704 + fixed[0] if k == 2 else 2756)
        got = self.memo.get(slot)
        if got is not None:
            return TEEN_PATTI_ORDER[got & 7], got >> 3
        others = [c for c in range(52) if c not in fixed]
        best = None
        for extra in _choose(others, k):
            r = self.plain3(fixed + extra)
            if best is None or r[1] > best[1]:
                best = r
        self.memo.put(slot, best[1] * 8 + TEEN_PATTI_ORDER.index(best[0]))
        return best

    def evaluate(self, cards):
        """(category, key) of 3, 4 or 5 cards: the best 3-card subset."""
        best = None
        for sub in _choose(list(cards), 3):
            r = self.three(sub)
            if best is None or r[1] > best[1]:
                best = r
        return best


# ------------------------------------------------------------------ Turkish Poker


def turkish_order(minor=True, standard=False):
    """Category names weakest first (RULES.md, Turkish Poker; house rules no-minor, standard-ranking)."""
    if standard:
        order = ["high_card", "pair", "two_pair", "three_of_a_kind", "minor_straight", "straight",
                 "flush", "full_house", "four_of_a_kind", "minor_straight_flush", "straight_flush", "royal_flush"]
    else:
        order = ["high_card", "pair", "two_pair", "minor_straight", "straight", "three_of_a_kind",
                 "full_house", "flush", "four_of_a_kind", "minor_straight_flush", "straight_flush", "royal_flush"]
    if not minor:
        order = [c for c in order if not c.startswith("minor")]
    return order


def turkish_classify(cards, lowest_rank, minor=True):
    """(category, tie-break) of 5 cards of the deck whose lowest rank is ``lowest_rank``.

    The tie-break is the ranks by group (biggest group first, then higher rank first) as
    five base-13 digits, padded with zeros: an int, higher wins inside the category.
    """
    ranks = sorted([c >> 2 for c in cards], reverse=True)
    flush = len(set([c & 3 for c in cards])) == 1
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    # ranks grouped: biggest group first, then higher rank first (standard poker tie-break)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    tie = [r for r, _ in groups]
    distinct = len(counts) == 5
    straight = distinct and ranks[0] - ranks[4] == 4
    minor_straight = (
        minor and distinct and ranks == [12, lowest_rank + 3, lowest_rank + 2, lowest_rank + 1, lowest_rank]
    )
    if straight and flush:
        cat = "royal_flush" if ranks[0] == 12 else "straight_flush"
    elif minor_straight and flush:
        cat = "minor_straight_flush"
    elif shape == [4, 1]:
        cat = "four_of_a_kind"
    elif flush:
        cat = "flush"
    elif shape == [3, 2]:
        cat = "full_house"
    elif shape == [3, 1, 1]:
        cat = "three_of_a_kind"
    elif straight:
        cat = "straight"
    elif minor_straight:
        cat = "minor_straight"
    elif shape == [2, 2, 1]:
        cat = "two_pair"
    elif shape == [2, 1, 1, 1]:
        cat = "pair"
    else:
        cat = "high_card"
    return cat, _digits(tie + [0] * (5 - len(tie)))


def turkish_key(cat, tie, order):
    """Int key of a classified hand under a category order (weakest first)."""
    return order.index(cat) * BASE + tie


def ref_turkish(cards, deck, minor=True, standard=False):
    """(category, key) of 5 Turkish cards from a deck of ``deck`` cards."""
    cat, tie = turkish_classify(cards, 13 - deck // 4, minor)
    return cat, turkish_key(cat, tie, turkish_order(minor, standard))


# ------------------------------------------------------------------ Indian Poker


def ref_indian(cards, low=False, suit_order=False):
    """(category, key) of 1 or 2 cards: high card (ace high), or low (ace low, lowball)."""
    # strength of a card's rank, higher is better
    strengths = []
    for c in cards:
        r = c >> 2
        if low:
            ace_low = 0 if r == 12 else r + 1  # A=0, 2=1 .. K=12
            strengths.append((12 - ace_low, c & 3))
        else:
            strengths.append((r, c & 3))
    # high: best card first; low (lowball): worst card first; a pair: higher suit first
    if low:
        strengths.sort(key=lambda t: (t[0], -t[1]))
    else:
        strengths.sort(reverse=True)
    key = _digits([s[0] for s in strengths])
    if suit_order:
        for s in strengths:
            key = key * 4 + s[1]
    return "high_card", key

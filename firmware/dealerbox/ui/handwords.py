"""The showdown in players' words (issue 25): each hand sorted as players read it (its pairs first, then from the
highest card down), its category in full ("Pair of 9s", "A high, then J") and what decided the pot ("Pair beats High
card", "Won on the J"). Imported with the results screens; cards are ints 0-51 (``rank * 4 + suit``, rank 0 the 2).
"""

from dealerbox.lang import N_, tr
from dealerbox.ui.modes import wild_name  # any rank 0-12 as players write it: "2" ... "10", "J" ... "A"


def read_order(cards):
    """``cards`` (a list of ints) sorted as players read a hand: the ranks held most often first, then the higher
    rank first ("9 9 K 4": a pair of 9s, then K); a new list."""
    counts = [0] * 13
    for c in cards:
        counts[c >> 2] += 1
    out = list(cards)
    out.sort(key=lambda c: (-counts[c >> 2], -(c >> 2), -(c & 3)))
    return out


def ranks_read(cards):
    """The ranks of ``cards`` in reading order, each once (``read_order``): [9, K, 4] for "9 9 K 4"."""
    out = []
    for c in read_order(cards):
        if c >> 2 not in out:
            out.append(c >> 2)
    return out


def _most(cards):
    """How many cards of the most held rank ``cards`` has."""
    counts = [0] * 13
    for c in cards:
        counts[c >> 2] += 1
    return max(counts) if cards else 0


def in_words(cat, cards, label):
    """The hand ``cards`` of category ``cat`` (an evaluator's key) in full: "Pair of 9s", "Trail of Ks", "Two pair:
    Ks and 4s", "A high, then J", "Sequence to Q" (``label``: the category's screen label); the label alone when the
    cards do not show it (a wild card made it)."""
    r = ranks_read(cards)
    if not r:
        return label
    same = {"pair": (2, N_("Pair of %ss")), "trail": (3, N_("Trail of %ss")), "three_of_a_kind": (3, N_("Three %ss")),
            "four_of_a_kind": (4, N_("Four %ss"))}.get(cat)     # a rank held so many times
    if same is not None:
        return tr(same[1]) % wild_name(r[0]) if _most(cards) == same[0] else label
    if cat == "high_card" and _most(cards) == 1:
        return tr("%s high, then %s") % (wild_name(r[0]), wild_name(r[1])) if len(r) > 1 else \
            tr("%s high") % wild_name(r[0])
    if cat == "two_pair" and len(r) > 1 and _most(cards) == 2:
        return tr("%ss and %ss") % (wild_name(r[0]), wild_name(r[1]))
    if cat == "full_house" and len(r) > 1 and _most(cards) == 3:
        return tr("%ss full of %ss") % (wild_name(r[0]), wild_name(r[1]))
    if cat in ("color", "sequence", "pure_sequence", "straight", "flush", "straight_flush", "minor_straight",
               "minor_straight_flush"):     # named by their top card
        return tr("%s to %s") % (label, wild_name(r[0]))
    return label


def decided(win, lose, label):
    """What decided the pot between the winning hand ``win`` and the best losing one ``lose`` (each ``(cat,
    cards)``; ``label``: a category's screen label): "Pair beats High card" when their categories differ, else "Won
    on the J" (the first rank, in reading order, where they differ), or "Same hands: split" when none does."""
    if win[0] != lose[0]:
        return tr("%s beats %s") % (label(win[0]), label(lose[0]))
    a = ranks_read(win[1])
    b = ranks_read(lose[1])
    for i in range(min(len(a), len(b))):
        if a[i] != b[i]:
            return tr("Won on the %s") % wild_name(a[i])
    return tr("Same hands: split")

"""The words the showdown and sideshow screens show for the evaluators' hand categories.

A module of its own, loaded with the results screens (ui/results_flow.py) or for a sideshow
comparison, and dropped with them at the next gate: not on the heap while a hand is dealt and played
(docs/device.md, Memory).
"""

# hand categories of the evaluators (dealerbox.eval) as shown; "card": the one-card variants
CATEGORY_LABELS = {
    "high_card": "High card", "pair": "Pair", "color": "Color", "sequence": "Sequence", "pure_sequence": "Pure seq.",
    "trail": "Trail", "two_pair": "Two pair", "minor_straight": "Minor straight", "straight": "Straight",
    "three_of_a_kind": "Three of a kind", "full_house": "Full house", "flush": "Flush",
    "four_of_a_kind": "Four of a kind", "minor_straight_flush": "Minor str. flush",
    "straight_flush": "Straight flush", "royal_flush": "Royal flush", "card": "",
}


def category_label(cat):
    """Screen label of an evaluator category ("pure_sequence" -> "Pure seq."); "" for None."""
    if not cat:
        return ""
    return CATEGORY_LABELS.get(cat, cat)

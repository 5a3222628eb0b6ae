"""Why a hand is refused, in words: imported by ``eval.base.check_hand`` the first time a hand is refused (never
in the box's own play: the engine deals only whole hands of the deck), then kept. Imports nothing from ``eval``:
no cycle.
"""

from dealerbox.cards import format_card


def why(cards, sizes, low):
    """The words for what is wrong with ``cards`` (the arguments of ``check_hand``): checked in the order a hand
    is read: its type, its size, then card by card (not a card int, outside the deck, repeated)."""
    if not isinstance(cards, (list, tuple, bytes, bytearray)):
        return "a hand is a list, tuple, bytes or bytearray of card ints, not %r" % (cards,)
    n = len(cards)
    if n not in sizes:
        if len(sizes) == 1:
            need = "%d" % sizes[0]
        else:
            need = ", ".join(["%d" % s for s in sizes[:-1]]) + " or %d" % sizes[-1]
        return "%d %s in the hand; this ranking needs %s" % (n, "card" if n == 1 else "cards", need)
    for i in range(n):
        c = cards[i]
        if type(c) is not int or c < 0 or c > 51:
            return "not a card int 0-51: %r" % (c,)
        if c >> 2 < low:
            return "%s is not in the %d-card deck" % (format_card(c), 52 - 4 * low)
        if c in list(cards[:i]):  # (MicroPython: no int in bytes)
            return "%s is in the hand twice" % format_card(c)
    return "no problem found in %r" % (cards,)  # not reached: check_hand found one

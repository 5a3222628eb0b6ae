"""The message of a refused hand: imported by ``base.check_hand`` only when a hand is bad.

Checks in the order a hand is read: its type, its size, then card by card (not a card
int, outside the deck, repeated).
"""

from dealerbox.cards import format_card
from dealerbox.eval.base import HandError


def hand_error(cards, sizes, low):
    """HandError naming what is wrong with ``cards`` (see ``base.check_hand`` for the arguments)."""
    if not isinstance(cards, (list, tuple, bytes, bytearray)):
        return HandError("a hand is a list, tuple, bytes or bytearray of card ints, not %r" % (cards,))
    n = len(cards)
    if n not in sizes:
        if len(sizes) == 1:
            need = "%d" % sizes[0]
        else:
            need = ", ".join(["%d" % s for s in sizes[:-1]]) + " or %d" % sizes[-1]
        return HandError("%d cards in the hand; this ranking needs %s" % (n, need))
    for i in range(n):
        c = cards[i]
        if type(c) is not int or c < 0 or c > 51:
            return HandError("not a card int 0-51: %r" % (c,))
        if c >> 2 < low:
            return HandError("%s is not in the %d-card deck" % (format_card(c), 52 - 4 * low))
        if c in list(cards[:i]):  # (MicroPython: no int in bytes)
            return HandError("%s is in the hand twice" % format_card(c))
    return HandError("no problem found in %r" % (cards,))  # not reached: check_hand found one

"""What every ranking keeps during a hand: HandError, the hand check and the Ranking class.

A hand is a sequence of card ints 0-51 (``list``, ``tuple``, ``bytes``, ``bytearray``).
Nothing here allocates on the heap for a valid hand; only a refused hand builds its message
(``_why``). Building a ranking (``build.py``
and the game's module's ``build``) is done once per game and house rules by ``make_ranking``, which keeps it.
"""


class HandError(ValueError):
    """A hand the ranking cannot judge: a repeated card, the wrong number of cards, a card
    outside the deck, or something that is not a card int 0-51. The message names it."""


# Hot functions here and in the game modules keep (locals + stack depth) <= 11 slots:
# MicroPython puts a larger call frame on the heap (and frees it) at every call, which
# is an allocation per hand.

_SEQUENCES = (list, tuple, bytes, bytearray)


def check_hand(cards, sizes, lowest_rank):
    """Raise HandError unless ``cards`` holds ``len(cards) in sizes`` distinct card ints of the deck.

    ``cards``: list, tuple, bytes or bytearray. ``lowest_rank``: the lowest rank (0-12)
    of the deck: 0 for 52 cards, 13 - deck/4 for a Turkish deck. Returns None.
    """
    if isinstance(cards, _SEQUENCES) and len(cards) in sizes and _cards_ok(cards, lowest_rank):
        return
    raise HandError(_why(cards, sizes, lowest_rank))


def _cards_ok(cards, low):
    n = len(cards)
    i = 0
    while i < n:
        c = cards[i]
        if type(c) is not int or c < 0 or c > 51 or c >> 2 < low:
            return False
        j = 0
        while j < i:
            if cards[j] == c:
                return False
            j += 1
        i += 1
    return True


def _why(cards, sizes, low):
    """The words for what is wrong with ``cards`` (the arguments of ``check_hand``): checked in the order a hand
    is read: its type, its size, then card by card (not a card int, outside the deck, repeated)."""
    from dealerbox.cards import format_card

    if not isinstance(cards, _SEQUENCES):
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


class Ranking:
    """What every ranking answers; built by ``make_ranking`` (the game module's ``build``).

    ``game`` (str), ``house`` (tuple of house-rule names), ``deck`` (cards in the deck),
    ``sizes`` (tuple of allowed hand sizes), ``lowest_rank`` (0-12, the deck's lowest rank),
    ``categories`` (names, weakest first), ``score_unchecked`` (cards -> int, no validation),
    and the game's own settings set by its builder. Scores are ints: higher wins,
    equal scores tie; the category is ``categories[score >> 9]`` (the only one when there is one).
    """

    wild_ranks = ()  # type: tuple
    muflis = False

    def __init__(self, game, house, deck, sizes, lowest_rank, categories, scorer):
        self.game = game
        self.house = house
        self.deck = deck
        self.sizes = sizes
        self.lowest_rank = lowest_rank
        self.categories = categories
        self.score_unchecked = scorer

    def score(self, cards):
        """Strength of ``cards`` (card ints 0-51): int, higher wins, equal ties. HandError if bad."""
        check_hand(cards, self.sizes, self.lowest_rank)
        return self.score_unchecked(cards)

    def category(self, cards):
        """Category name of the best hand in ``cards`` (e.g. ``"pure_sequence"``). HandError if bad."""
        return self.category_of(self.score(cards))

    def category_of(self, score):
        """Category name of a score given by this ranking."""
        c = self.categories
        return c[score >> 9] if len(c) > 1 else c[0]

    def compare(self, a, b):
        """1 if hand ``a`` wins, -1 if ``b`` wins, 0 for a tie. HandError if either is bad."""
        x = self.score(a)
        y = self.score(b)
        return (x > y) - (x < y)

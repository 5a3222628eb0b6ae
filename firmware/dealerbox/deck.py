"""Decks: the Turkish short decks (a Turkish Poker hand's deck; the full 52-card deck and the deck of a size,
which no hand needs, are ``dealerbox.cards``': ``full_deck``, ``deck_of_size``, ``in_deck``).

A deck is a ``bytearray`` of card ints (0-51, see ``cards``), in ascending order
until shuffled. The Turkish deck keeps the ace and the highest ranks, sized by
the number of players (RULES.md, Turkish Poker; seed 002):

    players  2   3   4   5        house rule: 4 players with 36 cards
    cards    24  28  32  36
    lowest   9   8   7   6
"""

from micropython import const

# card = rank * 4 + suit (dealerbox.cards): written out here, so that a hand does not load the notation module
_DECK_SIZE = const(52)
_TURKISH_MIN_PLAYERS = const(2)
_TURKISH_MAX_PLAYERS = const(5)


class DeckError(ValueError):
    """A deck was asked for with a player count or option the game does not allow."""


def turkish_size(players, four_with_36=False):
    """Number of cards (24, 28, 32 or 36) for ``players`` (2-5) in Turkish Poker.

    ``four_with_36`` is the house rule "4 players with 36 cards".
    Raises DeckError for a player count outside 2-5, or the house rule with
    other than 4 players.
    """
    if not isinstance(players, int) or players < _TURKISH_MIN_PLAYERS or players > _TURKISH_MAX_PLAYERS:
        raise DeckError("Turkish Poker is for 2 to 5 players, not %r" % (players,))
    if four_with_36:
        if players != 4:
            raise DeckError("the 36-card house rule is for 4 players, not %d" % players)
        return 36
    return 16 + 4 * players


def turkish_lowest_rank(size):
    """Lowest rank (0-12, 2..A) in a Turkish deck of ``size`` cards (24/28/32/36).

    Raises DeckError for any other size.
    """
    if size not in (24, 28, 32, 36):
        raise DeckError("a Turkish deck has 24, 28, 32 or 36 cards, not %r" % (size,))
    return 13 - size // 4


def turkish_deck(players, four_with_36=False):
    """The Turkish short deck for ``players`` as a new bytearray, ascending.

    Raises DeckError as ``turkish_size`` does.
    """
    low = turkish_lowest_rank(turkish_size(players, four_with_36))
    return bytearray(range(low * 4, _DECK_SIZE))

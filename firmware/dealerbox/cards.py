"""Cards as small integers, and the standard notation for them.

A card is an int 0-51::

    card = rank * 4 + suit          rank = card >> 2     suit = card & 3

    bit   5 4 3 2 | 1 0
          rank    | suit

    rank  0..12 = 2 3 4 5 6 7 8 9 T J Q K A   (so a higher int is a higher rank;
                                               the ace is 12, high by default)
    suit  0..3  = c d h s  (clubs, diamonds, hearts, spades)

The suit index is the Indian Poker suit order (spades > hearts > diamonds >
clubs; RULES.md, Indian Poker), so with that house rule a higher card int is
simply the better card.

Notation: rank ``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``
(case-insensitive), then a suit letter ``c d h s`` or symbol ``♣ ♦ ♥ ♠``
(the hollow ``♧ ♢ ♡ ♤`` are accepted too). ``As``, ``Td``, ``10d``, ``Q♥``.
"""

from micropython import const

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
_HOLLOW_SYMBOLS = "♧♢♡♤"

ACE = const(12)
KING = const(11)
QUEEN = const(10)
JACK = const(9)
TEN = const(8)
DECK_SIZE = const(52)


class CardError(ValueError):
    """A card or hand in standard notation could not be read (unknown or repeated card)."""


def card(rank, suit):
    """The card int (0-51) for ``rank`` 0-12 (2..A) and ``suit`` 0-3 (c d h s)."""
    return rank * 4 + suit


def rank_of(c):
    """Rank 0-12 (2..A) of card ``c`` (0-51)."""
    return c >> 2


def suit_of(c):
    """Suit 0-3 (c d h s) of card ``c`` (0-51)."""
    return c & 3


def parse_card(text):
    """Card int 0-51 from notation such as ``As``, ``Td``, ``10d``, ``Q♥``.

    Raises CardError naming the text when it is not a card.
    """
    t = text.strip()
    if len(t) < 2:
        raise CardError("not a card: %r" % text)
    r = t[:-1].upper()
    s = t[-1]
    if r == "10":
        r = "T"
    if len(r) != 1 or r not in RANKS:
        raise CardError("unknown rank in %r (use 2-9, T or 10, J, Q, K, A)" % text)
    si = SUITS.find(s.lower())
    if si < 0:
        si = SUIT_SYMBOLS.find(s)
    if si < 0:
        si = _HOLLOW_SYMBOLS.find(s)
    if si < 0:
        raise CardError("unknown suit in %r (use c d h s or ♣ ♦ ♥ ♠)" % text)
    return RANKS.find(r) * 4 + si


def parse_cards(text):
    """List of card ints from space- or comma-separated notation (``"As Kd 10h"``).

    Raises CardError on an unknown card or a card given twice.
    """
    out = []
    for word in text.replace(",", " ").split():
        c = parse_card(word)
        if c in out:
            raise CardError("card given twice: %s" % format_card(c))
        out.append(c)
    return out


def format_card(c, symbols=False):
    """Notation for card ``c`` (0-51): ``"As"``, or ``"A♠"`` with ``symbols``.

    Raises CardError when ``c`` is not an int 0-51.
    """
    if not isinstance(c, int) or c < 0 or c >= DECK_SIZE:
        raise CardError("not a card int 0-51: %r" % (c,))
    return RANKS[c >> 2] + (SUIT_SYMBOLS if symbols else SUITS)[c & 3]


def format_cards(cards, symbols=False):
    """Space-separated notation for a sequence of card ints."""
    return " ".join([format_card(c, symbols) for c in cards])


# ---- the 52-card deck as the tools and the tests name it (a hand's deck is the game's: the Turkish decks are
# ``dealerbox.eval.turkish``'s)


def full_deck():
    """The 52-card deck, cards 0..51 in order, as a new bytearray."""
    return bytearray(range(DECK_SIZE))

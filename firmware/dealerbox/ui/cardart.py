"""Cards drawn as cards (20x28 with the big rank and suit) or inline (rank + suit glyph).

Every function that puts a card's face on the frame records the card on the canvas
(``Canvas.note_card``), so a test can tell exactly which cards a frame shows. Card backs
record nothing. Cards are ints 0-51 (``dealerbox.cards``: rank = c >> 2, suit = c & 3).
"""

from micropython import const

from dealerbox.ui import font

CARD_W = const(20)
CARD_H = const(28)
SMALL_W = const(12)       # inline card: rank glyph + suit glyph
RANK_CHARS = "23456789\x14JQKA"


def rank_char(c):
    """The one-cell rank character of card ``c`` ("\\x14" is the one-cell "10")."""
    return RANK_CHARS[c >> 2]


def _frame(cv, x, y, fill):
    fb = cv.fb
    fb.fill_rect(x, y, CARD_W, CARD_H, 1 if fill else 0)
    fb.rect(x, y, CARD_W, CARD_H, 1)
    # rounded corners
    fb.pixel(x, y, 0)
    fb.pixel(x + CARD_W - 1, y, 0)
    fb.pixel(x, y + CARD_H - 1, 0)
    fb.pixel(x + CARD_W - 1, y + CARD_H - 1, 0)


def card(cv, c, x, y, marked=False):
    """Card ``c`` face up at (x, y), 20x28: big rank top-left, big suit below right.

    ``marked`` draws it inverted (a card chosen for the Turkish draw).
    """
    _frame(cv, x, y, marked)
    ink = 0 if marked else 1
    cv._glyph(font.big_glyph(ord(RANK_CHARS[c >> 2])), x + 2, y + 2, ink)
    cv._glyph(font.suit_glyph(c & 3), x + 9, y + 16, ink)
    cv.note_card(c)


def back(cv, x, y, mark=None):
    """A card face down at (x, y), 20x28; ``mark`` (a one-character str) is drawn in its middle."""
    _frame(cv, x, y, False)
    fb = cv.fb
    fb.rect(x + 2, y + 2, CARD_W - 4, CARD_H - 4, 1)
    fb.fill_rect(x + 4, y + 4, CARD_W - 8, CARD_H - 8, 1)
    if mark is not None:
        cv.char(ord(mark[0]), x + 7, y + 10, 0)


def small(cv, c, x, y, ink=1):
    """Card ``c`` inline in the small font (rank then suit glyph, 12 px wide); returns the next x."""
    cv._glyph(font.glyph(ord(RANK_CHARS[c >> 2])), x, y, ink)
    cv._glyph(font.glyph(16 + (c & 3)), x + 6, y, ink)
    cv.note_card(c)
    return x + SMALL_W


def row(cv, cards, n, x, y, gap=4, marked=0):
    """The first ``n`` cards of ``cards`` face up in a row from (x, y); bit i of ``marked`` inverts card i."""
    for i in range(n):
        card(cv, cards[i], x + i * (CARD_W + gap), y, (marked >> i) & 1)


def small_row(cv, cards, n, x, y, ink=1):
    """The first ``n`` cards inline, 13 px apart; returns the next x."""
    for i in range(n):
        small(cv, cards[i], x, y, ink)
        x += SMALL_W + 1
    return x

"""Cards drawn as cards (20x28 with the big rank and suit) or inline (rank + suit glyph).

Every function that puts a card's face on the frame records the card on the canvas
(``Canvas.note_card``), so a test can tell exactly which cards a frame shows. Card backs
record nothing. Cards are ints 0-51 (``dealerbox.cards``: rank = c >> 2, suit = c & 3).
"""

from micropython import const

from dealerbox.ui import font
from dealerbox.ui.canvas import WIDTH

CARD_W = const(20)
_CARD_H = const(28)
SMALL_W = const(12)       # inline card: rank glyph + suit glyph
RANK_ORDS = b"23456789\x14JQKA"   # each rank's one-cell character ("\x14": the one-cell "10"), read as a code


def _frame(fb, x, y, fill):
    fb.fill_rect(x, y, CARD_W, _CARD_H, fill)
    fb.rect(x, y, CARD_W, _CARD_H, 1)
    # rounded corners
    fb.pixel(x, y, 0)
    x += CARD_W - 1
    fb.pixel(x, y, 0)
    y += _CARD_H - 1
    fb.pixel(x, y, 0)
    fb.pixel(x - CARD_W + 1, y, 0)


def card(cv, c, x, y, marked=0):
    """Card ``c`` face up at (x, y), 20x28: big rank top-left, big suit below right.

    ``marked`` (true) draws it inverted (a card chosen for the Turkish draw).
    """
    marked = 1 if marked else 0
    _frame(cv.fb, x, y, marked)
    cv.at(y + 2, 1 - marked, 1)
    cv.ch(RANK_ORDS[c >> 2], x + 2)
    cv.at(y + 16, 1 - marked, 0)
    cv.put(font.SUITS[c & 3], x + 9)
    cv.note_card(c)


def back(cv, x, y):
    """A card face down at (x, y), 20x28."""
    _frame(cv.fb, x, y, 0)
    cv.fb.rect(x + 2, y + 2, CARD_W - 4, _CARD_H - 4, 1)
    cv.fb.fill_rect(x + 4, y + 4, CARD_W - 8, _CARD_H - 8, 1)


def small_at(cv, c, x):
    """Card ``c`` inline in the small font (rank then suit glyph, 12 px wide) at x, on the row and in the colour of
    the canvas's last ``at``; returns the next x."""
    x = cv.ch(RANK_ORDS[c >> 2], x)
    cv.ch(16 + (c & 3), x)
    cv.note_card(c)
    return x + SMALL_W - font.W


def gap(n):
    """Pixels between ``n`` cards drawn side by side by ``row`` (5 fit with 4 pixels, more with 1)."""
    return 4 if n <= 5 else 1


def row_x(n):
    """The x of the first of ``n`` cards of a centred ``row``."""
    return (WIDTH - n * CARD_W - (n - 1) * gap(n)) // 2


# The loops below keep their row and step on the canvas (cv.cy, cv.step): a call with that many arguments inside
# a loop would need a frame of more than 11 slots, which MicroPython takes from the heap (canvas.py).

def row(cv, cards, x, y):
    """Every card of ``cards`` face up in a row from (x, y), ``gap(len(cards))`` apart; bit i of ``cv.marks`` (set
    by the caller, 0 after ``clear``) draws card i inverted."""
    cv.cy = y
    cv.step = gap(len(cards)) + CARD_W
    i = 0
    while i < len(cards):
        _row_card(cv, cards[i], x, i)
        x += cv.step
        i += 1


def _row_card(cv, c, x, i):
    card(cv, c, x, cv.cy, (cv.marks >> i) & 1)


def small_row(cv, cards, x, y):
    """Every card of ``cards`` inline, 13 px apart, lit; returns the next x."""
    cv.at(y, 1, 0)
    i = 0
    while i < len(cards):
        small_at(cv, cards[i], x)
        x += SMALL_W + 1
        i += 1
    return x

"""The canvas: text, numbers and boxes drawn onto a 128x64 MONO_VLSB ``framebuf.FrameBuffer``.

Every glyph is one ``blit`` (C) of a prebuilt glyph buffer (``font``); the Python loop is
per character, never per pixel. Nothing is allocated while drawing: strings are walked by
index, numbers are drawn digit by digit, the inverse palette is built once.

The canvas also keeps the record of the cards drawn on the current frame (``cards``,
``ncards``; reset by ``clear``), filled by ``cardart``: the privacy tests read it to check
that no private card is ever on a screen that is not behind its owner's gate.
"""

import framebuf
from micropython import const

from dealerbox.ui import font

WIDTH = const(128)
HEIGHT = const(64)
MAX_CARDS = const(64)

_inverse = None


def _inv():
    global _inverse
    if _inverse is None:
        p = framebuf.FrameBuffer(bytearray(2), 2, 1, framebuf.MONO_VLSB)
        p.pixel(0, 0, 1)
        p.pixel(1, 0, 0)
        _inverse = p
    return _inverse


def text_width(s):
    """Width in pixels of ``s`` in the small font (6 per character, the last spacing included)."""
    return len(s) * font.W


def big_width(s):
    """Width in pixels of ``s`` in the big font (12 per character)."""
    return len(s) * font.BIG_W


def num_width(n):
    """Number of characters of the int ``n`` written in decimal (sign included)."""
    k = 1
    if n < 0:
        k = 2
        n = -n
    while n >= 10:
        n //= 10
        k += 1
    return k


class Canvas:
    """Drawing helpers over ``fb`` (a FrameBuffer 128x64 MONO_VLSB). Colours: 1 lit, 0 dark."""

    def __init__(self, fb):
        self.fb = fb
        self.cards = bytearray(MAX_CARDS)
        self.ncards = 0

    def clear(self):
        """Blank the frame and forget the cards drawn."""
        self.fb.fill(0)
        self.ncards = 0

    def note_card(self, c):
        """Record that card ``c`` (0-51) is drawn on this frame (``cardart`` calls it)."""
        if self.ncards < MAX_CARDS:
            self.cards[self.ncards] = c
            self.ncards += 1

    def _glyph(self, g, x, y, c):
        if c:
            self.fb.blit(g, x, y, 0)
        else:
            self.fb.blit(g, x, y, 1, _inv())

    def char(self, code, x, y, c=1):
        """One small glyph (character code ``code``) at (x, y); returns the next x."""
        self._glyph(font.glyph(code), x, y, c)
        return x + font.W

    def text(self, s, x, y, c=1):
        """``s`` in the small font with its top-left at (x, y); returns the x after it."""
        fb = self.fb
        for i in range(len(s)):
            g = font.glyph(ord(s[i]))
            if c:
                fb.blit(g, x, y, 0)
            else:
                fb.blit(g, x, y, 1, _inv())
            x += font.W
        return x

    def big(self, s, x, y, c=1):
        """``s`` in the big font (12x16 cells) at (x, y); returns the x after it."""
        for i in range(len(s)):
            self._glyph(font.big_glyph(ord(s[i])), x, y, c)
            x += font.BIG_W
        return x

    def num(self, n, x, y, c=1, big=False):
        """The int ``n`` in decimal, left-aligned at (x, y); returns the x after it."""
        w = font.BIG_W if big else font.W
        if n < 0:
            self._glyph(font.big_glyph(45) if big else font.glyph(45), x, y, c)
            x += w
            n = -n
        k = num_width(n)
        end = x + k * w
        px = end - w
        while True:
            d = 48 + n % 10
            self._glyph(font.big_glyph(d) if big else font.glyph(d), px, y, c)
            n //= 10
            px -= w
            if not n:
                break
        return end

    def num_right(self, n, right, y, c=1):
        """The int ``n`` in the small font, right-aligned so that it ends at x = ``right``."""
        return self.num(n, right - num_width(n) * font.W, y, c)

    def center(self, s, y, c=1, big=False):
        """``s`` centred horizontally on the frame at row ``y``."""
        w = big_width(s) if big else text_width(s)
        x = (WIDTH - w + 1) // 2
        if big:
            return self.big(s, x, y, c)
        return self.text(s, x, y, c)

    def bar(self, y, h=9):
        """A lit full-width band (rows y..y+h-1), for inverse text (c=0) on top of it."""
        self.fb.fill_rect(0, y, WIDTH, h, 1)

    def box(self, x, y, w, h, c=1, fill=False):
        """Rectangle outline (or filled with ``fill``)."""
        self.fb.rect(x, y, w, h, c, fill)

    def hline(self, x, y, w, c=1):
        """Horizontal line."""
        self.fb.hline(x, y, w, c)

    def vline(self, x, y, h, c=1):
        """Vertical line."""
        self.fb.vline(x, y, h, c)

    def fill_rect(self, x, y, w, h, c=1):
        """Filled rectangle."""
        self.fb.fill_rect(x, y, w, h, c)

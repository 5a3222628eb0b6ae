"""The canvas: text, numbers and boxes drawn onto a 128x64 MONO_VLSB ``framebuf.FrameBuffer``.

A text in the small font is one ``blit`` (C): its glyphs' bytes are copied side by side into a line buffer, which
is blitted once; a big glyph is one ``blit`` of a window built from the small glyph (``font``). The Python loop is
per character, never per pixel; the frame is cleared by page copies (``fill`` sets each pixel in a loop).

Nothing is allocated while drawing, not even a transient block (``make bench`` counts the
bytes of a redraw with ``micropython.mem_total()``, tests/host/test_redraw_alloc.py asserts 0):

* a text is read from its UTF-8 bytes, copied by ``struct.pack_into`` into a buffer of its own (``s[i]`` would
  look each character up among every interned string: a quarter of a redraw's time before), numbers are written
  digit by digit into that buffer, the line buffer is blitted from a list changed in place, the inverse palette
  is built at import;
* a call whose frame needs more than 11 slots (arguments + locals + the deepest value stack)
  gets that frame from the heap (``VM_MAX_STATE_ON_STACK`` in MicroPython's ``py/objfun.c``,
  11 machine words on every port): so the row, colour and font of the text being drawn are
  kept on the canvas (``at``) and the per-glyph call takes two arguments (``ch``), and the
  drawing functions stay small. ``python -m host_tools.mpyframes FILE.mpy`` lists every
  function's slots.

The canvas also keeps the record of the cards drawn on the current frame (``cards``,
``ncards``; reset by ``clear``), filled by ``cardart``: the privacy tests read it to check
that no private card is ever on a screen that is not behind its owner's gate.
"""

from struct import pack_into

import framebuf
from micropython import const

from dealerbox.ui.font import (
    BIG_W,
    FIRST,
    GLYPHS,
    MISSING,
    W,
    big_glyph,
    glyph,
    index,
    low,
)

WIDTH = const(128)
HEIGHT = const(64)
_MAX_CARDS = const(64)

# palette for inverse glyphs: source 0 -> 1, source 1 -> 0 (blitted with key 1: only the glyph's ink is drawn)
_PAL = framebuf.FrameBuffer(bytearray(b"\x01\x00"), 2, 1, framebuf.MONO_VLSB)

# A text is read from its UTF-8 bytes, copied into _tb, not by ``s[i]``: on MicroPython ``s[i]`` looks the
# character up among every interned string (qstr_find_strn, a scan of thousands: a quarter of a redraw's time).
# ``struct.pack_into`` copies a str's bytes with no allocation on MicroPython (a str is a buffer there); CPython
# wants bytes, so it encodes (the host is not counted). _tb keeps a 0 after the longest text it takes (_TEXT_MAX
# characters of up to 4 bytes); a longer text (it cannot fit the frame's width anyway) is read by ``s[i]``.
_TEXT_MAX = const(32)
_tb = bytearray(4 * _TEXT_MAX + 1)
_ZERO = bytes(128)          # one page of the frame: ``clear`` copies it 8 times into the frame's buffer


try:
    pack_into("1s", bytearray(1), 0, "a")
    _MP = True
except Exception:           # CPython: struct.error, "argument for 's' must be a bytes object"
    _MP = False

if not _MP:     # (defined on CPython only: on MicroPython its code is dropped after the import)
    def _fill_cpython(s):
        b = s.encode("utf-8", "replace")    # (a lone surrogate, which only CPython can hold, as "?")
        _tb[0:len(b)] = b
        _tb[len(b)] = 0


# A text in the small font is drawn by one blit: its glyphs are first copied side by side into a line buffer (_lbuf,
# MONO_VLSB, one page: a glyph = 5 bytes, then a column never written, so always blank), then blitted from the list
# _src = [buffer, width, height, format] (framebuf reads a list as a FrameBuffer of that shape; the list is changed,
# never made): one C call per text instead of two per glyph, the same pixels (a blank column is no ink, skipped as
# the key). The big font is drawn glyph by glyph (``ch``: 20 bytes of a window each, cheaper than through a buffer).
_LINE = const(192)          # 32 small glyphs
_lbuf = bytearray(_LINE)
_src = [_lbuf, 0, 8, framebuf.MONO_VLSB]
_seen = bytearray(1)


def _small_line():
    """The text in _tb as small glyphs side by side in _lbuf; returns how many. ``_seen[0]`` = 1 when one of them
    is not ASCII (only those can have ink on the cell's last row: tests/core/test_font.py)."""
    j = 0
    o = 0
    tb = _tb
    b = tb[0]
    t = GLYPHS
    lb = _lbuf
    _seen[0] = 0
    while b:
        if b < 128:
            j += 1
            b = (b - FIRST) * 5 if b >= FIRST else MISSING * 5
        else:
            b = _code(j)
            j += 2 if b < 0x800 else (3 if b < 0x10000 else 4)
            b = index(b) * 5
            _seen[0] = 1
        lb[o] = t[b]
        lb[o + 1] = t[b + 1]
        lb[o + 2] = t[b + 2]
        lb[o + 3] = t[b + 3]
        lb[o + 4] = t[b + 4]
        o += 6
        b = tb[j]
    return o // 6


def _number(n):
    """The int ``n`` in decimal (sign included) into _tb, ended by a 0; False (nothing written) when it has more
    than _TEXT_MAX characters."""
    k = num_width(n)
    if k > _TEXT_MAX:
        return False
    _tb[k] = 0
    if n < 0:
        _tb[0] = 45
        n = -n
    while True:
        k -= 1
        _tb[k] = 48 + n % 10
        n //= 10
        if not n:
            return True


def _code(j):
    """The character code of the UTF-8 sequence of 2, 3 or 4 bytes at _tb[j] (its length follows from the code:
    below 0x800, 0x10000 or above)."""
    b = _tb[j]
    if b < 0xE0:
        return (b & 0x1F) << 6 | (_tb[j + 1] & 0x3F)
    if b < 0xF0:
        return (b & 0x0F) << 12 | (_tb[j + 1] & 0x3F) << 6 | (_tb[j + 2] & 0x3F)
    return (b & 0x07) << 18 | (_tb[j + 1] & 0x3F) << 12 | (_tb[j + 2] & 0x3F) << 6 | (_tb[j + 3] & 0x3F)


def text_width(s):
    """Width in pixels of ``s`` in the small font (6 per character, the last spacing included)."""
    return len(s) * W


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

    # the fields the drawing modules (cardart, widgets, screens) set: the scratch registers of their loops, and the
    # clip count the footer puts back after drawing a line again one row higher (a redraw allocates nothing)
    REGISTERS = ("cy", "step", "marks", "k", "clipped")

    def __init__(self, fb):
        self.fb = fb
        self.mv = None      # the frame's bytes (MicroPython: a FrameBuffer is a buffer), cleared by copies
        try:
            self.mv = memoryview(fb)  # type: ignore[assignment]
        except TypeError:   # CPython's stand-in and the Pi's framebuf: cleared by ``fill``
            pass
        self.cards = bytearray(_MAX_CARDS)
        self.ncards = 0
        self.y = 0          # the row, colour and font of the text being drawn (``at``)
        self.c = 1
        self.large = 0
        self.w = W
        self.edge = False   # the row of ``at`` puts a glyph's cell past the frame's top or bottom edge
        self.clipped = 0    # glyphs cut by an edge or texts run into each other on this frame (0: all fits)
        # scratch of the drawing loops (cardart, widgets, screens): a row's y and step, the marked cards, a counter
        self.cy = self.step = self.marks = self.k = 0

    def clear(self):
        """Blank the frame and forget the cards drawn (and the marks of ``cardart.row``)."""
        if self.mv is not None and len(self.mv) == 1024:    # 8 copies of a page (fill sets each pixel in a loop)
            k = 0
            while k < 1024:
                self.mv[k:k + 128] = _ZERO
                k += 128
        else:
            self.fb.fill(0)
        self.ncards = 0
        self.marks = 0
        self.clipped = 0

    def note_card(self, c):
        """Record that card ``c`` (0-51) is drawn on this frame (``cardart`` calls it)."""
        if self.ncards < _MAX_CARDS:
            self.cards[self.ncards] = c
            self.ncards += 1

    def at(self, y, c, large):
        """The glyphs that follow go on row ``y`` in colour ``c``, big (``large`` true) or small."""
        self.y = y
        self.c = c
        self.large = large
        self.w = BIG_W if large else W
        self.edge = y < 0 or y + self.w + 2 + large * 2 > HEIGHT     # a glyph's cell runs past the top or bottom

    def put(self, g, x):
        """Blit glyph window ``g`` (a FrameBuffer whose lit pixels are ink) at (x, row of ``at``) in its colour."""
        if self.c:
            self.fb.blit(g, x, self.y, 0)
        else:
            self.fb.blit(g, x, self.y, 1, _PAL)

    def ch(self, code, x):
        """Glyph ``code`` at (x, row of ``at``) in its colour and font; returns the x after it. A glyph cut by an
        edge of the frame is counted in ``clipped`` (the clipping test, tests/core/test_ui_fits.py): its rows 0-6,
        and row 7 when it has ink there (a cedilla: ``font.low``)."""
        if x < 0 or x + self.w - 1 > WIDTH:
            self.clipped += 1
        elif self.edge and (self.y < 0 or self.y + self.w + 1 + self.large > HEIGHT or low(code)):
            self.clipped += 1       # its cell past the frame's top or bottom loses ink: rows 0-6, or row 7 with ink
        if self.large:
            code = big_glyph(code)
        else:
            code = glyph(code)              # (the argument reused for the window: 11 slots at most)
        if self.c:
            self.fb.blit(code, x, self.y, 0)
        else:
            self.fb.blit(code, x, self.y, 1, _PAL)
        return x + self.w

    def overlap(self, end, start):
        """Count in ``clipped`` a text ending at x = ``end`` that runs into the next one starting at ``start``."""
        if end > start:
            self.clipped += 1

    def _str(self, s, x):
        if len(s) > _TEXT_MAX:
            return self._long(s, x)
        if _MP:
            pack_into("128s", _tb, 0, s)     # 128 = 4 * _TEXT_MAX: _tb[128] stays 0
        else:
            _fill_cpython(s)
        return self._line(x)

    def head(self, s, n, x):
        """The first ``n`` characters of ``s`` (str of up to _TEXT_MAX characters: a name) from x on the row of
        ``at``, in the small font; returns the x after them. Allocates nothing (``s[i]`` would intern a character
        no text had before)."""
        if _MP:
            pack_into("128s", _tb, 0, s)
        else:
            _fill_cpython(s)
        j = 0
        b = _tb[0]
        while n and b:
            j += 1 if b < 0x80 else (2 if b < 0xE0 else (3 if b < 0xF0 else 4))
            n -= 1
            b = _tb[j]
        _tb[j] = 0
        return self._line(x)

    def _line(self, x):
        """The text in _tb on the row of ``at`` from x, in its colour and font (small: by one blit of the line
        buffer; big: glyph by glyph); returns the x after it."""
        if self.large:
            return self._bigs(x)
        n = _small_line()
        if not n:
            return x
        _src[1] = n * W
        _src[2] = 8 if _seen[0] else 7      # ASCII has no ink on row 7: a row less to blit
        if x < 0 or x + n * W - 1 > WIDTH or (self.edge and (self.y < 0 or self.y + W + 1 > HEIGHT or _seen[0])):
            self._clip(x, n)                # (an edge cuts rows 0-6, or row 7 where a glyph beyond ASCII has ink)
        if self.c:
            self.fb.blit(_src, x, self.y, 0)
        else:
            self.fb.blit(_src, x, self.y, 1, _PAL)
        return x + n * W

    def _bigs(self, x):
        """The text in _tb in big glyphs from x, one ``ch`` each."""
        j = 0
        b = _tb[0]
        while b:
            if b < 128:
                j += 1
            else:
                b = _code(j)
                j += 2 if b < 0x800 else (3 if b < 0x10000 else 4)
            x = self.ch(b, x)
            b = _tb[j]
        return x

    def _clip(self, x, n):
        """Count in ``clipped`` the glyphs of the line buffer's text at x that an edge cuts (as ``ch`` does): rows
        0-6, or row 7 where the glyph (its 5 bytes at ``_lbuf[k]``) has ink there."""
        k = 0
        while k < n * W:
            if x < 0 or x + self.w - 1 > WIDTH:
                self.clipped += 1
            elif self.edge and (self.y < 0 or self.y + self.w + 1 + self.large > HEIGHT or
                                (_lbuf[k] | _lbuf[k + 1] | _lbuf[k + 2] | _lbuf[k + 3] | _lbuf[k + 4]) & 0x80):
                self.clipped += 1
            x += self.w
            k += W

    def _long(self, s, x):
        i = 0
        while i < len(s):
            x = self.ch(ord(s[i]), x)
            i += 1
        return x

    def char(self, code, x, y, c=1):
        """One small glyph (character code ``code``) at (x, y); returns the next x."""
        self.at(y, c, 0)
        return self.ch(code, x)

    def text(self, s, x, y, c=1):
        """``s`` in the small font with its top-left at (x, y); returns the x after it."""
        self.y = y                          # (``at`` written out: a call less per text)
        self.c = c
        self.large = 0
        self.w = W
        self.edge = y < 0 or y + 8 > HEIGHT
        return self._str(s, x)

    def big(self, s, x, y, c=1):
        """``s`` in the big font (12x16 cells) at (x, y); returns the x after it."""
        self.at(y, c, 1)
        return self._str(s, x)

    def num(self, n, x, y, c=1, big=False):
        """The int ``n`` in decimal, left-aligned at (x, y); returns the x after it."""
        self.at(y, c, big)
        if not _number(n):
            return self._long_num(n, x)
        return self._line(x)

    def _long_num(self, n, x):
        """``num`` glyph by glyph (a number longer than the line buffer)."""
        if n < 0:
            x = self.ch(45, x)
            n = -n
        x += num_width(n) * self.w
        end = x             # the digits from the last one back
        while True:
            x -= self.w
            self.ch(48 + n % 10, x)
            n //= 10
            if not n:
                return end

    def num_right(self, n, right, y, c):
        """The int ``n`` in the small font, colour ``c``, right-aligned so that it ends at x = ``right``."""
        right -= num_width(n) * W
        return self.num(n, right, y, c)

    def center(self, s, y, c=1, big=False):
        """``s`` centred horizontally on the frame at row ``y``."""
        self.at(y, c, big)
        return self._str(s, (WIDTH + 1 - len(s) * self.w) // 2)

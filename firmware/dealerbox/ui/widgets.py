"""Screen furniture shared by every screen: title bar, list rows, value box, footer of key hints.

Layout of the 128x64 frame (rows in pixels)::

    0..8    title bar (inverse), an up arrow at the right when the list scrolls up
    11..55  content: 5 list rows of 9 px (ROW0 + i * ROW_H)
    56..63  footer: the keys that do something here, e.g. "\\x1c choose  OK next"

A list row is a pair ``(label, value)``: ``label`` a str, ``value`` a str, an int or None.
Rows are built when the screen's state changes (a press), never while drawing.
"""

from micropython import const

from dealerbox.ui import font
from dealerbox.ui.canvas import HEIGHT, WIDTH, num_width, text_width

TITLE_H = const(9)
ROW0 = const(11)
ROW_H = const(9)
ROWS = const(5)
_FOOT_Y = const(56)


def title(cv, s):
    """The inverse title bar with ``s``."""
    cv.fb.fill_rect(0, 0, WIDTH, TITLE_H, 1)
    cv.text(s, 2, 1, 0)


def footer(cv, s):
    """The key hints at the bottom row, with a rule above them; one row higher, touching the rule, when a letter's
    cedilla (ç ş ğ Ç Ş) would fall off the frame's last row."""
    cv.fb.hline(0, _FOOT_Y - 1, WIDTH, 1)
    cv.k = cv.clipped
    cv.text(s, 1, _FOOT_Y + 1)
    if cv.clipped > cv.k and _low(s):
        cv.fb.fill_rect(0, _FOOT_Y, WIDTH, HEIGHT - _FOOT_Y, 0)
        cv.clipped = cv.k
        cv.text(s, 1, _FOOT_Y)


def _low(s):
    """True when a character of ``s`` has ink on its glyph's last row (``font.low``)."""
    i = 0
    while i < len(s):
        if font.low(ord(s[i])):
            return True
        i += 1
    return False


def value_width(v):
    """Pixel width of a row value (str or int)."""
    if v is None:
        return 0
    if isinstance(v, int):
        return num_width(v) * font.W
    return text_width(v)


def first_visible(sel, top, n):
    """The index of the first visible row of a list of ``n`` so that ``sel`` is on screen (scrolling as little as
    possible)."""
    if sel < top:
        top = sel
    if sel >= top + ROWS:
        top = sel - ROWS + 1
    if top > n - ROWS:
        top = n - ROWS
    if top < 0:
        top = 0
    return top


def rows_list(cv, rows, sel, top):
    """Draw ``rows`` (list of (label, value)) from index ``top``; ``sel`` (or -1) is shown inverse.

    Arrows at the right edge of the first/last visible row say that the list goes on.
    """
    cv.cy = ROW0
    cv.k = min(top + ROWS, len(rows))      # the end of the visible rows
    y0 = top                                # the first visible row
    while top < cv.k:
        _row(cv, rows[top], top == sel)
        top += 1
    _arrows(cv, len(rows), sel, y0)         # cv.cy is now the y after the last visible row


def _row(cv, r, sel):
    """Row ``r`` at y = cv.cy, inverse when ``sel``; moves cv.cy to the next row."""
    if sel:
        cv.fb.fill_rect(0, cv.cy - 1, WIDTH, ROW_H, 1)
    sel = 0 if sel else 1
    if r[1] is None:        # the label alone: up to the scroll arrow's column
        cv.overlap(cv.text(r[0], 2, cv.cy, sel) - 1, WIDTH - 6)
    else:                   # a letter's room between the label and its value
        cv.overlap(cv.text(r[0], 2, cv.cy, sel) + font.W, WIDTH - 8 - value_width(r[1]))
    if isinstance(r[1], int):       # the value right-aligned at WIDTH - 8
        cv.num_right(r[1], WIDTH - 8, cv.cy, sel)
    elif r[1] is not None:
        cv.text(r[1], WIDTH - 8 - text_width(r[1]), cv.cy, sel)
    cv.cy += ROW_H


def _arrows(cv, n, sel, top):
    """The up arrow on the first visible row (index ``top``) when rows are above it, the down arrow on the last
    (index cv.k - 1, its y cv.cy - ROW_H) when rows are below it; inverse on the selected row."""
    if top > 0:
        _arrow(cv, 21, cv.cy - (cv.k - top) * ROW_H, sel == top)
    if cv.k < n:
        _arrow(cv, 22, cv.cy - ROW_H, sel == cv.k - 1)


def _arrow(cv, code, y, sel):
    cv.char(code, WIDTH - 6, y, 0 if sel else 1)

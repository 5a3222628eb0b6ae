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
from dealerbox.ui.canvas import WIDTH, num_width, text_width

TITLE_H = const(9)
ROW0 = const(11)
ROW_H = const(9)
ROWS = const(5)
FOOT_Y = const(56)


def title(cv, s, right=None):
    """The inverse title bar with ``s``; ``right`` (str or int, optional) at its right end."""
    cv.bar(0, TITLE_H)
    cv.text(s, 2, 1, 0)
    if right is not None:
        if isinstance(right, int):
            cv.num_right(right, WIDTH - 2, 1, 0)
        else:
            cv.text(right, WIDTH - 2 - text_width(right), 1, 0)


def footer(cv, s):
    """The key hints at the bottom row, with a rule above them."""
    cv.hline(0, FOOT_Y - 1, WIDTH, 1)
    cv.text(s, 1, FOOT_Y + 1)


def value_width(v):
    """Pixel width of a row value (str or int)."""
    if v is None:
        return 0
    if isinstance(v, int):
        return num_width(v) * font.W
    return text_width(v)


def draw_value(cv, v, right, y, c=1):
    """Row value ``v`` right-aligned to x = ``right``."""
    if v is None:
        return
    if isinstance(v, int):
        cv.num_right(v, right, y, c)
    else:
        cv.text(v, right - text_width(v), y, c)


def first_visible(sel, top, n, rows=ROWS):
    """The index of the first visible row so that ``sel`` is on screen (scrolling as little as possible)."""
    if sel < top:
        top = sel
    if sel >= top + rows:
        top = sel - rows + 1
    if top > n - rows:
        top = n - rows
    if top < 0:
        top = 0
    return top


def rows_list(cv, rows, sel, top, y0=ROW0, nrows=ROWS):
    """Draw ``rows`` (list of (label, value)) from index ``top``; ``sel`` (or -1) is shown inverse.

    Arrows at the right edge of the first/last visible row say that the list goes on.
    """
    n = len(rows)
    end = top + nrows
    if end > n:
        end = n
    for i in range(top, end):
        y = y0 + (i - top) * ROW_H
        c = 1
        if i == sel:
            cv.fill_rect(0, y - 1, WIDTH, ROW_H, 1)
            c = 0
        r = rows[i]
        cv.text(r[0], 2, y, c)
        draw_value(cv, r[1], WIDTH - 8, y, c)
    if top > 0:
        cv.char(21, WIDTH - 6, y0, 0 if sel == top else 1)
    if end < n:
        cv.char(22, WIDTH - 6, y0 + (end - 1 - top) * ROW_H, 0 if sel == end - 1 else 1)

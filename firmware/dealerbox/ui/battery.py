"""The battery between hands: a glyph at the right of the title bar, and "plug in" in the footer when it runs low.

The board reads the level (boards/loop.py ``battery``, ``dealerbox.power.level``) and hands it to the app
(``App.battery``); the between-hands screen ("Hand 12 over", where the table looks while the cards are
gathered) shows it. The glyph: a cell with 3 bars (full), 2 (half), 1 (low), none (critical), a plug on USB.
At low and critical the footer says so, in place of the keys' hint (not over a message: a busted player's name,
the "End session? OK again" question). Drawing allocates nothing (the texts are kept: ``lang.keep``).
"""

from micropython import const

from dealerbox import power
from dealerbox.lang import N_, keep, tr
from dealerbox.ui import widgets
from dealerbox.ui.canvas import HEIGHT, WIDTH
from dealerbox.ui.modes import M_BETWEEN

_X = const(115)             # the glyph's left edge: 13 px wide (to x 127), in the 9 px title bar
_FOOT_Y = const(56)
WARNINGS = (N_("Battery empty soon!"), N_("Low battery: plug in"))     # CRITICAL, LOW
keep(WARNINGS)
LEVEL = None                # the level the board last read (``update``), or None


def update(level):
    """Keep ``level`` (``dealerbox.power``, or None); True when it changed."""
    global LEVEL
    was = LEVEL
    LEVEL = level
    return level != was


def shows(app):
    """True when the screen showing draws the battery (the between-hands screen)."""
    return app.screen.MODE == M_BETWEEN


def draw(app, cv):
    """The glyph of the level (``LEVEL``) and, when it warns, the warning in the footer; nothing when the screen is
    another or the level unknown (None)."""
    lvl = LEVEL
    if lvl is None or not shows(app):
        return
    glyph(cv.fb, lvl)
    if power.warns(lvl) and not app.screen.msg:
        cv.fb.fill_rect(0, _FOOT_Y, WIDTH, HEIGHT - _FOOT_Y, 0)
        widgets.footer(cv, tr(WARNINGS[lvl - power.CRITICAL]))


def glyph(fb, lvl):
    """Level ``lvl`` (``dealerbox.power``) drawn dark on the title bar's right end of framebuffer ``fb``: a plug
    pointing right on USB (cable, body, two prongs), else the cell, its nub and its bars (3 full, 2 half, 1 low, none
    critical)."""
    fb.fill_rect(_X - 2, 0, WIDTH - _X + 2, widgets.TITLE_H, 1)     # the bar again: a long title stops short
    if lvl == power.USB:
        fb.hline(_X, 4, 4, 0)
        fb.fill_rect(_X + 4, 2, 4, 5, 0)
        fb.hline(_X + 8, 3, 3, 0)
        fb.hline(_X + 8, 5, 3, 0)
        return
    bars = lvl - power.CRITICAL
    fb.rect(_X, 2, 12, 5, 0)
    fb.vline(_X + 12, 3, 3, 0)
    if bars > 0:                # unrolled: a loop's counters would need a call frame from the heap
        fb.fill_rect(_X + 2, 3, 2, 3, 0)
    if bars > 1:
        fb.fill_rect(_X + 5, 3, 2, 3, 0)
    if bars > 2:
        fb.fill_rect(_X + 8, 3, 2, 3, 0)

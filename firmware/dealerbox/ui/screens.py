"""Drawing every screen of the app from its state: only paint, no decisions, nothing allocated.

Each ``draw_*(sc, cv)`` reads the state its screen ``sc`` (ui/screen.py) computed when the last button was pressed
(``rows``, ``title``, ``shown``, ``opts`` ...) and paints it on ``cv`` (a ``Canvas``).
Cards go through ``cardart``, which records them on the canvas (privacy tests).

A redraw allocates nothing, not even a call frame: every function here needs at most 11
slots (arguments, locals and value stack; canvas.py says why), so the screens are drawn by
small functions, loops keep their counters on the canvas (``cv.cy``, ``cv.k``), and no
string, tuple or bound method is made (tests/host/test_redraw_alloc.py counts the bytes).
"""

from micropython import const

from dealerbox.lang import N_, keep, tr
from dealerbox.ui import cardart, widgets
from dealerbox.ui.canvas import WIDTH, num_width, text_width
from dealerbox.ui.font import BIG_W, W
from dealerbox.ui.modes import ALL_IN_LABEL, MAX_NAME, PUTS_CHIPS, action_label

# the y of a hand's cards (20x28) on a turn and its gate: a face and a back differ in rows y+2..y+25, display
# pages 3-5 (boards/pages.py sends the pages that changed: opening a turn sends three pages of cards)
_CARDS_Y = const(22)
# every text translated below, while drawing: translated when the language is chosen (lang.keep), so that a redraw
# allocates nothing in any language (tests/host/test_lang.py checks the list against this module's tr calls)
keep((N_("Center"), N_("Sideshow"), N_("asked by")))


def draw_list(sc, cv):
    widgets.title(cv, sc.title)
    widgets.rows_list(cv, sc.rows, sc.sel, sc.top)
    widgets.footer(cv, sc.msg if sc.msg else sc.hint)


def draw_value(sc, cv):
    widgets.title(cv, sc.title)
    cv.center(sc.rows[0][0], 14)
    x = (WIDTH - num_width(sc.rows[0][1]) * BIG_W) // 2     # the value in the big font, centred, between a left
    cv.char(23, x - 14, 32)                                 # and a right arrow
    x = cv.num(sc.rows[0][1], x, 28, 1, True)
    cv.char(24, x + 6, 32)
    widgets.footer(cv, sc.hint)


def draw_name(sc, cv):
    widgets.title(cv, sc.title)
    cx = (WIDTH - MAX_NAME * BIG_W) // 2     # the name editor's first letter
    cv.big(sc.edit, cx, 20)
    cx += sc.epos * BIG_W
    cv.fb.fill_rect(cx, 37, 10, 2, 1)
    cv.char(21, cx + 2, 11)
    widgets.footer(cv, sc.msg if sc.msg else sc.hint)   # a refused name: why


def draw_gate(sc, cv):
    """The gate laid out as the turn it opens (``draw_turn``), so that opening the turn redraws only its cards and
    its action bar: the last action in the title, the public line where the turn has it, the cards face down where
    the turn shows them (Indian Poker: the center card where the turn has it), "OK: I am Ben" in the action bar."""
    widgets.title(cv, sc.title)
    cv.text(sc.info, 1, 11)
    if sc.center:
        center_card(cv, sc.center, WIDTH - 66, 47)
    _backs(cv, sc.ncards)
    cv.fb.fill_rect(0, 55, WIDTH, 9, 1)        # the action bar's inverse band, as the turn's
    cv.center(sc.msg if sc.msg else sc.hint, 56, 0)        # "Take back? OK again"


def center_card(cv, c, x, y):
    """ "Center" and the center card (Indian Poker), 66 px wide from (x, y)."""
    cv.text(tr("Center"), x, y)
    cardart.small_row(cv, c, x + 42, y)


def draw_turn(sc, cv):
    seat = sc.viewer
    cv.fb.fill_rect(0, 0, WIDTH, widgets.TITLE_H, 1)      # the title bar: name, blind/seen, stack
    x = cv.text(sc.app.table.names[seat], 1, 1, 0)
    if sc.status:
        x = cv.text(sc.status, x + W, 1, 0)
    cv.overlap(x + W, WIDTH - 1 - num_width(sc.app.table.stacks[seat]) * W)
    cv.num_right(sc.app.table.stacks[seat], WIDTH - 1, 1, 0)
    cv.text(sc.msg if sc.msg else sc.info, 1, 11)
    if sc.others:                           # Indian Poker: the others' foreheads (``foreheads.draw_others``)
        sc.others(sc, cv, seat)
    elif sc.shown[seat]:
        _own_cards(sc, cv, sc.shown[seat])
    else:
        _backs(cv, sc.ncards)
    _action_bar(sc, cv)


def _own_cards(sc, cv, own):
    """The viewer's own cards face up (marked ones inverted during the draw), the draw cursor under one."""
    x = cardart.row_x(len(own))
    if sc.asked_by and len(own) <= 3:     # answering a sideshow: who asked, beside the cards
        x = 1
        cv.text(tr("Sideshow"), 74, _CARDS_Y)
        cv.text(tr("asked by"), 74, _CARDS_Y + 9)
        cv.text(sc.asked_by, 74, _CARDS_Y + 18)
    cv.marks = sc.marks
    cardart.row(cv, own, x, _CARDS_Y)
    if sc.opts and sc.opts[sc.oi].kind == "draw":      # the Turkish draw: the cursor under a card
        cv.char(21, x + sc.cursor * cv.step + 7, _CARDS_Y + 28)


def _backs(cv, n):
    """``n`` cards face down, centred, where ``_own_cards`` shows them face up (none: nothing)."""
    x = (WIDTH - n * cardart.CARD_W - (n - 1) * 4) // 2
    while n > 0:
        cardart.back(cv, x, _CARDS_Y)
        x += cardart.CARD_W + 4
        n -= 1


def _action_bar(sc, cv):
    """The action bar: the option shown between left/right arrows, its amount, an up-down arrow when the
    amount can change."""
    cv.fb.fill_rect(0, 55, WIDTH, 9, 1)        # the inverse band (rows 55-63)
    if not sc.opts:
        return
    o = sc.opts[sc.oi]
    cv.char(23, 1, 56, 0)
    cv.char(24, WIDTH - 7, 56, 0)
    a = None                # beside the label: the chips, or the cards marked for the draw
    if o.kind == "draw":
        a = marked(sc.marks)
    elif (o.max or o.amounts) and sc.amount:
        a = sc.amount
    if a is not None and o.kind in PUTS_CHIPS and a == sc.app.table.stacks[sc.viewer]:
        _action(cv, tr(ALL_IN_LABEL), a)        # the whole stack, a short all-in too: said so before it is made
    else:
        _action(cv, action_label(o.kind), a)
    if o.kind != "draw" and (o.max > o.min or (o.amounts and len(o.amounts) > 1)):
        cv.char(28, WIDTH - 16, 56, 0)


def marked(marks):
    """How many cards ``marks`` marks for the Turkish draw (bit i: the viewer's card i)."""
    n = 0
    while marks:
        n += marks & 1
        marks >>= 1
    return n


def _action(cv, label, amount):
    """``label`` and ``amount`` (an int, or None) centred in the action bar."""
    w = text_width(label)
    if amount is not None:
        w += W + num_width(amount) * W
    w = cv.text(label, (WIDTH - w) // 2, 56, 0)
    if amount is not None:
        cv.num(amount, w + W, 56, 0)


def draw_lines(sc, cv):
    """The showdown and the sideshow comparison: lines of (mark, text, cards, right) from ``sc.top``
    (``play.hand_lines``): the mark at x 0, the name at x 7, the cards at ``sc.col``, then the
    category right-aligned or, Indian Poker, an arrow and the cards that played."""
    widgets.title(cv, sc.title)
    cv.cy = widgets.ROW0
    i = sc.top
    while i < len(sc.rows) and i < sc.top + widgets.ROWS:
        _line(sc, cv, sc.rows[i])
        i += 1
    widgets.footer(cv, sc.hint)


def _line(sc, cv, r):
    """Line ``r`` = (mark, text, cards, right) at y = cv.cy; moves cv.cy to the next line."""
    y = cv.cy
    if r[0]:
        cv.text(r[0], 0, y)
    cv.k = cv.text(r[1], 7, y)
    cv.overlap(cv.k, sc.col if r[2] else WIDTH)
    x = sc.col
    if r[2]:
        x = cardart.small_row(cv, r[2], x, y)
    if r[3]:
        _line_right(cv, r[3], x, y)
    cv.cy = y + widgets.ROW_H


def _line_right(cv, right, x, y):
    """The end of a line: a category right-aligned (a str), or an arrow and the cards that played (Indian)."""
    if isinstance(right, str):
        cv.overlap(x + 2, WIDTH - text_width(right))
        cv.text(right, WIDTH - text_width(right), y)
    else:
        cv.char(24, x, y)
        cardart.small_row(cv, right, x + 8, y)

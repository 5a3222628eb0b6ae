"""Drawing every screen of the app from its state: only paint, no decisions, nothing allocated.

Each ``draw_*(app, cv)`` reads the state the app computed when the last button was pressed
(``rows``, ``title``, ``shown``, ``opts`` ...) and paints it on ``cv`` (a ``Canvas``).
Cards go through ``cardart``, which records them on the canvas (privacy tests).
"""

from dealerbox.ui import cardart, font, widgets
from dealerbox.ui.canvas import WIDTH, num_width, text_width
from dealerbox.ui.modes import MAX_NAME, action_label


def draw_list(app, cv):
    widgets.title(cv, app.title)
    widgets.rows_list(cv, app.rows, app.sel, app.top)
    widgets.footer(cv, app.msg if app.msg else app.hint)


def draw_value(app, cv):
    widgets.title(cv, app.title)
    r = app.rows[0]
    cv.center(r[0], 14)
    v = r[1]
    w = num_width(v) * font.BIG_W
    x = (WIDTH - w) // 2
    cv.num(v, x, 28, 1, True)
    cv.char(23, x - 14, 32)
    cv.char(24, x + w + 6, 32)
    widgets.footer(cv, app.hint)


def draw_name(app, cv):
    widgets.title(cv, app.title)
    name = app.edit
    x = (WIDTH - MAX_NAME * font.BIG_W) // 2
    cv.big(name, x, 20)
    cx = x + app.epos * font.BIG_W
    cv.fill_rect(cx, 37, 10, 2, 1)
    cv.char(21, cx + 2, 11)
    widgets.footer(cv, app.hint)


def draw_gate(app, cv):
    widgets.title(cv, app.title)
    c = app.center              # Indian: the face-up center card, one more line
    y = 11 if c else 13
    cv.center("Pass the box to", y)
    name = app.gate_name
    big = len(name) * font.BIG_W <= WIDTH
    if big:
        cv.center(name, y + 9 if c else 24, 1, True)
    else:
        cv.center(name, y + 13 if c else 28)
    cv.center(app.info, 37 if c else 44)
    if c:
        _center_card(cv, c, (WIDTH - 66) // 2, 46)
    widgets.footer(cv, app.hint)


def draw_seal(app, cv):
    """A hand's first screen: "Deal sealed" and the commitment's first 8 hex digits in big type
    (``app.info``), before the first gate (docs/fairness.md)."""
    widgets.title(cv, app.title)
    cv.center("Deal sealed", 13)
    cv.center(app.info, 24, 1, True)
    cv.center("check it in the log", 44)
    widgets.footer(cv, app.hint)


def _center_card(cv, c, x, y):
    """ "Center" and the center card (Indian Poker), 66 px wide from (x, y)."""
    cv.text("Center", x, y)
    cardart.small_row(cv, c, len(c), x + 42, y)


def draw_turn(app, cv):
    seat = app.viewer
    t = app.table
    # title: name, blind/seen, stack
    cv.bar(0, widgets.TITLE_H)
    x = cv.text(t.names[seat], 2, 1, 0)
    if app.status:
        cv.text(app.status, x + 6, 1, 0)
    cv.num_right(t.stacks[seat], WIDTH - 2, 1, 0)
    cv.text(app.msg if app.msg else app.info, 1, 11)
    shown = app.shown
    own = shown[seat]
    opts = app.opts
    o = opts[app.oi] if opts else None
    drawing = o is not None and o.kind == "draw"
    if app.indian:
        draw_others(app, cv, seat)
    elif own:
        n = len(own)
        gap = 4 if n <= 5 else 1
        x0 = (WIDTH - n * cardart.CARD_W - (n - 1) * gap) // 2
        if app.asked_by and n <= 3:     # answering a sideshow: who asked, beside the cards
            x0 = 1
            cv.text("Sideshow", 74, 20)
            cv.text("asked by", 74, 29)
            cv.text(app.asked_by, 74, 38)
        cardart.row(cv, own, n, x0, 20, gap, app.marks)
        if drawing:
            cv.char(21, x0 + app.cursor * (cardart.CARD_W + gap) + 7, 48)
    else:
        n = app.ncards
        x0 = (WIDTH - n * cardart.CARD_W - (n - 1) * 4) // 2
        for i in range(n):
            cardart.back(cv, x0 + i * (cardart.CARD_W + 4), 20)
    # the action bar
    y = 56
    cv.fill_rect(0, y - 1, WIDTH, 9, 1)
    if o is None:
        return
    cv.char(23, 1, y, 0)
    cv.char(24, WIDTH - 7, y, 0)
    label = action_label(o.kind)
    w = text_width(label)
    amount = 0
    if drawing:
        amount = app._count_marks()
    elif o.max or o.amounts:
        amount = app.amount
    if amount or drawing:
        w += font.W + num_width(amount) * font.W
    x = (WIDTH - w) // 2
    x = cv.text(label, x, y, 0)
    if amount or drawing:
        cv.num(amount, x + font.W, y, 0)
    if not drawing and (o.max > o.min or (o.amounts and len(o.amounts) > 1)):
        cv.char(28, WIDTH - 16, y, 0)


def draw_others(app, cv, seat):
    """Indian Poker: every other player's forehead card (the holder's own is never drawn), then "You: ?"
    with the own hole card in the two-card variant, and the face-up center card when there is one."""
    shown = app.shown
    t = app.table
    k = 0
    for s in range(len(shown)):
        cards = shown[s]
        if s == seat or not cards:
            continue
        col = k % 3
        row = k // 3
        x = 1 + col * 43
        y = 20 + row * 9
        nm = t.names[s]
        for i in range(min(3, len(nm))):
            cv.char(ord(nm[i]), x + i * 6, y)
        cardart.small(cv, cards[0], x + 20, y)
        k += 1
    x = cv.text("You: ?", 1, 47)
    own = shown[seat]
    if own:                     # the two-card variant: the own hole card (``_visible``), never the forehead
        cardart.small_row(cv, own, len(own), x + 6, 47)
    if app.center:
        _center_card(cv, app.center, WIDTH - 66, 47)


def draw_lines(app, cv):
    """The showdown and the sideshow comparison: lines of (mark, text, cards, right) from ``app.top``
    (``PlayFlow._lines``): the mark at x 0, the name at x 7, the cards at ``app.col``, then the
    category right-aligned or, Indian Poker, an arrow and the cards that played."""
    widgets.title(cv, app.title)
    rows = app.rows
    y = widgets.ROW0
    end = min(len(rows), app.top + widgets.ROWS)
    for i in range(app.top, end):
        mark, text, cards, right = rows[i]
        if mark:
            cv.text(mark, 0, y)
        cv.text(text, 7, y)
        x = app.col
        if cards:
            x = cardart.small_row(cv, cards, len(cards), x, y)
        if right:
            if isinstance(right, str):
                cv.text(right, WIDTH - text_width(right), y)
            else:
                cv.char(24, x, y)
                cardart.small_row(cv, right, len(right), x + 8, y)
        y += widgets.ROW_H
    widgets.footer(cv, app.hint)

"""Indian Poker's turn: the other players' forehead cards (and Forehead Stud's rows of them, each seat told apart by a
2-letter tag), drawn by the turn screen (``screens.draw_turn``, through ``TurnScreen.others``). Its own module: only
an Indian session loads it. A redraw allocates nothing (``screens``: at most 11 slots a call)."""

from dealerbox.lang import N_, keep, tr
from dealerbox.ui import cardart
from dealerbox.ui.canvas import WIDTH
from dealerbox.ui.screens import center_card

# the texts translated while drawing: kept (``lang.keep``), so that a redraw allocates nothing in any language
keep((N_("You: ?"), N_("You:")))


def stud_tags(names):
    """Forehead Stud: a 2-letter tag per seat of ``names``, no two alike, so every seat's cards are told apart: the
    first two letters ("Sam": "Sa"), else the first letter with a later one ("Sara" after "Sam": "Sr"), else the first
    letter and the seat's number."""
    tags = []
    for s in range(len(names)):
        n = names[s]
        cands = [n[:2]]
        for c in n[2:] + n[1:2]:
            cands.append(n[0] + c)
        cands.append(n[0] + "%d" % ((s + 1) % 10))
        for t in cands:
            if t not in tags:
                tags.append(t)
                break
        else:
            tags.append("%d" % (s + 1))
    return tags


def draw_others(sc, cv, seat):
    """Indian Poker: every other player's forehead card (the holder's own is never drawn), then "You: ?"
    with the own hole card in the two-card variant, and the face-up center card when there is one."""
    cv.k = 0
    s = 0
    if sc.up_count is not None:
        _stud_others(sc, cv, seat)
        return
    while s < len(sc.shown):
        if s != seat and sc.shown[s]:
            _other(cv, sc.app.table.names[s], sc.shown[s][0], sc.app.engine.is_live(s))
        s += 1
    s = cv.text(tr("You: ?"), 1, 47)
    if sc.shown[seat]:         # the two-card variant: the own hole card (``play.seen_cards``), never the forehead
        cardart.small_row(cv, sc.shown[seat], s + 6, 47)
    if sc.center:
        center_card(cv, sc.center, WIDTH - 66, 47)


def _stud_others(sc, cv, seat):
    """Forehead Stud: every other player's forehead cards (two players to a row: the seat's 2-letter tag, a rule, up
    to 4 cards), then "You:" with a "?" for each of the own forehead cards (never drawn) and the own hole cards."""
    s = 0
    while s < len(sc.shown):
        if s != seat and sc.shown[s]:
            x = 1 + (cv.k & 1) * 64
            cv.cy = 20 + (cv.k >> 1) * 9
            _stud_cards(cv, sc.tags[s], sc.shown[s], x)
            if not sc.app.engine.is_live(s):
                _struck(cv, x, 62)
            cv.k += 1
        s += 1
    x = cv.text(tr("You:"), 1, 47)
    s = 0
    while s < sc.up_count:
        x = cv.text("?", x + (2 if s == 0 else 1), 47)
        s += 1
    if sc.shown[seat]:                         # the own hole cards (``play.seen_cards``), never a forehead card
        cardart.small_row(cv, sc.shown[seat], x + 5, 47)


def _struck(cv, x, w):
    """A folded seat's forehead cards in the row at cv.y (``cv.at``), from ``x``, ``w`` px wide, struck through (its
    cards stay in sight, as on a forehead at the table)."""
    cv.fb.fill_rect(x, cv.y + 3, w, 1, 1)


def _stud_cards(cv, tag, cards, x):
    """At (x, cv.cy): the seat's 2-letter ``tag`` (``stud_tags``: no two alike), a rule, and the cards ``cards``
    side by side, 12 px each."""
    cv.at(cv.cy, 1, 0)
    cv.head(tag, 2, x)
    _rule(cv, x + 12)
    x += 14
    i = 0
    while i < len(cards):
        cardart.small_at(cv, cards[i], x)
        x += cardart.SMALL_W
        i += 1


def _rule(cv, x):
    """A 1-px rule at x down the row at cv.cy (a frame of its own: ``_stud_cards`` has no slot left for it)."""
    cv.fb.fill_rect(x, cv.cy - 1, 1, 9, 1)


def _other(cv, name, c, live):
    """The cv.k-th other player (3 to a row): the first 3 letters of ``name`` and the card ``c`` on their
    forehead, struck through when the seat is no longer ``live`` (folded)."""
    x = 1 + (cv.k % 3) * 43
    cv.at(20 + (cv.k // 3) * 9, 1, 0)
    cv.head(name, 3, x)
    cardart.small_at(cv, c, x + 20)
    if not live:
        _struck(cv, x, 40)
    cv.k += 1

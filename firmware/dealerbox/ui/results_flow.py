"""The public screens after a hand: showdown, awards (side pots included), standings, the menu
between hands (next hand, standings, rebuy, rules, end session), the table menu, the end of the
session with net results.

Functions of the ``App`` (ui/app.py), not a layer of it, like ``ui/setup_flow.py``: imported with the app (every
session's first hand ends here). The gate, turn and sideshow screens are ``ui/app.py``'s. Rows are built at
press time (``build``), never while drawing.
"""

from dealerbox.engine.base import seal_code
from dealerbox.lang import N_, tr
from dealerbox.ui import buttons as btn
from dealerbox.ui import font, settings, widgets
from dealerbox.ui.canvas import WIDTH, text_width
from dealerbox.ui.modes import (
    BETWEEN_ITEMS,
    M_AWARDS,
    M_BETWEEN,
    M_END,
    M_GAME,
    M_MENU,
    M_REBUY,
    M_RULESVIEW,
    M_SETTLE,
    M_SHOWDOWN,
    M_STANDINGS,
    MENU_ITEMS,
    wild_name,
)

# hand categories of the evaluators (dealerbox.eval) as shown; "card": the one-card variants
CATEGORY_LABELS = {
    "high_card": N_("High card"), "pair": N_("Pair"), "color": N_("Color"), "sequence": N_("Sequence"),
    "pure_sequence": N_("Pure seq."), "trail": N_("Trail"), "two_pair": N_("Two pair"),
    "minor_straight": N_("Minor straight"), "straight": N_("Straight"), "three_of_a_kind": N_("Three of a kind"),
    "full_house": N_("Full house"), "flush": N_("Flush"), "four_of_a_kind": N_("Four of a kind"),
    "minor_straight_flush": N_("Minor str. flush"), "straight_flush": N_("Straight flush"),
    "royal_flush": N_("Royal flush"), "card": "",
}


def category_label(cat):
    """Screen label of an evaluator category ("pure_sequence" -> "Pure seq."); "" for None. The showdown lines
    and the sideshow comparison (ui/app.py) show it."""
    if not cat:
        return ""
    return tr(CATEGORY_LABELS.get(cat, cat))


# how a hand ended (engine ``result["how"]``), the first line of the awards
HOW = {
    "pack": N_("Everyone else packed"), "fold": N_("Everyone else folded"), "show": N_("Show"),
    "pot-cap": N_("Pot cap reached"), "all-in": N_("All in: showdown"),
}


def showdown_rows(app):
    """Lines of the showdown (``app._lines``): each shown hand with its category, the winners marked (a
    check mark; in Indian party mode an "x" marks the losers); Indian Poker: the center card first and,
    instead of the category, the cards that played when the center card counted. Empty when no hand
    was shown (everyone else packed or folded)."""
    r = app.engine.result
    names = app.table.names
    shown = r.get("shown") or []
    cats = r.get("categories") or []
    best = r.get("best")
    party = r.get("how") == "party"
    if party:
        marked = r.get("loser") or []
    else:
        marked = []
        for a in r.get("awards") or ():
            if a[2] > 0:
                marked.append(a[1])
    hands = []
    if r.get("center") and any(shown):
        hands.append(("", tr("Center"), r["center"], ""))
    # the seats of the showdown: the winners (``marked``) first, then the rest from the best hand down (equal hands
    # in seat order; a hand's strength is the game's own score, higher is better)
    e = app.engine
    order = []
    rest = []
    keys = {}
    for s in range(len(shown)):
        if shown[s] and s in marked:
            order.append(s)
        elif shown[s]:
            rest.append(s)
            try:
                if hasattr(e, "best"):                  # Indian Poker: the cards that played
                    keys[s] = e.best(s)[0]
                elif hasattr(e, "score"):               # Teen Patti
                    keys[s] = e.score(s)
                else:
                    keys[s] = e.ranking().score(shown[s])   # Turkish Poker
            except Exception:                           # (a hand the engine no longer holds: seat order)
                keys[s] = 0
    while rest:                                 # (selection: no sort key function needed on MicroPython)
        b = 0
        for i in range(1, len(rest)):
            if keys[rest[i]] > keys[rest[b]]:
                b = i
        order.append(rest.pop(b))
    for s in order:
        if shown[s]:
            right = category_label(cats[s]) if s < len(cats) else ""
            cards = shown[s]
            if best is not None and len(cards) > 5:     # Forehead Stud: the best five and the hand in words
                cards = best[s]
            elif best is not None:      # Indian: the card itself; the cards that played if not its own
                b = best[s]
                right = b if b and sorted(b) != sorted(shown[s]) else ""
            mark = ("x" if party else "\x19") if s in marked else ""
            hands.append((mark, names[s], cards, right))
    return app._lines(hands) if hands else []


def press(app, b, long):
    """Handle a button on a results screen (or the table menu, the rules view); True when the next hand
    must be dealt ("Next hand"): the app deals it after this module's code returned, so it can be dropped
    before the deal."""
    m = app.mode
    if b == btn.OK and long and m in (M_SHOWDOWN, M_AWARDS):
        app._open_menu(m)
        return False
    if m in (M_SHOWDOWN, M_AWARDS, M_STANDINGS, M_END, M_RULESVIEW, M_SETTLE) and b in (btn.UP, btn.DOWN):
        widgets.scroll(app, 1 if b == btn.DOWN else -1)
        return False
    if m == M_BETWEEN and app.armed:    # "End session" asked for a second OK: anything else keeps playing
        app.armed = False
        if not (b == btn.OK and app.sel == len(BETWEEN_ITEMS) - 1):    # (the last item: "End session")
            app.msg = ""
            app.dirty = True
            return False
        app.table.stop()
        app._save()
        app._enter(M_END)
        return False
    if m in (M_BETWEEN, M_MENU, M_REBUY) and b in (btn.UP, btn.DOWN):
        app._move(b, long, len(app.rows))
        if m == M_REBUY:
            _build_rebuy(app)
        return False
    if m == M_SHOWDOWN and b == btn.OK:
        app._enter(M_AWARDS)
    elif m == M_AWARDS and b == btn.OK:
        app._enter(M_STANDINGS)
    elif b == btn.OK and (m == M_RULESVIEW or m == M_STANDINGS and app.back_mode):    # back to the menu left
        back = app.back_mode
        app.back_mode = 0
        app._enter(back, app.back_sel)
    elif m == M_STANDINGS and b == btn.OK:
        if app.table.stopped:
            app._enter(M_END)
        else:       # even when one player holds every chip: a busted player may rebuy (issue 14)
            busted = _busted(app.table)
            app._enter(M_BETWEEN, BETWEEN_ITEMS.index("Rebuy") if busted else 0)
    elif (m == M_BETWEEN or m == M_MENU) and b == btn.OK:
        item = (BETWEEN_ITEMS if m == M_BETWEEN else MENU_ITEMS)[app.sel]
        if item == "Standings" or item == "Rules":  # then back to this menu, on the same row
            app.back_mode = m
            app.back_sel = app.sel
            app._enter(M_STANDINGS if item == "Standings" else M_RULESVIEW)
        elif m == M_MENU:                           # "Back to game"
            app._enter(app.menu_from)
        elif item == "Next hand":
            if len(app.table.seats_in_play()) < 2:      # one player holds every chip: rebuy, or end
                app.msg = tr("Rebuy, or End session")
                app.dirty = True
                return False
            return True
        elif item == "Rebuy":
            app.amount = app.cfg["chips"]
            busted = _busted(app.table)
            app._enter(M_REBUY, busted[0] if busted else 0)     # the cursor on the first busted player
        elif item == "Settle up":
            app._enter(M_SETTLE)
        else:                           # "End session": always asked twice
            app.armed = True
            app.msg = tr("End session? OK again")
            app.dirty = True
    elif m == M_REBUY:
        if b in (btn.LEFT, btn.RIGHT):
            app.amount = settings.ladder_step(settings.CHIP_LADDER, app.amount, 1 if b == btn.RIGHT else -1)
            _build_rebuy(app)
            app.dirty = True
        elif b == btn.OK and (long or app.sel >= app.table.n):     # "Done" (or long OK): back
            app._enter(M_BETWEEN, 2)
        elif b == btn.OK:
            seat = app.sel
            app.table.rebuy(seat, app.amount)
            app.last = tr("%s rebuys %d") % (app.table.names[seat], app.amount)
            app._save()
            app.sel = app.table.n       # the cursor on "Done": an OK pressed twice buys once
            _build_rebuy(app)
            app.msg = app.last
            app.dirty = True
    elif m == M_SETTLE and b == btn.OK:
        app._enter(M_BETWEEN, BETWEEN_ITEMS.index("Settle up"))
    elif m == M_END and b == btn.OK:
        if app.store is not None and hasattr(app.store, "clear"):
            app.store.clear()
        app.table = None
        app.engine = None
        app._enter(M_GAME, settings.game_index(app.cfg["game"]))
    return False


def _busted(table):
    """Seats with no chips left (list of ints, seat order): named between hands and offered a rebuy."""
    out = []
    for s in range(table.n):
        if table.stacks[s] <= 0:
            out.append(s)
    return out


def _build_rebuy(app):
    t = app.table
    app.title = tr("Rebuy %d chips") % app.amount
    app.rows = []
    for s in range(t.n):
        app.rows.append((t.names[s], t.stacks[s]))
    app.rows.append((tr("Done"), None))
    app.hint = tr("\x17\x18 chips OK buy") if app.sel < t.n else tr("OK back")
    app._fix_top()


def build(app):
    """Compute the rows, title and hint of the current results screen (or the table menu)."""
    m = app.mode
    e = app.engine
    t = app.table
    if m == M_SHOWDOWN:
        app.title = tr("Showdown: x loses") if e.result.get("how") == "party" else tr("Showdown")
        if e.result.get("wild") is not None:      # Joker Hunt: the wild rank, public, beside the hands
            app.title = tr("Showdown  wild %s") % wild_name(e.result["wild"])
        app.rows = showdown_rows(app)
        app.sel = -1
        app.hint = tr("\x1c more  OK awards") if len(app.rows) > widgets.ROWS else tr("OK awards")
    elif m == M_AWARDS:
        r = e.result
        app.title = tr("Hand %d result") % e.hand_no
        rows = []
        how = r.get("how")
        if r.get("dead"):
            rows.append((tr("Dead hand: carried"), r.get("carry")))
        elif r.get("voided"):                       # voided after a restart mid-hand: every chip back
            rows.append((tr("Hand voided"), None))
            for seat, chips in r.get("back") or []:
                rows.append((tr("Back to %s") % t.names[seat], "+%d" % chips))
        elif how == "party":
            for s in r.get("loser") or []:
                rows.append((tr("Loser: %s") % t.names[s], None))
        elif how in HOW:
            rows.append((tr(HOW[how]), None))
        pots = r.get("pots") or []
        back = r.get("returned")
        awards = r.get("awards") or []
        if how in ("pack", "fold"):
            # everyone else packed (or folded): "P4 wins the pot of 60" as a player says it, the uncalled chips that
            # came back included (not "Pot: P4 +40" and "Back to P4 +20", which read as 20 chips gone missing); a
            # line too wide for the screen is split after "wins". Only for one winner.
            w = r.get("winner")
            if w is None and awards:
                w = awards[0][1]
            total = 0
            for a in awards:
                total += a[2]
                if a[1] != w:
                    w = None
            if back:
                total += back[1]
                if back[0] != w:
                    w = None
            if w is not None:
                line = tr("%s wins the pot of %d") % (t.names[w], total)
                if 2 + text_width(line) <= WIDTH - 6:      # clear of the "more" arrows at the right edge
                    rows.append((line, None))
                else:
                    rows.append((tr("%s wins") % t.names[w], None))
                    rows.append((tr("  the pot of %d") % total, None))
                awards = ()                             # the whole pot, the uncalled chips included, in one line
                back = None
        for a in awards:
            pot, seat, chips = a[0], a[1], a[2]
            label = tr("Pot") if len(pots) <= 1 else (tr("Main pot") if pot == 0 else tr("Side pot %d") % pot)
            rows.append((tr("%s: %s") % (label, t.names[seat]), "+%d" % chips))
        if back:
            rows.append((tr("Back to %s") % t.names[back[0]], "+%d" % back[1]))
        if not rows:
            rows.append((tr("No award"), None))
        seal = e.log.get("commit")    # the deal's seal again, as before the first gate (docs/fairness.md)
        if seal:            # (a deal sealed before the chained log: its 8 digits, as shown then)
            code = seal_code(seal) if "prev" in e.log else seal[:8]
            rows.append((tr("Deal seal"), code[:9]))
            if code[9:]:
                rows.append(("", code[10:]))
        app.rows = fit(rows)
        app.sel = -1
        app.hint = tr("\x1c more  OK standings") if len(app.rows) > widgets.ROWS else tr("OK standings")
    elif m in (M_STANDINGS, M_END):
        rows = []
        money = m == M_END and app.cfg.get("cents", 0)
        for _seat, name, stack, net in () if money else t.standings():
            rows.append((name, "%d %s%d" % (stack, "+" if net >= 0 else "", net)))
        if m == M_END:          # settling up: with a chip value each net in chips and money, then who pays whom
            from dealerbox.ui.settling import settle_rows
            settle_rows(app, rows, bool(money))
        app.rows = fit(rows)
        app.sel = -1
        if m == M_END:
            app.title = tr("Session over: net")
            app.hint = tr("\x1c more OK new session") if len(app.rows) > widgets.ROWS else tr("OK new session")
        else:
            app.title = tr("Standings: chips net")
            app.hint = tr("\x1c more  OK next") if len(app.rows) > widgets.ROWS else tr("OK next")
    elif m == M_SETTLE:
        from dealerbox.ui.settling import settle_rows
        rows = []
        settle_rows(app, rows, True)
        app.rows = fit(rows)
        app.sel = -1
        app.title = tr("If we stop now")
        app.hint = tr("\x1c more  OK back") if len(app.rows) > widgets.ROWS else tr("OK back")
    elif m == M_BETWEEN or m == M_MENU:
        app.rows = []
        for s in BETWEEN_ITEMS if m == M_BETWEEN else MENU_ITEMS:
            app.rows.append((tr(s), None))
        app.hint = tr("\x1c choose  OK select")
        if m == M_MENU:
            app.title = tr("Table menu")
        else:
            app.title = tr("Hand %d over") % e.hand_no
            busted = _busted(t)
            if not app.msg and busted:  # the busted players named in the footer, the cursor on Rebuy (issue 14):
                line = ""               # "Out of chips: Bo", or "Out: Bo, Cy +2"
                if len(busted) == 1:
                    line = tr("Out of chips: %s") % t.names[busted[0]]
                if not line or len(line) > 21:
                    out = tr("Out: %s")
                    names = t.names[busted[0]]
                    k = 1
                    while k < len(busted) and len(out % names) + 2 + len(t.names[busted[k]]) <= 18:
                        names += ", " + t.names[busted[k]]
                        k += 1
                    line = out % names
                    if k < len(busted):
                        line += " +%d" % (len(busted) - k)
                app.msg = line[:21]
    elif m == M_REBUY:
        _build_rebuy(app)


def fit(rows):
    """``rows`` (label, value) with every row too wide for the frame split in two: its label (cut after
    ": " when it has one) and, below, the rest with the value, so a value never overlaps a name."""
    out = []
    for label, value in rows:
        if value is not None and 2 + text_width(label) + font.W + widgets.value_width(value) > WIDTH - 8:
            i = label.find(": ")
            if i > 0:
                out.append((label[:i + 1], None))
                out.append(("  " + label[i + 2:], value))
            else:
                out.append((label, None))
                out.append(("", value))
        else:
            out.append((label, value))
    return out

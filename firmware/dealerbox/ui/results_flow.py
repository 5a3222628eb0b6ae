"""The public screens after a hand: showdown, awards (side pots included), standings, the menu between hands (next
hand, standings, rebuy, rules, settle up, end session), the rebuy, the table menu (a long OK during a hand), the end of
the session with net results. Each is a ``ui.screen.Screen``; rows are built at press time (``build``), never while
drawing.
"""

from micropython import const

from dealerbox.engine.base import seal_code
from dealerbox.lang import N_, tr
from dealerbox.ui import buttons as btn
from dealerbox.ui import cardart, font, handwords, modes, screens
from dealerbox.ui.canvas import WIDTH, text_width
from dealerbox.ui.screen import LONG_OK, LONG_UD, Screen, fit, wrap_rows


def category_label(cat):
    """Screen label of an evaluator category ("pure_sequence" -> "Pure seq."); "" for None. The showdown lines
    and the sideshow comparison (ui/play.py) show it."""
    if not cat:
        return ""
    labels = {     # the evaluators' categories (dealerbox.eval) as shown; "card": the one-card variants
        "high_card": N_("High card"), "pair": N_("Pair"), "color": N_("Color"), "sequence": N_("Sequence"),
        "pure_sequence": N_("Pure seq."), "trail": N_("Trail"), "two_pair": N_("Two pair"),
        "minor_straight": N_("Minor straight"), "straight": N_("Straight"), "three_of_a_kind": N_("Three of a kind"),
        "full_house": N_("Full house"), "flush": N_("Flush"), "four_of_a_kind": N_("Four of a kind"),
        "minor_straight_flush": N_("Minor str. flush"), "straight_flush": N_("Straight flush"),
        "royal_flush": N_("Royal flush"), "card": "",
    }
    return tr(labels.get(cat, cat))


def hand_lines(hands):
    """Screen lines of ``hands`` (list of (mark, name, cards, right)) and the x of the cards (after the longest name).
    A line is (mark, text, cards, right): ``right`` a str drawn right-aligned (the category) or a list of cards drawn
    after an arrow; a category that does not fit after the cards gets a line of its own, indented."""
    w = 0
    for h in hands:
        w = max(w, len(h[1]))
    col = 7 + w * font.W + 3
    out = []                            # each hand on one line where its category fits after its cards
    for mark, name, cards, right in hands:
        if isinstance(right, str) and right and col + len(cards) * (cardart.SMALL_W + 1) + 3 + text_width(
                right) > WIDTH:
            out.append((mark, name, cards, ""))
            out.append(("", "  " + right, None, ""))
        else:
            out.append((mark, name, cards, right))
    return out, col


def first_screen(app):
    """The first screen after a hand ended: the showdown (hands were shown), else the awards, else the standings."""
    r = app.engine.result
    if r is not None and showdown_rows(app.engine, app.table.names)[0]:
        return ResultScreen(app, modes.M_SHOWDOWN)
    if r is not None:
        return ResultScreen(app, modes.M_AWARDS)
    return ResultScreen(app, modes.M_STANDINGS)


def _order(e, shown, marked):
    """The seats of the showdown: the winners (``marked``) first, then the rest from the best hand down by the game's
    own score of each (higher is better; equal hands, or hands the engine no longer holds, in seat order)."""
    order = []
    rest = []
    keys = {}
    for s in range(len(shown)):
        if shown[s] and s in marked:
            order.append(s)
        elif shown[s]:
            rest.append(s)
            keys[s] = 0
            try:
                if hasattr(e, "best"):              # Indian Poker: the cards that played
                    keys[s] = e.best(s)[0]
                elif hasattr(e, "score"):           # Teen Patti
                    keys[s] = e.score(s)
                else:                               # Turkish Poker
                    keys[s] = e.ranking().score(shown[s])
            except Exception:                       # (a hand the engine no longer holds: 0)
                pass
    while rest:                                 # (selection: no sort key function needed on MicroPython)
        b = 0
        for i in range(1, len(rest)):
            if keys[rest[i]] > keys[rest[b]]:
                b = i
        order.append(rest.pop(b))
    return order


def _marked(r):
    """The seats marked on the showdown: the winners (a check mark), or in Indian party mode the losers (an x)."""
    if r.get("how") == "party":
        return r.get("loser") or []
    out = []
    for a in r.get("awards") or ():
        if a[2] > 0:
            out.append(a[1])
    return out


def showdown_rows(e, names):
    """Lines of the showdown (``hand_lines``) and the x of their cards: each shown hand with its category, the
    winners marked; Indian Poker: the center card first and, instead of the category, the cards that played when the
    center card counted. No lines when no hand was shown (everyone else packed or folded)."""
    r = e.result
    shown = r.get("shown") or []
    cats = r.get("categories") or []
    best = r.get("best")
    party = r.get("how") == "party"
    marked = _marked(r)
    hands = []
    if r.get("center") and any(shown):
        hands.append(("", tr("Center"), r["center"], ""))
    order = _order(e, shown, marked)
    for s in order:
        cards, right = _shown(shown[s], cats[s] if s < len(cats) else None, best[s] if best is not None else None,
                              best is not None)
        mark = ("x" if party else "\x19") if s in marked else ""
        hands.append((mark, names[s], cards, right))
    if not hands:
        return [], 0
    rows, col = hand_lines(hands)
    if best is None and not party:
        _why(rows, order, marked, shown, cats)
    return rows, col


_WORDS = const(18)   # letters of a category in full on a line of its own (after its 2-letter indent, at x 7)


def _shown(cards, cat, best, indian):
    """A shown hand's cards and what follows them on its line: Teen Patti and Turkish, the cards as players read them
    and the category in full; Forehead Stud, the best five and the category; Indian Poker, the card itself and, when
    the center card counted, the cards that played (``best``)."""
    right = category_label(cat)
    if indian and len(cards) > 5:
        return best, right
    if indian:
        return cards, best if best and sorted(best) != sorted(cards) else ""
    if right:
        cards = handwords.read_order(cards)
        words = handwords.in_words(cat, cards, right)
        right = words if len(words) <= _WORDS else right
    return cards, right


def _why(rows, order, marked, shown, categories):
    """Append to the showdown's ``rows`` what decided it (``handwords.decided``): the first winner against the best
    hand that lost, wrapped to the frame."""
    win = []  # type: list
    lose = []  # type: list
    for s in order:
        (win if s in marked else lose).append(s)
    if not win or not lose or not categories[win[0]] or categories[win[0]] == "card":
        return
    w = win[0]
    b = lose[0]     # the best hand that lost
    if len(win) > 1:
        line = tr("Same hands: split")
    else:
        line = handwords.decided((categories[w], shown[w]), (categories[b], shown[b]), category_label)
    out = []  # type: list
    wrap_rows(out, line)
    for text, _v in out:
        rows.append(("", text, None, ""))


class ResultScreen(Screen):
    """A screen of rows without a selection, scrolled with UP/DOWN; OK goes on (``ok``). ``ResultScreen(app, mode)``,
    ``mode`` (``ui/modes.py``) saying which: ``M_SHOWDOWN`` the hands shown (``showdown_rows``, drawn as hand lines),
    ``M_AWARDS`` the hand's result, ``M_STANDINGS`` each player's chips and net, ``M_END`` the session over (each net,
    with a chip value in money too, and who pays whom), ``M_SETTLE`` between hands, who pays whom if the table stopped
    now. A long OK on the showdown and the awards opens the table menu."""

    def __init__(self, app, mode):
        super().__init__(app, -1)
        self.MODE = mode
        self.col = 0        # the showdown: the x of the hands' cards (``showdown_rows``)
        if mode in (modes.M_SHOWDOWN, modes.M_AWARDS):
            self.LONG = LONG_OK

    def press(self, b, long):
        if b == btn.OK and long and self.LONG:
            self.app.change(MenuScreen(self.app))
        elif b in (btn.UP, btn.DOWN):
            self.scroll(b)
        elif b == btn.OK:
            self.ok()

    def build(self):
        m = self.MODE
        if m == modes.M_SHOWDOWN:
            hints = _showdown(self)
        elif m == modes.M_AWARDS:
            hints = _result(self)
        else:
            hints = _standings(self)
        self.hint = self.more(tr(hints[0]), tr(hints[1]))

    def draw(self, cv):
        if self.MODE == modes.M_SHOWDOWN:
            screens.draw_lines(self, cv)
        else:
            screens.draw_list(self, cv)

    def ok(self):
        """OK: the awards after the showdown, the standings after them, then between hands (or the session's end,
        or back to the menu the standings were opened from); a new session after the end; back after the
        settle-up."""
        app = self.app
        m = self.MODE
        if m == modes.M_SHOWDOWN:
            app.go(ResultScreen(app, modes.M_AWARDS))
        elif m == modes.M_AWARDS:
            app.go(ResultScreen(app, modes.M_STANDINGS))
        elif m == modes.M_END:
            if app.store is not None and hasattr(app.store, "clear"):
                app.store.clear()
            app.new_session()
        elif m == modes.M_SETTLE or self.prev is not None:    # the settle-up, or the standings opened from a menu
            app.back()
        elif app.table.stopped:
            app.go(ResultScreen(app, modes.M_END))
        elif app.session_done():        # the deals agreed, or the time: the session ends with the settle-up
            app.end_session()
            app.go(ResultScreen(app, modes.M_END))
        else:       # even when one player holds every chip: a busted player may rebuy (issue 14)
            app.go(BetweenScreen(app, None, modes.B_REBUY if _busted(app.table) else 0))


def _showdown(sc):
    """The showdown's title and lines (``showdown_rows``: the screen's ``col`` too); returns its footer's hints."""
    e = sc.app.engine
    sc.title = tr("Showdown: x loses") if e.result.get("how") == "party" else tr("Showdown")
    if e.result.get("wild") is not None:      # Joker Hunt: the wild rank, public, beside the hands
        sc.title = tr("Showdown  wild %s") % modes.wild_name(e.result["wild"])
    sc.rows, sc.col = showdown_rows(e, sc.app.table.names)
    return N_("\x1c more  OK awards"), N_("OK awards")


def _result(sc):
    """The awards' title and rows: how the hand ended, each award (or the one winner of a hand everyone else left),
    the deal's seal again (as before the first gate: docs/fairness.md); returns the footer's hints."""
    e = sc.app.engine
    names = sc.app.table.names
    r = e.result
    sc.title = tr("Hand %d result") % e.hand_no
    rows = []  # type: list
    _head(r, names, rows, e.log.get("misdeal"))
    if not (r.get("how") in ("pack", "fold") and _won(r, names, rows)):
        _awards(r, names, rows)
    if not rows:
        rows.append((tr("No award"), None))
    seal = e.log.get("commit")
    if seal:            # (a deal sealed before the chained log: its 8 digits, as shown then)
        code = seal_code(seal) if "prev" in e.log else seal[:8]
        rows.append((tr("Deal seal"), code[:9]))
        if code[9:]:
            rows.append(("", code[10:]))
    sc.rows = fit(rows)
    return N_("\x1c more  OK standings"), N_("OK standings")


def _standings(sc):
    """The standings (``M_STANDINGS``: each player's chips and net), the session's end (``M_END``: each net, in money
    too with a chip value, who pays whom, the room left) or the settle-up between hands (``M_SETTLE``: who pays whom
    if the table stopped now): title and rows; returns the footer's hints."""
    app = sc.app
    m = sc.MODE
    money = app.cfg.get("cents", 0)
    rows = []  # type: list
    if m == modes.M_STANDINGS or m == modes.M_END and not money:
        for _seat, name, stack, net in app.table.standings():
            rows.append((name, "%d %s%d" % (stack, "+" if net >= 0 else "", net)))
    if m != modes.M_STANDINGS:
        from dealerbox.ui.settling import settle_rows

        settle_rows(app, rows, m == modes.M_SETTLE or bool(money))
    if m == modes.M_END:
        from dealerbox.ui.roomnote import room_rows

        rows.extend(room_rows(app.store))      # the hands the box holds, the room left (docs/device.md, "Room")
    sc.rows = fit(rows)
    if m == modes.M_STANDINGS:
        sc.title = tr("Standings: chips net")
        return N_("\x1c more  OK next"), N_("OK next")
    if m == modes.M_SETTLE:
        sc.title = tr("If we stop now")
        return N_("\x1c more  OK back"), N_("OK back")
    sc.title = tr("Session over: net")
    return N_("\x1c more OK new session"), N_("OK new session")


def _head(r, names, rows, misdeal):
    """The awards' first lines: how the hand ended (a dead hand carried, a voided hand or a misdeal and what went
    back, the losers of a party hand, or how it ended: everyone else packed or folded, a show...)."""
    how = r.get("how")
    if r.get("dead"):
        rows.append((tr("Dead hand: carried"), r.get("carry")))
    elif r.get("voided"):                       # voided after a restart mid-hand, or a misdeal: every chip back
        rows.append((tr("Misdeal: hand voided") if misdeal else tr("Hand voided"), None))
        for seat, chips in r.get("back") or []:
            rows.append((tr("Back to %s") % names[seat], "+%d" % chips))
    elif how == "party":
        for s in r.get("loser") or []:
            rows.append((tr("Loser: %s") % names[s], None))
    else:           # how the hand ended (the engine's ``result["how"]``)
        how = {"pack": N_("Everyone else packed"), "fold": N_("Everyone else folded"), "show": N_("Show"),
               "pot-cap": N_("Pot cap reached"), "all-in": N_("All in: showdown")}.get(how)
        if how:
            rows.append((tr(how), None))


def _won(r, names, rows):
    """Everyone else packed: "P4 wins the pot of 4" and, when chips were not called, "1 returned" below it, as the
    hand log says it (``awards`` and ``returned``); True when said (one seat took every award and the uncalled chips;
    the chips awarded counted without the uncalled ones: they were never in the pot)."""
    awards = r.get("awards") or []
    back = r.get("returned")
    w = r.get("winner")
    if w is None and awards:
        w = awards[0][1]
    total = 0
    for a in awards:
        total += a[2]
        if a[1] != w:
            return False
    if w is None or back and back[0] != w:
        return False
    line = tr("%s wins the pot of %d") % (names[w], total)
    if 2 + text_width(line) <= WIDTH - 6:      # clear of the "more" arrows at the right edge
        rows.append((line, None))
    else:
        rows.append((tr("%s wins") % names[w], None))
        rows.append((tr("  the pot of %d") % total, None))
    if back:                                # the chips nobody called, as the log says: returned, not won
        rows.append((tr("  %d returned") % back[1], None))
    return True


def _awards(r, names, rows):
    """Each pot's award ("Main pot: Ben +40", "Side pot 1: ..."), then the uncalled chips given back."""
    pots = r.get("pots") or []
    for a in r.get("awards") or []:
        pot, seat, chips = a[0], a[1], a[2]
        label = tr("Pot") if len(pots) <= 1 else (tr("Main pot") if pot == 0 else tr("Side pot %d") % pot)
        rows.append((tr("%s: %s") % (label, names[seat]), "+%d" % chips))
    back = r.get("returned")
    if back:
        rows.append((tr("Back to %s") % names[back[0]], "+%d" % back[1]))


class MenuScreen(Screen):
    """The table menu (a long OK during a hand or on its results): back to the game, the standings, the rules.
    ``prev``: the screen "Back to game" returns to (a private screen is left through its gate)."""

    MODE = modes.M_MENU
    LONG = LONG_UD
    ITEMS = modes.MENU_ITEMS  # type: tuple

    def __init__(self, app, prev=None, sel=0):
        super().__init__(app, sel)
        self.prev = prev

    def build(self):
        items = self.ITEMS
        if self.MODE == modes.M_MENU and not self.app.hand_live():  # the table, a misdeal: only while a hand is live
            items = items[:modes.T_TABLE]
        self.rows = []
        for s in items:
            self.rows.append((tr(s), None))
        self.hint = tr("\x1c choose  OK select")
        self.title = tr("Table menu")

    def press(self, b, long):
        if self.armed:              # "Misdeal?" asked for a second OK: anything else keeps the hand
            self.armed = False
            self.msg = ""
            if b == btn.OK and self.sel == modes.T_MISDEAL:
                self.app.misdeal()
        elif b in (btn.UP, btn.DOWN):
            self.move(b, long)
        elif b == btn.OK:
            self.choose(self.sel)

    def choose(self, i):
        """OK on row ``i``: the standings, the rules or the table (then back to this menu, on the same row), a misdeal
        (asked twice), or back to the game."""
        app = self.app
        if i == modes.T_STANDINGS:
            app.change(ResultScreen(app, modes.M_STANDINGS))
        elif i == modes.T_RULES:
            from dealerbox.ui.setup_flow import RulesView
            app.change(RulesView(app))
        elif i == modes.T_TABLE:
            from dealerbox.ui.tableview import TableScreen
            app.change(TableScreen(app))
        elif i == modes.T_MISDEAL:
            self.armed = True
            self.msg = tr("Misdeal? OK again")
        else:
            app.back()


class BetweenScreen(MenuScreen):
    """Between hands: next hand, standings, rebuy, rules, settle up, end session (asked twice); the busted players
    named in the footer. ``BetweenScreen(app, None, sel)``: nothing to go back to, the cursor on row ``sel``."""

    MODE = modes.M_BETWEEN
    ITEMS = modes.BETWEEN_ITEMS

    def reopen(self):
        if self.sel == modes.B_REBUY and not _busted(self.app.table):
            self.sel = modes.B_NEXT               # back from the rebuy with nobody out of chips: the next hand
        super().reopen()

    def build(self):
        """The menu's rows, the hand's number in the title and, the cursor on Rebuy (issue 14), the busted players
        named in the footer: "Out of chips: Bo", or "Out: Bo, Cy +2" (21 letters at most)."""
        super().build()
        names = self.app.table.names
        self.title = tr("Hand %d over") % self.app.engine.hand_no
        busted = _busted(self.app.table)
        if self.msg or not busted:
            return
        line = tr("Out of chips: %s") % names[busted[0]] if len(busted) == 1 else ""
        if not line or len(line) > 21:
            out = tr("Out: %s")
            some = names[busted[0]]
            k = 1
            while k < len(busted) and len(out % some) + 2 + len(names[busted[k]]) <= 18:
                some += ", " + names[busted[k]]
                k += 1
            line = out % some
            if k < len(busted):
                line += " +%d" % (len(busted) - k)
        self.msg = line[:21]

    def press(self, b, long):
        if self.armed:              # "End session" asked for a second OK: anything else keeps playing
            self.armed = False
            if b == btn.OK and self.sel == modes.B_END:
                self.app.end_session()
                self.app.go(ResultScreen(self.app, modes.M_END))
            else:
                self.msg = ""
            return
        super().press(b, long)

    def choose(self, i):
        app = self.app
        if i == modes.B_NEXT:
            from dealerbox.ui import roomnote

            if len(app.table.seats_in_play()) < 2:      # one player holds every chip: rebuy, or end
                self.msg = tr("Rebuy, or End session")
            elif roomnote.low(app.store) is not None:   # the flash nearly full: said before the deal (docs/device.md)
                from dealerbox.ui.roomscreen import RoomScreen

                app.change(RoomScreen(app))
            else:
                app.next_hand()
        elif i == modes.B_REBUY:
            busted = _busted(app.table)
            app.change(RebuyScreen(app, busted[0] if busted else 0))     # the cursor on the first busted player
        elif i == modes.B_SETTLE:
            app.change(ResultScreen(app, modes.M_SETTLE))
        elif i == modes.B_END:                    # always asked twice
            self.armed = True
            self.msg = tr("End session? OK again")
        else:                               # Standings, Rules: as the table menu's
            super().choose(modes.T_STANDINGS if i == modes.B_STANDINGS else modes.T_RULES)


def _busted(table):
    """Seats with no chips left (list of ints, seat order): named between hands and offered a rebuy."""
    out = []
    for s in range(table.n):
        if table.stacks[s] <= 0:
            out.append(s)
    return out


class RebuyScreen(Screen):
    """A rebuy between hands: LEFT/RIGHT the chips (``amount``), OK buys them for the player selected; "Done" (or a
    long OK) back to the menu."""

    MODE = modes.M_REBUY
    LONG = LONG_UD | LONG_OK

    def __init__(self, app, sel):
        super().__init__(app, sel)
        self.amount = app.cfg["chips"]

    def build(self):
        t = self.app.table
        self.title = tr("Rebuy %d chips") % self.amount
        self.rows = []
        for s in range(t.n):
            self.rows.append((t.names[s], t.stacks[s]))
        self.rows.append((tr("Done"), None))
        self.hint = tr("\x17\x18 chips OK buy") if self.sel < t.n else tr("OK back")
        self.fix_top()

    def press(self, b, long):
        app = self.app
        if b in (btn.UP, btn.DOWN):
            self.move(b, long)
        elif b in (btn.LEFT, btn.RIGHT):
            self.amount = modes.ladder_step(modes.CHIP_LADDER, self.amount, 1 if b == btn.RIGHT else -1)
        elif b == btn.OK and (long or self.sel >= app.table.n):     # "Done" (or long OK): back
            app.back()
            return
        elif b == btn.OK:
            app.rebuy(self.sel, self.amount)
            self.msg = app.last
            busted = _busted(app.table)     # the cursor on the next busted player, or on "Done"
            self.sel = busted[0] if busted else app.table.n
        self.build()

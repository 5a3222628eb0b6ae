"""The public screens between turns: showdown, awards (side pots included), standings, the menu
between hands (next hand, standings, rebuy, rules, end session), the table menu, the end of the
session with net results (the second layer of ``App``).
"""

from dealerbox.ui import buttons as btn
from dealerbox.ui import cardart, font, widgets
from dealerbox.ui.canvas import WIDTH, text_width
from dealerbox.ui.modes import (
    BETWEEN_ITEMS,
    M_AWARDS,
    M_BETWEEN,
    M_END,
    M_GAME,
    M_GATE,
    M_MENU,
    M_PEEK,
    M_REBUY,
    M_RULESVIEW,
    M_SHOWDOWN,
    M_STANDINGS,
    MENU_ITEMS,
    category_label,
)
from dealerbox.ui.play_flow import PlayFlow

# how a hand ended (engine ``result["how"]``), the first line of the awards
HOW = {"pack": "Everyone else packed", "fold": "Everyone else folded", "show": "Show", "pot-cap": "Pot cap reached",
       "all-in": "All in: showdown"}


class ResultsFlow(PlayFlow):
    """Layer of ``App``: results flow."""

    def _showdown_rows(self):
        """Lines of the showdown (``_lines``): each shown hand with its category, the winners marked (a
        check mark; in Indian party mode an "x" marks the losers); Indian Poker: the center card first and,
        instead of the category, the cards that played when the center card counted. Empty when no hand
        was shown (everyone else packed or folded)."""
        r = self.engine.result
        names = self.table.names
        shown = r.get("shown") or []
        cats = r.get("categories") or []
        best = r.get("best")
        party = r.get("how") == "party"
        if party:
            marked = r.get("loser") or []
        else:
            marked = [a[1] for a in r.get("awards") or [] if a[2] > 0]
        hands = []
        if r.get("center") and any(shown):
            hands.append(("", "Center", r["center"], ""))
        for s in range(len(shown)):
            if shown[s]:
                right = category_label(cats[s]) if s < len(cats) else ""
                if best is not None:        # Indian: the card itself; the cards that played if not its own
                    b = best[s]
                    right = b if b and sorted(b) != sorted(shown[s]) else ""
                mark = ("x" if party else "\x19") if s in marked else ""
                hands.append((mark, names[s], shown[s], right))
        return self._lines(hands) if hands else []

    def _lines(self, hands):
        """Screen lines of ``hands`` (list of (mark, name, cards, right)), and ``self.col`` the x of the cards
        (after the longest name). A line is (mark, text, cards, right): ``right`` a str drawn right-aligned
        (the category) or a list of cards drawn after an arrow; a category that does not fit after the
        cards gets a line of its own, indented, so nothing overlaps."""
        w = 0
        for h in hands:
            w = max(w, len(h[1]))
        col = 7 + w * font.W + 3
        self.col = col
        inline = True                       # every category after its cards, or every one on a line of its own
        for h in hands:
            if isinstance(h[3], str) and col + len(h[2]) * (cardart.SMALL_W + 1) + 3 + text_width(h[3]) > WIDTH:
                inline = False
        out = []
        for mark, name, cards, right in hands:
            if isinstance(right, str) and right and not inline:
                out.append((mark, name, cards, ""))
                out.append(("", "  " + right, None, ""))
            else:
                out.append((mark, name, cards, right))
        return out

    def _open_peek(self):
        """The accepted sideshow's comparison for ``peek_for[0]`` (behind its gate): both hands, from its
        ``view`` (its own cards and ``peek``), the one that packs unmarked (RULES.md, Teen Patti sideshow)."""
        e = self.engine
        seat = self.peek_for[0]
        asker, target, loser = self.peek
        other = target if seat == asker else asker
        v = e.view(seat)
        peek = v.get("peek") or {}
        oc = peek.get(other) or peek.get(str(other)) or []
        names = self.table.names
        hands = []
        for s, cards in ((seat, v.get("cards") or []), (other, oc)):
            hands.append(("" if s == loser else "\x19", names[s], cards, category_label(e.category(s))))
        self.viewer = seat
        self.mode = M_PEEK
        self.rows = self._lines(hands)
        self.title = "Sideshow: %s packs" % names[loser]
        self.hint = "OK done"
        self.sel = -1
        self.top = 0
        self.msg = ""
        self.dirty = True

    def _press_peek(self, b, long):
        if b == btn.OK and long:
            self._open_menu(M_GATE)
        elif b == btn.OK:
            self.peek_for.pop(0)
            if self.peek_for:
                self.viewer = None
                self._enter(M_GATE)     # the other player of the sideshow, behind their own gate
            else:
                self.peek = None  # type: ignore[assignment]
                self._after_engine()

    def _press_public(self, b, long):
        m = self.mode
        if b == btn.OK and long and m in (M_SHOWDOWN, M_AWARDS):
            self._open_menu(m)
            return
        if m in (M_SHOWDOWN, M_AWARDS, M_STANDINGS, M_END, M_RULESVIEW) and b in (btn.UP, btn.DOWN):
            self._scroll(b)
            return
        if m in (M_BETWEEN, M_MENU, M_REBUY) and b in (btn.UP, btn.DOWN):
            self._move(b, long, len(self.rows))
            if m == M_REBUY:
                self._build_rebuy()
            return
        if m == M_SHOWDOWN and b == btn.OK:
            self._enter(M_AWARDS)
        elif m == M_AWARDS and b == btn.OK:
            self._enter(M_STANDINGS)
        elif m == M_STANDINGS and b == btn.OK:
            if self.back_mode:
                back = self.back_mode
                self.back_mode = 0  # type: int
                self._enter(back)
            elif self.table.session_over():
                self._end_session()
            else:
                self._enter(M_BETWEEN)
        elif m == M_BETWEEN and b == btn.OK:
            item = BETWEEN_ITEMS[self.sel]
            if item == "Next hand":
                self.next_hand()
            elif item == "Standings":
                self.back_mode = M_BETWEEN
                self._enter(M_STANDINGS)
            elif item == "Rebuy":
                self.amount = self.cfg["chips"]  # type: ignore[attr-defined]
                self._enter(M_REBUY)
            elif item == "Rules":
                self.back_mode = M_BETWEEN
                self._enter(M_RULESVIEW)
            else:
                self.table.stop()
                self._save()  # type: ignore[attr-defined]
                self._end_session()
        elif m == M_REBUY:
            if b in (btn.LEFT, btn.RIGHT):
                from dealerbox.ui import settings
                self.amount = settings.ladder_step(settings.CHIP_LADDER, self.amount, 1 if b == btn.RIGHT else -1)
                self._build_rebuy()
                self.dirty = True
            elif b == btn.OK and (long or self.sel >= self.table.n):     # "Done" (or long OK): back
                self._enter(M_BETWEEN, 2)
            elif b == btn.OK:
                seat = self.sel
                self.table.rebuy(seat, self.amount)
                self.last = "%s rebuys %d" % (self.table.names[seat], self.amount)
                self._save()  # type: ignore[attr-defined]
                self._build_rebuy()
                self.msg = self.last
                self.dirty = True
        elif m == M_MENU and b == btn.OK:
            item = MENU_ITEMS[self.sel]
            if item == "Back to game":
                self._enter(self.menu_from)
            elif item == "Standings":
                self.back_mode = M_MENU
                self._enter(M_STANDINGS)
            else:
                self.back_mode = M_MENU
                self._enter(M_RULESVIEW)
        elif m == M_RULESVIEW:
            if b == btn.OK:
                back = self.back_mode
                self.back_mode = 0
                self._enter(back)
        elif m == M_END and b == btn.OK:
            if self.store is not None and hasattr(self.store, "clear"):  # type: ignore[attr-defined]
                self.store.clear()  # type: ignore[attr-defined]
            self.table = None  # type: ignore[assignment]
            self.engine = None
            from dealerbox.ui import settings
            self._enter(M_GAME, settings.game_index(self.cfg["game"]))  # type: ignore[attr-defined]

    def _scroll(self, b):
        """UP/DOWN on a list without a selection: scroll one row (the frame changes only when it moves)."""
        top = max(0, min(self.top + (1 if b == btn.DOWN else -1), len(self.rows) - widgets.ROWS))
        if top != self.top:
            self.top = top
            self.dirty = True

    def _end_session(self):
        self._enter(M_END)

    def _build_rebuy(self):
        t = self.table
        self.title = "Rebuy %d chips" % self.amount
        self.rows = [(t.names[s], t.stacks[s]) for s in range(t.n)]
        self.rows.append(("Done", None))
        self.hint = "\x17\x18 chips OK buy" if self.sel < t.n else "OK back"
        self._fix_top()

    def _build_play(self):
        m = self.mode
        e = self.engine
        t = self.table
        if m == M_GATE:
            seat = self.peek_for[0] if self.peek_for else e.to_act
            self.title = self.last
            self.gate_name = t.names[seat]
            self.info = self._public_info(seat)
            if self.peek_for:
                self.info = "to see the sideshow"
            self.hint = "OK: I am " + self.gate_name
        elif m == M_SHOWDOWN:
            self.title = "Showdown: x loses" if e.result.get("how") == "party" else "Showdown"
            self.rows = self._showdown_rows()
            self.sel = -1
            self.hint = "\x1c more  OK awards" if len(self.rows) > widgets.ROWS else "OK awards"
        elif m == M_AWARDS:
            r = e.result
            self.title = "Hand %d result" % e.hand_no
            rows = []
            how = r.get("how")
            if r.get("dead"):
                rows.append(("Dead hand: carried", r.get("carry")))
            elif how == "party":
                for s in r.get("loser") or []:
                    rows.append(("Loser: " + t.names[s], None))
            elif how in HOW:
                rows.append((HOW[how], None))
            pots = r.get("pots") or []
            for a in r.get("awards") or []:
                pot, seat, chips = a[0], a[1], a[2]
                label = "Pot" if len(pots) <= 1 else ("Main pot" if pot == 0 else "Side pot %d" % pot)
                rows.append(("%s: %s" % (label, t.names[seat]), "+%d" % chips))
            back = r.get("returned")
            if back:
                rows.append(("Back to %s" % t.names[back[0]], "+%d" % back[1]))
            if not rows:
                rows.append(("No award", None))
            self.rows = self._fit(rows)
            self.sel = -1
            self.hint = "\x1c more  OK standings" if len(self.rows) > widgets.ROWS else "OK standings"
        elif m in (M_STANDINGS, M_END):
            rows = []
            for _seat, name, stack, net in t.standings():
                rows.append((name, "%d %s%d" % (stack, "+" if net >= 0 else "", net)))
            self.rows = self._fit(rows)
            self.sel = -1
            if m == M_END:
                self.title = "Session over: net"
                self.hint = "OK new session"
            else:
                self.title = "Standings: chips net"
                self.hint = "\x1c more  OK next" if len(self.rows) > widgets.ROWS else "OK next"
        elif m == M_BETWEEN:
            self.title = "Hand %d over" % e.hand_no
            self.rows = [(s, None) for s in BETWEEN_ITEMS]
            self.hint = "\x1c choose  OK select"
        elif m == M_MENU:
            self.title = "Table menu"
            self.rows = [(s, None) for s in MENU_ITEMS]
            self.hint = "\x1c choose  OK select"
        elif m == M_REBUY:
            self._build_rebuy()

    @staticmethod
    def _fit(rows):
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

    def _public_info(self, seat=None):
        """What everybody may know, from ``public_view``: "Pot 17  stake 2" (Teen Patti) or "Pot 9  call 2"
        (the chips ``seat`` must put in to call: Turkish, Indian). Sets ``center`` (Indian: the face-up
        center card as a list, or None)."""
        e = self.engine
        pv = e.public_view()
        pot = pv.get("pot", e.pot_total())
        stake = pv.get("stake")
        c = pv.get("center")
        self.center = c if c else None
        if isinstance(stake, int):
            return "Pot %d  stake %d" % (pot, stake)
        bets = pv.get("bets")
        if seat is not None and bets and pv.get("phase") != "draw":
            call = min(max(bets) - bets[seat], self.table.stacks[seat])
            return "Pot %d  call %d" % (pot, call)
        return "Pot %d" % pot

"""The public screens between turns: showdown, awards (side pots included), standings, the menu
between hands (next hand, standings, rebuy, rules, end session), the table menu, the end of the
session with net results (the second layer of ``App``).
"""

from dealerbox.ui import buttons as btn
from dealerbox.ui import widgets
from dealerbox.ui.modes import (
    BETWEEN_ITEMS,
    M_AWARDS,
    M_BETWEEN,
    M_END,
    M_GAME,
    M_GATE,
    M_MENU,
    M_REBUY,
    M_RULESVIEW,
    M_SHOWDOWN,
    M_STANDINGS,
    MENU_ITEMS,
)
from dealerbox.ui.play_flow import PlayFlow


class ResultsFlow(PlayFlow):
    """Layer of ``App``: results flow."""

    def _showdown_rows(self):
        """Rows of the showdown: each shown hand with its category (empty when nothing was shown)."""
        r = self.engine.result
        shown = r.get("shown") or []
        cats = r.get("categories") or r.get("category") or []
        rows = []
        for s in range(len(shown)):
            if shown[s]:
                cat = ""
                if isinstance(cats, list) and s < len(cats) and cats[s]:
                    cat = cats[s]
                elif isinstance(cats, dict):
                    cat = cats.get(s) or cats.get(str(s)) or ""
                rows.append((self.table.names[s], cat, shown[s]))
        return rows

    def _press_public(self, b, long):
        m = self.mode
        if b == btn.OK and long and m in (M_SHOWDOWN, M_AWARDS):
            self._open_menu(m)
            return
        if m in (M_SHOWDOWN, M_AWARDS, M_STANDINGS, M_END) and b in (btn.UP, btn.DOWN):
            n = len(self.rows)
            per = 2 if m == M_SHOWDOWN else widgets.ROWS
            step = 1 if b == btn.DOWN else -1
            self.top = max(0, min(self.top + step, n - per))
            self.dirty = True
            return
        if m in (M_BETWEEN, M_MENU, M_REBUY) and b in (btn.UP, btn.DOWN):
            self._move(b, long, len(self.rows) if m != M_REBUY else self.table.n)
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
                self.back_mode = 0
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
                self.amount = self.cfg["chips"]
                self._enter(M_REBUY)
            elif item == "Rules":
                self.back_mode = M_BETWEEN
                self._enter(M_RULESVIEW)
            else:
                self.table.stop()
                self._save()
                self._end_session()
        elif m == M_REBUY:
            if b in (btn.LEFT, btn.RIGHT):
                from dealerbox.ui import settings
                self.amount = settings.ladder_step(settings.CHIP_LADDER, self.amount, 1 if b == btn.RIGHT else -1)
                self._build_rebuy()
                self.dirty = True
            elif b == btn.OK and long:
                self._enter(M_BETWEEN, 2)
            elif b == btn.OK:
                seat = self.sel
                self.table.rebuy(seat, self.amount)
                self.last = "%s rebuys %d" % (self.table.names[seat], self.amount)
                self._save()
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
            if b in (btn.UP, btn.DOWN):
                self.top = max(0, min(self.top + (1 if b == btn.DOWN else -1), len(self.rows) - widgets.ROWS))
                self.dirty = True
            elif b == btn.OK:
                back = self.back_mode
                self.back_mode = 0
                self._enter(back)
        elif m == M_END and b == btn.OK:
            if self.store is not None and hasattr(self.store, "clear"):
                self.store.clear()
            self.table = None
            self.engine = None
            from dealerbox.ui import settings
            self._enter(M_GAME, settings.game_index(self.cfg["game"]))

    def _end_session(self):
        self._enter(M_END)

    def _build_rebuy(self):
        t = self.table
        self.title = "Rebuy %d chips" % self.amount
        self.rows = [(t.names[s], t.stacks[s]) for s in range(t.n)]
        self.hint = "\x17\x18 chips OK buy"
        self._fix_top()

    def _build_play(self):
        m = self.mode
        e = self.engine
        t = self.table
        if m == M_GATE:
            self.title = self.last
            self.gate_name = t.names[e.to_act]
            self.info = self._public_info()
            self.hint = "OK: I am " + self.gate_name
        elif m == M_SHOWDOWN:
            self.title = "Showdown"
            self.rows = self._showdown_rows()
            self.per_line = 1 if self.rows and len(self.rows[0][2]) <= 3 else 2
            self.sel = -1
            self.hint = "\x1c more  OK awards"
        elif m == M_AWARDS:
            r = e.result
            self.title = "Hand %d result" % e.hand_no
            rows = []
            why = r.get("reason") or r.get("end")
            if isinstance(why, str):
                rows.append((why, None))
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
            self.rows = rows
            self.sel = -1
            self.hint = "\x1c more  OK standings"
        elif m in (M_STANDINGS, M_END):
            rows = []
            for _seat, name, stack, net in t.standings():
                rows.append((name, "%d %s%d" % (stack, "+" if net >= 0 else "", net)))
            self.rows = rows
            self.sel = -1
            if m == M_END:
                self.title = "Session over: net"
                self.hint = "OK new session"
            else:
                self.title = "Standings: chips net"
                self.hint = "\x1c more  OK next"
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

    def _public_info(self):
        """"Pot 17  stake 2": what everybody may know (from ``public_view``)."""
        e = self.engine
        pv = e.public_view()
        pot = pv.get("pot", e.pot_total())
        stake = pv.get("stake")
        if isinstance(stake, int):
            return "Pot %d  stake %d" % (pot, stake)
        return "Pot %d" % pot

"""The screens of a hand in play: the deal's seal, the privacy gate ("OK: I am Ben"), the turn (private: the
seat's cards and the engine's legal actions), the accepted sideshow's comparison and the Turkish draw's new hand
(each private to one player, behind its gate).

Every turn starts at the gate; only OK there (Ben confirming) opens his turn, whose cards come from the engine's
``view(seat)`` (his own cards once seen; Indian Poker: everyone's card but his own). After his action the screen is
public again (the next gate or the end of the hand). Actions are the engine's legal options only; amounts move within
the option's range with UP/DOWN (long: to its max/min). A long OK on any of these screens opens the table menu (from
a private screen: back through its gate).
"""

from dealerbox.engine.base import Action, IllegalAction
from dealerbox.lang import said, tr
from dealerbox.ui import buttons as btn
from dealerbox.ui import font, screens
from dealerbox.ui.modes import M_DRAWN, M_GATE, M_PEEK, M_TURN, MAX_DISCARD, fit_title, wild_info
from dealerbox.ui.screen import LONG_LR, LONG_OK, LONG_UD, Screen, index_of
from dealerbox.ui.screens import marked


def public_info(e, seat):
    """What everybody may know, from ``e.public_view()``: "Pot 17  stake 2" (Teen Patti) or "Pot 9  call 2" (the
    chips ``seat`` must put in to call: Turkish, Indian); and the face-up center card (Indian, a list) or None."""
    pv = e.public_view()
    pot = pv.get("pot", e.pot_total())
    stake = pv.get("stake")
    c = pv.get("center")
    if isinstance(stake, int):
        s2 = pv.get("stake2", 0)
        st = "%d.5" % (s2 >> 1) if s2 & 1 else "%d" % stake    # exact after an odd seen bet: "stake 3.5"
        w = pv.get("wild")
        if w is None:
            return fit_title(tr("Pot %d  stake %s") % (pot, st), tr("Pot %d stake %s") % (pot, st)), c or None
        return wild_info(pot, st, w), c or None
    if seat is not None and pv.get("bets") and pv.get("phase") != "draw":
        call = 0                    # the call the engine offers (the seat to act; none: it may check)
        if seat == e.to_act:
            for o in e.legal_actions():
                if o.kind == "call":
                    call = o.min
        return fit_title(tr("Pot %d  call %d") % (pot, call), tr("Pot %d call %d") % (pot, call)), c or None
    return tr("Pot %d") % pot, c or None


class HandScreen(Screen):
    """A screen of a hand in play: a long OK opens the table menu (``results_flow.MenuScreen``), back to the gate."""

    LONG = LONG_OK

    def press(self, b, long):
        if b == btn.OK and long:
            from dealerbox.ui.results_flow import MenuScreen
            self.app.go(MenuScreen(self.app, self.gate()))
        else:
            self.on(b, long)

    def gate(self):
        """The gate the table menu returns to (a private screen is left through its gate)."""
        return GateScreen(self.app)

    def on(self, b, long):
        """Any press but a long OK."""


class GateScreen(HandScreen):
    """The privacy gate, laid out as the turn it opens (``screens.draw_gate``): the last action, the pot, the
    cards face down and "OK: I am Ben" (or a sideshow's player, to see its comparison: ``peek``). UP/DOWN
    show the table (``TableScreen``: no card); LEFT takes the last action back while the next player has not acted
    (``undo``: asked twice, the box says what it took back: ``App.take_back``)."""

    MODE = M_GATE

    def __init__(self, app, peek=None, undo=None):
        super().__init__(app)
        self.peek = peek        # an accepted sideshow: (asker, asked, loser, [seats still to see it]) or None
        self.undo = undo        # the last action, to take back: its public line ("Ann: chaal 4"), or None
        self.gate_name = ""
        self.info = ""
        self.center = None
        self.ncards = 0

    def build(self):
        app = self.app
        seat = self.peek[3][0] if self.peek else app.engine.to_act
        if app.unsaved is None:
            self.title = app.last
        else:               # "Not saved: flash full" (ui/nosave.py: imported when the write failed)
            from dealerbox.ui import nosave

            self.title = nosave.title(app.unsaved)
        self.gate_name = app.table.names[seat]
        self.info, self.center = public_info(app.engine, seat)
        hand = app.engine.hands[seat]       # face down where the turn shows them (Indian: its own screen's rows)
        self.ncards = len(hand) if hand and app.cfg["game"] != "indian" else 0
        if self.peek:
            self.info = tr("to see the sideshow")
        self.hint = tr("OK: I am %s") % self.gate_name

    def gate(self):
        return self

    draw = screens.draw_gate

    def on(self, b, long):
        app = self.app
        if self.armed:                  # "Take back?": OK takes it back, anything else keeps it
            self.armed = False
            self.msg = ""
            if b == btn.OK:
                app.take_back(self.undo)
        elif b == btn.LEFT and self.undo is not None:
            self.armed = True
            self.msg = tr("Take back? OK again")
        elif b in (btn.UP, btn.DOWN):
            from dealerbox.ui.tableview import TableScreen
            app.change(TableScreen(app))
        elif b == btn.OK and self.peek:     # the sideshow's comparison, to one of its two players
            app.go(ShownScreen(app, self.peek[3][0], self.peek))
        elif b == btn.OK:                   # "I am Ben": his turn
            app.go(TurnScreen(app))


class ShownScreen(HandScreen):
    """A private screen of hand lines for ``seat`` (behind its gate; OK goes on): with ``peek`` the accepted sideshow's
    comparison for ``peek[3][0]`` (``M_PEEK``: both hands, from its ``view``, its own cards and ``peek``, the one that
    packs unmarked; RULES.md, Teen Patti sideshow), else the Turkish draw's new hand (``M_DRAWN``: the cards of
    ``old`` kept on one line and the new ones on the next; no category: the results' words load at the hand's end)."""

    def __init__(self, app, seat, peek=None, old=None):
        super().__init__(app, -1)
        self.viewer = seat
        self.peek = peek
        self.old = old
        self.MODE = M_PEEK if peek else M_DRAWN
        self.col = 7 + 4 * font.W + 3

    def build(self):
        e = self.app.engine
        seat = self.viewer
        v = e.view(seat)
        if not self.peek:   # the draw: the cards kept, then the new ones
            kept = []  # type: list
            new = []  # type: list
            for c in v.get("hand") or v.get("cards") or []:
                (kept if c in self.old else new).append(c)
            self.rows = [("", tr("Kept"), kept, ""), ("\x18", tr("New"), new, "")]
            self.title = fit_title(tr("%s: your new hand") % self.app.table.names[seat], tr("Your new hand"))
            self.hint = tr("OK: pass the box on")
            return
        from dealerbox.ui import sideshow

        self.rows, self.col, self.title = sideshow.comparison(self.app, seat, self.peek, v)
        self.hint = tr("OK done")

    draw = screens.draw_lines

    def gate(self):
        return GateScreen(self.app, self.peek)

    def on(self, b, long):
        if b != btn.OK:
            return
        rest = self.peek[3][1:] if self.peek else ()
        if rest:            # the other player of the sideshow, behind their own gate
            self.app.go(GateScreen(self.app, self.peek[:3] + (rest,)))
        else:
            self.app.after_engine()


def seen_cards(e, seat, n):
    """The cards ``seat`` may see now, per seat (list of ``n`` lists or None), from ``e.view(seat)``; and the view."""
    v = e.view(seat)
    shown = [None] * n  # type: list
    own = v.get("cards") or v.get("hand")
    if own:
        shown[seat] = list(own)
    elif v.get("hole") is not None:             # Indian two cards: the own hole card only (Forehead Stud: a list)
        h = v["hole"]
        shown[seat] = list(h) if isinstance(h, list) else [h]
    heads = v.get("foreheads")                  # Indian: every other player's forehead card(s)
    if heads:
        for s in range(n):
            h = heads[s]
            if s != seat and h is not None:
                shown[s] = list(h) if isinstance(h, list) else [h]
    peek = v.get("peek")                        # Teen Patti sideshow: the hand compared with
    if peek:
        for s in peek:
            shown[int(s)] = list(peek[s])
    return shown, v


def action_order(legal):
    """The engine's options in the action bar's order: "See cards" first, then the bets in the engine's order, Pack /
    Fold last (one press too few must never give a hand away; issue 14); and the one selected first: the first that
    is not "see"/"pack"/"fold"/"draw", at its minimum."""
    first = []  # type: list
    opts = []  # type: list
    last = []  # type: list
    for o in legal:
        (first if o.kind == "see" else last if o.kind in ("pack", "fold") else opts).append(o)
    opts = first + opts + last
    for i in range(len(opts)):
        if opts[i].kind not in ("see", "pack", "fold", "draw"):
            return opts, i
    return opts, 0


class TurnScreen(HandScreen):
    """The seat to act's private screen: its cards (``shown``), blind/seen, stack, the public line (``info``) and the
    action bar (``opts``, the ``oi``-th shown with its ``amount``); the Turkish draw marks cards (``marks``, a cursor
    under card ``cursor``). OK plays the action shown (Pack/Fold with chips in beyond the boot asks a second OK)."""

    MODE = M_TURN

    def __init__(self, app):
        super().__init__(app)
        e = app.engine
        seat = e.to_act
        self.viewer = seat
        self.shown, v = seen_cards(e, seat, e.n)
        self.status = ""
        if isinstance(v.get("seen"), list):
            self.status = tr("seen") if v["seen"][seat] else tr("blind")
        elif "hand" in v and v["hand"] is None:
            self.status = tr("blind")
        self.others = None                          # Indian Poker: the function drawing the others' foreheads
        self.up_count = v.get("up_count")           # Forehead Stud: how many forehead cards the seat has
        self.tags = None
        if app.cfg["game"] == "indian":
            from dealerbox.ui import foreheads
            self.others = foreheads.draw_others
            if self.up_count is not None:
                self.tags = foreheads.stud_tags(app.table.names)
        hand = e.hands[seat]
        self.ncards = len(hand) if hand else 0
        self.info, self.center = public_info(e, seat)
        ss = v.get("sideshow")                      # answering a sideshow: who asked
        self.asked_by = app.table.names[ss[0]] if ss and ss[1] == seat else ""
        if self.asked_by and self.ncards > 3:       # no room beside the cards: on the info line
            self.info = tr("Sideshow by %s") % self.asked_by
        self.opts, self.oi = action_order(e.legal_actions())
        if self.opts and self.opts[self.oi].kind == "draw":     # the Turkish draw (its one option): UP/DOWN said
            self.info = fit_title(tr("%s  \x1c discard") % self.info, self.info)
        self.cursor = 0
        self.marks = 0
        self.amount = 0
        self.reset_amount()

    def key(self):
        return (self.oi, self.amount, self.cursor, self.marks, self.msg, self.info, self.status, self.armed)

    def long_buttons(self):
        """Long OK: the table menu; UP/DOWN: the amount's max/min; the draw: long LEFT/RIGHT leave it for the next
        action."""
        drawing = self.opts and self.opts[self.oi].kind == "draw"
        return LONG_UD | LONG_OK | LONG_LR if drawing else LONG_UD | LONG_OK

    draw = screens.draw_turn

    def reset_amount(self):
        if self.opts:
            o = self.opts[self.oi]
            self.amount = o.amounts[0] if o.amounts else o.min
        else:
            self.amount = 0

    def on(self, b, long):
        if not self.opts:
            return
        o = self.opts[self.oi]
        if self.armed:                  # the second OK plays it; any other press: no pack, the question goes
            self.armed = False
            self.msg = ""
        elif b == btn.OK and self.asks_twice(o):
            self.armed = True
            self.msg = tr("Pack? OK again") if o.kind == "pack" else tr("Fold? OK again")
            return
        if o.kind == "draw" and b != btn.OK and self.draw_key(b, long):
            pass
        elif b in (btn.LEFT, btn.RIGHT) and len(self.opts) > 1:     # the next or previous option, at its start
            self.oi = (self.oi + (1 if b == btn.RIGHT else -1)) % len(self.opts)
            self.reset_amount()
            self.marks = 0
            self.cursor = 0
            self.msg = ""
        elif b in (btn.UP, btn.DOWN):
            self.step(o, 1 if b == btn.UP else -1, long)
        elif b == btn.OK:
            self.act(o)

    def asks_twice(self, o):
        """True when packing or folding gives chips away beyond the boot/ante (and a dead hand's carry)."""
        if o.kind not in ("pack", "fold"):
            return False
        e = self.app.engine
        seat = self.viewer
        assert seat is not None             # a private screen: its viewer's seat
        r = self.app.cfg["rules"]
        base = r.get("boot", r.get("ante", 0))
        carry = e.log.get("carry") if e.log else None      # Turkish: a dead hand's pot, put in at the deal
        if carry and seat < len(carry):
            base += carry[seat]
        return e.pb.contributed[seat] > base

    def draw_key(self, b, long):
        """The Turkish draw: LEFT/RIGHT move the cursor over the cards, UP/DOWN mark or unmark the card under it (at
        most ``MAX_DISCARD``); True when the press was one of those."""
        if b in (btn.LEFT, btn.RIGHT) and not long:
            n = len(self.shown[self.viewer]) if self.shown[self.viewer] else 0
            if n:
                self.cursor = (self.cursor + (1 if b == btn.RIGHT else -1)) % n
            return True
        if b in (btn.UP, btn.DOWN):
            bit = 1 << self.cursor
            if self.marks & bit:
                self.marks &= ~bit
            elif marked(self.marks) < MAX_DISCARD:
                self.marks |= bit
            else:
                self.msg = tr("discard 0 to %d cards") % MAX_DISCARD
            return True
        return False

    def step(self, o, d, long):
        """UP/DOWN: the amount to the option's next amount, or a bet size (the bet, or the boot) up or down (long: to
        its max/min)."""
        if not (o.max > o.min or (o.amounts and len(o.amounts) > 1)):
            return
        if o.amounts:                   # the next of the option's amounts
            i = index_of(o.amounts, self.amount) + d
            self.amount = o.amounts[max(0, min(len(o.amounts) - 1, i))]
        elif long:                      # long: to its max/min
            self.amount = o.max if d > 0 else o.min
        else:                           # a step: the bet size (Turkish, Indian) or the boot
            r = self.app.cfg["rules"]
            u = r.get("bet", r.get("boot", 1))
            self.amount = max(o.min, min(o.max, self.amount + d * (u if isinstance(u, int) and u > 0 else 1)))

    def action(self, o):
        """The ``Action`` of option ``o`` as shown (its amount; for the draw the positions of the cards marked)."""
        if o.kind == "draw":
            pos = []
            for i in range(8):
                if self.marks & (1 << i):
                    pos.append(i)
            return Action("draw", 0, pos)
        return Action(o.kind, self.amount if (o.max or o.amounts) else 0)

    def act(self, o):
        app = self.app
        e = app.engine
        seat = e.to_act
        action = self.action(o)
        old = list(e.hands[seat] or ())
        try:
            events = app.play(seat, action)
        except IllegalAction as err:
            self.msg = said(err)      # (the engine's reason, in the language in use)
            return
        if action.kind == "accept":     # the comparison, to each of the two players behind their gates
            for ev in events:
                if ev[0] == "accept":
                    asker = ev[2]
                elif ev[0] == "pack":
                    loser = ev[1]
            app.go(ShownScreen(app, seat, (asker, seat, loser, (seat, asker))))
        elif action.kind == "draw" and action.cards:
            app.go(ShownScreen(app, seat, None, old))
        elif e.to_act == seat and e.phase != "over":
            app.go(TurnScreen(app))     # same player again (after "see"): stays behind the same gate
        elif e.phase != "over":         # the next player's gate: the action may be taken back there
            app.go(GateScreen(app, None, app.last))
        else:
            app.after_engine()

"""Play: dealing, the privacy gate, the turn screen and its actions (the first layer of ``App``).

Every turn starts at the gate "Pass the box to Ben"; only OK there (Ben confirming) opens his
private turn screen, whose cards come from the engine's ``view(seat)`` (his own cards once seen;
Indian Poker: everyone's card but his own). After his action the screen is public again (the
next gate or the end of the hand). Actions are the engine's legal options only; amounts move
within the option's range with UP/DOWN (long: to its max/min).
"""

import sys

from dealerbox.ui import buttons as btn
from dealerbox.ui import widgets
from dealerbox.ui.modes import (
    M_AWARDS,
    M_GATE,
    M_MENU,
    M_NAME,
    M_RESUME,
    M_RULESVIEW,
    M_SHOWDOWN,
    M_STANDINGS,
    M_TURN,
    MAX_DISCARD,
    SETUP,
)

# loaded for the setup screens (and the rules view), dropped while a game is played (docs/device.md)
SETUP_MODULES = ("dealerbox.ui.setup_flow", "dealerbox.ui.settings", "dealerbox.rules")
_MP = sys.implementation.name == "micropython"
SIDESHOW_ASKS = ("Sideshow: %s asks %s", "%s asks %s sideshow", "Sideshow %s\x18%s", "%s asks %s")


def collect():
    """Collect the heap now (MicroPython only: CPython's collector is not needed and slow)."""
    if _MP:
        import gc
        gc.collect()


def unload(names):
    """Drop the modules ``names`` (dotted str) from ``sys.modules`` and from their package, so their code
    is freed once nothing else refers to it; a later import loads them again."""
    mods = sys.modules
    for name in names:
        if name in mods:
            del mods[name]
            i = name.rfind(".")
            pkg = mods.get(name[:i])
            attr = name[i + 1:]
            if pkg is not None and hasattr(pkg, attr):
                delattr(pkg, attr)


class PlayFlow:
    """The first layer of ``App``: screen changes, list moves, the play flow; the setup screens are
    functions of ``ui/setup_flow.py``, loaded only while they are used."""

    def _setup(self):
        from dealerbox.ui import setup_flow
        return setup_flow

    def _unload_setup(self):
        if SETUP_MODULES[0] in sys.modules or SETUP_MODULES[2] in sys.modules:
            unload(SETUP_MODULES)
            collect()

    def new_config(self, game):
        """Start a fresh session config for ``game`` (names kept from the previous one)."""
        self._setup().new_config(self, game)

    def choose(self, game, players=None):
        """Preselect ``game`` (and ``players``, clamped to its range) on the setup screens."""
        self._setup().choose(self, game, players)

    def _enter(self, mode, sel=0):
        self.mode = mode
        self.sel = sel
        self.top = 0
        self.msg = ""
        self._build()
        self.dirty = True

    def _build(self):
        """Compute the rows, title and hint of the current screen (at press time, never in draw)."""
        m = self.mode
        if m in SETUP or m == M_NAME or m == M_RESUME or m == M_RULESVIEW:
            self._setup().build(self)
        else:
            self._unload_setup()
            self._build_play()  # type: ignore[attr-defined]
        self._fix_top()

    def _fix_top(self):
        if self.sel >= 0:
            self.top = widgets.first_visible(self.sel, self.top, len(self.rows))  # type: ignore[attr-defined]

    @staticmethod
    def _choice_index(choices, value):
        for i in range(len(choices)):
            if choices[i] == value:
                return i
        return 0

    def _move(self, button, long, n):
        step = 5 if long else 1
        if button == btn.UP:
            self.sel = max(0, self.sel - step)
        elif button == btn.DOWN:
            self.sel = min(n - 1, self.sel + step)
        self.top = widgets.first_visible(self.sel, self.top, n)
        self.dirty = True

    def _new_engine(self):
        from dealerbox.games import engine_class
        cls = engine_class(self.cfg["game"])  # type: ignore[attr-defined]
        self.engine = cls(self.table, self.cfg["rules"], self.entropy)  # type: ignore[attr-defined]

    def start_session(self):
        """Seat the players and deal the first hand (after the summary was confirmed)."""
        from dealerbox.table import Table
        self._unload_setup()
        cfg = self.cfg  # type: ignore[attr-defined]
        n = cfg["players"]
        self.table = Table(cfg["names"][:n], cfg["chips"])
        self._new_engine()
        self._unload_setup()  # the engine checked the house rules with dealerbox.rules: drop it before play
        if self.store is not None and hasattr(self.store, "clear"):  # type: ignore[attr-defined]
            self.store.clear()  # type: ignore[attr-defined]
        self.last = ""
        self.next_hand()

    def next_hand(self):
        """Deal the next hand (boot/ante, shuffle, deal) and go to the first gate."""
        self.engine.start_hand()
        self.last = "Hand %d dealt" % self.engine.hand_no
        self._after_engine()
        self._save()  # type: ignore[attr-defined]

    def _after_engine(self):
        """Choose the next screen after the engine changed: the next gate, or the hand's end."""
        e = self.engine
        self.viewer = None
        self.shown = None
        if e.phase == "over" or e.to_act is None:
            if e.result is not None and self._showdown_rows():  # type: ignore[attr-defined]
                self._enter(M_SHOWDOWN)
            elif e.result is not None:
                self._enter(M_AWARDS)
            else:
                self._enter(M_STANDINGS)
            return
        self._enter(M_GATE)

    def _open_menu(self, came_from):
        self.menu_from = came_from
        self.viewer = None
        self._enter(M_MENU)

    def _press_gate(self, b, long):
        if b == btn.OK and long:
            self._open_menu(M_GATE)
        elif b == btn.OK and self.peek_for:
            self._open_peek()  # type: ignore[attr-defined]
        elif b == btn.OK:
            self._open_turn()

    def _open_turn(self):
        """The gate was confirmed by the seat to act: compute its private screen."""
        e = self.engine
        seat = e.to_act
        self.viewer = seat
        v = e.view(seat)
        self.shown = self._visible(seat, v)
        self.status = ""
        if isinstance(v.get("seen"), list):
            self.status = "seen" if v["seen"][seat] else "blind"
        elif "hand" in v and v["hand"] is None:
            self.status = "blind"
        self.indian = self.cfg["game"] == "indian"  # type: ignore[attr-defined]
        hand = e.hands[seat]
        self.ncards = len(hand) if hand else 0
        self.info = self._public_info(seat)  # type: ignore[attr-defined]
        ss = v.get("sideshow")                      # answering a sideshow: who asked
        self.asked_by = self.table.names[ss[0]] if ss and ss[1] == seat else ""
        if self.asked_by and self.ncards > 3:       # no room beside the cards: on the info line
            self.info = "Sideshow by " + self.asked_by
        self.opts = e.legal_actions()
        self.oi = 0
        self.cursor = 0
        self.marks = 0
        self.msg = ""
        self._pick_default()
        self.mode = M_TURN
        self.dirty = True

    def _visible(self, seat, v):
        """Cards ``seat`` may see now, per seat (list of lists or None), from the engine's ``view`` ``v``."""
        n = self.engine.n
        out = [None] * n  # type: list
        own = v.get("cards") or v.get("hand")
        if own:
            out[seat] = list(own)
        elif v.get("hole") is not None:             # Indian two cards: the own hole card only
            out[seat] = [v["hole"]]
        heads = v.get("foreheads")                  # Indian: every other player's forehead card
        if heads:
            for s in range(n):
                if s != seat and heads[s] is not None:
                    out[s] = [heads[s]]
        peek = v.get("peek")                        # Teen Patti sideshow: the hand compared with
        if peek:
            for s in peek:
                out[int(s)] = list(peek[s])
        return out

    def _pick_default(self):
        """Select the first action that is not "see"/"pack"/"fold", with its minimum amount."""
        opts = self.opts
        self.oi = 0
        for i in range(len(opts)):
            if opts[i].kind not in ("see", "pack", "fold", "draw"):
                self.oi = i
                break
        self._reset_amount()

    def _reset_amount(self):
        if self.opts:
            o = self.opts[self.oi]
            self.amount = o.amounts[0] if o.amounts else o.min
        else:
            self.amount = 0

    def _step_amount(self, d, long):
        o = self.opts[self.oi]
        if o.amounts:
            i = self._choice_index(o.amounts, self.amount) + d
            self.amount = o.amounts[max(0, min(len(o.amounts) - 1, i))]
            return
        if long:
            self.amount = o.max if d > 0 else o.min
            return
        unit = self._unit()
        a = self.amount + d * unit
        self.amount = max(o.min, min(o.max, a))

    def _unit(self):
        r = self.cfg["rules"]  # type: ignore[attr-defined]
        u = r.get("bet", r.get("boot", 1))
        return u if isinstance(u, int) and u > 0 else 1

    def _press_turn(self, b, long):
        if b == btn.OK and long:
            self._open_menu(M_GATE)     # leaving a private screen: back through the gate
            return
        if not self.opts:
            return
        o = self.opts[self.oi]
        drawing = o.kind == "draw"
        if drawing and b in (btn.LEFT, btn.RIGHT) and not long:
            n = len(self.shown[self.viewer]) if self.shown[self.viewer] else 0  # type: ignore[index]
            if n:
                self.cursor = (self.cursor + (1 if b == btn.RIGHT else -1)) % n
        elif drawing and b in (btn.UP, btn.DOWN):
            bit = 1 << self.cursor
            if self.marks & bit:
                self.marks &= ~bit
            elif self._count_marks() < MAX_DISCARD:
                self.marks |= bit
            else:
                self.msg = "discard 0 to %d cards" % MAX_DISCARD
        elif b in (btn.LEFT, btn.RIGHT):
            if len(self.opts) > 1:
                self.oi = (self.oi + (1 if b == btn.RIGHT else -1)) % len(self.opts)
                self._reset_amount()
                self.marks = 0
                self.cursor = 0
                self.msg = ""
        elif b in (btn.UP, btn.DOWN):
            if o.max > o.min or (o.amounts and len(o.amounts) > 1):
                self._step_amount(1 if b == btn.UP else -1, long)
        elif b == btn.OK:
            self._act(o)
            return
        self.dirty = True

    def _count_marks(self):
        k = 0
        m = self.marks
        while m:
            k += m & 1
            m >>= 1
        return k

    def _act(self, o):
        from dealerbox.engine import Action, IllegalAction
        e = self.engine
        seat = e.to_act
        if o.kind == "draw":
            pos = [i for i in range(8) if self.marks & (1 << i)]
            action = Action("draw", 0, pos)
        else:
            action = Action(o.kind, self.amount if (o.max or o.amounts) else 0)
        try:
            events = e.apply(action)
        except IllegalAction as err:
            self.msg = str(err)
            self.dirty = True
            return
        self.last = self._describe(seat, action, events)
        if e.phase == "over" and self.store is not None and e.log is not None:  # type: ignore[attr-defined]
            self.store.append_log(e.log)  # type: ignore[attr-defined]  # streamed into the file, one JSON line
        self._save()  # type: ignore[attr-defined]
        if action.kind == "accept":     # the comparison, to each of the two players behind their gates
            for ev in events:
                if ev[0] == "accept":
                    asker = ev[2]
                elif ev[0] == "pack":
                    loser = ev[1]
            self.peek = (asker, seat, loser)
            self.peek_for = [seat, asker]
            self._open_peek()  # type: ignore[attr-defined]
        elif e.to_act == seat and e.phase != "over":
            self._open_turn()           # same player again (after "see"): stays behind the same gate
        else:
            self._after_engine()

    def _describe(self, seat, action, events):
        """One public line about what just happened ("Ben: chaal 4")."""
        names = self.table.names
        name = names[seat]
        if action.kind == "draw":
            return "%s drew %d" % (name, len(action.cards))
        for ev in events:
            if ev[0] == "sideshow":
                for f in SIDESHOW_ASKS:             # the first wording that fits the title bar
                    line = f % (name, names[ev[2]])
                    if len(line) <= 21:
                        break
                return line
            if ev[0] == "refuse":
                return "%s refuses sideshow" % name
            if ev[0] == "pack" and action.kind == "accept":
                return "%s packs (sideshow)" % names[ev[1]]
        if action.amount:
            return "%s: %s %d" % (name, action.kind, action.amount)
        return "%s: %s" % (name, action.kind)

"""The app: every screen of the box and the state machine between them (docs/ui.md).

Interface with the board (the Pico's ``main.py`` or the host simulator)::

    app = App(entropy, store=None, clock=None)   # entropy: read(n) -> bytes (os.urandom on the box)
    app.press(button, long=False)   # one debounced button event (ui.buttons: UP DOWN LEFT RIGHT OK)
    app.dirty                       # True when the frame must be redrawn
    app.draw(fb)                    # draw the screen into a 128x64 MONO_VLSB FrameBuffer; clears dirty

With a ``store`` (``dealerbox.store.Store`` or anything with ``load``/``save``/``append_log``) the
app offers "resume" at boot when ``store.load()`` returns a snapshot, calls
``store.save(app.snapshot())`` after every completed action and ``store.append_log(line)`` with
each hand log (one JSON line, docs/engine.md). ``clock`` (optional, ``() -> ms``) is kept for
the board; the app itself needs no time.

The flow (RULES.md terms): boot -> resume or new -> game -> players -> names -> starting chips ->
boot or ante -> betting structure -> house-rule preset -> single house rules -> summary ->
deal. During a hand every turn starts at the privacy gate ("Pass to Ben"): only after Ben
confirms with OK does the turn screen show anything private (his cards once seen; in Indian
Poker everyone's card but his own), and the next screen after his action is public (the next
gate, a showdown, the awards). Everything a screen draws is computed when a button is pressed;
``draw`` only paints it, allocating nothing.
"""

import json

from micropython import const

from dealerbox.ui import buttons as btn
from dealerbox.ui import cardart, font, settings, widgets
from dealerbox.ui.canvas import WIDTH, Canvas, num_width, text_width

# screens (modes)
M_RESUME = const(1)
M_GAME = const(2)
M_PLAYERS = const(3)
M_NAMES = const(4)
M_NAME = const(5)
M_CHIPS = const(6)
M_BOOT = const(7)
M_STRUCT = const(8)
M_PRESET = const(9)
M_RULES = const(10)
M_SUMMARY = const(11)
M_GATE = const(20)
M_TURN = const(21)
M_SHOWDOWN = const(22)
M_AWARDS = const(23)
M_STANDINGS = const(24)
M_BETWEEN = const(25)
M_REBUY = const(26)
M_MENU = const(27)
M_END = const(28)
M_RULESVIEW = const(29)

SETUP = (M_GAME, M_PLAYERS, M_NAMES, M_CHIPS, M_BOOT, M_STRUCT, M_PRESET, M_RULES, M_SUMMARY)
SNAPSHOT_VERSION = const(1)
MAX_DISCARD = const(4)      # Turkish draw: discard 0 to 4 (RULES.md, Turkish Poker)

ACTION_LABELS = {
    "see": "See cards", "chaal": "Chaal", "blind": "Blind", "pack": "Pack", "show": "Show",
    "sideshow": "Sideshow", "accept": "Accept", "refuse": "Refuse", "check": "Check", "open": "Open",
    "bet": "Bet", "call": "Call", "raise": "Raise", "fold": "Fold", "draw": "Draw", "rebuy": "Rebuy",
}
STRUCT_LABELS = {"fixed": "fixed limit", "pot": "pot limit", "no-limit": "no limit", "free": "free amount"}
BETWEEN_ITEMS = ("Next hand", "Standings", "Rebuy", "Rules", "End session")
MENU_ITEMS = ("Back to game", "Standings", "Rules")


def action_label(kind):
    """Screen label of an action kind ("chaal" -> "Chaal")."""
    return ACTION_LABELS.get(kind, kind)


class App:
    """The box's screens and flow. ``App(entropy, store=None, clock=None)``; see the module docstring."""

    def __init__(self, entropy, store=None, clock=None):
        self.entropy = entropy
        self.store = store
        self.clock = clock
        self.dirty = True
        self._fb = None
        self._cv = None
        self.mode = M_GAME
        self.sel = 0
        self.top = 0
        self.rows = []
        self.title = ""
        self.hint = ""
        self.msg = ""
        self.cfg = None
        self.table = None
        self.engine = None
        self.viewer = None      # seat whose private screen is showing (gate passed), else None
        self.shown = None       # cards per seat drawn on the private screen (computed at the gate)
        self.opts = []
        self.oi = 0
        self.amount = 0
        self.cursor = 0
        self.marks = 0
        self.last = ""
        self.edit = ""
        self.epos = 0
        self.status = ""
        self.info = ""
        self.indian = False
        self.ncards = 0
        self.per_line = 1
        self.gate_name = ""
        self.saved = None
        self.back_mode = 0      # where Standings / Rules return (M_MENU, M_BETWEEN) or 0: the flow
        self.menu_from = M_GATE
        self.new_config("teen-patti")
        if store is not None:
            self.resume(store)
        else:
            self._enter(M_GAME)

    # ------------------------------------------------------------------ interface
    def press(self, button, long=False):
        """Handle one debounced button event (``button`` 0-4 of ``ui.buttons``, ``long`` press)."""
        m = self.mode
        if m == M_RESUME:
            self._press_resume(button, long)
        elif m in SETUP or m == M_NAME:
            self._press_setup(button, long)
        elif m == M_GATE:
            self._press_gate(button, long)
        elif m == M_TURN:
            self._press_turn(button, long)
        else:
            self._press_public(button, long)

    def draw(self, fb):
        """Draw the current screen into ``fb`` (FrameBuffer 128x64 MONO_VLSB) and clear ``dirty``."""
        if fb is not self._fb:
            self._fb = fb
            self._cv = Canvas(fb)
        cv = self._cv
        cv.clear()
        m = self.mode
        if m == M_GATE:
            self._draw_gate(cv)
        elif m == M_TURN:
            self._draw_turn(cv)
        elif m == M_NAME:
            self._draw_name(cv)
        elif m in (M_PLAYERS, M_CHIPS, M_BOOT):
            self._draw_value(cv)
        elif m == M_SHOWDOWN:
            self._draw_showdown(cv)
        else:
            self._draw_list(cv)
        self.dirty = False

    @property
    def canvas(self):
        """The canvas of the last ``draw`` (its ``cards``/``ncards`` record the cards drawn), or None."""
        return self._cv

    def private_seat(self):
        """The seat whose private screen is showing (its gate confirmed), or None for a public screen."""
        return self.viewer if self.mode == M_TURN else None

    # ------------------------------------------------------------------ session config
    def new_config(self, game):
        """Start a fresh session config for ``game`` (names kept from the previous one)."""
        names = [settings.default_name(i) for i in range(10)]
        if self.cfg is not None:
            old = self.cfg["names"]
            for i in range(len(old)):
                names[i] = old[i]
        lo, hi = settings.player_range(game)
        players = 4 if hi >= 4 else hi
        if self.cfg is not None and lo <= self.cfg["players"] <= hi:
            players = self.cfg["players"]
        chips = self.cfg["chips"] if self.cfg is not None else settings.DEFAULT_CHIPS
        from dealerbox import rules
        preset = rules.presets(game)[0][0]
        self.cfg = {"game": game, "players": players, "names": names, "chips": chips,
                    "preset": preset, "rules": rules.preset(game, preset)}
        self._fit_rules()

    def choose(self, game, players=None):
        """Preselect ``game`` (and ``players``, clamped to its range) on the setup screens."""
        self.new_config(game)
        if players is not None:
            lo, hi = settings.player_range(game)
            self.cfg["players"] = max(lo, min(hi, players))
        self._enter(M_GAME, settings.game_index(game))

    def _rules_mod(self):
        from dealerbox import rules
        return rules

    def _rule_keys(self):
        game = self.cfg["game"]
        return settings.betting_keys(game) if self.mode == M_STRUCT else settings.single_keys(game)

    # ------------------------------------------------------------------ screens: entering
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
        cfg = self.cfg
        game = cfg["game"]
        rules = None
        if m in (M_BOOT, M_STRUCT, M_PRESET, M_RULES, M_SUMMARY, M_RULESVIEW):
            rules = self._rules_mod()
        if m == M_RESUME:
            s = self.saved
            t = s["table"]
            self.title = "Saved session"
            self.rows = [(settings.game_label(s["cfg"]["game"]), None),
                         ("%d players" % len(t["names"]), None),
                         ("hand", s.get("hand_no", 0)),
                         ("Resume", None), ("New session", None)]
            if self.sel < 3:
                self.sel = 3
            self.hint = "\x1c choose  OK select"
        elif m == M_GAME:
            self.title = "New session: game"
            self.rows = []
            for i in range(len(settings.GAMES)):
                lo, hi = settings.PLAYER_RANGE[i]
                self.rows.append((settings.GAME_LABELS[i], "%d-%d" % (lo, hi)))
            self.hint = "\x1c choose  OK next"
        elif m == M_PLAYERS:
            lo, hi = settings.player_range(game)
            self.title = "Players"
            self.rows = [("%s: %d to %d" % (settings.game_label(game), lo, hi), cfg["players"])]
            self.hint = "\x17\x18 change  OK next"
        elif m == M_NAMES:
            self.title = "Names"
            self.rows = [("Seat %d" % (i + 1), cfg["names"][i]) for i in range(cfg["players"])]
            self.rows.append(("Done", None))
            self.hint = "\x1c seat  OK edit"
        elif m == M_NAME:
            self.title = "Name of seat %d" % (self.sel + 1)
            self.hint = "\x1c letter \x17\x18 move OK"
        elif m == M_CHIPS:
            self.title = "Starting chips"
            self.rows = [("chips for each player", cfg["chips"])]
            self.hint = "\x17\x18 change  OK next"
        elif m == M_BOOT:
            key = settings.stake_key(game)
            self.title = "Boot (everyone pays)" if key == "boot" else "Ante (everyone pays)"
            self.rows = [("chips each hand", cfg["rules"][key])]
            self.hint = "\x17\x18 change  OK next"
        elif m == M_STRUCT or m == M_RULES:
            self.title = "Betting structure" if m == M_STRUCT else "Single house rules"
            self.rows = []
            for key in self._rule_keys():
                self.rows.append((settings.label(key), settings.value_text(cfg["rules"][key])))
            self.rows.append(("Done", None))
            self.hint = "\x1c choose \x17\x18 change"
        elif m == M_PRESET:
            ps = rules.presets(game)
            self.title = "House-rule preset"
            self.rows = [(p[1], None) for p in ps]
            self.sel = self._choice_index([p[0] for p in ps], cfg["preset"])
            self.hint = "\x1c choose  OK next"
        elif m == M_SUMMARY or m == M_RULESVIEW:
            self.title = "Summary: OK to deal" if m == M_SUMMARY else "Rules in force"
            rows = [(settings.game_label(game), None)]
            names = cfg["names"]
            line = ""
            for i in range(cfg["players"]):
                w = names[i] if not line else line + " " + names[i]
                if len(w) > 20 and line:
                    rows.append((line, None))
                    w = names[i]
                line = w
            rows.append((line, None))
            rows.append(("Starting chips", cfg["chips"]))
            for ln in rules.describe(game, cfg["rules"]):
                while len(ln) > 20:
                    cut = ln.rfind(" ", 0, 21)
                    if cut <= 0:
                        cut = 20
                    rows.append((ln[:cut], None))
                    ln = "  " + ln[cut:].strip()
                rows.append((ln, None))
            self.rows = rows
            self.sel = -1
            self.hint = "\x1c scroll OK deal" if m == M_SUMMARY else "\x1c scroll OK back"
        else:
            self._build_play()
        self._fix_top()

    def _fix_top(self):
        if self.sel >= 0:
            self.top = widgets.first_visible(self.sel, self.top, len(self.rows))

    @staticmethod
    def _choice_index(choices, value):
        for i in range(len(choices)):
            if choices[i] == value:
                return i
        return 0

    # ------------------------------------------------------------------ setup presses
    def _move(self, button, long, n):
        step = 5 if long else 1
        if button == btn.UP:
            self.sel = max(0, self.sel - step)
        elif button == btn.DOWN:
            self.sel = min(n - 1, self.sel + step)
        self.top = widgets.first_visible(self.sel, self.top, n)
        self.dirty = True

    def _setup_back(self):
        i = SETUP.index(self.mode) if self.mode in SETUP else 2
        if i > 0:
            self._enter(SETUP[i - 1])

    def _setup_next(self):
        i = SETUP.index(self.mode)
        self._enter(SETUP[i + 1])

    def _press_setup(self, b, long):
        m = self.mode
        cfg = self.cfg
        if m == M_NAME:
            self._press_name(b, long)
            return
        if b == btn.LEFT and long:
            self._setup_back()
            return
        if m == M_GAME:
            if b in (btn.UP, btn.DOWN):
                self._move(b, long, len(self.rows))
            elif b == btn.OK:
                game = settings.GAMES[self.sel]
                if game != cfg["game"]:
                    self.new_config(game)
                self._setup_next()
        elif m in (M_PLAYERS, M_CHIPS, M_BOOT):
            d = 0
            if b in (btn.RIGHT, btn.UP):
                d = 1
            elif b in (btn.LEFT, btn.DOWN):
                d = -1
            if d:
                if m == M_PLAYERS:
                    lo, hi = settings.player_range(cfg["game"])
                    v = hi if (long and d > 0) else lo if long else cfg["players"] + d
                    cfg["players"] = max(lo, min(hi, v))
                elif m == M_CHIPS:
                    cfg["chips"] = settings.ladder_step(settings.CHIP_LADDER, cfg["chips"], d * (3 if long else 1))
                    self._fit_rules()
                else:
                    key = settings.stake_key(cfg["game"])
                    ch = settings.rule_choices(cfg["game"], key, cfg["chips"])
                    cfg["rules"][key] = settings.ladder_step(ch, cfg["rules"][key], d * (3 if long else 1))
                self._build()
                self.dirty = True
            elif b == btn.OK:
                self._setup_next()
        elif m == M_NAMES:
            if b in (btn.UP, btn.DOWN):
                self._move(b, long, len(self.rows))
            elif b == btn.LEFT:
                self._setup_back()
            elif b == btn.OK:
                if self.sel >= cfg["players"]:
                    self._setup_next()
                else:
                    self.edit = cfg["names"][self.sel]
                    self.epos = 0
                    self.mode = M_NAME
                    self._build()
                    self.dirty = True
        elif m == M_PRESET:
            game = cfg["game"]
            if b in (btn.UP, btn.DOWN):
                self._move(b, long, len(self.rows))
            elif b == btn.LEFT:
                self._setup_back()
            elif b == btn.OK:
                name = self._rules_mod().presets(game)[self.sel][0]
                cfg["preset"] = name
                cfg["rules"] = settings.apply_preset(game, cfg["rules"], name)
                self._setup_next()
        elif m == M_STRUCT or m == M_RULES:
            game = cfg["game"]
            keys = self._rule_keys()
            if b in (btn.UP, btn.DOWN):
                self._move(b, long, len(self.rows))
            elif b in (btn.LEFT, btn.RIGHT) and self.sel < len(keys):
                key = keys[self.sel]
                ch = settings.rule_choices(game, key, cfg["chips"])
                i = self._choice_index(ch, cfg["rules"][key]) + (1 if b == btn.RIGHT else -1)
                cfg["rules"][key] = ch[i % len(ch)]
                if m == M_RULES:
                    cfg["preset"] = self._rules_mod().which_preset(game, cfg["rules"]) or "custom"
                self._build()
                self.dirty = True
            elif b == btn.LEFT:
                self._setup_back()
            elif b == btn.OK:
                self._setup_next()
        elif m == M_SUMMARY:
            if b in (btn.UP, btn.DOWN):
                n = len(self.rows)
                step = 5 if long else 1
                self.top += step if b == btn.DOWN else -step
                self.top = max(0, min(self.top, n - widgets.ROWS))
                self.dirty = True
            elif b == btn.LEFT:
                self._setup_back()
            elif b == btn.OK:
                self.start_session()

    def _fit_rules(self):
        """Keep the boot/ante a legal choice after the starting chips changed."""
        game = self.cfg["game"]
        r = self.cfg["rules"]
        for key in (settings.stake_key(game),) + settings.betting_keys(game):
            ch = settings.rule_choices(game, key, self.cfg["chips"])
            if r[key] not in ch:
                r[key] = settings.ladder_step(ch, r[key], 0) if isinstance(r[key], int) else ch[0]

    def _press_name(self, b, long):
        name = self.edit
        if b in (btn.UP, btn.DOWN):
            step = 10 if long else 1
            self.edit = settings.edit_char(name, self.epos, step if b == btn.UP else -step)
        elif b == btn.RIGHT:
            if self.epos < settings.MAX_NAME - 1:
                self.epos += 1
                if self.epos >= len(name):
                    self.edit = name + ("a" if name and name[-1].islower() else "A")
        elif b == btn.LEFT:
            if long:                                   # delete the letter under the cursor
                self.edit = name[:self.epos] + name[self.epos + 1:]
                if self.epos > 0 and self.epos >= len(self.edit):
                    self.epos -= 1
            elif self.epos > 0:
                self.epos -= 1
        elif b == btn.OK:
            seat = self.sel
            self.cfg["names"][seat] = settings.clean_name(name, seat)
            self._enter(M_NAMES, seat + 1)
            return
        self.dirty = True

    # ------------------------------------------------------------------ resume
    def resume(self, store):
        """Offer "resume" when ``store.load()`` returns a snapshot of this app; True when it did."""
        self.store = store
        snap = None
        try:
            snap = store.load()
        except Exception:   # a store that cannot be read: start a new session
            snap = None
        if isinstance(snap, dict) and snap.get("v") == SNAPSHOT_VERSION and "table" in snap:
            self.saved = snap
            self._enter(M_RESUME, 3)
            return True
        self._enter(M_GAME)
        return False

    def _press_resume(self, b, long):
        if b in (btn.UP, btn.DOWN):
            self.sel = 4 if self.sel == 3 else 3
            self.dirty = True
        elif b == btn.OK:
            if self.sel == 3:
                self.restore(self.saved)
            else:
                self.saved = None
                self._enter(M_GAME)

    # ------------------------------------------------------------------ snapshot
    def snapshot(self):
        """The session as a JSON-able dict: config, table, hand in progress, and where the flow is.

        A private screen is never restored: a resumed hand goes back to its privacy gate.
        """
        snap = {"v": SNAPSHOT_VERSION, "cfg": self.cfg, "table": self.table.to_state(),
                "engine": self.engine.to_state() if self.engine is not None else None,
                "hand_no": self.engine.hand_no if self.engine is not None else 0,
                "last": self.last}
        return snap

    def restore(self, snap):
        """Continue the session of ``snap`` (from ``snapshot``); a hand in progress resumes at its gate."""
        from dealerbox.engine import Engine
        from dealerbox.table import Table
        self.cfg = snap["cfg"]
        self.table = Table.from_state(snap["table"])
        es = snap.get("engine")
        if es is not None:
            self.engine = Engine.from_state(self.table, es, self.entropy)
        else:
            self._new_engine()
        self.last = snap.get("last", "")
        self.saved = None
        self._after_engine()

    def _save(self):
        if self.store is not None and self.table is not None:
            self.store.save(self.snapshot())

    # ------------------------------------------------------------------ play: flow
    def _new_engine(self):
        from dealerbox.games import engine_class
        cls = engine_class(self.cfg["game"])
        self.engine = cls(self.table, self.cfg["rules"], self.entropy)

    def start_session(self):
        """Seat the players and deal the first hand (after the summary was confirmed)."""
        from dealerbox.table import Table
        cfg = self.cfg
        n = cfg["players"]
        self.table = Table(cfg["names"][:n], cfg["chips"])
        self._new_engine()
        if self.store is not None and hasattr(self.store, "clear"):
            self.store.clear()
        self.last = ""
        self.next_hand()

    def next_hand(self):
        """Deal the next hand (boot/ante, shuffle, deal) and go to the first gate."""
        self.engine.start_hand()
        self.last = "Hand %d dealt" % self.engine.hand_no
        self._after_engine()
        self._save()

    def _after_engine(self):
        """Choose the next screen after the engine changed: the next gate, or the hand's end."""
        e = self.engine
        self.viewer = None
        self.shown = None
        if e.phase == "over" or e.to_act is None:
            if e.result is not None and self._showdown_rows():
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
        self.indian = self.cfg["game"] == "indian"
        hand = e.hands[seat]
        self.ncards = len(hand) if hand else 0
        self.info = self._public_info()
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
        out = [None] * n
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
        r = self.cfg["rules"]
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
            n = len(self.shown[self.viewer]) if self.shown[self.viewer] else 0
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
        if e.phase == "over" and self.store is not None and e.log is not None:
            self.store.append_log(json.dumps(e.log))
        self._save()
        if e.to_act == seat and e.phase != "over":
            self._open_turn()           # same player again (after "see"): stays behind the same gate
            self.msg = self.last
        else:
            self._after_engine()

    def _describe(self, seat, action, events):
        """One public line about what just happened ("Ben: chaal 4")."""
        name = self.table.names[seat]
        if action.kind == "draw":
            return "%s drew %d" % (name, len(action.cards))
        for ev in events:
            if ev and ev[0] in ("sideshow-result", "sideshow_result", "sideshow-won"):
                pass
        if action.amount:
            return "%s: %s %d" % (name, action.kind, action.amount)
        return "%s: %s" % (name, action.kind)

    # ------------------------------------------------------------------ public screens
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
            self._enter(M_GAME, settings.game_index(self.cfg["game"]))

    def _end_session(self):
        self._enter(M_END)

    def _build_rebuy(self):
        t = self.table
        self.title = "Rebuy %d chips" % self.amount
        self.rows = [(t.names[s], t.stacks[s]) for s in range(t.n)]
        self.hint = "\x17\x18 chips OK buy"
        self._fix_top()

    # ------------------------------------------------------------------ public screens: rows
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

    # ------------------------------------------------------------------ drawing
    def _draw_list(self, cv):
        widgets.title(cv, self.title)
        widgets.rows_list(cv, self.rows, self.sel, self.top)
        widgets.footer(cv, self.msg if self.msg else self.hint)

    def _draw_value(self, cv):
        widgets.title(cv, self.title)
        r = self.rows[0]
        cv.center(r[0], 14)
        v = r[1]
        w = num_width(v) * font.BIG_W
        x = (WIDTH - w) // 2
        cv.num(v, x, 28, 1, True)
        cv.char(23, x - 14, 32)
        cv.char(24, x + w + 6, 32)
        widgets.footer(cv, self.hint)

    def _draw_name(self, cv):
        widgets.title(cv, self.title)
        name = self.edit
        x = (WIDTH - settings.MAX_NAME * font.BIG_W) // 2
        cv.big(name, x, 20)
        cx = x + self.epos * font.BIG_W
        cv.fill_rect(cx, 37, 10, 2, 1)
        cv.char(21, cx + 2, 11)
        widgets.footer(cv, self.hint)

    def _draw_gate(self, cv):
        widgets.title(cv, self.title)
        cv.center("Pass the box to", 13)
        name = self.gate_name
        big = len(name) * font.BIG_W <= WIDTH
        if big:
            cv.center(name, 24, 1, True)
        else:
            cv.center(name, 28)
        cv.center(self.info, 44)
        widgets.footer(cv, self.hint)

    def _draw_turn(self, cv):
        seat = self.viewer
        t = self.table
        # title: name, blind/seen, stack
        cv.bar(0, widgets.TITLE_H)
        x = cv.text(t.names[seat], 2, 1, 0)
        if self.status:
            cv.text(self.status, x + 6, 1, 0)
        cv.num_right(t.stacks[seat], WIDTH - 2, 1, 0)
        cv.text(self.msg if self.msg else self.info, 1, 11)
        shown = self.shown
        own = shown[seat]
        opts = self.opts
        o = opts[self.oi] if opts else None
        drawing = o is not None and o.kind == "draw"
        if self.indian:
            self._draw_others(cv, seat)
        elif own:
            n = len(own)
            gap = 4 if n <= 5 else 1
            x0 = (WIDTH - n * cardart.CARD_W - (n - 1) * gap) // 2
            cardart.row(cv, own, n, x0, 20, gap, self.marks)
            if drawing:
                cv.char(21, x0 + self.cursor * (cardart.CARD_W + gap) + 7, 48)
        else:
            n = self.ncards
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
            amount = self._count_marks()
        elif o.max or o.amounts:
            amount = self.amount
        if amount or drawing:
            w += font.W + num_width(amount) * font.W
        x = (WIDTH - w) // 2
        x = cv.text(label, x, y, 0)
        if amount or drawing:
            cv.num(amount, x + font.W, y, 0)
        if not drawing and (o.max > o.min or (o.amounts and len(o.amounts) > 1)):
            cv.char(28, WIDTH - 16, y, 0)

    def _draw_others(self, cv, seat):
        """Indian Poker: every other player's card (the holder's own is never drawn)."""
        shown = self.shown
        t = self.table
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
        cv.text("You: ?", 1, 47)

    def _draw_showdown(self, cv):
        widgets.title(cv, self.title)
        rows = self.rows
        y = widgets.ROW0
        i = self.top
        while i < len(rows) and y < widgets.FOOT_Y - 8:
            name, cat, cards = rows[i]
            if self.per_line == 1:
                cv.text(name, 1, y)
                cardart.small_row(cv, cards, len(cards), 44, y)
                cv.text(cat, WIDTH - text_width(cat), y)
                y += widgets.ROW_H
            else:
                cv.text(name, 1, y)
                cv.text(cat, WIDTH - text_width(cat), y)
                cardart.small_row(cv, cards, len(cards), 8, y + 9)
                y += 2 * widgets.ROW_H + 1
            i += 1
        widgets.footer(cv, self.hint)

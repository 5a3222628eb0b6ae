"""The app: every screen of the box and the state machine between them (docs/ui.md).

Interface with the board (the Pico's ``main.py`` or the host simulator)::

    app = App(entropy, store=None, clock=None)   # entropy: read(n) -> bytes (os.urandom on the box)
    app.press(button, long=False)   # one debounced button event (ui.buttons: UP DOWN LEFT RIGHT OK)
    app.dirty                       # True when the frame must be redrawn
    app.draw(fb)                    # draw the screen into a 128x64 MONO_VLSB FrameBuffer; clears dirty

With a ``store`` (``dealerbox.store.Store`` or anything with ``load``/``save``/``append_log``) the
app offers "resume" at boot when ``store.load()`` returns a snapshot, calls
``store.save(snapshot)`` after every completed action (the snapshot shares the engine's lists: the
store must serialize it before returning, as ``Store.save`` does) and ``store.append_log(log)`` with
each hand log (the engine's log dict, written by the store as one JSON line, docs/engine.md).
``clock`` (optional, ``() -> ms``) is kept for the board; the app itself needs no time.

The flow (RULES.md terms): boot -> resume or new -> game -> players -> names -> starting chips ->
boot or ante -> betting structure -> house-rule preset -> single house rules -> summary ->
deal. During a hand every turn starts at the privacy gate ("Pass to Ben"): only after Ben
confirms with OK does the turn screen show anything private (his cards once seen; in Indian
Poker everyone's card but his own), and the next screen after his action is public (the next
gate, a showdown, the awards). Everything a screen draws is computed when a button is pressed;
``draw`` only paints it, allocating nothing.

``App`` holds the interface (press, draw, snapshot, resume, the saves) and the play flow: screen changes, list
moves, dealing, the privacy gate, the turn screen and its actions, the sideshow comparison (one class, one module:
a second layer cost its own module, class and imports). Every turn starts at the gate "Pass the box to Ben"; only OK
there (Ben confirming) opens his private turn screen, whose cards come from the engine's ``view(seat)`` (his own
cards once seen; Indian Poker: everyone's card but his own). After his action the screen is public again (the next
gate or the end of the hand). Actions are the engine's legal options only; amounts move within the option's range
with UP/DOWN (long: to its max/min).

The setup screens (``ui/setup_flow.py``), the language row and list (``ui/langpick.py``) and the results screens
(``ui/results_flow.py``) are module functions taking the app (docs/ui.md). The app imports with itself only what its
first screen needs (a setup screen, the language list, or the resume offer); the engine's and the games' modules
when a session starts or is restored, the results screens at the first hand's end (``make bench``: boot_*).
"""

from micropython import const

from dealerbox.lang import N_, said, tr
from dealerbox.reason import Reason
from dealerbox.ui import buttons as btn
from dealerbox.ui import cardart, font, langpick, screens, settings, setup_flow, widgets
from dealerbox.ui.canvas import WIDTH, Canvas, text_width
from dealerbox.ui.modes import (
    M_AWARDS,
    M_BETWEEN,
    M_BOOT,
    M_CHIPS,
    M_DRAWN,
    M_GAME,
    M_GATE,
    M_LANG,
    M_MENU,
    M_NAME,
    M_NAMES,
    M_NOSAVE,
    M_PEEK,
    M_PLAYERS,
    M_PRESET,
    M_REBUY,
    M_RESUME,
    M_RULES,
    M_RULESVIEW,
    M_SEAL,
    M_SHOWDOWN,
    M_STANDINGS,
    M_STRUCT,
    M_SUMMARY,
    M_TURN,
    MAX_DISCARD,
    SETUP,
    SNAPSHOT_VERSION,
    action_word,
    wild_name,
)
from dealerbox.ui.screens import marked

_UD = const(3)              # UP, DOWN (ui.buttons bits)
_LR = const(12)             # LEFT, RIGHT
_UDO = const(19)            # UP, DOWN, OK
_O = const(16)              # OK
# the screens' long meanings (App.long_buttons): lists 5 rows, values to an end or 3 steps, long LEFT back a setup
# screen, the name editor's letter 10 on and delete, long OK the table menu (or Done on the rebuy)
_LONG = {M_GAME: _UD | 4, M_PLAYERS: _UD | _LR, M_NAMES: _UD | 4, M_NAME: _UD | 4, M_CHIPS: _UD | _LR,
         M_BOOT: _UD | _LR, M_STRUCT: _UD | 4, M_PRESET: _UD | 4, M_RULES: _UD | 4, M_SUMMARY: _UD | 4, M_LANG: _UD,
         M_GATE: _O, M_SEAL: _LR, M_PEEK: _O, M_DRAWN: _O, M_SHOWDOWN: _O, M_AWARDS: _O,
         M_BETWEEN: _UD, M_MENU: _UD, M_REBUY: _UD | _O}
SIDESHOW_ASKS = (N_("Sideshow: %s asks %s"), N_("%s asks %s sideshow"), N_("Sideshow %s\x18%s"), N_("%s asks %s"),
                 N_("%s: sideshow"))
_TITLE_LEN = const(21)    # letters of a title bar (x 2 to 127)


def fit_title(*lines):
    """The first of ``lines`` that fits a title bar or a line of the frame (``_TITLE_LEN`` letters), else the
    last one: the wordings go from the fullest to the shortest, none cut inside a word."""
    for s in lines:
        if len(s) <= _TITLE_LEN:
            return s
    return lines[-1]


def wild_info(pot, stake, w):
    """The gate's and turn's public line with the Joker Hunt wild rank ``w`` (public, seed 000): the first of
    "Pot 17 stake 2 wild 7", "Pot 170 st 20 wild 7", "Pot 17000  wild 7" that fits in 21 characters."""
    r = wild_name(w)
    for f in (tr("Pot %d stake %s wild %s"), tr("Pot %d st %s wild %s")):
        line = f % (pot, stake, r)
        if len(line) <= 21:
            return line
    return tr("Pot %d  wild %s") % (pot, r)


# What the app saves after each action (ui/app.py): the store (dealerbox/store/saves.py) keeps a snapshot at every
# deal and between hands and, after it, one short journal line per action (``record_of``); at boot the app restores
# the snapshot and replays the journal through the engine (deterministic: the deck is in the snapshot;
# ui/snapcheck.py, imported when a save is there).

def record_of(seat, action):
    """The journal record (str, no spaces) of ``action`` (``engine.base.Action``) by ``seat`` (int): ``"2.chaal.4"``
    (seat, kind, amount, and for a draw the card positions ``"1.draw.0.0-2"``; read back by
    ``snapcheck.action_of``)."""
    rec = "%d.%s.%d" % (seat, action.kind, action.amount)
    if action.cards is not None:
        rec += "." + "-".join(map(str, action.cards))
    return rec


def hand_live(engine):
    """True while ``engine`` (or None) has a hand dealt and not over (the USB REPL's interrupt is off then:
    boards/loop.py)."""
    return engine is not None and engine.phase not in ("idle", "over")


def reshuffles(engine):
    """How many times the stock was reshuffled in the hand (Turkish draw): a reshuffle draws on the entropy,
    so an action that caused one is saved as a snapshot, not replayed from the journal."""
    r = engine.log.get("reshuffles") if engine is not None and engine.log else None
    return len(r) if r else 0


class App:
    """The box's screens and flow. ``App(entropy, store=None, clock=None)``; see the module docstring."""

    def __init__(self, entropy, store=None, clock=None):
        self.entropy = entropy
        self.store = store
        self.clock = clock
        self.dirty = True
        self._fb = None
        self.canvas = None      # the canvas of the last ``draw`` (its ``cards``/``ncards`` record the cards drawn)
        self.mode = M_GAME
        self.sel = 0
        self.top = 0
        self.rows = []
        self.title = ""
        self.hint = ""
        self.msg = ""
        self.cfg = None
        self.table = None  # type: ignore[assignment]
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
        self.col = 0            # x of the cards on the showdown lines
        self.center = None      # Indian: the face-up center card (a list), else None
        self.up_count = None    # Forehead Stud: the forehead cards of the seat to act (a count, never which)
        self.asked_by = ""      # the name of who asked the sideshow being answered on this turn
        self.peek = None  # type: ignore[assignment]  # an accepted sideshow: (asker, asked, loser)
        self.peek_for = []      # seats still to see that comparison (behind their gates)
        self.gate_name = ""
        self.saved = None
        self.report = None      # what the store found wrong at boot (a list of ``Reason``: the resume screen), or None
        self.report_read = False    # the table has read the report (OK on it): the resume screen offers its choices
        self.back_mode = 0      # where Standings / Rules return (M_MENU, M_BETWEEN) or 0: the flow
        self.back_sel = 0       # the row of that menu the player left it at (the cursor stays there)
        self.armed = False      # a press that loses chips or ends the session waits for a second OK
        self.known = []         # names typed in earlier sessions, newest first (the store's names.json)
        self.names_kept = None  # the seats' names the store holds (None: not read)
        self.menu_from = M_GATE
        self.writes = []       # writes for the store, done by ``flush`` (after the frame, on the box)
        self.defer = False      # True: the board calls ``flush`` after drawing; False: each press flushes
        self.unsaved = None     # why the session is not being saved (str), or None
        self.nosave_from = 0    # the screen the "not saved" notice came over
        self._kept = []  # type: list  # the hand logs a failed flush kept for the next one
        self.journal = []       # the actions the store found after its snapshot (replayed by ``restore``)
        self.later = []         # hand logs committed after an older save the store fell back to (``restore``)
        self.saved_live = False  # the saved session was in the middle of a hand (the resume screen says so)
        self.sealcut = None     # the seal-and-cut screen (ui/sealcut.py) while a sealed deck waits for its cut
        self.power = None       # the battery's level the board last read (dealerbox.power), or None
        self._battery = None    # ui/battery.py, imported with the first level (a board that reads none never does)
        setup_flow.new_config(self, "teen-patti")     # a fresh session config (ui/setup_flow.py)
        if store is not None:
            self.resume(store)
        else:
            self._enter(M_GAME)

    def press(self, button, long=False):
        """Handle one debounced button event (``button`` 0-4 of ``ui.buttons``, ``long`` press)."""
        was = self.dirty
        before = self._key()
        m = self.mode
        if m == M_RESUME:
            r = setup_flow.press_resume(self, button, long)
            if r:
                self.restore(self.saved, r == "void")
        elif m == M_NOSAVE:    # the not-saved notice (ui/nosave.py, imported when a write first failed)
            from dealerbox.ui import nosave

            nosave.press(self, button)
        elif (m == M_GAME or m == M_LANG) and langpick.press(self, button, long):
            pass                        # the language row and list (ui/langpick.py)
        elif m in SETUP or m == M_NAME:
            if setup_flow.press(self, button, long):     # the summary confirmed: the setup code is done
                setup_flow.remember_names(self)
                self.start_session()
        elif m == M_TURN:
            self._press_turn(button, long)
        elif m == M_SEAL:              # the seal and the cut (ui/sealcut.py): OK deals the sealed deck, cut
            if self.sealcut.press(button, long):
                self._deal(self.sealcut.cut)
        elif button == btn.OK and long and (m == M_GATE or m == M_PEEK or m == M_DRAWN):
            self._open_menu(M_GATE)     # the table menu (from a private screen: back through its gate)
        elif m == M_GATE:
            if button == btn.OK and self.peek_for:     # the sideshow's comparison, to one of its two players
                self._open_peek()
            elif button == btn.OK:                      # "I am Ben": his turn
                self._open_turn()
        elif m == M_PEEK:
            if button == btn.OK:
                self.peek_for.pop(0)
                if self.peek_for:
                    self.viewer = None
                    self._enter(M_GATE)     # the other player of the sideshow, behind their own gate
                else:
                    self.peek = None  # type: ignore[assignment]
                    self._after_engine()
        elif m == M_DRAWN:              # a drawn hand seen: OK to the next gate
            if button == btn.OK:
                self._after_engine()
        else:
            from dealerbox.ui import results_flow

            if results_flow.press(self, button, long):    # "Next hand", dealt once results_flow returned
                self.next_hand()
        if self.writes and not self.defer:
            self.flush()
        if self.dirty and not was and self._key() == before:
            self.dirty = False          # nothing on the screen changed: no redraw (an I2C transfer saved)

    def long_buttons(self):
        """The buttons with a long meaning on the screen now (bitmask of ``ui.buttons`` bits): the run loop
        (boards/loop.py) hands them over when their press ends or is held long; the others act on the press.
        A button belongs here when its long press does something its short press does not (docs/ui.md)."""
        m = self.mode
        if m == M_TURN:         # long OK: the table menu; UP/DOWN: the amount's max/min; the draw: long LEFT/RIGHT
            drawing = self.opts and self.opts[self.oi].kind == "draw"       # leave it for the next action
            return _UDO | _LR if drawing else _UDO
        return _LONG.get(m, 0)

    def _key(self):
        """Everything the current screen draws from, to tell whether a press changed the frame."""
        return (self.mode, self.sel, self.top, self.oi, self.amount, self.cursor, self.marks, self.msg, self.edit,
                self.epos, self.title, self.hint, self.info, self.status, self.viewer, self.rows, self.opts, self.armed,
                self.shown, self.gate_name, self.sealcut.key() if self.sealcut is not None else 0)

    def draw(self, fb):
        """Draw the current screen into ``fb`` (FrameBuffer 128x64 MONO_VLSB) and clear ``dirty``."""
        if fb is not self._fb:
            self._fb = fb
            self.canvas = Canvas(fb)
        cv = self.canvas
        cv.clear()  # type: ignore[union-attr]
        m = self.mode
        if m == M_GATE:
            screens.draw_gate(self, cv)
        elif m == M_TURN:
            screens.draw_turn(self, cv)
        elif m == M_NAME:
            screens.draw_name(self, cv)
        elif m == M_PLAYERS or m == M_CHIPS or m == M_BOOT:
            screens.draw_value(self, cv)
        elif m == M_SHOWDOWN or m == M_PEEK or m == M_DRAWN:
            screens.draw_lines(self, cv)
        elif m == M_SEAL:
            self.sealcut.draw(cv)
        else:
            screens.draw_list(self, cv)
        if self._battery is not None:
            self._battery.draw(self, cv)
        self.dirty = False

    def battery(self, level):
        """The battery's level from the board (``dealerbox.power``: USB, FULL ... CRITICAL, or None), shown between
        hands (ui/battery.py): the frame is redrawn when it changes there."""
        if level != self.power:
            if self._battery is None:
                from dealerbox.ui import battery

                self._battery = battery
            self.power = level
            if self._battery.shows(self):
                self.dirty = True

    def private_seat(self):
        """The seat whose private screen is showing (its gate confirmed), or None for a public screen."""
        return self.viewer if self.mode == M_TURN or self.mode == M_PEEK or self.mode == M_DRAWN else None

    def resume(self, store):
        """Offer "resume" when ``store.load()`` returns a snapshot of this app; True when it did (the boot
        screen, with what the store found wrong: ``ui/setup_flow.resume``). A snapshot whose hand was still
        live after the journal's actions is announced as a restart mid-hand, with continue or void."""
        self.journal = []
        self.later = []
        self.saved_live = False
        ok = setup_flow.resume(self, store)
        if self.saved is not None:
            self.journal = list(getattr(store, "journal", None) or ())
            self.later = list(getattr(store, "later", None) or ())
            before = self.report
            # the hand still live after the journal's records and the committed hand logs ``later`` (a throwaway
            # engine; not on any error); ``report`` set when logged hands were caught up (ui/catchup.py)
            snap = self.saved
            es = snap.get("engine")
            if es is not None and (self.later or es.get("phase") not in ("idle", "over")):
                e = None
                try:
                    from dealerbox.engine.table import Table
                    from dealerbox.games import engine_class
                    from dealerbox.ui import snapcheck
                    e = engine_class(es["game"]).from_state(Table.from_state(snap["table"]), es)
                    for rec in self.journal:
                        seat, action = snapcheck.action_of(rec)
                        if seat != e.to_act:
                            break
                        e.apply(action)
                    if self.later:
                        from dealerbox.ui import catchup
                        catchup.say(self, e, catchup.catch_up(e, self.later))
                except Exception:  # a journal the replay refuses is reported by ``restore``
                    pass
                self.saved_live = e is None or hand_live(e)
            if self.saved_live or self.report != before:
                self._build()
        return ok

    def hand_live(self):
        """True while a hand is live: dealt and not over, or offered for resuming after a restart mid-hand
        (the board turns the USB REPL's interrupt off then: boards/loop.py, docs/security.md)."""
        if self.mode == M_RESUME:
            return self.saved_live
        return self.mode == M_SEAL or hand_live(self.engine)     # (the seal-and-cut screen: the deck exists)

    def snapshot(self, copy=True):
        """The session as a JSON-able dict: config, table, hand in progress, and where the flow is.

        A private screen is never restored: a resumed hand goes back to its privacy gate.
        ``copy=False`` (the app's own saves) shares the engine's lists instead of copying them: the
        store serializes the dict before ``save`` returns, so no second copy of the hand is on the heap.
        """
        snap = {"v": SNAPSHOT_VERSION, "cfg": self.cfg, "table": self.table.to_state(copy),
                "engine": self.engine.to_state(copy) if self.engine is not None else None,
                "hand_no": self.engine.hand_no if self.engine is not None else 0,
                "last": self.last}
        return snap

    def restore(self, snap, void=False):
        """Continue the session of ``snap`` (from ``snapshot``) and the journal's actions after it (``journal``,
        set by ``resume``); a hand in progress resumes at its gate. ``void``: the table chose to void the hand
        in progress (every chip put in it back to its owner, logged as voided with its deal: ``Engine.void_hand``)."""
        from dealerbox.engine.table import Table
        from dealerbox.games import engine_class

        self.cfg = snap["cfg"]
        self.table = Table.from_state(snap["table"])
        es = snap.get("engine")
        if es is not None:
            self.engine = engine_class(es["game"]).from_state(self.table, es, self.entropy)
        else:
            self.engine = engine_class(self.cfg["game"])(self.table, self.cfg["rules"], self.entropy)
        self.last = snap.get("last", "")
        self.saved = None
        records = self.journal
        self.journal = []
        self.saved_live = False
        if es is not None and records:
            from dealerbox.ui import snapcheck
            _k, problem = snapcheck.replay(self, records)
            if problem is not None:     # the session continues before the refused action; saved so at once
                self.report = [Reason("Save damaged: %s", problem)]
                self.last = tr("Journal damaged")
                self._save()
        if es is not None and self.later:   # hands logged after an older save: brought to their logged end
            from dealerbox.ui import catchup
            catchup.restore(self)
        if void and hand_live(self.engine):
            e = self.engine
            e.void_hand()
            self.last = tr("Hand %d voided") % e.hand_no
            self.writes.append(e.log)
            self._save()
        self._after_engine()

    def _save(self):
        """Save the session (a snapshot) at the next ``flush``."""
        if self.store is not None and self.table is not None:
            self.writes.append(None)

    def _record(self, seat, action, log):
        """Save ``action`` by ``seat`` (just applied) at the next ``flush``: one journal line, after ``log`` (the hand
        log of a hand it ended). A store without a journal, and an action that drew on the entropy (a Turkish
        reshuffle), get a snapshot instead."""
        if self.store is None:
            return
        if log is not None:
            self.writes.append(log)
        if getattr(self.store, "record", None) is None:
            self.writes.append(None)
        else:
            self.writes.append(record_of(seat, action))

    def flush(self):
        """Write what the last presses changed: hand logs, then journal lines or a snapshot. The board calls it
        after the frame is shown (``defer``), so the screen never waits on the flash. A failing write (a full
        flash) keeps the table playing: ``unsaved`` says why, the "not saved" notice offers to free room, and the
        next flush tries again (hand logs not yet written first, then a whole snapshot)."""
        q = self.writes
        if not q:
            return
        self.writes = []
        store = self.store
        snap = self.unsaved is not None
        i = 0
        try:
            for item in q:
                if isinstance(item, dict):
                    store.append_log(item)
                elif item is None or snap:
                    snap = True
                elif not store.record(item):
                    snap = True
                i += 1
            if snap and self.table is not None:     # (the session ended meanwhile: nothing left to save)
                store.save(self.snapshot(False))
        except OSError as err:
            kept = self._kept
            boundary = False        # a new hand's end or a deal: the notice is shown again there
            for item in q:
                if item is None:
                    boundary = True
                elif isinstance(item, dict):
                    old = False     # a hand log an earlier failed flush kept (by identity: two logs may be equal)
                    for k in kept:
                        old = old or k is item
                    boundary = boundary or not old
            self._kept = []
            for item in q[i:]:
                if isinstance(item, dict):  # a hand log not written: tried again first at the next flush
                    self.writes.append(item)
                    self._kept.append(item)
            from dealerbox.ui import nosave  # the first failed write: the notice's code, kept

            nosave.not_saved(self, err, boundary)
            return
        self._kept = []
        if self.unsaved is not None:
            self.unsaved = None
            if self.mode == M_GATE:
                self._enter(M_GATE)

    # ---- the play flow: screen changes, list moves, dealing, the gate, the turn, the sideshow comparison ----

    def choose(self, game, players=None):
        """Preselect ``game`` (and ``players``, clamped to its range) on the setup screens."""
        setup_flow.new_config(self, game)
        if players is not None:
            lo, hi = settings.player_range(game)
            self.cfg["players"] = max(lo, min(hi, players))
        self._enter(M_GAME, settings.game_index(game))

    def _enter(self, mode, sel=0):
        self.mode = mode
        self.sel = sel
        self.top = 0
        self.msg = ""
        self.armed = False
        self._build()
        self.dirty = True

    def _build(self):
        """Compute the rows, title and hint of the current screen (at press time, never in draw)."""
        m = self.mode
        if m in SETUP or m == M_NAME or m == M_RESUME or m == M_RULESVIEW:
            setup_flow.build(self)
            if m == M_GAME:     # its last row: the language (ui/langpick.py)
                langpick.add_row(self)
        elif m == M_LANG:
            langpick.build(self)
        elif m == M_GATE:      # the privacy gate: "Pass the box to Ben" (or to a sideshow player: the comparison)
            peek_for = self.peek_for  # type: ignore[has-type]
            seat = peek_for[0] if peek_for else self.engine.to_act
            if self.unsaved is None:
                self.title = self.last
            else:               # "Not saved: flash full" (ui/nosave.py: imported when the write failed)
                from dealerbox.ui import nosave

                self.title = nosave.title(self)
            self.gate_name = self.table.names[seat]
            self.info = self._public_info(seat)
            if peek_for:
                self.info = tr("to see the sideshow")
            self.hint = tr("OK: I am %s") % self.gate_name
        elif m == M_NOSAVE:
            from dealerbox.ui import nosave

            nosave.build(self)
        elif m == M_SEAL:      # the seal and the cut (ui/sealcut.py): built when sealed
            self.rows = []
            self.sel = -1
        else:
            from dealerbox.ui import results_flow

            results_flow.build(self)
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

    def start_session(self):
        """Seat the players and deal the first hand (after the summary was confirmed): the engine's modules are
        imported here (the setup screens need none of them)."""
        from dealerbox.engine.table import Table
        from dealerbox.games import engine_class

        cfg = self.cfg  # type: ignore[attr-defined]
        n = cfg["players"]
        self.table = Table(cfg["names"][:n], cfg["chips"])
        self.engine = engine_class(cfg["game"])(self.table, cfg["rules"], self.entropy)
        if self.store is not None and hasattr(self.store, "clear"):  # type: ignore[attr-defined]
            self.store.clear()  # type: ignore[attr-defined]
        self.last = ""
        self.next_hand()

    def _tip(self):
        """The hash of the hand log's last line, ``prev`` of the next (``Store.tip``; a line still to be written
        first: its hash; ``ZERO`` with no store)."""
        from dealerbox.store import ZERO, line_hash

        for item in self.writes[::-1]:
            if isinstance(item, dict):
                return line_hash(item)
        tip = getattr(self.store, "tip", None)
        return tip() if tip is not None else ZERO

    def next_hand(self):
        """Shuffle and seal the next hand's deck and show the seal-and-cut screen (ui/sealcut.py): the deal comes
        with its cut (``_deal``)."""
        from dealerbox.ui.sealcut import SealCut

        e = self.engine
        self.sealcut = SealCut(e, e.seal_deck(self._tip()))
        self._enter(M_SEAL)

    def _deal(self, cut):
        """Deal the sealed deck cut at ``cut`` (boot/ante, deal), save, and go to the first gate."""
        e = self.engine
        e.start_hand(cut=cut)
        self.sealcut = None
        cents = self.cfg.get("cents")  # type: ignore[attr-defined]
        if cents:           # the chip value (cents per chip) in the hand log, for settling up (host_tools.report)
            e.log["cents"] = cents
        self.last = tr("Hand %d dealt") % e.hand_no
        self._after_engine()
        self._save()  # type: ignore[attr-defined]

    def _after_engine(self):
        """Choose the next screen after the engine changed: the next gate, or the hand's end."""
        e = self.engine
        self.viewer = None
        self.shown = None
        if e.phase == "over" or e.to_act is None:
            from dealerbox.ui import results_flow

            if e.result is not None and results_flow.showdown_rows(self):
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

    def _open_turn(self):
        """The gate was confirmed by the seat to act: compute its private screen."""
        e = self.engine
        seat = e.to_act
        self.viewer = seat
        v = e.view(seat)
        n = e.n                 # the cards ``seat`` may see now, per seat (list of lists or None), from its ``view``
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
        self.shown = shown
        self.status = ""
        if isinstance(v.get("seen"), list):
            self.status = tr("seen") if v["seen"][seat] else tr("blind")
        elif "hand" in v and v["hand"] is None:
            self.status = tr("blind")
        self.indian = self.cfg["game"] == "indian"  # type: ignore[attr-defined]
        self.up_count = v.get("up_count")           # Forehead Stud: how many forehead cards the seat has
        hand = e.hands[seat]
        self.ncards = len(hand) if hand else 0
        self.info = self._public_info(seat)
        ss = v.get("sideshow")                      # answering a sideshow: who asked
        self.asked_by = self.table.names[ss[0]] if ss and ss[1] == seat else ""
        if self.asked_by and self.ncards > 3:       # no room beside the cards: on the info line
            self.info = tr("Sideshow by %s") % self.asked_by
        # the engine's options in the action bar's order: "See cards" first, then the bets in the engine's order,
        # Pack / Fold last (one press too few must never give a hand away; issue 14)
        first = []  # type: list
        opts = []  # type: list
        last = []  # type: list
        for o in e.legal_actions():
            (first if o.kind == "see" else last if o.kind in ("pack", "fold") else opts).append(o)
        self.opts = opts = first + opts + last
        self.armed = False
        self.oi = 0
        for i in range(len(opts)):      # selected: the first action that is not "see"/"pack"/"fold", at its minimum
            if opts[i].kind not in ("see", "pack", "fold", "draw"):
                self.oi = i
                break
        self.cursor = 0
        self.marks = 0
        self.msg = ""
        self._reset_amount()
        self.mode = M_TURN
        self.dirty = True

    def _reset_amount(self):
        if self.opts:
            o = self.opts[self.oi]
            self.amount = o.amounts[0] if o.amounts else o.min
        else:
            self.amount = 0

    def _press_turn(self, b, long):
        if b == btn.OK and long:
            self._open_menu(M_GATE)     # leaving a private screen: back through the gate
            return
        if not self.opts:
            return
        o = self.opts[self.oi]
        if self.armed and not (b == btn.OK and not long):
            self.armed = False          # any other press: no pack, the question goes
            self.msg = ""
            self.dirty = True
            if b == btn.OK:
                return
        elif b == btn.OK and o.kind in ("pack", "fold") and not self.armed:
            e = self.engine     # chips in the pot beyond the boot/ante (and a dead hand's carry): packing or folding
            seat = self.viewer  # gives them away, so the turn asks for a second OK
            r = self.cfg["rules"]  # type: ignore[attr-defined]
            base = r.get("boot", r.get("ante", 0))
            carry = e.log.get("carry") if e.log else None      # Turkish: a dead hand's pot, put in at the deal
            if carry and seat < len(carry):
                base += carry[seat]
            if e.pb.contributed[seat] > base:
                self.armed = True
                self.msg = tr("Pack? OK again") if o.kind == "pack" else tr("Fold? OK again")
                self.dirty = True
                return
        drawing = o.kind == "draw"
        if drawing and b in (btn.LEFT, btn.RIGHT) and not long:
            n = len(self.shown[self.viewer]) if self.shown[self.viewer] else 0  # type: ignore[index]
            if n:
                self.cursor = (self.cursor + (1 if b == btn.RIGHT else -1)) % n
        elif drawing and b in (btn.UP, btn.DOWN):
            bit = 1 << self.cursor
            if self.marks & bit:
                self.marks &= ~bit
            elif marked(self.marks) < MAX_DISCARD:
                self.marks |= bit
            else:
                self.msg = tr("discard 0 to %d cards") % MAX_DISCARD
        elif b in (btn.LEFT, btn.RIGHT):
            if len(self.opts) > 1:
                self.oi = (self.oi + (1 if b == btn.RIGHT else -1)) % len(self.opts)
                self._reset_amount()
                self.marks = 0
                self.cursor = 0
                self.msg = ""
        elif b in (btn.UP, btn.DOWN) and (o.max > o.min or (o.amounts and len(o.amounts) > 1)):
            d = 1 if b == btn.UP else -1
            if o.amounts:                   # the next of the option's amounts
                i = self._choice_index(o.amounts, self.amount) + d
                self.amount = o.amounts[max(0, min(len(o.amounts) - 1, i))]
            elif long:                      # long: to its max/min
                self.amount = o.max if d > 0 else o.min
            else:                           # a step: the bet size (Turkish, Indian) or the boot
                r = self.cfg["rules"]  # type: ignore[attr-defined]
                u = r.get("bet", r.get("boot", 1))
                self.amount = max(o.min, min(o.max, self.amount + d * (u if isinstance(u, int) and u > 0 else 1)))
        elif b == btn.OK:
            self._act(o)
            return
        self.dirty = True

    def _act(self, o):
        from dealerbox.engine.base import Action, IllegalAction

        e = self.engine
        seat = e.to_act
        if o.kind == "draw":
            pos = []                        # the positions of the cards marked
            for i in range(8):
                if self.marks & (1 << i):
                    pos.append(i)
            action = Action("draw", 0, pos)
        else:
            action = Action(o.kind, self.amount if (o.max or o.amounts) else 0)
        shuffled = reshuffles(e)
        old = list(e.hands[seat] or ())
        try:
            events = e.apply(action)
        except IllegalAction as err:
            self.msg = said(err)      # (the engine's reason, in the language in use)
            self.dirty = True
            return
        self.last = self._describe(seat, action, events)
        if reshuffles(e) != shuffled:
            self._save()  # type: ignore[attr-defined]  # the stock drew on the entropy: a snapshot, no replay
        self._record(seat, action, e.log if e.phase == "over" else None)  # type: ignore[attr-defined]
        if action.kind == "accept":     # the comparison, to each of the two players behind their gates
            for ev in events:
                if ev[0] == "accept":
                    asker = ev[2]
                elif ev[0] == "pack":
                    loser = ev[1]
            self.peek = (asker, seat, loser)
            self.peek_for = [seat, asker]
            self._open_peek()
        elif action.kind == "draw" and action.cards:
            # the new hand, to the player who drew, behind the same gate before the box moves on: the cards kept on
            # one line and the new ones on the next (from ``view(seat)``; no category: the results screens' words are
            # loaded at the end of the hand, not during it)
            v = self.engine.view(seat)
            hand = v.get("hand") or v.get("cards") or []
            self.viewer = seat
            self.mode = M_DRAWN
            self.col = 7 + 4 * font.W + 3
            kept = []  # type: list
            new = []  # type: list
            for c in hand:
                (kept if c in old else new).append(c)
            self.rows = [("", tr("Kept"), kept, ""), ("\x18", tr("New"), new, "")]
            self.title = fit_title(tr("%s: your new hand") % self.table.names[seat], tr("Your new hand"))
            self.hint = tr("OK: pass the box on")
            self.sel = -1
            self.top = 0
            self.msg = ""
            self.dirty = True
        elif e.to_act == seat and e.phase != "over":
            self._open_turn()           # same player again (after "see"): stays behind the same gate
        else:
            self._after_engine()

    def _describe(self, seat, action, events):
        """One public line about what just happened ("Ben: chaal 4")."""
        names = self.table.names
        name = names[seat]
        if action.kind == "draw":
            return tr("%s drew %d") % (name, len(action.cards))
        for ev in events:
            if ev[0] == "sideshow":
                for f in SIDESHOW_ASKS:             # the first wording that fits the title bar (the last: the
                    f = tr(f)                       # asker only)
                    line = f % ((name, names[ev[2]]) if f.count("%s") == 2 else (name,))
                    if len(line) <= _TITLE_LEN:
                        break
                return line
            if ev[0] == "refuse":
                return fit_title(tr("%s refuses sideshow") % name, tr("%s refuses") % name)
            if ev[0] == "pack" and action.kind == "accept":
                return fit_title(tr("%s packs (sideshow)") % names[ev[1]], tr("%s packs") % names[ev[1]])
        if action.amount:
            k = action.kind
            w = action_word(k)
            short = action_word("blind" if k == "karanlik" else k)  # (Karanlik: the Turkish blind bet)
            a = action.amount
            return fit_title(tr("%s: %s %d") % (name, w, a), tr("%s %s %d") % (name, w, a),
                             tr("%s: %s %d") % (name, short, a), tr("%s %s %d") % (name, short, a),
                             "%s %d" % (name, a))
        return tr("%s: %s") % (name, action_word(action.kind))

    def _public_info(self, seat):
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
            s2 = pv.get("stake2", 0)
            st = "%d.5" % (s2 >> 1) if s2 & 1 else "%d" % stake    # exact after an odd seen bet: "stake 3.5"
            w = pv.get("wild")
            if w is None:
                return fit_title(tr("Pot %d  stake %s") % (pot, st), tr("Pot %d stake %s") % (pot, st))
            return wild_info(pot, st, w)
        if seat is not None and pv.get("bets") and pv.get("phase") != "draw":
            call = 0                    # the call the engine offers (the seat to act; none: it may check)
            if seat == e.to_act:
                for o in e.legal_actions():
                    if o.kind == "call":
                        call = o.min
            return fit_title(tr("Pot %d  call %d") % (pot, call), tr("Pot %d call %d") % (pot, call))
        return tr("Pot %d") % pot

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
        out = []                            # each hand on one line where its category fits after its cards
        for mark, name, cards, right in hands:
            if isinstance(right, str) and right and col + len(cards) * (cardart.SMALL_W + 1) + 3 + text_width(
                    right) > WIDTH:
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
        from dealerbox.ui.results_flow import category_label

        for s, cards in ((seat, v.get("cards") or []), (other, oc)):
            hands.append(("" if s == loser else "\x19", names[s], cards, category_label(e.category(s))))
        self.viewer = seat
        self.mode = M_PEEK
        self.rows = self._lines(hands)
        self.title = fit_title(tr("Sideshow: %s packs") % names[loser], tr("Sideshow result"))
        self.hint = tr("OK done")
        self.sel = -1
        self.top = 0
        self.msg = ""
        self.dirty = True

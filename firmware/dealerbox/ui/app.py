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

``App`` is ``PlayFlow`` (ui/play_flow.py: gate, turn, sideshow comparison) plus the interface; the setup
and results screens are functions of ui/setup_flow.py and ui/results_flow.py, imported only while such
a screen is up (docs/ui.md, docs/device.md "Memory").
"""

from dealerbox.ui import screens
from dealerbox.ui.buttons import OK
from dealerbox.ui.canvas import Canvas
from dealerbox.ui.modes import (
    M_BOOT,
    M_CHIPS,
    M_GAME,
    M_GATE,
    M_NAME,
    M_PEEK,
    M_PLAYERS,
    M_RESUME,
    M_SEAL,
    M_SHOWDOWN,
    M_TURN,
    SETUP,
    SNAPSHOT_VERSION,
)
from dealerbox.ui.play_flow import PlayFlow, collect


class App(PlayFlow):
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
        self.asked_by = ""      # the name of who asked the sideshow being answered on this turn
        self.peek = None  # type: ignore[assignment]  # an accepted sideshow: (asker, asked, loser)
        self.peek_for = []      # seats still to see that comparison (behind their gates)
        self.gate_name = ""
        self.saved = None
        self.report = None      # what the store found wrong at boot (shown on the resume screen), or None
        self.back_mode = 0      # where Standings / Rules return (M_MENU, M_BETWEEN) or 0: the flow
        self.menu_from = M_GATE
        self.new_config("teen-patti")
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
            if self._setup().press_resume(self, button, long):
                self.restore(self.saved)
        elif m in SETUP or m == M_NAME:
            if self._setup().press(self, button, long):     # the summary confirmed: the setup code is done
                self.start_session()
        elif m == M_GATE:
            self._press_gate(button, long)
        elif m == M_SEAL:       # the deal's seal: OK to the first gate (long OK: the table menu)
            if button == OK and long:
                self._open_menu(M_GATE)
            elif button == OK:
                self._after_engine()
        elif m == M_TURN:
            self._press_turn(button, long)
        elif m == M_PEEK:
            self._press_peek(button, long)
        elif self._results().press(self, button, long):   # "Next hand", dealt once results_flow returned
            self.next_hand()
        if self.dirty and not was and self._key() == before:
            self.dirty = False          # nothing on the screen changed: no redraw (an I2C transfer saved)

    def _key(self):
        """Everything the current screen draws from, to tell whether a press changed the frame."""
        return (self.mode, self.sel, self.top, self.oi, self.amount, self.cursor, self.marks, self.msg, self.edit,
                self.epos, self.title, self.hint, self.info, self.status, self.viewer, self.rows, self.opts,
                self.shown, self.gate_name)

    def draw(self, fb):
        """Draw the current screen into ``fb`` (FrameBuffer 128x64 MONO_VLSB) and clear ``dirty``."""
        if fb is not self._fb:
            self._fb = fb
            self._cv = Canvas(fb)
        cv = self._cv
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
        elif m == M_SHOWDOWN or m == M_PEEK:
            screens.draw_lines(self, cv)
        elif m == M_SEAL:
            screens.draw_seal(self, cv)
        else:
            screens.draw_list(self, cv)
        self.dirty = False

    @property
    def canvas(self):
        """The canvas of the last ``draw`` (its ``cards``/``ncards`` record the cards drawn), or None."""
        return self._cv

    def private_seat(self):
        """The seat whose private screen is showing (its gate confirmed), or None for a public screen."""
        return self.viewer if self.mode == M_TURN or self.mode == M_PEEK else None

    def resume(self, store):
        """Offer "resume" when ``store.load()`` returns a snapshot of this app; True when it did (the boot
        screen, with what the store found wrong: ``ui/setup_flow.resume``)."""
        return self._setup().resume(self, store)

    def snapshot(self, copy=True):
        """The session as a JSON-able dict: config, table, hand in progress, and where the flow is.

        A private screen is never restored: a resumed hand goes back to its privacy gate.
        ``copy=False`` (the app's own saves) shares the engine's lists instead of copying them: the
        store serializes the dict before ``save`` returns, so no second copy of the hand is on the heap.
        """
        snap = {"v": SNAPSHOT_VERSION, "cfg": self.cfg, "table": self.table.to_state(),
                "engine": self.engine.to_state(copy) if self.engine is not None else None,
                "hand_no": self.engine.hand_no if self.engine is not None else 0,
                "last": self.last}
        return snap

    def restore(self, snap):
        """Continue the session of ``snap`` (from ``snapshot``); a hand in progress resumes at its gate."""
        self._unload_setup()
        from dealerbox.engine.base import Engine
        from dealerbox.engine.table import Table
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
            collect()   # the snapshot and its JSON stream on an unfragmented heap
            self.store.save(self.snapshot(False))

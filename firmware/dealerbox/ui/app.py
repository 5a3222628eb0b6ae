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
and results screens are functions of ui/setup_flow.py and ui/results_flow.py (docs/ui.md), imported with the app:
its first screen is a setup screen, and every session's first hand ends on the results screens.
"""

from dealerbox.engine.table import Table
from dealerbox.games import engine_class
from dealerbox.lang import tr
from dealerbox.ui import langpick, results_flow, screens, setup_flow
from dealerbox.ui.buttons import OK
from dealerbox.ui.canvas import Canvas
from dealerbox.ui.modes import (
    M_BOOT,
    M_CHIPS,
    M_DRAWN,
    M_GAME,
    M_GATE,
    M_LANG,
    M_NAME,
    M_NOSAVE,
    M_PEEK,
    M_PLAYERS,
    M_RESUME,
    M_SEAL,
    M_SHOWDOWN,
    M_TURN,
    SETUP,
    SNAPSHOT_VERSION,
)
from dealerbox.ui.play_flow import PlayFlow, hand_live, record_of


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
        self.up_count = None    # Forehead Stud: the forehead cards of the seat to act (a count, never which)
        self.asked_by = ""      # the name of who asked the sideshow being answered on this turn
        self.peek = None  # type: ignore[assignment]  # an accepted sideshow: (asker, asked, loser)
        self.peek_for = []      # seats still to see that comparison (behind their gates)
        self.gate_name = ""
        self.saved = None
        self.report = None      # what the store found wrong at boot (shown on the resume screen), or None
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
        self._kept = None       # a hand log a failed flush kept for the next one
        self.journal = []       # the actions the store found after its snapshot (replayed by ``restore``)
        self.later = []         # hand logs committed after an older save the store fell back to (``restore``)
        self.saved_live = False  # the saved session was in the middle of a hand (the resume screen says so)
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
        elif button == OK and long and (m == M_GATE or m == M_SEAL or m == M_PEEK or m == M_DRAWN):
            self._open_menu(M_GATE)     # the table menu (from a private screen: back through its gate)
        elif m == M_GATE:
            if button == OK and self.peek_for:     # the sideshow's comparison, to one of its two players
                self._open_peek()
            elif button == OK:                      # "I am Ben": his turn
                self._open_turn()
        elif m == M_PEEK:
            if button == OK:
                self.peek_for.pop(0)
                if self.peek_for:
                    self.viewer = None
                    self._enter(M_GATE)     # the other player of the sideshow, behind their own gate
                else:
                    self.peek = None  # type: ignore[assignment]
                    self._after_engine()
        elif m == M_SEAL or m == M_DRAWN:   # the deal's seal, a drawn hand seen: OK to the (next) gate
            if button == OK:
                self._after_engine()
        elif results_flow.press(self, button, long):   # "Next hand", dealt once results_flow returned
            self.next_hand()
        if self.writes and not self.defer:
            self.flush()
        if self.dirty and not was and self._key() == before:
            self.dirty = False          # nothing on the screen changed: no redraw (an I2C transfer saved)

    def _key(self):
        """Everything the current screen draws from, to tell whether a press changed the frame."""
        return (self.mode, self.sel, self.top, self.oi, self.amount, self.cursor, self.marks, self.msg, self.edit,
                self.epos, self.title, self.hint, self.info, self.status, self.viewer, self.rows, self.opts, self.armed,
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
        elif m == M_SHOWDOWN or m == M_PEEK or m == M_DRAWN:
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
            self.saved_live = self._probe_live(self.saved, self.journal)
            if self.saved_live or self.report != before:
                self._build()
        return ok

    def _probe_live(self, snap, records):
        """True when the hand of ``snap`` is still live after ``records`` and the committed hand logs ``later``
        (a throwaway engine; False on any error). Sets ``report`` when logged hands were caught up
        (ui/catchup.py)."""
        es = snap.get("engine")
        if es is None or not self.later and es.get("phase") in ("idle", "over"):
            return False
        e = None
        try:
            from dealerbox.ui import snapcheck
            e = engine_class(es["game"]).from_state(Table.from_state(snap["table"]), es)
            for rec in records:
                seat, action = snapcheck.action_of(rec)
                if seat != e.to_act:
                    break
                e.apply(action)
            if self.later:
                from dealerbox.ui import catchup
                catchup.say(self, e, catchup.catch_up(e, self.later))
        except Exception:  # a journal the replay refuses is reported by ``restore``
            pass
        return e is None or hand_live(e)

    def hand_live(self):
        """True while a hand is live: dealt and not over, or offered for resuming after a restart mid-hand
        (the board turns the USB REPL's interrupt off then: boards/loop.py, docs/security.md)."""
        if self.mode == M_RESUME:
            return self.saved_live
        return hand_live(self.engine)

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
        self.cfg = snap["cfg"]
        self.table = Table.from_state(snap["table"])
        es = snap.get("engine")
        if es is not None:
            self.engine = engine_class(es["game"]).from_state(self.table, es, self.entropy)
        else:
            self._new_engine()
        self.last = snap.get("last", "")
        self.saved = None
        records = self.journal
        self.journal = []
        self.saved_live = False
        if es is not None and records:
            from dealerbox.ui import snapcheck
            _k, problem = snapcheck.replay(self, records)
            if problem is not None:     # the session continues before the refused action; saved so at once
                self.report = problem
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
            if snap:
                store.save(self.snapshot(False))
        except OSError as err:
            boundary = False        # a new hand's end or a deal: the notice is shown again there
            for item in q:
                if item is None or isinstance(item, dict) and item is not self._kept:
                    boundary = True
            for item in q[i:]:
                if isinstance(item, dict):  # a hand log not written: tried again first at the next flush
                    self.writes.append(item)
                    self._kept = item
            from dealerbox.ui import nosave  # the first failed write: the notice's code, kept

            nosave.not_saved(self, err, boundary)
            return
        self._kept = None
        if self.unsaved is not None:
            self.unsaved = None
            if self.mode == M_GATE:
                self._enter(M_GATE)

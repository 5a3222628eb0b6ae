"""The app: what the whole box shares (table, engine, session config, store, the language in use) and the
screen shown (docs/ui.md).

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
``clock`` (optional, ``() -> ms``) measures the session's playing time (a session limited by time).

Every screen is an object (``ui/screen.py``) that computes what it shows when a button is pressed, handles its own
buttons and draws itself; the app shows one (``screen``) and goes forward (``change``: the screen left is kept for
``back``) or on (``go``: a new screen, nothing kept). The screens live in ``ui/setup_flow.py`` (the setup),
``ui/resume.py`` (the boot offer), ``ui/play.py`` (the deal's seal, the privacy gate, the turn, the sideshow and the
draw), ``ui/results_flow.py`` (the hand's end, the menus, the end of the session), ``ui/langpick.py`` and
``ui/nosave.py``; the app imports with itself only what its first screen needs (a setup screen, the language list
or the resume offer): the engine, the games and the hand's screens when a session starts or is restored, the results
screens at the first hand's end. During a hand every turn starts at the privacy gate ("Pass to Ben"): only after Ben
confirms with OK does the turn screen show anything private, and the next screen after his action is public again.

The flow (RULES.md terms): boot -> resume or new -> game -> players -> names -> starting chips -> boot or ante ->
betting structure -> house-rule preset -> single house rules -> summary -> deal.
"""

import gc

from dealerbox.lang import tr
from dealerbox.reason import Reason
from dealerbox.ui.canvas import Canvas
from dealerbox.ui.modes import M_GATE, M_RESUME, M_SEAL, SNAPSHOT_VERSION, describe, fit_title

# What the app saves after each action: the store (dealerbox/store/saves.py) keeps a snapshot at every deal and
# between hands and, after it, one short journal line per action (``record_of``; an ``"undo"`` line takes the line
# before it back); at boot the app restores the snapshot and replays the journal through the engine (deterministic:
# the deck is in the snapshot; ui/snapcheck.py, imported when a save is there).


def record_of(seat, action):
    """The journal record (str, no spaces) of ``action`` (``engine.base.Action``) by ``seat`` (int): ``"2.chaal.4"``
    (seat, kind, amount, and for a draw the card positions ``"1.draw.0.0-2"``; read back by
    ``snapcheck.action_of``)."""
    rec = "%d.%s.%d" % (seat, action.kind, action.amount)
    if action.cards is not None:
        rec += "." + "-".join(map(str, action.cards))
    return rec


_battery = None     # ui/battery.py once the board has read a level (``App.battery``)


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
    """The box: what every screen shares, and the screen shown. ``App(entropy, store=None, clock=None)``; see the
    module docstring."""

    def __init__(self, entropy, store=None, clock=None):
        self.entropy = entropy
        self.store = store
        self.clock = clock
        self.dirty = True
        self.canvas = None      # the canvas of the last ``draw`` (its ``cards``/``ncards`` record the cards drawn)
        self.cfg = None     # the session config (ui/settings.py): the setup's (``setup_flow.GameScreen`` makes the
        #                     first) or the save's (``restore``); None at a boot until one of them
        self.table = None  # type: ignore[assignment]
        self.engine = None
        self.last = ""          # the public line about the last thing done ("Ben: chaal 4"), the gate's title
        self.screen = None  # type: ignore[assignment]
        self.writes = []        # writes for the store, done by ``flush`` (after the frame, on the box)
        self.defer = False      # True: the board calls ``flush`` after drawing; False: each press flushes
        self.unsaved = None     # why the session is not being saved (str), or None
        self._kept = []  # type: list  # the hand logs a failed flush kept for the next one
        self.played = [0, None]     # the session's playing time: ms before the last resume, and the clock then
        if _battery is not None:    # a new box: no level read yet (ui/battery.py keeps the one battery's level)
            _battery.update(None)
        if store is not None:
            from dealerbox.ui import resume
            resume.boot(self, store)
        else:
            from dealerbox.ui import setup_flow
            self.go(setup_flow.GameScreen(self))

    @property
    def mode(self):
        """The screen shown, as a number of ``ui/modes.py`` (tests and tools)."""
        return self.screen.MODE

    # ---- the screens ----
    def go(self, screen):
        """Show ``screen`` (a ``ui.screen.Screen``) in place of the one shown, keeping nothing to go back to."""
        self.screen = screen
        screen.open()
        self.dirty = True

    def change(self, screen):
        """Show ``screen`` forward from the one shown, which ``back`` returns to as it was left."""
        screen.follow(self.screen)
        self.go(screen)

    def back(self):
        """Return to the screen the shown one was opened from (``change``), rebuilt where it was left."""
        prev = self.screen.prev
        if prev is not None:
            self.screen = prev
            prev.reopen()
            self.dirty = True

    def press(self, button, long=False):
        """Handle one debounced button event (``button`` 0-4 of ``ui.buttons``, ``long`` press)."""
        was = self.dirty
        s = self.screen
        before = s.key()
        s.press(button, long)
        if self.writes and not self.defer:
            self.flush()
        if self.screen is not s or s.key() != before:
            self.dirty = True
        elif not was:
            self.dirty = False          # nothing on the screen changed: no redraw (an I2C transfer saved)

    def long_buttons(self):
        """The buttons with a long meaning on the screen now (bitmask of ``ui.buttons`` bits: ``Screen.long_buttons``):
        the run loop (boards/loop.py) hands them over when their press ends or is held long; the others act on the
        press (docs/ui.md)."""
        return self.screen.long_buttons()

    def draw(self, fb):
        """Draw the current screen into ``fb`` (FrameBuffer 128x64 MONO_VLSB) and clear ``dirty``."""
        cv = self.canvas
        if cv is None or fb is not cv.fb:
            cv = self.canvas = Canvas(fb)
        cv.clear()
        self.screen.draw(cv)
        if _battery is not None:
            _battery.draw(self, cv)
        self.dirty = False

    def battery(self, level):
        """The battery's level from the board (``dealerbox.power``: USB, FULL ... CRITICAL, or None), shown between
        hands (ui/battery.py, imported with the first level: a board that reads none never loads it): the frame is
        redrawn when it changes there."""
        global _battery
        if _battery is None:
            from dealerbox.ui import battery

            _battery = battery
        if _battery.update(level) and _battery.shows(self):
            self.dirty = True

    def hand_live(self):
        """True while a hand is live: dealt and not over, or offered for resuming after a restart mid-hand
        (the board turns the USB REPL's interrupt off then: boards/loop.py, docs/security.md)."""
        if self.screen.MODE == M_RESUME:
            return self.screen.saved_live
        return self.screen.MODE == M_SEAL or hand_live(self.engine)     # (the seal-and-cut screen: the deck exists)

    # ---- the session: saved, restored ----
    def snapshot(self, copy=True):
        """The session as a JSON-able dict: config, table, hand in progress, the playing time so far (ms).

        A private screen is never restored: a resumed hand goes back to its privacy gate.
        ``copy=False`` (the app's own saves) shares the engine's lists instead of copying them: the
        store serializes the dict before ``save`` returns, so no second copy of the hand is on the heap.
        """
        snap = {"v": SNAPSHOT_VERSION, "cfg": self.cfg, "table": self.table.to_state(copy),
                "engine": self.engine.to_state(copy) if self.engine is not None else None,
                "hand_no": self.engine.hand_no if self.engine is not None else 0,
                "last": self.last}
        if self.cfg.get("minutes"):     # a session limited by time: its playing time so far (ms)
            snap["ms"] = self.played_ms()
        return snap

    def played_ms(self):
        """The session's playing time in ms (its saves and power cuts included: the clock counts while the box
        is on, the saves keep the sum); 0 without a clock."""
        p = self.played
        if self.clock is None or p[1] is None:
            return p[0]
        return p[0] + max(0, self.clock() - p[1])

    def restore(self, snap, void=False, journal=(), later=()):
        """Continue the session of ``snap`` (from ``snapshot``) and the ``journal``'s actions after it; a hand in
        progress resumes at its gate. ``later``: hand logs committed after an older save the store fell back to
        (``ui/catchup.py``). ``void``: the table chose to void the hand in progress (every chip put in it back to
        its owner, logged as voided with its deal: ``Engine.void_hand``). Returns what went wrong (str) or None."""
        from dealerbox.engine.table import Table
        from dealerbox.games import engine_class

        gc.collect()    # the boot's garbage gone (the save read, checked): what lives long goes low, as when fresh
        self.cfg = snap["cfg"]
        self.table = Table.from_state(snap["table"])
        es = snap.get("engine")
        if es is not None:
            self.engine = engine_class(es["game"]).from_state(self.table, es, self.entropy)
        else:
            self.engine = engine_class(self.cfg["game"])(self.table, self.cfg["rules"], self.entropy)
        self.last = snap.get("last", "")
        ms = snap.get("ms", 0)
        self.played = [ms if isinstance(ms, int) and ms > 0 else 0, self.clock() if self.clock else None]
        problem = self._catch_up(journal, later) if es is not None else None
        if void and hand_live(self.engine):
            e = self.engine
            e.void_hand()
            self._voided()
            self.last = tr("Hand %d voided") % e.hand_no
            self.record(None, e.log)
        gc.collect()    # the catch-up's garbage collected before the play's modules load: they go low, as when fresh
        self.after_engine()
        return problem

    def _catch_up(self, journal, later):
        """Replay the ``journal``'s actions on the restored engine (ui/snapcheck.py) and bring it to the end of the
        hand logs ``later`` (ui/catchup.py); returns what went wrong (a list of ``Reason``) or None."""
        problem = None
        if journal:
            from dealerbox.ui import snapcheck
            _k, problem, line = snapcheck.replay(self.engine, journal, self.table.names)
            if line:
                self.last = line
            if problem is not None:     # the session continues before the refused action; saved so at once
                problem = [Reason("Save damaged: %s", problem)]
                self.last = tr("Journal damaged")
                self.save()
        if later:   # hands logged after an older save: brought to their logged end
            from dealerbox.ui import catchup
            report, line, voided = catchup.restore(self.engine, self.store, later)
            for _ in range(voided):     # logged after the save: out of the session's length as the box counted them
                self._voided()
            problem = report or problem
            if line:
                self.last = line
            self.save()
        return problem

    def save(self):
        """Save the session (a snapshot) at the next ``flush``."""
        if self.store is not None and self.table is not None:
            self.writes.append(None)

    def record(self, rec, log=None):
        """Save journal record ``rec`` (an action just applied: ``record_of``) at the next ``flush``, after ``log``
        (the hand log of a hand it ended). A store without a journal, or no record (None), gets a snapshot."""
        if self.store is None:
            return
        if log is not None:
            self.writes.append(log)
        if rec is None or getattr(self.store, "record", None) is None:
            self.writes.append(None)
        else:
            self.writes.append(rec)

    def play(self, seat, action):
        """Apply ``action`` (``engine.base.Action``) by ``seat``: the public line about it, the journal line (and the
        hand log of a hand it ended) for the next ``flush``. Returns the engine's events; raises ``IllegalAction``
        (nothing changed) for an action the rules refuse."""
        e = self.engine
        shuffled = reshuffles(e)
        was = e.is_all_in(seat)
        events = e.apply(action)
        self.last = describe(self.table.names, seat, action, events, e.is_all_in(seat) and not was)
        if reshuffles(e) != shuffled:
            self.save()     # the stock drew on the entropy: a snapshot, no replay
        self.record(record_of(seat, action), e.log if e.phase == "over" else None)
        return events

    def take_back(self, line):
        """Take back the hand's last action (``line``: the public line about it): the hand dealt again from its log and
        played without it (the engine is deterministic: the same deck, seal and actions give the exact state before
        it, as ``snapcheck`` checks every save), the table from the stacks the hand began with; the action named in
        the hand log's ``"undone"``; the box says what it took back; saved as a snapshot (the journal starts again
        from it)."""
        from dealerbox.engine.base import Action
        from dealerbox.engine.table import Table

        e = self.engine
        log = e.log
        row = log["actions"][-1]
        t = Table.from_state({"names": log["names"], "stacks": list(log["stacks"]), "dealer": log["dealer"],
                              "bought_in": list(log.get("bought_in") or log["stacks"]), "stopped": self.table.stopped})
        again = type(e)(t, log["rules"], self.entropy)
        again.start_from_log(log)
        for r in log["actions"][:-1]:
            seat, action = Action.from_list(r)
            again.apply(action)
        again.log["undone"] = (log.get("undone") or []) + [row]
        self.table = t
        self.engine = again
        self.last = fit_title(tr("Taken back: %s") % line, tr("Undo: %s") % line, tr("Taken back"))
        self.save()
        self.after_engine()

    def misdeal(self):
        """The table declared a misdeal (seed 003: a card exposed to its holder; asked twice on the table menu): the
        hand voided, every chip put in it back (``Engine.void_hand``: the button stays, the same dealer deals
        again), the hand log saying so (``"misdeal": true``, its deal kept for ``verify``)."""
        e = self.engine
        e.void_hand()
        e.log["misdeal"] = True
        self._voided()
        self.last = tr("Misdeal: hand %d voided") % e.hand_no
        self.record(None, e.log)
        self.after_engine()

    def _voided(self):
        """Count the deal just voided (a misdeal, or a hand voided after a restart) out of the session's length: a
        void deal is no deal (seed 003: "la donne est nulle"); a voided last hand is dealt again as the last."""
        cfg = self.cfg
        cfg["voided"] = cfg.get("voided", 0) + 1
        if cfg.get("last_hand") == self.engine.hand_no:
            del cfg["last_hand"]

    def rebuy(self, seat, chips):
        """Between hands: ``seat`` buys ``chips`` more (``Engine.rebuy_between``: the button may come back to it),
        said and saved."""
        self.engine.rebuy_between(seat, chips)
        self.last = tr("%s rebuys %d") % (self.table.names[seat], chips)
        self.save()

    def end_session(self):
        """The table ends the session ("End session" confirmed): standings final, saved."""
        self.table.stop()
        self.save()

    def drop_hands(self):
        """The table agreed, twice, on the room notice (ui/roomnote.py): drop the oldest sessions' hands
        (``Store.drop_hands``: whole files, never the session in play). Returns how many (int: 0, nothing older to
        drop), or None when a write failed (the "not saved" notice says why; each file is then still there or gone)."""
        self.flush()
        try:
            return self.store.drop_hands()[0]
        except OSError as err:
            self.not_saved(err)
            return None

    def flush(self):
        """Write what the last presses changed: hand logs, then journal lines or a snapshot. The board calls it
        after the frame is shown (``defer``), so the screen never waits on the flash. A failing write (a full
        flash) keeps the table playing: ``unsaved`` says why, the "not saved" notice offers to free room, and the
        next flush tries again (hand logs not yet written first, then a whole snapshot)."""
        q = self.writes
        if not q:
            return
        self.writes = []
        failed = self._write(q)
        if failed is not None:
            self._failed(q, failed[0], failed[1])
            return
        self._kept = []
        if self.unsaved is not None:
            self.unsaved = None
            if self.screen.MODE == M_GATE:
                self.screen.open()      # the gate's title: no longer "Not saved"

    def _write(self, q):
        """Write ``q``'s items in order (a hand log dict appended, a journal line, None: a snapshot), then a snapshot
        if one is due. Returns None, or ``(n, err)`` when a write failed with ``err`` (OSError) after the first
        ``n`` items were written: a hand log written is never queued again (it would be logged twice)."""
        store = self.store
        snap = self.unsaved is not None
        n = 0
        try:
            for item in q:
                if isinstance(item, dict):
                    store.append_log(item)
                elif item is None or snap:
                    snap = True
                elif not store.record(item):
                    snap = True
                n += 1
            if snap and self.table is not None:     # (the session ended meanwhile: nothing left to save)
                s = self.snapshot(False)
                if hasattr(store, "tip"):   # the log line it follows: a save of another session is refused
                    s["tip"] = store.tip()
                store.save(s)
        except OSError as err:
            return n, err
        return None

    def _failed(self, q, i, err):
        """A write of ``q`` failed with ``err``: the hand logs not written kept for the next flush, the notice shown
        (the first time, and at a new hand's end or a deal)."""
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
        self.not_saved(err, boundary)

    def not_saved(self, err, boundary=True):
        """A write failed with ``err`` (OSError): say why (``unsaved``) and show the "not saved" notice the first
        time, and again at a hand's end or a deal (``boundary``); a journal line that fails mid-hand only marks the
        gate."""
        from dealerbox.ui import nosave  # the first failed write: the notice's code, kept

        first = self.unsaved is None
        self.unsaved = nosave.reason(err)
        nosave.show(self, first or boundary)

    # ---- the play flow ----
    def new_session(self):
        """Back to the first setup screen for a new session (the last one's game and names preselected). What
        belonged to the last session alone goes with it: its misdeals (``voided``) and its last hand announced
        (``last_hand``), or the new session would end at the old one's deal."""
        self.table = None
        self.engine = None
        self.played = [0, None]
        if self.cfg is not None:
            self.cfg.pop("voided", None)
            self.cfg.pop("last_hand", None)
        from dealerbox.ui import setup_flow

        self.go(setup_flow.GameScreen(self))

    def set_config(self, cfg):
        """The setup screens' session config (a new dict: ``setup_flow.new_config``)."""
        self.cfg = cfg

    def start_session(self):
        """Seat the players and deal the first hand (after the summary was confirmed): the engine's modules are
        imported here (the setup screens need none of them)."""
        from dealerbox.engine.table import Table
        from dealerbox.games import engine_class

        cfg = self.cfg
        n = cfg["players"]
        self.table = Table(cfg["names"][:n], cfg["chips"])
        self.engine = engine_class(cfg["game"])(self.table, cfg["rules"], self.entropy)
        if self.store is not None:
            if hasattr(self.store, "clear"):
                self.store.clear()
            g = self.engine.genesis(self._tip())    # the session's chain opens with its own record
            if cfg.get("cents"):
                g["cents"] = cfg["cents"]
            self.writes.append(g)
        self.last = ""
        self.played = [0, self.clock() if self.clock else None]
        self.next_hand()

    def next_hand(self):
        """Shuffle and seal the next hand's deck and show the seal-and-cut screen (ui/sealcut.py): the deal comes
        with its cut (``deal``)."""
        from dealerbox.ui.sealcut import SealCutScreen

        e = self.engine
        self.go(SealCutScreen(self, e.seal_deck(self._tip())))

    def _tip(self):
        """The hash of the hand log's last line, ``prev`` of the next (``Store.tip``; a line still to be written
        first: its hash; ``ZERO`` with no store)."""
        from dealerbox.store import ZERO, line_hash

        for item in self.writes[::-1]:
            if isinstance(item, dict):
                return line_hash(item)
        tip = getattr(self.store, "tip", None)
        return tip() if tip is not None else ZERO

    def deal(self, cut):
        """Deal the sealed deck cut at ``cut`` (int, 0 .. cards - 1: boot/ante, deal), save, and go to the first
        gate; a hand over at its deal (no two players left to bet: all-in for the boot or ante) is logged as any
        other (it was not: its chips moved with no line, and ``verify`` said the hand was missing)."""
        e = self.engine
        e.start_hand(cut=cut)
        cents = self.cfg.get("cents")
        if cents:           # the chip value (cents per chip) in the hand log, for settling up (host_tools.report)
            e.log["cents"] = cents
        self.last = tr("Hand %d dealt") % e.hand_no
        if self.last_hand():
            self.cfg["last_hand"] = e.hand_no    # (saved: a power cut keeps the announcement)
            self.last = tr("Last hand: %d dealt") % e.hand_no
        self.after_engine()
        self.record(None, e.log if e.phase == "over" else None)     # (over at its deal: every player all-in, logged)

    def last_hand(self):
        """True when the hand just dealt is the session's last (seeds 003, 004: the deals agreed, voided deals not
        counted, or the agreed time up before another hand of the average length so far could be played)."""
        cfg = self.cfg
        n = self.engine.hand_no - cfg.get("voided", 0)     # the deals played: a voided one is none (``_voided``)
        if cfg.get("hands"):
            return n >= cfg["hands"]
        if not cfg.get("minutes"):
            return False
        ms = self.played_ms()
        return ms + (ms // (n - 1) if n > 1 else 0) >= cfg["minutes"] * 60000

    def session_done(self):
        """True when the session's length is reached: its last hand was dealt (``last_hand``) and is over."""
        return self.cfg.get("last_hand", 0) == self.engine.hand_no and self.engine.phase == "over"

    def after_engine(self):
        """Choose the next screen after the engine changed: the next gate, or the hand's end."""
        e = self.engine
        if e.phase == "over" or e.to_act is None:
            from dealerbox.ui.results_flow import first_screen  # (imported at the first hand's end)

            self.go(first_screen(self))
        else:
            from dealerbox.ui.play import GateScreen

            self.go(GateScreen(self))

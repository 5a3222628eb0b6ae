"""The boot's offer (``ResumeScreen``): what the store found wrong (read first), then "Resume" (or, after a restart in
the middle of a hand, "Continue hand" / "Void hand") and "New session".

Imported by ``resume.boot`` only when a save is there or something to report, and kept: a box that boots with nothing
saved never loads it.
"""

from dealerbox.lang import said, tr
from dealerbox.ui import buttons as btn
from dealerbox.ui import widgets
from dealerbox.ui.modes import M_RESUME, game_label
from dealerbox.ui.screen import Screen, wrap_rows


class ResumeScreen(Screen):
    """The boot offer: ``ResumeScreen(app, report=None)``, then ``offer`` the save. ``saved``: the snapshot offered (or
    None); ``report``: what the store found wrong (a list of ``Reason``, or None), shown first on a screen of its own
    when it is long (``report_read`` once OK went past it); ``saved_live``: the save was in the middle of a hand
    (after its journal): continue or void."""

    MODE = M_RESUME

    def __init__(self, app, report=None):
        super().__init__(app)
        self.saved = None
        self.report = report
        self.report_read = False
        self.saved_live = False
        self.journal = []       # the actions the store found after its snapshot (replayed by ``App.restore``)
        self.later = []         # hand logs committed after an older save the store fell back to

    def offer(self, store, snap):
        """Offer ``snap`` (the newest usable save of ``store``: ``resume.boot``) with the actions the store found after
        it and the hand logs committed after it, and whether its hand is live (``_live``)."""
        self.saved = snap
        self.journal = list(getattr(store, "journal", None) or ())
        self.later = list(getattr(store, "later", None) or ())
        self._live(store, snap)

    def _live(self, store, snap):
        """Whether the hand is still live after the journal's records and the hand logs ``later`` (a throwaway
        engine; not on any error), and the report of catching up with those logs (ui/catchup.py)."""
        es = snap.get("engine")
        if es is None or not (self.later or es.get("phase") not in ("idle", "over")):
            return
        e = None
        try:
            from dealerbox.engine.table import Table
            from dealerbox.games import engine_class
            from dealerbox.ui.snapcheck import replay
            e = engine_class(es["game"]).from_state(Table.from_state(snap["table"]), es)
            replay(e, self.journal)
            if self.later:
                from dealerbox.ui import catchup
                self.report = catchup.say(store, e, catchup.catch_up(e, self.later), self.report)
        except Exception:  # a journal the replay refuses is reported by ``restore``
            pass
        self.saved_live = e is None or (e.phase not in ("idle", "over"))

    def build(self):
        rows = []  # type: list
        if self.report and self._report(rows):
            return
        s = self.saved
        if s is not None and self.saved_live:        # a restart in the middle of a hand: the whole table is told
            self.title = tr("Restart mid-hand!")
            rows.append((tr("Hand %d was in play") % s.get("hand_no", 0), None))
            if len(rows) < 2:       # (room for it: the screen opens on its first line, a report included)
                rows.append((tr("Void: all chips back"), None))   # (every chip put in the hand, to its owner)
            rows.append((tr("Continue hand"), None))
            rows.append((tr("Void hand"), None))
            self.hint = tr("\x1c choose  OK select")
        elif s is not None:
            self.title = tr("Saved: %s") % game_label(s["cfg"]["game"])
            rows.append((tr("%d players, hand %d") % (len(s["table"]["names"]), s.get("hand_no", 0)), None))
            rows.append((tr("Resume"), None))
            self.hint = tr("\x1c choose  OK select")
        else:
            self.title = tr("No saved session")
            self.hint = tr("OK new session")
        rows.append((tr("New session"), None))
        self.rows = rows
        k = self.choices()
        if self.sel < len(rows) - k or s is None:
            self.sel = len(rows) - (k if s is not None else 1)

    def _report(self, rows):
        """Put what the store found wrong into ``rows``; True when it takes the screen (a save to resume beside it,
        or too long to show beside "New session"): "Read this first", UP/DOWN scroll it, OK goes on."""
        wrap_rows(rows, said(self.report))
        if self.saved is None and len(rows) < widgets.ROWS:
            return False
        if self.report_read:
            del rows[:]
            return False
        self.title = tr("Read this first")
        self.rows = rows
        self.sel = -1
        self.hint = tr("\x1c more  OK next") if len(rows) > widgets.ROWS else tr("OK next")
        return True

    def choices(self):
        """How many of the last rows are choices."""
        return 3 if self.saved_live else 2

    def press(self, b, long):
        if self.sel < 0:                # the store's report, read first: UP/DOWN scroll it, OK goes on to the choices
            if b in (btn.UP, btn.DOWN):
                self.scroll(b)
            elif b == btn.OK:
                self.report_read = True
                self.sel = 0
                self.top = 0
                self.open()
            return
        n = len(self.rows)
        k = self.choices()
        if b in (btn.UP, btn.DOWN) and self.saved is not None:
            i = self.sel - (n - k) + (1 if b == btn.DOWN else -1)
            self.sel = n - k + i % k
        elif b == btn.OK and self.sel == n - 1:
            self.app.new_session()
        elif b == btn.OK and self.sel == n - k:      # "Resume" or "Continue hand"
            self.report = self.app.restore(self.saved, False, self.journal, self.later)
        elif b == btn.OK and self.saved_live and self.sel == n - 2:     # "Void hand"
            self.report = self.app.restore(self.saved, True, self.journal, self.later)

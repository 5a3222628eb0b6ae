"""The "not saved" notice: a write to the flash failed (full, or an error), the table keeps playing.

Imported by the app the first time a write fails (``App.flush``), and kept: a box whose flash never fails never
loads it. ``reason(err)`` says why, ``show(app, again)`` shows the notice (``NoSaveScreen``: "Keep playing", "Free
room": ``Store.free_room``), ``title(unsaved)`` the title bar's words while not saved (the notice's and the gate's).
"""

from dealerbox.lang import tr
from dealerbox.ui import buttons as btn
from dealerbox.ui.modes import M_NOSAVE
from dealerbox.ui.screen import Screen


def reason(err):
    """Why the session is not being saved (str, in the language in use), from the OSError ``err``."""
    code = err.args[0] if err.args else None
    return tr("flash full") if code == 28 else tr("flash error %s") % (code if code is not None else err)


def show(app, again):
    """Show the notice over the screen shown: the first time, and again at a hand's end or a deal (``again``); a
    journal line that fails mid-hand only marks the gate. On the notice already: its rows again."""
    if app.screen.MODE == M_NOSAVE:
        app.screen.open()
    elif again:
        app.change(NoSaveScreen(app))


def title(unsaved):
    """The title bar's words while not saved: ``"Not saved: flash full"``, or ``"Not saved"`` when the reason
    ``unsaved`` would not fit the bar's 21 letters (``"Not saved: flash error 21"``, 25): the notice then says the
    reason on its footer."""
    t = tr("Not saved: %s") % (unsaved or "")
    return t if len(t) <= 21 else tr("Not saved")


class NoSaveScreen(Screen):
    """The notice: "Not saved: flash full", then "Keep playing" and (a store that can) "Free room"; a reason too long
    for the title ("flash error 21") on the footer, under a title "Not saved"."""

    MODE = M_NOSAVE

    def build(self):
        app = self.app
        self.title = title(app.unsaved)
        self.rows = [(tr("Keep playing"), None)]
        if getattr(app.store, "free_room", None) is not None:
            self.rows.append((tr("Free room"), None))
        self.hint = app.unsaved if self.title == tr("Not saved") else tr("Free room: old logs")
        if self.sel >= len(self.rows):
            self.sel = 0

    def press(self, b, long):
        """OK on "Keep playing" returns to the game (through the gate when a hand is live), on "Free room" deletes the
        older hand logs and set-aside saves (``Store.free_room``) and saves again."""
        app = self.app
        if b in (btn.UP, btn.DOWN):
            self.sel = 1 - self.sel if len(self.rows) > 1 else 0
            self.fix_top()
            return
        if b != btn.OK:
            return
        if self.sel == 1:       # "Free room"
            free = getattr(app.store, "free_room", None)
            names, freed = free() if free is not None else ([], 0)
            self.msg = tr("freed %d KB") % ((freed + 1023) // 1024) if names else tr("nothing to free")
            app.save()
            app.flush()
            if app.unsaved is not None:
                return
        if app.hand_live():             # (the notice is up: the engine's hand, not a resume offer's): its gate
            app.after_engine()
        else:
            app.back()

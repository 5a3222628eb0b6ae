"""The "not saved" notice: a write to the flash failed (full, or an error), the table keeps playing.

Imported by the app the first time a write fails (``App.flush``), and kept: a box whose flash never fails never
loads it. ``not_saved(app, err, boundary)`` says why and shows the notice; ``build(app)`` its rows; ``press(app,
b)`` its buttons ("Keep playing", "Free room": ``Store.free_room``).
"""

from dealerbox.lang import tr
from dealerbox.ui import buttons as btn
from dealerbox.ui.modes import M_DRAWN, M_GATE, M_NOSAVE, M_PEEK, M_TURN


def not_saved(app, err, boundary=True):
    """A write failed with ``err`` (OSError): say so (``app.unsaved``) and show the notice the first time, and
    again at a hand's end or a deal (``boundary``); a journal line that fails mid-hand only marks the gate."""
    first = app.unsaved is None
    code = err.args[0] if err.args else None
    app.unsaved = tr("flash full") if code == 28 else tr("flash error %s") % (code if code is not None else err)
    if (first or boundary) and app.mode != M_NOSAVE:
        app.nosave_from = app.mode
        app._enter(M_NOSAVE)
    elif app.mode == M_NOSAVE:
        app._enter(M_NOSAVE, app.sel)


def press(app, b):
    """The notice's buttons: OK on "Keep playing" returns to the game (through the gate when a hand is live), on
    "Free room" deletes the older hand logs and set-aside saves (``Store.free_room``) and saves again."""
    if b in (btn.UP, btn.DOWN):
        app.sel = 1 - app.sel if len(app.rows) > 1 else 0
        app._fix_top()
        app.dirty = True
        return
    if b != btn.OK:
        return
    if app.sel == 1:       # "Free room"
        free = getattr(app.store, "free_room", None)
        names, freed = free() if free is not None else ([], 0)
        app.msg = tr("freed %d KB") % ((freed + 1023) // 1024) if names else tr("nothing to free")
        if not app.writes:
            app.writes.append(None)
        app.flush()
        if app.unsaved is not None:
            app.dirty = True
            return
    back = app.nosave_from
    app.viewer = None
    if app.hand_live() or back == M_PEEK and app.peek_for:  # (the engine's hand, not a resume offer's; a sideshow
        app._enter(M_GATE)                                  # comparison still to show: behind its gate again)
    elif back in (M_PEEK, M_DRAWN, M_TURN):     # a private screen the hand's end left: the results, never rebuilt
        app._after_engine()                     # from nothing (a TypeError in canvas._str before)
    else:
        app._enter(back)


def title(app):
    """The title bar's words while not saved (the notice's and the gate's): ``"Not saved: flash full"``, or
    ``"Not saved"`` when the reason would not fit the bar's 21 letters (``"Not saved: flash error 21"``, 25): the
    notice then says the reason on its footer (``build``)."""
    t = tr("Not saved: %s") % (app.unsaved or "")
    return t if len(t) <= 21 else tr("Not saved")


def build(app):
    """The notice: "Not saved: flash full", then "Keep playing" and (a store that can) "Free room"; a reason too long
    for the title ("flash error 21") on the footer, under a title "Not saved"."""
    app.title = title(app)
    app.rows = [(tr("Keep playing"), None)]
    if getattr(app.store, "free_room", None) is not None:
        app.rows.append((tr("Free room"), None))
    app.hint = app.unsaved if app.title == tr("Not saved") else tr("Free room: old logs")
    if app.sel >= len(app.rows):
        app.sel = 0

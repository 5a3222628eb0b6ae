"""The boot of a box with a store: the names and the language it keeps spoken, the newest usable save read, then the
offer (``offer.ResumeScreen``: what the store found wrong, read first, then "Resume" - or, after a restart in the
middle of a hand, "Continue hand" / "Void hand" - and "New session"), or the first setup screen when nothing is saved
and nothing went wrong.

``boot(app, store)``, at power-on. The offer (ui/offer.py) and the checks of a save (ui/snapcheck.py) are imported
only when a save is there (or something to report): a box that boots with nothing saved never loads them.
"""

import gc

from dealerbox.reason import Reason
from dealerbox.ui import langpick
from dealerbox.ui.modes import SNAPSHOT_VERSION


def boot(app, store):
    """At power-on: the language kept is spoken, and the newest usable save of ``store`` is offered with what the
    store found wrong (the store's reports, a store that cannot be read said in words, and what catching up with the
    hand logs after an older save would say: ``ResumeScreen``); with nothing saved and nothing to report, the first
    setup screen (its config: the names the store keeps, ``setup_flow.first_config``). A save offered loads no setup
    code: the setup is imported only if the table chooses "New session" (docs/device.md, Memory).

    With a save there, the checks (ui/snapcheck.py) are imported first, with the engine's code, so what lives long is
    low in the heap (the save's reading and checking is garbage after)."""
    langpick.boot(store)    # the language kept, spoken before the first frame
    check = None  # type: object
    saved = getattr(store, "saved", None)
    if saved is None or saved():
        from dealerbox.ui import snapcheck
        check = snapcheck.check
        gc.collect()        # the boot's garbage gone: the save is read low in the heap
    snap = None
    try:
        snap = store.load(check)    # the checksum, then the content against the rules (ui/snapcheck.py)
        report = list(getattr(store, "reports", None) or ()) or None   # what the store found wrong
    except Exception as err:   # a store that cannot be read: start a new session, and say so
        report = [Reason("Save unreadable: %s", err)]
    gc.collect()            # the reading's garbage gone before the game's code is loaded
    t = snap.get("table") if isinstance(snap, dict) and snap.get("v") == SNAPSHOT_VERSION else None
    if t is None or isinstance(t, dict) and t.get("stopped") is True:  # ("End session" confirmed: nothing to resume)
        snap = None
    if snap is None and not report:
        from dealerbox.ui.setup_flow import GameScreen

        app.go(GameScreen(app))
        return
    from dealerbox.ui.offer import ResumeScreen

    s = ResumeScreen(app, report)
    if snap is not None:
        s.offer(store, snap)
    app.go(s)

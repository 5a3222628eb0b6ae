"""A session saved on a results screen resumes on the same frames, a rebuy between hands kept (docs/ui.md), on
both interpreters (one app at a time, as on the box)."""

import gc

from app_session_util import MemStore
from app_util import DOWN, OK, RIGHT, UP, Rig, setup
from dealerbox.ui import modes


def _to_showdown(rig):
    """Everyone shows as soon as they can (Teen Patti, 2 players): the hand ends on its showdown."""
    app = rig.app
    while app.mode != modes.M_SHOWDOWN:
        if app.mode == modes.M_GATE:
            rig.press(OK)
        kinds = [o.kind for o in app.screen.opts]
        pick = "show" if "show" in kinds else "see" if "see" in kinds else "chaal"
        rig.press(RIGHT, (kinds.index(pick) - app.screen.oi) % len(kinds))
        rig.press(OK)


def _resumed(store, seed):
    rig = Rig(seed=seed, store=store)
    assert rig.app.mode == modes.M_RESUME and rig.app.screen.rows[rig.app.screen.sel][0] == "Resume"
    rig.press(OK)
    return rig


def test_a_session_saved_on_a_results_screen_resumes_on_the_same_frames():
    store = MemStore()
    rig = Rig(seed=43, store=store)
    setup(rig, "teen-patti", 2)
    _to_showdown(rig)                                           # saved by the action that ended the hand
    app = rig.app
    assert app.engine.phase == "over"
    at_showdown = store.snap                                    # that save (its JSON text)
    frames = []
    for _ in range(3):                                          # showdown, awards, standings
        frames.append((app.mode, bytes(rig.buf)))
        rig.press(OK)
    assert [f[0] for f in frames] == [modes.M_SHOWDOWN, modes.M_AWARDS, modes.M_STANDINGS]
    assert app.mode == modes.M_BETWEEN
    rig.press(UP, 5)
    rig.press(DOWN, 2)                                          # Rebuy: a save made between hands
    rig.press(OK)
    rig.press(OK)                                               # 100 chips to the first player
    assert app.mode == modes.M_REBUY and app.screen.msg.endswith("rebuys 100")
    bought_in = app.table.bought_in[0]
    assert bought_in == app.cfg["chips"] + 100
    rig = app = None                                            # one app at a time (the box has one)
    gc.collect()

    shown = MemStore()
    shown.snap = at_showdown
    back = _resumed(shown, 44)                                  # the save of the showdown
    assert back.app.mode == modes.M_SHOWDOWN
    for mode, frame in frames:
        assert back.app.mode == mode and bytes(back.buf) == frame, mode
        back.press(OK)
    assert back.app.mode == modes.M_BETWEEN
    back = None
    gc.collect()

    again = _resumed(store, 45)            # a hand that is over resumes at its results, the rebuy kept
    assert again.app.mode == modes.M_SHOWDOWN and bytes(again.buf) == frames[0][1]
    assert again.app.table.bought_in[0] == bought_in
    again.press(OK, 3)
    assert again.app.mode == modes.M_BETWEEN
    again.press(UP, 5)
    again.press(OK)                                             # Next hand: its seal, then its first gate
    assert again.app.mode == modes.M_SEAL and again.app.engine.sealed is not None
    again.press(OK)
    assert again.app.mode == modes.M_GATE and again.app.engine.hand_no == 2

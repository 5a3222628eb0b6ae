"""Turkish draw: the player sees the new cards (which are new) on a private screen before the box moves on
(issue 14). Runs under pytest and under MicroPython (tests/mp_run.py), a module of its own: a Turkish game in a
fresh heap, as on the box."""

from app_util import OK, RIGHT, UP, Rig, setup
from dealerbox.ui import modes


def test_turkish_draw_shows_the_new_hand_before_the_next_gate():
    rig = Rig(seed=3)
    setup(rig, "turkish", 3)
    app = rig.app
    for _ in range(300):                            # open, call, call: the draw
        if app.mode == modes.M_TURN and any(o.kind == "draw" for o in app.screen.opts):
            break
        if app.mode == modes.M_TURN:
            kinds = [o.kind for o in app.screen.opts]
            pick = "open" if "open" in kinds else "call" if "call" in kinds else "bet" if "bet" in kinds else kinds[0]
            rig.press(RIGHT, (kinds.index(pick) - app.screen.oi) % len(kinds))
            rig.press(OK)
            if app.screen.armed:
                rig.press(OK)
        else:
            rig.press(OK)
    else:
        raise AssertionError("no draw reached")
    kinds = [o.kind for o in app.screen.opts]
    assert app.screen.info.startswith("Pot ") and app.screen.info.endswith("  \x1c discard")    # UP/DOWN said
    rig.press(RIGHT, (kinds.index("draw") - app.screen.oi) % len(kinds))
    seat = app.screen.viewer
    old = list(app.engine.hands[seat])
    rig.press(RIGHT)
    rig.press(UP)                                   # mark the second card
    rig.press(OK)
    assert app.mode == modes.M_DRAWN and app.screen.viewer == seat
    hand = app.engine.hands[seat]
    rows = app.screen.rows
    assert rows[0][1] == "Kept" and rows[0][2] == [c for c in hand if c in old] and len(rows[0][2]) == 4
    assert app.screen.rows[1][1] == "New" and len(app.screen.rows[1][2]) == 1 and app.screen.rows[1][2][0] not in old
    assert sorted(app.canvas.cards[:app.canvas.ncards]) == sorted(hand)
    rig.press(OK)
    assert app.mode == modes.M_GATE and app.screen.viewer is None

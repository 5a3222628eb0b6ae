"""A player that drives the app by button presses only (no tests here): whole sessions with seeded
choices among the legal actions. Used by the power-cut and memory runs (tests/device) and kept
small: the memory run loads it next to the whole app (tests/device/session.py).

Runs on both interpreters.
"""

from dealerbox.rng import randbelow
from dealerbox.ui import modes
from dealerbox.ui.buttons import DOWN, OK, RIGHT, UP

_WEIGHTS = {"pack": 1, "fold": 1, "see": 3, "show": 2, "refuse": 2, "accept": 2}


def _choose(kinds, read):
    total = 0
    for k in kinds:
        total += _WEIGHTS.get(k, 4)
    r = randbelow(total, read)
    for k in kinds:
        r -= _WEIGHTS.get(k, 4)
        if r < 0:
            return k
    return kinds[-1]


def autoplay(rig, read, hands, max_presses=20000, between=None):
    """Play ``hands`` hands on ``rig`` (app_util.Rig, set up and at its first gate) by presses only,
    choosing among the legal actions with the entropy ``read``, then end the session (Between hands ->
    End session). Stops early when the session is over. Returns (hands played, presses). ``between``: called
    before each step, nothing of the app held (the memory run's power cuts: tests/device/session_run.py)."""
    played = presses = 0
    while presses < max_presses:
        if between is not None:
            app = None
            between()
        app = rig.app
        m = app.mode
        if m == modes.M_END:
            return played, presses
        if m == modes.M_TURN:
            kinds = [o.kind for o in app.engine.legal_actions()]    # the engine's order: the same seeded picks
            pick = _choose(kinds, read)                                 # whatever order the action bar shows
            shown = [o.kind for o in app.screen.opts]
            n = (shown.index(pick) - app.screen.oi) % len(shown)
            rig.press(RIGHT, n)
            if pick == "draw":
                for _ in range(randbelow(3, read)):  # mark 0-2 cards to discard
                    rig.press(UP)
                    rig.press(RIGHT)
            else:
                rig.press(UP, randbelow(3, read))  # sometimes more than the minimum
            rig.press(OK)
            presses += n + 3
            if app.screen.armed:           # Pack / Fold with chips beyond the boot in the pot: the second OK
                rig.press(OK)
                presses += 1
            if app.mode == modes.M_TURN and app.screen.msg and app.engine.to_act is not None:
                rig.press(RIGHT)  # refused (the reason is on screen): try the next action
                presses += 1
        elif m == modes.M_BETWEEN:
            played += 1
            if app.screen.sel:                     # the cursor starts on Rebuy when a player busted: Next hand
                rig.press(UP, app.screen.sel)
            if played >= hands:
                rig.press(DOWN, len(modes.BETWEEN_ITEMS) - 1)  # End session (asked twice)
                rig.press(OK)
            rig.press(OK)
            presses += 5
        elif m in (modes.M_SEAL, modes.M_GATE, modes.M_SHOWDOWN, modes.M_AWARDS, modes.M_STANDINGS, modes.M_PEEK,
                   modes.M_DRAWN):
            rig.press(OK)
            presses += 1
        else:
            raise AssertionError("autoplay: unexpected screen %d" % m)
    raise AssertionError("autoplay: no end after %d presses" % presses)


def chips_conserved(app):
    """sum(stacks) + chips in the hand == sum(bought in): the app's table and engine (ints)."""
    e = app.engine
    inside = e.pot_total() if e is not None else 0
    return sum(app.table.stacks) + inside == sum(app.table.bought_in)

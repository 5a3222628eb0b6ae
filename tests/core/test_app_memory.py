"""What the app keeps loaded (docs/device.md, "Memory"), on both interpreters: the setup screens and
the house-rule tables only while they are used, only the chosen game's engine and evaluator, and
saves that share the engine's lists read back exactly as a deep copy would."""

import json
import sys

from app_util import DOWN, OK, RIGHT, UP, Rig, setup
from autoplay_util import autoplay
from dealerbox.rng import SeededEntropy
from dealerbox.ui import modes

SETUP = ("dealerbox.ui.setup_flow", "dealerbox.ui.settings", "dealerbox.engine.rules")
OTHERS = {
    "teen-patti": ("dealerbox.games.turkish", "dealerbox.games.indian", "dealerbox.engine.betting", "dealerbox.engine.stock",
                   "dealerbox.engine.hilo", "dealerbox.eval.turkish", "dealerbox.eval.indian"),
    "indian": ("dealerbox.games.turkish", "dealerbox.games.teenpatti", "dealerbox.engine.stock", "dealerbox.engine.hilo",
               "dealerbox.eval.turkish", "dealerbox.eval.teenpatti"),
}


# the Indian session: test_app_memory_indian.py (each module runs in a MicroPython process of its own)


class CheckedRig(Rig):
    """After every press during a hand: the save the app makes (sharing the engine's lists) reads back
    as the same session as a deep copy does (MicroPython orders dict keys by table size, so the texts
    may differ in key order), and no setup module is loaded."""

    def __init__(self, seed):
        Rig.__init__(self, seed=seed)
        self.checked = 0

    def press(self, b, times=1, long=False):
        for _ in range(times):
            Rig.press(self, b, 1, long)
            app = self.app
            if app.engine is not None and app.table is not None:
                assert json.loads(json.dumps(app.snapshot(False))) == json.loads(json.dumps(app.snapshot()))
                if app.mode != modes.M_RULESVIEW:
                    assert [m for m in SETUP if m in sys.modules] == []
                self.checked += 1


def _session(game, players, seed):
    before = set(sys.modules)
    rig = CheckedRig(seed)
    assert [m for m in SETUP if m in sys.modules] == list(SETUP)   # the setup screens are up
    setup(rig, game, players)
    assert rig.app.mode == modes.M_GATE
    assert [m for m in SETUP if m in sys.modules] == []
    played, _ = autoplay(rig, SeededEntropy(seed + 1).read, 2)
    assert played == 2 and rig.app.mode == modes.M_END and rig.checked > 20
    new = [m for m in sys.modules if m not in before]
    assert [m for m in OTHERS[game] if m in new] == [], new
    rig.press(OK)                                                   # a new session: setup again
    assert rig.app.mode == modes.M_GAME
    assert [m for m in SETUP if m in sys.modules] == list(SETUP)
    return rig


def test_teen_patti_session_loads_only_its_game_and_drops_setup():
    _session("teen-patti", 3, 31)


def test_rules_view_loads_the_rules_and_drops_them_after():
    rig = Rig(seed=33)
    setup(rig, "teen-patti", 3)
    app = rig.app
    while app.mode != modes.M_BETWEEN:                            # everyone packs to the first seat
        if app.mode == modes.M_GATE:
            rig.press(OK)
        elif app.mode == modes.M_TURN:
            assert "pack" in [o.kind for o in app.opts]
            while app.opts[app.oi].kind != "pack":
                rig.press(RIGHT)
            rig.press(OK)
        else:
            rig.press(OK)
    rig.press(UP, 5)
    rig.press(DOWN, 3)                                              # Rules
    rig.press(OK)
    assert app.mode == modes.M_RULESVIEW
    assert app.rows[0] == ("Teen Patti", None) and ("Boot 1", None) in app.rows
    assert [m for m in SETUP if m in sys.modules] == list(SETUP)
    rig.press(OK)
    assert app.mode == modes.M_BETWEEN
    assert [m for m in SETUP if m in sys.modules] == []

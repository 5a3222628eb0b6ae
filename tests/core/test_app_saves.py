"""Saves and screens across a session (docs/ui.md, docs/device.md "Memory"), on both interpreters: the save the
app makes after every press (sharing the engine's lists) reads back exactly as a deep copy would, a new session
after the end goes back to the setup screens, the rules view between hands returns where it came from, the
results screens come in their order (a sideshow comparison seen by both its players). A session resumed from a
results screen: test_app_results_resume.py."""

import gc
import json

from app_util import DOWN, OK, RIGHT, UP, Rig, setup
from autoplay_util import autoplay
from dealerbox.rng import SeededEntropy
from dealerbox.ui import modes


class SavedRig(Rig):
    """After every press during a session: the app's own save (``snapshot(False)``, sharing the engine's lists)
    reads back as the same session as a deep copy; counts how often each screen was entered."""

    def __init__(self, seed, store=None):
        Rig.__init__(self, seed=seed, store=store)
        self.checked = 0
        self.seen = {}

    def press(self, b, times=1, long=False):
        for _ in range(times):
            was = self.app.mode
            Rig.press(self, b, 1, long)
            app = self.app
            m = app.mode
            if m != was or m == modes.M_GATE:
                self.seen[m] = self.seen.get(m, 0) + 1
            if app.engine is not None and app.table is not None:
                gc.collect()
                assert json.loads(json.dumps(app.snapshot(False))) == app.snapshot()   # snapshot(): a deep copy
                self.checked += 1


def session(game, players, seed):
    """A session of ``game`` set up by presses, two hands autoplayed, ended, and a new one begun."""
    rig = SavedRig(seed)
    assert rig.app.mode == modes.M_GAME
    setup(rig, game, players)
    assert rig.app.mode == modes.M_GATE
    played, _ = autoplay(rig, SeededEntropy(seed + 1).read, 2)
    assert played == 2 and rig.app.mode == modes.M_END and rig.checked > 20
    rig.press(OK)                                                   # a new session: setup again
    assert rig.app.mode == modes.M_GAME
    return rig


def test_teen_patti_saves_read_back_as_deep_copies_and_a_new_session_starts_at_setup():
    session("teen-patti", 3, 31)


def test_rules_view_between_hands_returns_to_the_menu():
    rig = Rig(seed=33)
    setup(rig, "teen-patti", 3)
    app = rig.app
    while app.mode != modes.M_BETWEEN:                            # everyone packs to the first seat
        if app.mode == modes.M_GATE:
            rig.press(OK)
        elif app.mode == modes.M_TURN:
            assert "pack" in [o.kind for o in app.screen.opts]
            while app.screen.opts[app.screen.oi].kind != "pack":
                rig.press(RIGHT)
            rig.press(OK)
        else:
            rig.press(OK)
    rig.press(UP, 5)
    rig.press(DOWN, 3)                                              # Rules
    rig.press(OK)
    assert app.mode == modes.M_RULESVIEW
    assert app.screen.rows[0] == ("Teen Patti", None) and ("Boot 1", None) in app.screen.rows
    rig.press(OK)
    assert app.mode == modes.M_BETWEEN


def test_results_screens_in_their_order_and_the_table_menu_from_a_gate():
    rig = SavedRig(41)
    setup(rig, "teen-patti", 3)
    assert rig.app.mode == modes.M_GATE
    rig.press(OK, long=True)                                    # the table menu from the gate
    assert rig.app.mode == modes.M_MENU
    rig.press(OK)                                               # Back to game: the same gate
    assert rig.app.mode == modes.M_GATE
    played, _ = autoplay(rig, SeededEntropy(42).read, 3)
    assert played == 3 and rig.app.mode == modes.M_END
    s = rig.seen
    for m in (modes.M_GATE, modes.M_TURN, modes.M_PEEK, modes.M_SHOWDOWN, modes.M_AWARDS, modes.M_STANDINGS,
              modes.M_BETWEEN):
        assert s.get(m, 0) > 0, (m, s)
    assert s[modes.M_AWARDS] == s[modes.M_STANDINGS] == s[modes.M_BETWEEN] == 3 and s[modes.M_SHOWDOWN] == 1
    assert s[modes.M_PEEK] == 2 and s[modes.M_TURN] > 20          # one sideshow accepted: both players saw it
    rig.press(OK)                                               # a new session: setup
    assert rig.app.mode == modes.M_GAME

"""The results screens are loaded only between hands (docs/device.md "Memory", docs/ui.md): the module
``dealerbox.ui.results_flow`` is not loaded during setup, at the gates, on the turn screens and the
sideshow comparison (which loads only the category labels, ``dealerbox.ui.labels``); it is loaded from
the end of a hand (showdown, awards, standings, the menu between hands, rebuy, the end of the session)
and with the table menu, and dropped again at the next gate. A session resumed from a save made on a
results screen shows the same frames. Both interpreters."""

import sys

from app_session_util import MemStore
from app_util import DOWN, OK, RIGHT, UP, Rig, setup
from autoplay_util import autoplay
from dealerbox.rng import SeededEntropy
from dealerbox.ui import modes

RESULTS = "dealerbox.ui.results_flow"
LABELS = "dealerbox.ui.labels"  # the category labels: with the results screens and the sideshow comparison
PLAY = (modes.M_GATE, modes.M_TURN, modes.M_PEEK)
AFTER_HAND = (modes.M_SHOWDOWN, modes.M_AWARDS, modes.M_STANDINGS, modes.M_BETWEEN, modes.M_REBUY, modes.M_END,
              modes.M_MENU, modes.M_RULESVIEW)


def loaded():
    return RESULTS in sys.modules


class CheckedRig(Rig):
    """After every press: results_flow is loaded exactly on the screens after a hand (and the menus);
    counts how often each screen was entered."""

    def __init__(self, seed, store=None):
        Rig.__init__(self, seed=seed, store=store)
        self.seen = {}

    def press(self, b, times=1, long=False):
        for _ in range(times):
            was = self.app.mode
            Rig.press(self, b, 1, long)
            m = self.app.mode
            if m != was or m == modes.M_GATE:
                self.seen[m] = self.seen.get(m, 0) + 1
            if m in AFTER_HAND:
                assert loaded() and LABELS in sys.modules, m
            else:
                assert not loaded(), m
                assert (LABELS in sys.modules) == (m == modes.M_PEEK), m


def test_results_screens_loaded_only_from_the_end_of_a_hand_to_the_next_gate():
    rig = CheckedRig(41)
    assert rig.app.mode == modes.M_GAME and not loaded()        # setup
    setup(rig, "teen-patti", 3)
    assert rig.app.mode == modes.M_GATE and not loaded()        # the first gate
    rig.press(OK, long=True)                                    # the table menu from the gate: loaded
    assert rig.app.mode == modes.M_MENU and loaded()
    rig.press(OK)                                               # Back to game: dropped at the gate
    assert rig.app.mode == modes.M_GATE and not loaded()
    played, _ = autoplay(rig, SeededEntropy(42).read, 3)
    assert played == 3 and rig.app.mode == modes.M_END and loaded()
    s = rig.seen
    for m in (modes.M_GATE, modes.M_TURN, modes.M_PEEK, modes.M_SHOWDOWN, modes.M_AWARDS, modes.M_STANDINGS,
              modes.M_BETWEEN):
        assert s.get(m, 0) > 0, (m, s)
    assert s[modes.M_AWARDS] == s[modes.M_STANDINGS] == s[modes.M_BETWEEN] == 3 and s[modes.M_SHOWDOWN] == 1
    assert s[modes.M_PEEK] == 2 and s[modes.M_TURN] > 20          # one sideshow accepted: both players saw it
    rig.press(OK)                                               # a new session: setup, results dropped
    assert rig.app.mode == modes.M_GAME and not loaded()


def _to_showdown(rig):
    """Everyone shows as soon as they can (Teen Patti, 2 players): the hand ends on its showdown."""
    app = rig.app
    while app.mode != modes.M_SHOWDOWN:
        if app.mode == modes.M_GATE:
            rig.press(OK)
        kinds = [o.kind for o in app.opts]
        pick = "show" if "show" in kinds else "see" if "see" in kinds else "chaal"
        rig.press(RIGHT, (kinds.index(pick) - app.oi) % len(kinds))
        rig.press(OK)


def _resumed(store, seed):
    rig = CheckedRig(seed, store=store)
    assert rig.app.mode == modes.M_RESUME and rig.app.rows[rig.app.sel][0] == "Resume"
    rig.press(OK)
    return rig


def test_a_session_saved_on_a_results_screen_resumes_on_the_same_frames():
    store = MemStore()
    rig = CheckedRig(43, store=store)
    setup(rig, "teen-patti", 2)
    _to_showdown(rig)                                           # saved by the action that ended the hand
    app = rig.app
    assert loaded() and app.engine.phase == "over"
    frames = []
    for _ in range(3):                                          # showdown, awards, standings
        frames.append((app.mode, bytes(rig.buf)))
        rig.press(OK)
    assert [f[0] for f in frames] == [modes.M_SHOWDOWN, modes.M_AWARDS, modes.M_STANDINGS]
    assert app.mode == modes.M_BETWEEN

    back = _resumed(store, 44)                                  # the save of the showdown
    assert back.app.mode == modes.M_SHOWDOWN and loaded()
    for mode, frame in frames:
        assert back.app.mode == mode and bytes(back.buf) == frame, mode
        back.press(OK)
    assert back.app.mode == modes.M_BETWEEN

    rig.press(UP, 5)
    rig.press(DOWN, 2)                                          # Rebuy: a save made between hands
    rig.press(OK)
    rig.press(OK)                                               # 100 chips to the first player
    assert app.mode == modes.M_REBUY and app.msg.endswith("rebuys 100") and loaded()
    again = _resumed(store, 45)            # a hand that is over resumes at its results, the rebuy kept
    assert again.app.mode == modes.M_SHOWDOWN and bytes(again.buf) == frames[0][1]
    assert again.app.table.bought_in[0] == app.table.bought_in[0] == app.cfg["chips"] + 100
    again.press(OK, 3)
    assert again.app.mode == modes.M_BETWEEN and loaded()
    again.press(UP, 5)
    again.press(OK)                                             # Next hand: dropped at its seal screen
    assert again.app.mode == modes.M_SEAL and again.app.engine.hand_no == 2 and not loaded()
    again.press(OK)
    assert again.app.mode == modes.M_GATE and not loaded()

"""Helpers (no tests here) for a full scripted session of each game through the app, by presses only:
setup, several hands to their end (showdowns included), the between-hands menu, the end of the
session with net results; chips conserved after every press, a save after every action and one
hand log per hand in the store. One test module per game keeps each within the 192K heap."""

import json

from app_util import DOWN, OK, UP, Rig, chips_total, select, setup
from dealerbox.ui import modes


class MemStore:
    """The store interface in RAM: load / save / append_log / clear.

    Like the flash store it serializes each snapshot at once (the app's snapshot shares the engine's
    lists) and keeps only what it needs: the newest snapshot's JSON text and, of each hand log (the
    app gives the log dict, which the flash store writes as one line), its number of actions.
    """

    def __init__(self):
        self.snap = None
        self.saves = 0
        self.logs = []

    def load(self, validate=None):
        return None if self.snap is None else json.loads(self.snap)

    def save(self, obj):
        self.snap = json.dumps(obj)
        self.saves += 1

    def append_log(self, log):
        assert isinstance(log, dict) and log["v"] == 2 and log["result"] is not None, log
        json.dumps(log)             # JSON as the flash store writes it
        self.logs.append(len(log["actions"]))

    def clear(self):
        self.snap = None


PREFER = {
    "teen-patti": ("show", "sideshow", "accept", "see", "chaal", "blind"),
    "turkish": ("look", "open", "call", "check", "draw", "bet"),
    "indian": ("call", "check", "bet"),
}


def play_session(game, players, seed, hands):
    store = MemStore()
    rig = Rig(seed=seed, store=store)
    setup(rig, game, players, chips=200)
    app = rig.app
    total = chips_total(app)
    played = 0
    presses = 0
    while played < hands and presses < 5000:
        m = app.mode
        presses += 1
        if m == modes.M_GATE or m == modes.M_SEAL:
            rig.press(OK)
        elif m == modes.M_TURN:
            kinds = [o.kind for o in app.screen.opts]
            for k in PREFER[game]:
                if k in kinds:
                    select(rig, k)
                    break
            rig.press(OK)
        elif m in (modes.M_SHOWDOWN, modes.M_AWARDS, modes.M_STANDINGS, modes.M_PEEK, modes.M_DRAWN):
            rig.press(OK)
        elif m == modes.M_BETWEEN:
            played += 1
            if played < hands:
                rig.press(UP, 5)
                rig.press(OK)                  # Next hand
        elif m == modes.M_END:                 # one player won every chip
            played += 1
            break
        else:
            raise AssertionError("unexpected screen %d" % m)
        assert chips_total(app) == total
    assert played >= 1
    if app.mode == modes.M_BETWEEN:
        rig.press(DOWN, 5)                     # End session: asked twice
        rig.press(OK)
        assert app.mode == modes.M_BETWEEN and app.screen.msg == "End session? OK again"
        rig.press(OK)
    assert app.mode == modes.M_END
    rows = app.screen.rows
    assert rows[players] == ("Who gives chips:", None)     # no chip value: the settling up in chips
    net = 0
    paid = {}
    for _seat, name, _stack, n in app.table.standings():
        net += n
        paid[name] = n
    assert net == 0 and sum(app.table.stacks) == total
    moves = rows[players + 1:]
    assert 1 <= len(moves) <= players - 1 or moves == [("  nobody owes", None)]
    for label, chips in moves if moves[0][1] is not None else ():
        payer, payee = label.split("\x18")
        paid[payer] += chips
        paid[payee] -= chips
    assert all(v == 0 for v in paid.values()), paid
    n = app.engine.hand_no
    assert len(store.logs) == n and store.saves > n
    rig.press(OK)
    assert app.mode == modes.M_GAME and store.snap is None and app.engine is None
    return n

"""The hand logs of the table's hands (issue 25) through the host tools: a hand with an action taken back and a
misdeal, played on the app with a store, are read back from hands.log; ``verify`` checks every deal (the voided one
too) against its commitment and ``replay`` replays the session, the taken-back action and the misdeal named."""

import json

from app_util import DOWN, LEFT, OK, Rig, act, setup
from dealerbox.store.saves import Store
from dealerbox.ui import modes

from host_tools import replay, verify


def _to_gate(rig):
    while rig.app.mode != modes.M_GATE:
        rig.press(OK)


def _session(d):
    rig = Rig(seed=3, store=Store(d))
    setup(rig, "teen-patti", 3)
    app = rig.app
    act(rig, "blind", 1)
    _to_gate(rig)
    act(rig, "blind", 2)                    # a mis-press, taken back at the next gate
    _to_gate(rig)
    rig.press(LEFT)
    rig.press(OK)
    assert app.engine.log["undone"]
    for _ in range(100):                    # the hand played to its end: everyone else packs
        if app.engine.phase == "over":
            break
        _to_gate(rig)
        act(rig, "pack")
        if app.mode == modes.M_TURN:
            rig.press(OK)
    while app.mode != modes.M_BETWEEN:
        rig.press(OK)
    rig.press(OK)                           # hand 2: a misdeal
    _to_gate(rig)
    rig.press(OK, long=True)
    rig.press(DOWN, modes.T_MISDEAL)        # "Misdeal", asked twice
    rig.press(OK)
    rig.press(OK)
    assert app.mode == modes.M_AWARDS and app.engine.log["misdeal"] is True


def test_a_taken_back_action_and_a_misdeal_verify_and_replay(tmp_path, capsys):
    d = str(tmp_path)
    _session(d)
    lines = [ln for ln in open(d + "/hands.log", encoding="utf-8").read().split("\n") if ln]
    logs = [json.loads(ln) for ln in lines]
    assert len(logs) == 2 and logs[0]["undone"] == [[logs[0]["actions"][1][0], "blind", 2]]
    assert logs[1]["misdeal"] is True and logs[1]["result"]["voided"] is True
    ok, bad, not_hands = verify.verify_lines(lines, out=lambda s: None)
    assert (ok, bad, not_hands) == (2, 0, [])
    out = replay.replay_lines(lines)
    assert [h["undone"] for h in out["hands"]] == [1, 0] and [h["misdeal"] for h in out["hands"]] == [False, True]

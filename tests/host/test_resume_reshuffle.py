"""A Turkish hand whose stock ran out in the draw (the discards reshuffled, a folded seat's cards among them), found
by a tester: every save the box writes passes its own check (ui/snapcheck.py: a folded hand's cards may sit in
another seat's hand), and with the newest save damaged the catch-up draws with the logged reshuffle, so the hand
ends with the cards and stacks of hands.log."""

import json
import os
import random

from app_util import OK, RIGHT, UP, Rig, setup
from dealerbox.lang import said
from dealerbox.store.saves import Store
from dealerbox.ui import modes
from dealerbox.ui.snapcheck import check


class CheckedStore(Store):
    """The flash store whose every snapshot is checked as a boot would check it."""

    def save(self, obj):
        assert check(json.loads(json.dumps(obj))) is None, check(json.loads(json.dumps(obj)))
        return Store.save(self, obj)


def _reshuffled_hand(d, seed=1):
    """Play a 5-player Turkish hand on the store in ``d`` (seeded choices: open, call, draw five, fold a quarter of
    the time) to its showdown; True when its stock was reshuffled."""
    rig = Rig(seed=seed, store=CheckedStore(d))
    setup(rig, "turkish", 5)
    app = rig.app
    rnd = random.Random(seed)
    for _ in range(3000):
        m = app.mode
        if m == modes.M_TURN:
            kinds = [o.kind for o in app.screen.opts]
            pick = "draw" if "draw" in kinds else "call" if "call" in kinds else "check" if "check" in kinds \
                else kinds[0]
            if "open" in kinds:
                pick = "open"
            if "fold" in kinds and rnd.random() < 0.25:
                pick = "fold"
            while app.screen.opts[app.screen.oi].kind != pick:
                rig.press(RIGHT)
            if pick == "draw":
                for _ in range(5):
                    rig.press(UP)
                    rig.press(RIGHT)
            rig.press(OK)
            if app.screen.armed:
                rig.press(OK)
        elif m in (modes.M_SHOWDOWN, modes.M_AWARDS, modes.M_STANDINGS, modes.M_BETWEEN):
            return bool(app.engine.log.get("reshuffles"))
        else:
            rig.press(OK)
    raise AssertionError("the hand did not end")


def test_a_reshuffled_turkish_hand_saves_checks_and_catches_up_as_logged(tmp_path):
    d = str(tmp_path)
    assert _reshuffled_hand(d)                  # every save on the way passed check (CheckedStore)
    p = os.path.join(d, "session.json")
    b = bytearray(open(p, "rb").read())
    i = b.index(b'"last"')
    b[i + 1] ^= 1                               # one bit of the newest save flipped: its CRC no longer matches
    open(p, "wb").write(bytes(b))
    rig = Rig(seed=99, store=Store(d))
    app = rig.app
    assert said(app.screen.report) == (
        "Save damaged: the newest save was damaged (checksum mismatch): the session goes on from the end of hand 1.")
    if app.screen.sel < 0:
        rig.press(OK)                           # the report read
    assert [r[0] for r in app.screen.rows] == ["5 players, hand 1", "Resume", "New session"]
    rig.press(OK)                               # Resume
    logged = json.loads(open(os.path.join(d, "hands.log")).read().splitlines()[0])
    e = app.engine
    assert e.phase == "over" and e.hand_no == 1
    assert e.stock.reshuffles == logged["reshuffles"] and len(logged["reshuffles"]) == 1
    assert e.result["shown"] == logged["result"]["shown"] and e.result["stacks"] == logged["result"]["stacks"]

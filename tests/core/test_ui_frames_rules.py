"""Golden frames of issue 14's rule screens (hashes as in tests/core/test_ui_frames.py, the same on CPython and
MicroPython; each picture checked by eye when frozen): the awards when everyone packed ("P1 wins the pot of
6"), the between-hands menu naming a busted player, a Joker Hunt turn and showdown with the wild rank."""

from app_util import OK, UP, Rig, select, setup
from dealerbox.ui import modes
from test_ui_frames import frame_hash, lit


def walk_rules():
    """(name, hash, lit pixels) of the frames; the rigs driven by presses only."""
    out = []

    def snap(rig, name):
        rig.draw()
        out.append((name, frame_hash(rig.buf), lit(rig.buf)))

    rig = Rig(seed=62)                              # everyone packs after P1's blind chaal of 2
    setup(rig, "teen-patti", 4, chips=100)
    app = rig.app
    first = app.engine.to_act
    while app.mode != modes.M_AWARDS:
        if app.mode == modes.M_TURN:
            seat = app.engine.to_act
            select(rig, "blind" if seat == first else "pack")
            if seat == first:
                rig.press(UP, long=True)
            rig.press(OK)
            if app.mode == modes.M_TURN and app.engine.to_act == seat:   # a confirmation of the pack
                rig.press(OK)
        else:
            rig.press(OK)
    snap(rig, "awards-everyone-packed")

    rig = Rig(seed=61)                              # two players: one busts, named between hands
    setup(rig, "teen-patti", 2, chips=10)
    app = rig.app
    while app.mode != modes.M_BETWEEN:
        if app.mode == modes.M_TURN:
            select(rig, "blind")
            rig.press(UP, long=True)
        rig.press(OK)
    snap(rig, "between-busted")

    rig = Rig(seed=5)                               # Joker Hunt: the wild rank on the turn and the showdown
    setup(rig, "teen-patti", 2, rule_rights={0: 2})
    app = rig.app
    rig.press(OK)
    snap(rig, "joker-hunt-turn")
    select(rig, "blind")
    rig.press(OK)
    while app.mode != modes.M_TURN:
        rig.press(OK)
    select(rig, "show")
    rig.press(OK)
    snap(rig, "joker-hunt-showdown")
    return out


GOLDEN_RULES = [
    ('awards-everyone-packed', 1004400456, 2137),
    ('between-busted', 933090035, 2800),
    ('joker-hunt-turn', 351328241, 3463),
    ('joker-hunt-showdown', 2530759763, 1937),
]


def test_rule_frames_match_golden():
    got = walk_rules()
    assert [g[0] for g in got] == [g[0] for g in GOLDEN_RULES]
    for g, want in zip(got, GOLDEN_RULES):
        assert g == want, (g, want)

"""Teen Patti sideshow and the turn screen (review findings 3, 5): the asked player sees who asked; after
an accept the two compared hands are shown to each of the two players only, behind their own gates, and
a public line says who packed; after "see" the pot/stake line stays. Both interpreters."""

import dealerbox.games.teenpatti  # noqa: F401  (compiled first, while the heap is unfragmented)
from app_util import OK, Rig, act, select, setup
from dealerbox.ui import modes


def frame_cards(app):
    cv = app.canvas
    return sorted(cv.cards[:cv.ncards])


def lit(buf, x0, y0, x1, y1):
    n = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            n += (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1
    return n


def test_sideshow_answer_comparison_and_public_line():
    rig = Rig(seed=3)
    setup(rig, "teen-patti", 4, names=["Ann", "Kristina", "Bo", "Dev"])
    app = rig.app
    e = app.engine
    for k in ["see", "chaal", "see", "chaal", "see", "chaal", "see", "chaal"]:
        act(rig, k)
    rig.press(OK)
    asker = app.screen.viewer
    select(rig, "sideshow")
    rig.press(OK)
    asked = e.to_act
    names = app.table.names
    assert (asker, asked) == (1, 0)
    assert app.mode == modes.M_GATE and app.screen.title == "Sideshow Kristina\x18Ann" and app.canvas.ncards == 0
    rig.press(OK)
    assert app.screen.asked_by == "Kristina"               # the answer screen says who asked, beside the cards
    assert lit(rig.buf, 74, 20, 128, 46) > 100 and frame_cards(app) == sorted(e.hands[asked])
    act(rig, "accept")
    loser = 0 if e.pb.folded[0] else 1
    assert e.pb.folded[loser] and not e.pb.folded[1 - loser]
    # the asked player's private comparison, straight away (still behind their gate)
    assert app.mode == modes.M_PEEK and app.screen.viewer == asked
    assert app.screen.title == "Sideshow: %s packs" % names[loser]
    assert frame_cards(app) == sorted(e.hands[0] + e.hands[1])
    assert [r[1] for r in app.screen.rows if r[2]] == ["Ann", "Kristina"]
    rig.press(OK)
    # then the asker's, behind the asker's own gate
    assert app.mode == modes.M_GATE and app.screen.gate_name == "Kristina" and app.canvas.ncards == 0
    assert app.screen.title == "%s packs (sideshow)" % names[loser] and app.screen.viewer is None
    rig.press(OK)
    assert app.mode == modes.M_PEEK and app.screen.viewer == asker
    assert frame_cards(app) == sorted(e.hands[0] + e.hands[1])
    assert [r[1] for r in app.screen.rows if r[2]] == ["Kristina", "Ann"]
    rig.press(OK)
    assert app.mode == modes.M_GATE and app.screen.gate_name == names[e.to_act] and app.canvas.ncards == 0
    assert app.screen.title == "%s packs (sideshow)" % names[loser] and app.screen.info == "Pot 14  stake 1"


def test_see_keeps_pot_and_stake_line():
    rig = Rig(seed=9)
    setup(rig, "teen-patti", 3)
    app = rig.app
    act(rig, "see")
    assert app.mode == modes.M_TURN and app.screen.status == "seen"
    assert app.screen.msg == "" and app.screen.info == "Pot 3  stake 1"


def test_refused_sideshow_is_said():
    rig = Rig(seed=3)
    setup(rig, "teen-patti", 4)
    app = rig.app
    for k in ["see", "chaal", "see", "chaal", "see", "chaal", "see", "chaal", "sideshow", "refuse"]:
        act(rig, k)
    assert app.mode == modes.M_GATE and app.screen.title == "P1 refuses sideshow"

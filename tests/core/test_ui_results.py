"""The public results (review findings 4, 7): showdown categories as words that fit the frame, the
winners marked; award and standings rows split when a name and its value would overlap. Both interpreters."""

import dealerbox.games.teenpatti  # noqa: F401  (compiled first, while the heap is unfragmented)
from dealerbox.eval.codes import TK_CATEGORIES
from dealerbox.eval.teenpatti import CATEGORIES
from dealerbox.ui import modes
from dealerbox.ui.canvas import text_width
from dealerbox.ui.modes import category_label
from dealerbox.ui.results_flow import ResultsFlow
from test_app_util import OK, Rig, act, setup


def test_every_category_has_a_label_that_fits():
    assert category_label("minor_straight_flush") == "Minor str. flush"
    assert category_label("pure_sequence") == "Pure seq." and category_label("high_card") == "High card"
    for cat in CATEGORIES + TK_CATEGORIES:
        label = category_label(cat)
        assert label and "_" not in label and label[0].isupper(), cat
        assert 19 + text_width(label) <= 128, cat       # on its own line, indented under the name


def test_showdown_lines_labels_and_winner():
    rig = Rig(seed=3)
    setup(rig, "teen-patti", 4, names=["Ann", "Kristina", "Bo", "Dev"])
    app = rig.app
    e = app.engine
    for k in ["see", "chaal", "see", "chaal", "see", "chaal", "see", "chaal", "sideshow", "accept"]:
        act(rig, k)
    while app.mode != modes.M_SHOWDOWN:
        if app.mode == modes.M_TURN:
            act(rig, "show" if "show" in [o.kind for o in app.opts] else "chaal")
        else:
            rig.press(OK)
    r = e.result
    names = app.table.names
    winners = [a[1] for a in r["awards"]]
    want = []
    for s in range(4):
        if r["shown"][s]:
            want.append(("\x19" if s in winners else "", names[s], r["shown"][s], ""))
            want.append(("", "  " + category_label(r["categories"][s]), None, ""))
    assert app.rows == want
    assert app.col == 7 + 8 * 6 + 3                  # the cards after the longest name: no overlap
    assert "High card" in want[1][1] or "High card" in want[3][1]
    cv = app.canvas
    visible = [c for row in app.rows[:5] if row[2] for c in row[2]]
    assert len(visible) == 9 and sorted(cv.cards[:cv.ncards]) == sorted(visible)


def test_award_and_standings_rows_fit():
    rows = ResultsFlow._fit([("Side pot 1: Kristina", "+2350"), ("Main pot: Bo", "+12"), ("Kristina", "12000 +11000"),
                             ("Anna", "99 -1")])
    assert rows == [("Side pot 1:", None), ("  Kristina", "+2350"), ("Main pot: Bo", "+12"), ("Kristina", None),
                    ("", "12000 +11000"), ("Anna", "99 -1")]
    for label, value in rows:
        assert value is None or 2 + text_width(label) + 6 + text_width(value) <= 120

"""The showdown screen through the app (review finding 4): categories as words, the winners
marked, cards after the longest name. Both interpreters; a module of its own so that under
MicroPython it runs with only what the box loads for a hand."""

import dealerbox.games.teenpatti  # noqa: F401  (compiled first, while the heap is unfragmented)
from app_util import OK, Rig, act, setup
from dealerbox.ui import modes
from dealerbox.ui.results_flow import category_label


def test_showdown_lines_labels_and_winner():
    rig = Rig(seed=3)
    setup(rig, "teen-patti", 4, names=["Ann", "Kristina", "Bo", "Dev"], chips=20)  # a short hand: a small heap
    app = rig.app
    e = app.engine
    for k in ["see", "chaal", "see", "chaal", "see", "chaal", "see", "chaal", "sideshow", "accept"]:
        act(rig, k)
    while app.mode != modes.M_SHOWDOWN:
        if app.mode == modes.M_TURN:
            act(rig, "show" if "show" in [o.kind for o in app.screen.opts] else "chaal")
        else:
            rig.press(OK)
    r = e.result
    names = app.table.names
    winners = [a[1] for a in r["awards"]]
    from dealerbox.ui import cardart
    shown = [s for s in range(4) if r["shown"][s]]
    order = [s for s in shown if s in winners]      # the winners first, then the best hand down
    order += sorted([s for s in shown if s not in winners], key=lambda s: -e.score(s))
    assert len(order) == 3 and e.score(order[1]) > e.score(order[2])
    want = []
    for s in order:                                 # each hand on one line where its category fits
        cat = category_label(r["categories"][s])
        if app.screen.col + 3 * (cardart.SMALL_W + 1) + 3 + 6 * len(cat) <= 128:
            want.append(("\x19" if s in winners else "", names[s], r["shown"][s], cat))
        else:
            want.append(("\x19" if s in winners else "", names[s], r["shown"][s], ""))
            want.append(("", "  " + cat, None, ""))
    assert app.screen.rows == want
    assert app.screen.col == 7 + 8 * 6 + 3                  # the cards after the longest name: no overlap
    assert app.screen.rows[0][0] == "\x19" and app.screen.rows[0][1] == names[winners[0]]
    assert any("High card" in row[1] or row[3] == "High card" for row in app.screen.rows)
    cv = app.canvas
    visible = [c for row in app.screen.rows[:5] if row[2] for c in row[2]]
    assert len(visible) >= 6 and sorted(cv.cards[:cv.ncards]) == sorted(visible)

"""Indian Poker on the screens (review findings 1, 2, 5): the center card on every turn screen, gate and
the showdown with the cards that played; the own hole card in the two-card variant (never the own
forehead card); the amount to call on the gate and the turn screen. Both interpreters."""

import dealerbox.games.indian  # noqa: F401  (compiled first, while the heap is unfragmented)
from app_util import OK, Rig, act, setup
from dealerbox.ui import modes

# single house rules rows of Indian Poker: ties, low, two_cards, center, party
TWO_CARDS = 2
CENTER = 3


def frame_cards(app):
    cv = app.canvas
    return sorted(cv.cards[:cv.ncards])


def test_center_card_on_gate_turn_and_showdown():
    rig = Rig(seed=5)
    setup(rig, "indian", 4, rule_rights={CENTER: 1})
    app = rig.app
    e = app.engine
    while not e.center:                          # first round: everybody checks
        act(rig, "check")
    c = e.center[0]
    assert app.mode == modes.M_GATE and app.screen.center == [c]
    assert frame_cards(app) == [c]               # the gate is public: the center card only
    gates = turns = 0
    while app.mode in (modes.M_GATE, modes.M_TURN):
        if app.mode == modes.M_GATE:
            assert frame_cards(app) == [c]
            gates += 1
            rig.press(OK)
        seat = app.screen.viewer
        want = sorted([e.hands[s][0] for s in range(4) if s != seat] + [c])
        assert frame_cards(app) == want, (frame_cards(app), want)
        turns += 1
        act(rig, "check")
    assert gates == 4 and turns == 4
    assert app.mode == modes.M_SHOWDOWN
    r = e.result
    assert app.screen.rows[0] == ("", "Center", [c], "")
    for s in range(4):
        line = [row for row in app.screen.rows if row[1] == app.table.names[s]][0]
        best = r["best"][s]
        # the cards that played are shown when the center card counted for that hand
        assert line[3] == (best if c in best else ""), (line, best)
        assert line[0] == ("\x19" if s in [a[1] for a in r["awards"]] else "")
    assert frame_cards(app) == sorted([c] + [e.hands[s][0] for s in range(4)])


def test_two_card_variant_shows_own_hole_card_never_own_forehead():
    rig = Rig(seed=6)
    setup(rig, "indian", 3, rule_rights={TWO_CARDS: 1})
    app = rig.app
    e = app.engine
    for _ in range(3):
        rig.press(OK)
        seat = app.screen.viewer
        h = e.hands
        assert frame_cards(app) == sorted([h[s][0] for s in range(3) if s != seat] + [h[seat][1]])
        assert h[seat][0] not in frame_cards(app)
        act(rig, "check")


def test_call_amount_on_gate_and_turn():
    rig = Rig(seed=5)
    setup(rig, "indian", 3, stake=2)            # ante 2, fixed bet 1
    app = rig.app
    e = app.engine
    assert app.screen.info == "Pot 6  call 0"
    act(rig, "bet", 1)
    assert app.mode == modes.M_GATE and app.screen.info == "Pot 7  call 1"
    rig.press(OK)
    assert app.screen.info == "Pot 7  call 1" and e.to_act == app.screen.viewer

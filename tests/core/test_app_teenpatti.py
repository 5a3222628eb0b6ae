"""Teen Patti through the app, by button presses only (both interpreters)."""

import dealerbox.games.teenpatti  # noqa: F401  (compiled first, while the 192K heap is unfragmented)
from app_util import OK, Rig, act, setup
from dealerbox.ui import modes


def test_seed004_worked_example_by_presses():
    # RULES.md worked example (seed 004): boot 1, pot 4, stake 1; Anna blind 1, Ben sees and bets 2,
    # Carla sees and bets 4, Dan sees and packs, Anna blind 2, Ben bets 4: pot 17.
    # The first dealer is seat 0, so Dan sits there and Anna (left of the dealer) acts first.
    rig = Rig(seed=4)
    setup(rig, "teen-patti", 4, names=["Dan", "Anna", "Ben", "Carla"], chips=100, stake=1)
    app = rig.app
    e = app.engine
    assert app.table.names == ["Dan", "Anna", "Ben", "Carla"]
    assert e.pot_total() == 4 and e.stake == 1
    assert app.screen.gate_name == "Anna"
    act(rig, "blind", 1)
    assert app.screen.gate_name == "Ben"
    act(rig, "see")
    assert app.mode == modes.M_TURN and app.screen.status == "seen"     # seen: same turn, cards now on screen
    assert sorted(app.canvas.cards[:app.canvas.ncards]) == sorted(e.hands[2])
    act(rig, "chaal", 2)
    act(rig, "see")
    act(rig, "chaal", 4)
    assert e.stake == 2
    act(rig, "see")
    act(rig, "pack")
    act(rig, "blind", 2)
    act(rig, "chaal", 4)
    assert e.pot_total() == 17
    assert app.table.stacks == [99, 96, 93, 95]
    assert e.stake == 2
    assert app.mode == modes.M_GATE and app.screen.gate_name == "Carla"
    assert app.last == "Ben: chaal 4"
    assert app.canvas.ncards == 0


def test_see_is_a_deliberate_action_and_gate_hides_cards():
    rig = Rig(seed=9)
    setup(rig, "teen-patti", 3)
    app = rig.app
    seat = app.engine.to_act
    assert app.mode == modes.M_GATE and app.canvas.ncards == 0
    rig.press(OK)
    assert app.screen.viewer == seat
    assert app.screen.status == "blind" and app.canvas.ncards == 0      # blind: backs only
    act(rig, "see")
    assert app.canvas.ncards == 3 and app.engine.seen[seat]
    act(rig, "chaal")
    assert app.mode == modes.M_GATE and app.canvas.ncards == 0 and app.screen.viewer is None

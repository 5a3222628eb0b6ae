"""The evaluator is let go when a hand ends (docs/device.md, Memory; ``Engine.drop_ranking``): the ranking is
dropped on both interpreters, the ``dealerbox.eval`` modules on MicroPython (CPython keeps them), and the next
hand loads it again and judges its showdown the same way. Runs under pytest and MicroPython."""

import sys

from dealerbox.engine.base import Action
from dealerbox.engine.table import Table
from teenpatti_support import deck_for, game

_MP = sys.implementation.name == "micropython"


def _eval_modules():
    return sorted(m for m in sys.modules if m == "dealerbox.eval" or m.startswith("dealerbox.eval."))


def test_showdown_then_the_evaluator_is_dropped_and_loaded_again_for_the_next_hand():
    e, t = game(["Ah Kd 9c", "Qs Qh 3d"], 50)
    assert e.ranking() is e.ranking()                 # loaded once per hand
    assert "dealerbox.eval.teenpatti" in sys.modules
    e.apply(Action("show", 1))
    assert e.result["categories"] == ["high_card", "pair"] and e.result["awards"] == [[0, 1, 3]]
    assert e._rk is None
    if _MP:
        assert _eval_modules() == []
    else:
        assert "dealerbox.eval.teenpatti" in _eval_modules()
    e.start_hand(deck=deck_for(["7c 7d 7s", "As Ks Qs"], t.dealer))   # the button moved: dealer is seat 0
    e.apply(Action("show", 1))
    assert e.result["categories"] == ["trail", "pure_sequence"] and e.result["awards"] == [[0, 0, 3]]
    assert t.stacks == [50, 50] and e._rk is None


def test_every_one_packs_no_evaluator_needed_and_none_kept():
    t = Table(["A", "B", "C"], 20, 2)
    from dealerbox.games.teenpatti import TeenPatti
    e = TeenPatti(t, {})
    e.start_hand(deck=deck_for(["2c 3d 5h", "9c 9d Ks", "Jh Qd 4c"], 2))
    e.apply(Action("pack"))
    e.apply(Action("pack"))
    assert e.phase == "over" and e.result["awards"] == [[0, 2, 3]] and e._rk is None
    if _MP:
        assert _eval_modules() == []


def test_turkish_loads_the_evaluator_only_for_its_showdown():
    from test_turkish import KINGS, NO_OPENERS
    from test_turkish import game as turkish_game
    e, t = turkish_game([NO_OPENERS, "9h Ts Jh Kd Ac"])
    assert e._rk is None and e.legal_actions()[0].kind == "check"   # openers are counted (holds_openers)
    if _MP:
        assert _eval_modules() == []
    e.apply(Action("check"))
    assert e.apply(Action("check")) == [["check", 1, 0], ["dead", 2], ["over"]]   # a dead hand: no evaluator
    assert e._rk is None
    if _MP:
        assert _eval_modules() == []
    e, t = turkish_game([KINGS, "9c 9s Jh Qs Ac"])
    e.apply(Action("open", 2))
    e.apply(Action("call", 2))
    e.apply(Action("draw", cards=[]))
    e.apply(Action("draw", cards=[]))
    if _MP:
        assert _eval_modules() == []                  # the draw and the betting after it: still none
    e.apply(Action("check"))
    e.apply(Action("check"))
    assert e.result["categories"] == ["pair", "pair"] and e._rk is None    # scored at the showdown, let go
    if _MP:
        assert _eval_modules() == []


def test_the_log_shares_rules_deck_and_result_with_the_engine_also_after_a_resume():
    import json

    from dealerbox.engine.base import Engine
    e, t = game(["Ah Kd 9c", "Qs Qh 3d"], 50)
    assert e.log["rules"] is e.rules and e.log["deck"] is e.deck
    e.apply(Action("show", 1))
    assert e.log["result"] is e.result and e.result["awards"] == [[0, 1, 3]]
    state = json.loads(json.dumps(e.to_state()))
    r = Engine.from_state(Table.from_state(json.loads(json.dumps(t.to_state()))), state)
    assert r.log["rules"] is r.rules and r.log["deck"] is r.deck and r.log["result"] is r.result
    assert json.loads(json.dumps(r.to_state())) == json.loads(json.dumps(e.to_state()))

"""The evaluator's ranking is built once and kept across hands (docs/engine.md, docs/evaluator.md): the same
ranking judges every showdown of a session, a hand that ends with no showdown needs none, Turkish openers are
judged by it before the draw, and the hand log shares the rules, deck and result with the engine, also after a
resume. Runs under pytest and MicroPython."""

import json

from dealerbox.engine.base import Action
from dealerbox.engine.table import Table
from dealerbox.games.teenpatti import TeenPatti
from support import raises
from teenpatti_support import deck_for, game


def test_the_ranking_is_kept_and_judges_every_showdown_the_same_way():
    e, t = game(["Ah Kd 9c", "Qs Qh 3d"], 50)
    rk = e.ranking()
    assert e.ranking() is rk
    e.apply(Action("show", 1))
    assert e.result["categories"] == ["high_card", "pair"] and e.result["awards"] == [[0, 1, 3]]
    e.start_hand(deck=deck_for(["7c 7d 7s", "As Ks Qs"], t.dealer))   # the button moved: dealer is seat 0
    assert e.ranking() is rk                                           # the same house rules: the same ranking
    e.apply(Action("show", 1))
    assert e.result["categories"] == ["trail", "pure_sequence"] and e.result["awards"] == [[0, 0, 3]]
    assert t.stacks == [50, 50]


def test_everyone_packs_and_nothing_is_scored():
    t = Table(["A", "B", "C"], 20, 2)
    e = TeenPatti(t, {})
    e.start_hand(deck=deck_for(["2c 3d 5h", "9c 9d Ks", "Jh Qd 4c"], 2))
    e.apply(Action("pack"))
    e.apply(Action("pack"))
    assert e.phase == "over" and e.result["awards"] == [[0, 2, 3]] and e._rk is None
    assert "categories" not in e.result


def test_turkish_openers_by_the_ranking_a_dead_hand_and_a_showdown():
    from test_turkish import KINGS, NO_OPENERS
    from test_turkish import game as turkish_game
    e, t = turkish_game([NO_OPENERS, "9h Ts Jh Kd Ac"])
    assert [o.kind for o in e.legal_actions()] == ["check"]            # no openers: no open offered
    e.apply(Action("check"))
    assert e.apply(Action("check")) == [["check", 1, 0], ["dead", 2], ["over"]]
    e, t = turkish_game([KINGS, "9c 9s Jh Qs Ac"])
    rk = e.ranking()
    e.apply(Action("open", 2))
    e.apply(Action("call", 2))
    e.apply(Action("draw", cards=[]))
    e.apply(Action("draw", cards=[]))
    e.apply(Action("check"))
    e.apply(Action("check"))
    assert e.result["categories"] == ["pair", "pair"] and e.ranking() is rk


def test_the_log_shares_rules_deck_and_result_with_the_engine_also_after_a_resume():
    e, t = game(["Ah Kd 9c", "Qs Qh 3d"], 50)
    assert e.log["rules"] is e.rules and e.log["deck"] is e.deck
    e.apply(Action("show", 1))
    assert e.log["result"] is e.result and e.result["awards"] == [[0, 1, 3]]
    state = json.loads(json.dumps(e.to_state()))
    r = TeenPatti.from_state(Table.from_state(json.loads(json.dumps(t.to_state()))), state)
    assert r.log["rules"] is r.rules and r.log["deck"] is r.deck and r.log["result"] is r.result
    assert json.loads(json.dumps(r.to_state())) == json.loads(json.dumps(e.to_state()))
    from dealerbox.games.indian import Indian
    with raises(ValueError, "a teen-patti snapshot, not indian"):      # resumed by its own game's engine only
        Indian.from_state(Table.from_state(t.to_state()), state)

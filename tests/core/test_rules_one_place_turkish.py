"""Each rule in one place, Turkish Poker: every action kind is offered by ``legal_actions()`` exactly when
``why_illegal`` refuses none of its in-range amounts, and an out-of-range amount gets the offered option's own
refusal, in every state of seeded hands (tests/core/rules_one_place_util.py). Runs under pytest and MicroPython."""

from rules_one_place_util import every_kind_is_offered_exactly_when_it_is_not_refused


def test_every_kind_is_offered_exactly_when_it_is_not_refused():
    assert every_kind_is_offered_exactly_when_it_is_not_refused("turkish") > 200

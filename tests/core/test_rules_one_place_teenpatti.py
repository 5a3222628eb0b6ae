"""Each rule in one place, Teen Patti: every action kind is offered by ``legal_actions()`` exactly when
``why_illegal`` refuses none of its in-range amounts, and an out-of-range amount gets the offered option's own
refusal, in every state of seeded hands (tests/core/rules_one_place_util.py). Runs under pytest and MicroPython."""

from rules_one_place_util import every_kind_is_offered_exactly_when_it_is_not_refused


def test_every_kind_is_offered_exactly_when_it_is_not_refused():
    assert every_kind_is_offered_exactly_when_it_is_not_refused("teen-patti") > 200


def test_the_check_catches_an_engine_whose_refusal_disagrees_with_its_options():
    from dealerbox.engine.table import Table
    from dealerbox.games.teenpatti import TeenPatti
    from dealerbox.rng import SeededEntropy
    from rules_one_place_util import check_state

    class Lenient(TeenPatti):          # accepts a blind chaal one chip over the top of the offered range
        def _why(self, seat, action):
            if action.kind == "blind" and action.amount == self._range(False)[1] + 1:
                return None
            return TeenPatti._why(self, seat, action)

    class Hidden(TeenPatti):           # refuses nothing about "see" but never offers it
        def _check(self, seat, kind):
            return "see is hidden" if kind == "see" else TeenPatti._check(self, seat, kind)

        def _why(self, seat, action):
            return None if action.kind == "see" else TeenPatti._why(self, seat, action)

    for cls, what in ((Lenient, "blind"), (Hidden, "see")):
        e = cls(Table(["A", "B", "C"], 50), {}, SeededEntropy(5))
        e.start_hand()
        try:
            check_state(e, {}, {})
        except AssertionError as err:
            assert what in str(err), (what, str(err))
        else:
            raise AssertionError("the check missed a broken %s" % what)

"""The refusal probe the engines' property tests run at every step (CPython), and a test that it can fail.

``check_refusals(e, kinds)``: for the seat to act, every amount an offered option allows at its ends (or
every amount of a fixed list) is legal; one chip past each end, the amounts between the two sizes of a
two-size option, a draw that names no card or too many, and every kind of the game's vocabulary that is
not offered are refused: ``why_illegal`` gives a reason and ``apply`` raises IllegalAction, the engine and
the table unchanged (``to_state()`` compared before and after).
"""

import json

from dealerbox.engine.base import Action, IllegalAction, Option
from dealerbox.engine.table import Table
from dealerbox.games.teenpatti import TeenPatti
from dealerbox.reason import Reason
from support import allows

import host_tools  # noqa: F401

TEEN_PATTI = ("see", "blind", "chaal", "pack", "show", "sideshow", "accept", "refuse", "rebuy")
TURKISH = ("look", "karanlik", "check", "open", "bet", "call", "raise", "fold", "draw", "rebuy")
INDIAN = ("check", "bet", "call", "raise", "fold", "rebuy", "draw")


def _state(e):
    return json.dumps([e.to_state(), e.table.to_state()])


def _legal_and_illegal(o):
    """(amounts that ``o`` allows, amounts just outside it) as Actions."""
    if o.kind == "draw":
        return [Action("draw", 0, []), Action("draw", 0, [0, 1, 2, 3])], \
            [Action("draw", 1, []), Action("draw", 0, [0, 1, 2, 3, 4]), Action("draw", 0, [5]), Action("draw")]
    good = list(o.amounts) if o.amounts is not None else [o.min, o.max]
    bad = [o.min - 1, o.max + 1]
    if o.amounts is not None:
        bad.extend(a for a in range(o.min + 1, o.max) if a not in o.amounts)
    return [Action(o.kind, a) for a in good], [Action(o.kind, a) for a in bad if not allows(o, a)]


def check_refusals(e, kinds):
    """Probe the engine ``e`` (a hand in progress) with the game's action ``kinds``; returns how many refusals."""
    before = _state(e)
    opts = e.legal_actions()
    offered = [o.kind for o in opts]
    refused = []
    for o in opts:
        good, bad = _legal_and_illegal(o)
        for a in good:
            if a.kind == "draw" and len(a.cards) > len(e.hands[e.to_act]):
                continue
            assert e.why_illegal(a) is None, (a, o, e.why_illegal(a))
        refused.extend(bad)
    refused.extend(Action(k, 1) for k in kinds if k not in offered)
    refused.extend(Action(k) for k in kinds if k not in offered)
    for a in refused:
        why = e.why_illegal(a)
        assert isinstance(why, (str, Reason)) and str(why), (a, opts)
        try:
            e.apply(a)
        except IllegalAction as exc:
            assert exc.args[0] == why
        else:
            raise AssertionError("illegal action applied: %r (offered %r)" % (a, opts))
        assert _state(e) == before, a
    return len(refused)


def test_probe_refuses_outside_and_accepts_the_ends_on_a_real_hand():
    t = Table(["A", "B", "C"], 50, dealer=2)
    e = TeenPatti(t, {"chaal": "two-size"}, entropy=lambda k: bytes(k))
    e.start_hand()
    e.apply(Action("blind", 2))
    e.apply(Action("see"))
    assert e.legal_actions() == [Option("chaal", 4, 8, (4, 8)), Option("pack")]
    # chaal 3, 9, 5, 6, 7; pack -1 and 1; the 7 kinds not offered, each with and without an amount
    assert check_refusals(e, TEEN_PATTI) == 5 + 2 + 2 * 7


class _Lenient(TeenPatti):
    """A broken engine: accepts one chip over the top of a chaal's range."""

    def _why(self, seat, action):
        o = self._verify(seat, action.kind)
        if isinstance(o, Option) and action.amount == o.max + 1:
            return None
        return TeenPatti._why(self, seat, action)


def test_probe_catches_an_engine_that_accepts_one_past_the_end():
    t = Table(["A", "B", "C"], 50, dealer=2)
    e = _Lenient(t, {}, entropy=lambda k: bytes(k))
    e.start_hand()
    try:
        check_refusals(e, TEEN_PATTI)
    except AssertionError as exc:
        assert "blind" in str(exc)
    else:
        raise AssertionError("the probe missed an out-of-range amount")

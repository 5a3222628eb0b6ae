"""The betting round shared by Turkish and Indian Poker (dealerbox/engine/betting.py): amounts, closing, all-ins."""

import json

from dealerbox.engine.betting import BettingRound
from support import raises


def betting(r, seat, kind, amount, stack, stacks, pot):
    """The round's reason ``kind`` by ``seat`` for ``amount`` chips is refused, or None (``BettingRound.check``)."""
    got = r.check(seat, kind, stack, stacks, pot)
    if not isinstance(got, tuple):
        return str(got)
    lo, hi = got
    return None if kind in ("check", "fold", "call") or lo <= amount <= hi else "out of range"


def options(r, seat, stack, stacks, pot):
    """Legal choices of ``seat`` now: ``(kind, min, max)`` of every kind of ``BettingRound.KINDS`` the round's check
    allows (as the engine's ``legal_actions`` lists them)."""
    out = []
    for kind in BettingRound.KINDS:
        got = r.check(seat, kind, stack, stacks, pot)
        if isinstance(got, tuple):
            out.append((kind, got[0], got[1]))
    return out


def _round(stacks, structure="no-limit", size=2, order=None, **kw):
    r = BettingRound(len(stacks), order if order is not None else list(range(len(stacks))), size, structure, **kw)
    r.start(stacks)
    return r


def _do(r, stacks, kind, amount=0, pot=0):
    seat = r.to_act
    assert betting(r, seat, kind, amount, stacks[seat], stacks, pot) is None, (seat, kind, amount)
    put = r.act(seat, kind, amount, stacks)
    stacks[seat] -= put
    return put


def test_incomplete_all_in_raise_does_not_reopen_the_raising():
    stacks = [100, 3, 100]
    r = _round(stacks)
    _do(r, stacks, "bet", 2)
    assert options(r, 1, 3, stacks, 0) == [("call", 2, 2), ("raise", 3, 3), ("fold", 0, 0)]
    _do(r, stacks, "raise", 3)                               # all-in, 1 more than the bet: incomplete
    assert options(r, 2, 100, stacks, 0) == [("call", 3, 3), ("raise", 5, 100), ("fold", 0, 0)]
    _do(r, stacks, "call", 3)
    assert r.to_act == 0 and options(r, 0, 98, stacks, 0) == [("call", 1, 1), ("fold", 0, 0)]
    assert betting(r, 0, "raise", 4, 98, stacks, 0) == "an all-in for less than a raise does not reopen the raising"
    _do(r, stacks, "call", 1)
    assert r.to_act is None and r.bets == [3, 3, 3] and stacks == [97, 0, 97]


def test_round_closes_when_all_match_or_one_is_left():
    stacks = [10, 10, 10]
    r = _round(stacks, "fixed", 2)
    for _ in range(3):
        _do(r, stacks, "check")
    assert r.to_act is None and r.high == 0
    stacks = [10, 10, 10]
    r = _round(stacks, "fixed", 2, order=[1, 2, 0])
    assert r.to_act == 1
    _do(r, stacks, "bet", 2)
    _do(r, stacks, "fold")
    assert r.to_act == 0
    _do(r, stacks, "fold")
    assert r.to_act is None and r.folded == 0b101     # seats 0 and 2 folded: bit masks


def test_free_amount_any_bet_and_raise_by_one_chip():
    stacks = [20, 20]
    r = _round(stacks, "free", 5)
    assert options(r, 0, 20, stacks, 2) == [("check", 0, 0), ("bet", 1, 20)]
    _do(r, stacks, "bet", 3)
    assert options(r, 1, 20, stacks, 5) == [("call", 3, 3), ("raise", 4, 20), ("fold", 0, 0)]


def test_short_stack_calls_all_in_for_less_and_no_raise_when_nobody_can_answer():
    stacks = [50, 4]
    r = _round(stacks, "pot", 2)
    assert options(r, 0, 50, stacks, 12) == [("check", 0, 0), ("bet", 2, 12)]
    _do(r, stacks, "bet", 10, 12)
    assert options(r, 1, 4, stacks, 22) == [("call", 4, 4), ("fold", 0, 0)]
    _do(r, stacks, "call")
    assert r.to_act is None and stacks == [40, 0]
    stacks = [50, 0, 50]
    r = _round(stacks, "no-limit", 2)
    _do(r, stacks, "bet", 2)
    assert r.to_act == 2
    assert betting(r, 2, "bet", 2, 50, stacks, 0) == "there is already a bet: call, raise or fold"


def test_state_round_trip_and_bad_structure():
    stacks = [10, 10]
    r = _round(stacks, "fixed", 2, cap=3, check_raise=False)
    _do(r, stacks, "check")
    saved = json.dumps(r.to_state())
    r2 = BettingRound.from_state(json.loads(saved))
    assert json.dumps(r2.to_state()) == saved and r2.to_act == 1
    assert r2.folded == r.folded and r2.pending == r.pending and r2.can_raise == r.can_raise
    assert r2.checked == 0b01 and r2.check_raise is False and r2.cap == 3
    with raises(ValueError, "betting structure 'spread'"):
        BettingRound(2, [0, 1], 2, "spread")
    with raises(ValueError, "bet size"):
        BettingRound(2, [0, 1], 0, "fixed")

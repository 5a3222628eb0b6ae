"""Property test (CPython, hypothesis): thousands of random legal Teen Patti hands across random house rules.

Every action keeps the chips conserved (stacks + pots == chips bought in), no stack goes
negative, every hand ends, an illegal action is refused with the state unchanged (both ends of
every offered range are legal; one past each end and every kind not offered are refused:
test_engine_props.check_refusals), and
every session's hand log replays (host_tools.replay) to the same result.
"""

import json

from dealerbox.engine.base import Action
from dealerbox.engine.rules import _teen_patti
from dealerbox.engine.table import Table
from dealerbox.games.teenpatti import TeenPatti
from dealerbox.rng import SeededEntropy, randbelow
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from props_support import assert_refused, examples, pick_option
from props_support import house_rules as base_house_rules
from support import session_over
from test_engine_props import TEEN_PATTI, check_refusals

import host_tools  # noqa: F401
from host_tools.replay import replay_lines

CHOICES = _teen_patti()["choices"]
MAX_ACTIONS = 3000
WEIGHTS = {"pack": 1, "see": 4, "blind": 6, "chaal": 6, "show": 2, "sideshow": 2, "accept": 3, "refuse": 3, "rebuy": 1}


def house_rules():
    """Random Teen Patti house rules; a stake cap is never below the boot (rules.validate refuses that)."""
    return base_house_rules(CHOICES, {"boot": 5, "blind_limit": 4, "stake_cap": 40, "pot_cap": 400}).map(_cap_at_boot)


def _cap_at_boot(r):
    if r.get("stake_cap") and r["stake_cap"] < r.get("boot", 1):
        r["stake_cap"] = r.get("boot", 1)
    return r


def _pick(e, read):
    """A random legal action (weighted towards staying in, so hands last), with amounts drawn in range."""
    o = pick_option(e, WEIGHTS, read)
    if o.amounts is not None:
        amount = o.amounts[randbelow(len(o.amounts), read)]
    elif o.kind == "rebuy":
        amount = 1 + randbelow(30, read)
    else:
        amount = o.min + randbelow(o.max - o.min + 1, read)
    return Action(o.kind, amount)


def _play_session(rules, n, stacks, seed, hands):
    read = SeededEntropy(seed).read
    t = Table(["P%d" % i for i in range(n)], stacks, dealer=seed % n)
    e = TeenPatti(t, rules, entropy=SeededEntropy(seed + 1))
    bought = sum(t.bought_in)
    lines = []
    for h in range(hands):
        for s in range(n):                            # sometimes a rebuy between hands
            if h and t.stacks[s] == 0 and randbelow(2, read):
                t.rebuy(s, 20)
                bought += 20
        if session_over(t):
            break
        e.start_hand()
        steps = 0
        while e.phase != "over":
            steps += 1
            assert steps < MAX_ACTIONS, "the hand does not end"
            if randbelow(10, read) == 0:             # an illegal action is refused, state unchanged
                assert_refused(e, Action("chaal", 10 ** 7))
            if randbelow(4, read) == 0:              # ends of every range legal; past them, kinds not offered: no
                check_refusals(e, TEEN_PATTI)
            a = _pick(e, read)
            assert e.why_illegal(a) is None, (a, e.why_illegal(a))
            e.apply(a)
            assert e.chips_ok()
            assert sum(t.stacks) + e.pot_total() == sum(t.bought_in)
            assert min(t.stacks) >= 0
        assert e.pot_total() == 0 and sum(t.stacks) == sum(t.bought_in)
        if not rules.get("rebuy_mid_hand"):
            assert sum(t.stacks) == bought
        lines.append(json.dumps(e.log))
    return lines, t


@settings(max_examples=examples(100), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(rules=house_rules(), n=st.integers(2, 7), stacks=st.lists(st.integers(1, 120), min_size=7, max_size=7),
       seed=st.integers(0, 2 ** 31))
def test_random_sessions_conserve_chips_and_replay(rules, n, stacks, seed):
    lines, t = _play_session(rules, n, stacks[:n], seed, hands=8)
    out = replay_lines(lines)
    assert out["stacks"] == t.stacks
    assert len(out["hands"]) == len(lines)

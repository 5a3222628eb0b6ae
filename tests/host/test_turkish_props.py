"""Property test (CPython, hypothesis): random legal Turkish Poker sessions across random house rules.

Every action keeps the chips conserved (stacks + pot, a dead hand's carried pot included, equal the
chips bought in), no stack goes negative, every hand ends, an illegal action is refused with the
state unchanged (steps are probed: both ends of every offered range legal, one past each end and every
kind not offered refused, test_engine_props.check_refusals), a snapshot taken at any point plays on
identically, and every session's hand log replays (host_tools.replay) to the same results.
"""

import json

from dealerbox.engine.base import Action
from dealerbox.engine.rules_turkish import table as _turkish
from dealerbox.engine.table import Table
from dealerbox.games.turkish import Turkish
from dealerbox.rng import SeededEntropy, randbelow
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from props_support import assert_refused, examples, house_rules, pick_option, restore
from test_engine_props import TURKISH, check_refusals

import host_tools  # noqa: F401
from host_tools.replay import replay_lines

CHOICES = _turkish()["choices"]
RULES = house_rules(CHOICES, {"ante": 4, "bet": 6, "cap": 5})
MAX_ACTIONS = 400
WEIGHTS = {"check": 5, "open": 4, "bet": 3, "call": 6, "raise": 2, "fold": 1, "look": 3, "karanlik": 2, "draw": 1}
BAD = (Action("open", 10 ** 7), Action("raise", 0), Action("draw", 0, [0, 0]), Action("draw", 0, [0, 1, 2, 3, 4]),
       Action("sideshow"), Action("karanlik", 1))


def _pick(e, read):
    o = pick_option(e, WEIGHTS, read)
    if o.kind == "draw":
        k = randbelow(5, read)
        pos = []
        while len(pos) < k:
            p = randbelow(5, read)
            if p not in pos:
                pos.append(p)
        return Action("draw", 0, pos)
    return Action(o.kind, o.min + randbelow(o.max - o.min + 1, read))


def _play_session(rules, n, stacks, seed, hands):
    read = SeededEntropy(seed).read
    t = Table(["P%d" % i for i in range(n)], stacks, dealer=seed % n)
    e = Turkish(t, rules, entropy=SeededEntropy(seed + 1))
    lines = []
    dead = 0
    for h in range(hands):
        for s in range(n):
            if h and t.stacks[s] == 0 and randbelow(2, read):
                t.rebuy(s, 15)
        if len(t.seats_in_play()) < 2:
            break
        e.start_hand()
        assert len(e.deck) in (24, 28, 32, 36)
        steps = 0
        while e.phase != "over":
            steps += 1
            assert steps < MAX_ACTIONS, "the hand does not end"
            if randbelow(8, read) == 0:
                bad = BAD[randbelow(len(BAD), read)]
                if e.why_illegal(bad) is not None:
                    assert_refused(e, bad)
            if randbelow(4, read) == 0:              # ends of every range legal; past them, kinds not offered: no
                check_refusals(e, TURKISH)
            if randbelow(12, read) == 0:
                e = restore(e)
                t = e.table
            a = _pick(e, read)
            assert e.why_illegal(a) is None, (a, e.why_illegal(a))
            e.apply(a)
            assert e.chips_ok() and min(t.stacks) >= 0
            if e.phase in ("betting", "draw"):
                for s in range(n):
                    hand = e.hands[s]
                    assert hand is None or len(hand) == 5 or (e.phase == "draw" and s in e.owed and len(hand) == 4)
        assert e.chips_ok()
        if e.result.get("dead"):
            dead += 1
            assert e.table.carried() == e.result["carry"] == e.pot_total() > 0
        else:
            assert e.pot_total() == 0 and sum(t.stacks) == sum(t.bought_in)
            seen = []
            for s in range(n):
                if e.result["shown"][s]:
                    seen.extend(e.result["shown"][s])
            assert len(seen) == len(set(seen))
        lines.append(json.dumps(e.log))
    return lines, t, e


@settings(max_examples=examples(80), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(rules=RULES, n=st.integers(2, 5), stacks=st.lists(st.integers(1, 80), min_size=5, max_size=5),
       seed=st.integers(0, 2 ** 31))
def test_random_turkish_sessions_conserve_chips_and_replay(rules, n, stacks, seed):
    lines, t, e = _play_session(rules, n, stacks[:n], seed, hands=6)
    if lines:
        out = replay_lines(lines)
        assert out["stacks"] == t.stacks
        assert len(out["hands"]) == len(lines)

"""Property test (CPython, hypothesis): random legal Indian Poker sessions across random house rules.

Every action keeps the chips conserved, no stack goes negative, every hand ends, an illegal action
is refused with the state unchanged (steps are probed: both ends of every offered range legal, one past
each end and every kind not offered refused, test_engine_props.check_refusals), a snapshot taken at any
point plays on identically, a seat's own forehead card is never in its view nor on the shared screen
before the showdown, and every session's hand log replays (host_tools.replay) to the same results.
"""

import json

from dealerbox.engine.base import Action
from dealerbox.engine.rules_indian import STUD_EXCLUDES
from dealerbox.engine.rules_indian import table as _indian
from dealerbox.engine.table import Table
from dealerbox.games.indian import Indian
from dealerbox.rng import SeededEntropy, randbelow
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from props_support import assert_refused, examples, house_rules, pick_option, restore
from test_engine_props import INDIAN, check_refusals

import host_tools  # noqa: F401
from host_tools.replay import replay_lines

CHOICES = _indian()["choices"]
RULES = house_rules(CHOICES, {"ante": 4, "bet": 6, "cap": 5}, rare=("party", "stud"))
MAX_ACTIONS = 400
WEIGHTS = {"check": 5, "bet": 3, "call": 6, "raise": 2, "fold": 2}
BAD = (Action("bet", 10 ** 7), Action("raise", 0), Action("draw", 0, [0]), Action("open", 1), Action("call", 10 ** 6))


def _pick(e, read):
    o = pick_option(e, WEIGHTS, read)
    return Action(o.kind, o.min + randbelow(o.max - o.min + 1, read))


def _private(e, n):
    """Before the showdown: no seat's own forehead card in its view, no forehead on the shared screen (Forehead
    Stud: every forehead card of the others and the own hole cards, none of the own forehead cards)."""
    pub = e.public_view()
    assert "shown" not in pub and "foreheads" not in pub
    for s in range(n):
        if e.dealt[s]:
            v = e.view(s)
            assert v["foreheads"][s] is None
            if e.rules["stud"]:
                others = [c for x in range(n) if x != s and e.dealt[x] for c in e.stud_cards(x, "f")]
                seen = [c for h in v["foreheads"] if h for c in h]
                assert sorted(seen) == sorted(others) and v["hole"] == e.stud_cards(s, "h")
                assert not set(e.stud_cards(s, "f")) & set(seen + v["hole"])
                continue
            others = [e.hands[x][0] for x in range(n) if x != s and e.dealt[x]]
            assert sorted(c for c in v["foreheads"] if c is not None) == sorted(others)


def _fit(rules, n):
    """Forehead Stud alone among the variants and at most 7 players (rules.py, games/indian.py)."""
    if rules.get("stud"):
        for k, _ in STUD_EXCLUDES:
            rules.pop(k, None)
        n = min(n, 7)
    return rules, n


def _play_session(rules, n, stacks, seed, hands):
    read = SeededEntropy(seed).read
    t = Table(["P%d" % i for i in range(n)], stacks, dealer=seed % n)
    e = Indian(t, rules, entropy=SeededEntropy(seed + 1))
    lines = []
    for h in range(hands):
        for s in range(n):
            if h and t.stacks[s] == 0 and randbelow(2, read):
                t.rebuy(s, 15)
        if len(t.seats_in_play()) < 2:
            break
        e.start_hand()
        steps = 0
        while e.phase != "over":
            steps += 1
            assert steps < MAX_ACTIONS, "the hand does not end"
            _private(e, n)
            if randbelow(8, read) == 0:
                assert_refused(e, BAD[randbelow(len(BAD), read)])
            if randbelow(4, read) == 0:              # ends of every range legal; past them, kinds not offered: no
                check_refusals(e, INDIAN)
            if randbelow(12, read) == 0:
                e = restore(e)
                t = e.table
            a = _pick(e, read)
            assert e.why_illegal(a) is None, (a, e.why_illegal(a))
            e.apply(a)
            assert e.chips_ok() and min(t.stacks) >= 0
        assert e.pot_total() == 0 and sum(t.stacks) == sum(t.bought_in)
        if e.result["how"] == "fold":
            assert e.result["shown"] == [None] * n
            for s in range(n):
                if e.dealt[s]:
                    assert e.view(s)["foreheads"][s] is None
        if rules.get("party"):
            assert e.result["awards"] == [] and e.result["loser"]
        lines.append(json.dumps(e.log))
    return lines, t, e


@settings(max_examples=examples(80), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(rules=RULES, n=st.integers(2, 10), stacks=st.lists(st.integers(1, 60), min_size=10, max_size=10),
       seed=st.integers(0, 2 ** 31))
def test_random_indian_sessions_conserve_chips_keep_cards_private_and_replay(rules, n, stacks, seed):
    rules, n = _fit(rules, n)
    lines, t, e = _play_session(rules, n, stacks[:n], seed, hands=6)
    if lines:
        out = replay_lines(lines)
        assert out["stacks"] == t.stacks
        assert len(out["hands"]) == len(lines)


@settings(max_examples=examples(30), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(rules=RULES, n=st.integers(2, 7), stacks=st.lists(st.integers(1, 60), min_size=7, max_size=7),
       seed=st.integers(0, 2 ** 31))
def test_random_forehead_stud_sessions(rules, n, stacks, seed):
    """Forehead Stud every time (the first test draws it one time in six): chips conserved, cards private,
    the logs replay; a hand that reaches the showdown shows seven cards a hand and names its best five."""
    rules["stud"] = True
    rules, n = _fit(rules, n)
    lines, t, e = _play_session(rules, n, stacks[:n], seed, hands=5)
    for line in lines:
        r = json.loads(line)["result"]
        if r["how"] == "showdown":
            for s in range(n):
                if r["shown"][s] is not None:
                    assert len(r["shown"][s]) == 7 and len(r["best"][s]) == 5 and set(r["best"][s]) <= set(
                        r["shown"][s])
    if lines:
        out = replay_lines(lines)
        assert out["stacks"] == t.stacks

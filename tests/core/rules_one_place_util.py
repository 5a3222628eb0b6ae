"""Each rule in one place (docs/engine.md, "Options and refusals"), the check shared by the per-game tests
(tests/core/test_rules_one_place_*.py): for every action kind of a game, in many reachable states, a kind is
offered by ``legal_actions()`` if and only if ``why_illegal`` refuses none of its in-range amounts, and an amount
is refused exactly when the offered option does not allow it, with the amount's reason. Hands are driven with
seeded entropy and a simple seeded policy: Teen Patti (blind, seen, show, sideshow accepted and refused, the
Italian third request, mid-hand rebuy, pot and stake limits), Turkish Poker (Karanlık, openers, the draw with
reshuffles, fixed / pot / no limit, high-low) and Indian Poker (center card, two cards, party mode).

One test module per game: under MicroPython each module runs in its own process (tests/mp_run.py), as a
session of one game runs on the box. No tests here; runs on both interpreters."""

from dealerbox.engine.base import Action, amount_reason
from dealerbox.engine.table import Table
from dealerbox.games import engine_class
from dealerbox.reason import Reason
from dealerbox.rng import SeededEntropy, randbelow
from support import allows

# (game, rules, starting stacks, seed): small stacks so all-ins, side pots and rebuys happen
TABLES = (
    ("teen-patti", {}, [30, 30, 30, 30, 30], 1),
    ("teen-patti", {"show": "000", "sideshow": "000", "pot_limit": True}, [40, 25, 40, 40], 2),
    ("teen-patti", {"show": "001", "sideshow": "001", "sideshow_third_forced": True, "chaal": "two-size",
                    "blind_limit": 3, "rebuy_mid_hand": True}, [12, 30, 12, 30], 3),
    ("teen-patti", {"stake_cap": 8, "pot_cap": 60, "variant": "best-of-four", "sideshow": "off"}, [50, 50, 50], 4),
    ("teen-patti", {"variant": "cobra", "rebuy_mid_hand": True, "boot": 2}, [9, 20, 20], 5),
    ("turkish", {}, [30, 30, 30, 30], 6),
    ("turkish", {"karanlik": True, "structure": "no-limit", "check_raise": False, "openers": "jacks"},
     [40, 15, 40], 7),
    ("turkish", {"structure": "pot", "hi_lo": True, "openers": "jacks", "karanlik": True}, [30, 30, 30, 30, 30], 8),
    ("indian", {}, [20, 20, 20, 20], 9),
    ("indian", {"structure": "pot", "center": True, "two_cards": True, "ties": "suit-order"}, [25, 12, 25], 10),
    ("indian", {"structure": "free", "low": True}, [15, 15, 15], 11),
    ("indian", {"party": True}, [10, 10, 10], 12),
)
HANDS = 12
NOT_KINDS = ("dance", "rebuy", "draw")   # never a kind of some games, or not offered there


def _amounts_inside(o):
    if o.amounts is not None:
        return list(o.amounts)
    return [o.min, (o.min + o.max) // 2, o.max]


def _amounts_around(o):
    out = [o.min - 1, o.max + 1, o.min + 1, o.max - 1, 0]
    if o.amounts is not None and len(o.amounts) > 1:
        out.append((o.amounts[0] + o.amounts[-1]) // 2)    # between the two chaal sizes of seed 001
    return out


def _action(kind, amount):
    return Action(kind, amount, [] if kind == "draw" else None)


def owes_nothing_and_nobody_can_answer(e):
    """True when the seat to act in a betting turn has nobody left to bet against (issue 14): every other
    player still in is all-in, and the seat owes no answer to a bet (Turkish, Indian: nothing to call; Teen
    Patti: it has put in at least as much as every other player still in). Such a turn must never be asked."""
    seat = e.to_act
    if seat is None or e.phase != "betting":
        return False
    for s in e.live_seats():
        if s != seat and not e.pb.all_in[s]:
            return False
    rnd = getattr(e, "round", None)
    if rnd is not None:
        return rnd.high == rnd.bets[seat]     # nothing to call
    mine = e.pb.contributed[seat]
    for s in e.live_seats():
        if s != seat and e.pb.contributed[s] > mine:
            return False
    return True


def check_state(e, offered_seen, refused_seen):
    """Every kind of the game (and a few it does not have) against the options of the state of ``e``; and the
    seat to act always has somebody to bet against or a bet to answer (``owes_nothing_and_nobody_can_answer``)."""
    assert not owes_nothing_and_nobody_can_answer(e), (e.GAME, e.to_act, e.pb.contributed, e.table.stacks)
    before = e.to_state()
    opts = e.legal_actions()
    offered = {}
    for o in opts:
        assert o.kind not in offered, (e.GAME, o.kind)           # one option per kind
        offered[o.kind] = o
    for kind in e.KINDS + NOT_KINDS:
        o = offered.get(kind)
        if o is not None:
            offered_seen[(e.GAME, kind)] = True
            for a in _amounts_inside(o):
                assert e.why_illegal(_action(kind, a)) is None, (e.GAME, kind, a, o)
            for a in _amounts_around(o):
                why = e.why_illegal(_action(kind, a))
                assert (why is None) == allows(o, a), (e.GAME, kind, a, why)
                assert why == amount_reason(o, a), (e.GAME, kind, a, why)   # the offered option's own refusal
        else:
            if kind in e.KINDS:
                refused_seen[(e.GAME, kind)] = True
            reasons = []
            for a in (0, 1, 2, 5, 1000):
                why = e.why_illegal(_action(kind, a))
                assert isinstance(why, (str, Reason)) and str(why), (e.GAME, kind, a)
                reasons.append(why)
            for why in reasons:
                assert why == reasons[0], (e.GAME, kind, reasons)  # the kind's reason, whatever the amount
    assert e.to_state() == before                                 # asking changes nothing
    return opts


_WEIGHTS = {"pack": 1, "fold": 1, "rebuy": 2}


def _pick(opts, read):
    total = 0
    for o in opts:
        total += _WEIGHTS.get(o.kind, 4)
    r = randbelow(total, read)
    for o in opts:
        r -= _WEIGHTS.get(o.kind, 4)
        if r < 0:
            return o
    return opts[-1]


def _play(o, read):
    if o.kind == "draw":
        pos = []
        for _ in range(randbelow(5, read)):
            p = randbelow(5, read)
            if p not in pos:
                pos.append(p)
        return Action("draw", 0, pos)
    if o.amounts is not None:
        return Action(o.kind, o.amounts[randbelow(len(o.amounts), read)])
    if o.kind == "rebuy":
        return Action("rebuy", 1 + randbelow(20, read))
    return Action(o.kind, o.min + randbelow(o.max - o.min + 1, read))


def every_kind_is_offered_exactly_when_it_is_not_refused(game):
    """Play every table of ``TABLES`` of ``game`` for ``HANDS`` hands, checking every state (``check_state``);
    every kind of the game must have been offered and refused somewhere. Returns the number of states."""
    offered_seen = {}
    refused_seen = {}
    states = 0
    for g, rules, stacks, seed in TABLES:
        if g != game:
            continue
        t = Table(["P%d" % i for i in range(len(stacks))], list(stacks))
        e = engine_class(game)(t, rules, SeededEntropy(seed))
        read = SeededEntropy(seed + 1000).read
        for _ in range(HANDS):
            if len(t.seats_in_play()) < 2:
                break
            e.start_hand()
            while e.phase != "over":
                opts = check_state(e, offered_seen, refused_seen)
                states += 1
                e.apply(_play(_pick(opts, read), read))
            assert e.chips_ok()
    for kind in engine_class(game).KINDS:
        assert offered_seen.get((game, kind)), ("never offered", game, kind)
        assert refused_seen.get((game, kind)), ("never refused", game, kind)
    return states

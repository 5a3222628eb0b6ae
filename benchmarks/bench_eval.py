"""The evaluators' speed and size (``make bench``).

* ``eval_vs_treys`` (CPython): the Turkish evaluator (36-card deck) against treys (Cactus Kev's
  evaluator; standard ranking, so only the speed compares) on the same 376,992 five-card hands,
  each called directly as its users call it: ours ``score_unchecked(cards)``, treys
  ``Evaluator().evaluate(hand, board)`` with 2 + 3 cards (its 5-card call), both driven by ``map``
  (``starmap``) so that the loop costs neither anything. The two passes are interleaved and the
  figure is the median of 7 rounds of treys' time / ours: above 1, ours is faster.
  ``eval_vs_treys_five``: the same against treys' internal ``_five(cards)`` (no list concatenation,
  no dispatch on the number of cards), for reference.
* ``eval_vs_floor_GAME`` (the real MicroPython, on the .mpy build): each game's evaluator against a
  floor called the same way on the same hands, a function that reads the cards and does one table
  read (``t[a+b+c]``), the least any table evaluator does: our time / the floor's, interleaved,
  median of 5 rounds. Teen Patti: every 3-card hand (22,100); Turkish: every 5-card hand of the
  36-card deck; Indian: every 2-card hand of the two-card variant (1,326, 20 times).
* ``eval_poker_vs_treys`` (CPython): Forehead Stud's ranking (``make_ranking("poker")``, the best five of
  seven, no table) against treys' 7-card ``evaluate(hand, board)`` (2 + 5 cards) on the same 50,000 seeded
  random 7-card hands, called as above; treys' time / ours, median of 7 interleaved rounds.
* ``eval_tables_bytes``: every evaluator table of every game and deck together.
"""

import subprocess
import time
from collections import deque
from itertools import combinations, starmap

from host_tools import ROOT
from host_tools.bench import MICROPYTHON, firmware_build, line, median

ROUNDS_CPYTHON = 7
ROUNDS_MP = 5

_MP_SCRIPT = r"""
import gc
import time
from dealerbox.eval import make_ranking

T = bytes(256)


def floor3(h, t=T):
    return t[h[0] + h[1] + h[2]]

def floor5(h, t=T):
    return t[h[0] + h[1] + h[2] + h[3] + h[4]]

def floor2(h, t=T):
    return t[h[0] + h[1]]

def timed(f, hands):
    t0 = time.ticks_us()
    for h in hands:
        f(h)
    return time.ticks_diff(time.ticks_us(), t0)

def bench(game, ev, floor, hands):
    ratios = []
    for _ in range(%d):
        a = timed(ev, hands)
        b = timed(floor, hands)
        ratios.append(a / b)
    ratios.sort()
    print(game, ratios[len(ratios) // 2])

def combos(cards, k, out, start=0, acc=()):
    if len(acc) == k:
        out.append(bytes(acc))
        return
    for i in range(start, len(cards)):
        combos(cards, k, out, i + 1, acc + (cards[i],))

# the rankings first, on a fresh heap (each is built once and kept, as on the box)
tp = make_ranking("teen-patti").score_unchecked
ind = make_ranking("indian", house=("two-card",)).score_unchecked
tk = make_ranking("turkish", deck=36).score_unchecked
hands = []
combos(list(range(52)), 3, hands)
bench("teen-patti", tp, floor3, hands)
hands = None
gc.collect()
hands = []
combos(list(range(52)), 2, hands)
bench("indian", ind, floor2, hands * 20)
hands = None
gc.collect()
hands = []
combos(list(range(16, 52)), 5, hands)
bench("turkish", tk, floor5, hands)
""" % ROUNDS_MP


def _timed(fn, items, spread=False):
    """Seconds to call ``fn`` on every item (``fn(*item)`` with ``spread``), iterated in C: map/starmap into a
    zero-length deque, so that the harness costs both evaluators the same and next to nothing."""
    t0 = time.perf_counter()
    deque(starmap(fn, items) if spread else map(fn, items), 0)
    return time.perf_counter() - t0


def eval_vs_treys():
    from dealerbox.eval import make_ranking
    from treys import Card, Evaluator

    hands = list(combinations(range(16, 52), 5))
    ours = make_ranking("turkish", deck=36).score_unchecked
    tr = [Card.new("23456789TJQKA"[c >> 2] + "cdhs"[c & 3]) for c in range(52)]
    pairs = [([tr[h[0]], tr[h[1]]], [tr[h[2]], tr[h[3]], tr[h[4]]]) for h in hands]
    ev = Evaluator()
    fives = [a + b for a, b in pairs]
    ratios, ratios_five = [], []
    for _ in range(ROUNDS_CPYTHON):
        a = _timed(ours, hands)
        b = _timed(ev.evaluate, pairs, spread=True)
        c = _timed(ev._five, fives)
        ratios.append(b / a)
        ratios_five.append(c / a)
    return median(ratios), median(ratios_five), len(hands)


def eval_poker_vs_treys():
    import random

    from dealerbox.eval import make_ranking
    from treys import Card, Evaluator

    rnd = random.Random(2004)
    hands = [tuple(rnd.sample(range(52), 7)) for _ in range(50000)]
    ours = make_ranking("poker").score_unchecked
    tr = [Card.new("23456789TJQKA"[c >> 2] + "cdhs"[c & 3]) for c in range(52)]
    pairs = [([tr[c] for c in h[:2]], [tr[c] for c in h[2:]]) for h in hands]
    ev = Evaluator()
    ratios = []
    for _ in range(ROUNDS_CPYTHON):
        a = _timed(ours, hands)
        b = _timed(ev.evaluate, pairs, spread=True)
        ratios.append(b / a)
    return median(ratios), len(hands)


def run():
    from host_tools.gen_tables import total_bytes

    ratio, five, n = eval_vs_treys()
    line("eval_vs_treys", round(ratio, 2), "x", "at least 1: the Turkish evaluator at least as fast as treys' "
         "5-card evaluate on the same %d hands (CPython, median of %d interleaved rounds)" % (n, ROUNDS_CPYTHON))
    line("eval_vs_treys_five", round(five, 2), "x", "none, for reference: against treys' internal 5-card routine "
         "_five(cards), the least treys does per hand (same hands and rounds)")
    ratio, n = eval_poker_vs_treys()
    line("eval_poker_vs_treys", round(ratio, 2), "x", "none, for reference: Forehead Stud's best five of seven "
         "(no table) against treys' 7-card evaluate on the same %d hands (CPython, median of %d interleaved "
         "rounds)" % (n, ROUNDS_CPYTHON))
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=64M", "-c", _MP_SCRIPT], capture_output=True, text=True,
                       cwd=firmware_build(), env={"MICROPYPATH": "", "PATH": "/usr/bin:/bin"}, timeout=1200)
    if r.returncode:
        raise RuntimeError((r.stderr or r.stdout).strip() + " (in " + ROOT + ")")
    for ln in r.stdout.strip().splitlines():
        game, value = ln.split()
        line("eval_vs_floor_" + game, round(float(value), 2), "x", "at most 3: the evaluator's time over a "
             "one-table-read floor's on the same hands (MicroPython, median of %d interleaved rounds)" % ROUNDS_MP)
    line("eval_tables_bytes", total_bytes(), "B", "under 16384 (every game and deck together)")

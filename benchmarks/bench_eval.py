"""Evaluator speed and size (issue 3), measured in one run by ``make bench``.

CPython: the Turkish evaluator on every 36-card hand (376,992) beside treys (Cactus
Kev's evaluator, standard ranking, so only the speed compares) on the same hands, as
treys is called (``evaluate(hole, board)``, 2 + 3 cards); its bare 5-card routine
``_five`` is shown too.

MicroPython (the unix port, ``micropython`` of the venv, run as a subprocess): the same
hands against a floor: a function called the same way on the same hands that reads the
five cards and does one table read (``t[a+b+c+d+e]``), the least any table evaluator
does. A bare loop that reads one card and one table entry is shown for reference.

Each timing is the best of three passes. Also: the bytes of all tables together.
"""

import os
import subprocess
import sys
import time
from itertools import combinations

from host_tools import FIRMWARE, ROOT

MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
PASSES = 3

_MP_SCRIPT = r"""
import time
from dealerbox.eval import make_ranking
from dealerbox.eval import tables_tk36
rk = make_ranking("turkish", deck=36)
ev = rk.score_unchecked
hands = []
for a in range(16, 48):
    for b in range(a + 1, 49):
        for c in range(b + 1, 50):
            for d in range(c + 1, 51):
                for e in range(d + 1, 52):
                    hands.append(bytes((a, b, c, d, e)))

def make_floor(t):
    def floor(h, t=t):
        return t[h[0] + h[1] + h[2] + h[3] + h[4]]
    return floor

def make_bare(t):
    def bare(h, t=t):
        return t[h[0]]
    return bare

def best(f):
    out = None
    for _ in range(%d):
        t0 = time.ticks_us()
        for h in hands:
            f(h)
        dt = time.ticks_diff(time.ticks_us(), t0)
        out = dt if out is None or dt < out else out
    return out

U0 = tables_tk36.U[:512]  # 512 bytes of the table: the floor reads one byte at an index below 256
print(len(hands), best(ev), best(make_floor(U0)), best(make_bare(U0)))
""" % PASSES


def _best(fn, items):
    out = None
    for _ in range(PASSES):
        t0 = time.perf_counter()
        for h in items:
            fn(h)
        dt = time.perf_counter() - t0
        out = dt if out is None or dt < out else out
    return out


def cpython_rows():
    from dealerbox.eval import make_ranking
    from treys import Card, Evaluator

    hands = list(combinations(range(16, 52), 5))
    ours = _best(make_ranking("turkish", deck=36).score_unchecked, hands)
    tr = [Card.new("23456789TJQKA"[c >> 2] + "cdhs"[c & 3]) for c in range(52)]
    t_hands = [([tr[h[0]], tr[h[1]]], [tr[h[2]], tr[h[3]], tr[h[4]]]) for h in hands]
    ev = Evaluator()
    evaluate = ev.evaluate
    t_pub = _best(lambda p: evaluate(p[0], p[1]), t_hands)
    t_five = _best(ev._five, [p[0] + p[1] for p in t_hands])
    n = len(hands)
    return [
        ("CPython: Turkish evaluator, 36-card hands", round(n / ours), "evals/s", "", None),
        ("CPython: treys evaluate(hole, board), same hands", round(n / t_pub), "evals/s", "", None),
        ("CPython: Turkish / treys speed", round(t_pub / ours, 2), "x", ">= 1", t_pub / ours >= 1),
        ("CPython: treys bare _five(cards), same hands", round(n / t_five), "evals/s", "", None),
        ("CPython: Turkish / treys _five speed", round(t_five / ours, 2), "x", "", None),
    ]


def micropython_rows():
    env = dict(os.environ, MICROPYPATH=FIRMWARE)
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=64M", "-c", _MP_SCRIPT], capture_output=True, text=True,
                       env=env, cwd=ROOT)
    if r.returncode:
        last = ((r.stderr or r.stdout).strip().splitlines() or ["?"])[-1]
        return [("MicroPython run failed: " + last, 0, "", "", False)]
    n, ours, floor, bare = (int(x) for x in r.stdout.split())
    return [
        ("MicroPython: Turkish evaluator, 36-card hands", round(n * 1e6 / ours), "evals/s", "", None),
        ("MicroPython: floor (5 cards, 1 table read)", round(n * 1e6 / floor), "evals/s", "", None),
        ("MicroPython: evaluator time / floor time", round(ours / floor, 2), "x", "<= 3", ours <= 3 * floor),
        ("MicroPython: evaluator time / bare 1-read loop", round(ours / bare, 2), "x", "", None),
    ]


def rows():
    from host_tools.gen_tables import total_bytes

    n = total_bytes()
    return cpython_rows() + micropython_rows() + [
        ("all evaluator tables together", n, "bytes", "< 16384", n < 16384),
    ]


if __name__ == "__main__":
    for row in rows():
        print(row)

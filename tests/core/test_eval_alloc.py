"""Evaluating a hand allocates nothing on the MicroPython heap (issue 3).

Under MicroPython the garbage collector is switched off around 10,000 evaluations and
``gc.mem_alloc()`` must not move. Where the port keeps memory statistics (the unix
port: ``micropython.mem_total()``, every byte ever allocated) that must not move either:
it also catches a call frame put on the heap and freed within the call, which happens
to any function with more than 11 slots of locals and stack. Under CPython (no such
heap) the same loops run and their results are checked.
"""

import gc

import micropython
from dealerbox.cards import parse_cards
from dealerbox.eval import make_ranking
from support import MICROPYTHON

N = 10000
_TOTAL = getattr(micropython, "mem_total", None)


def _allocated(fn, hand, n=N):
    """(bytes allocated, last score) over ``n`` calls of fn(hand)."""
    gc.collect()
    s = fn(hand)  # warm up (a first call may intern or cache)
    if MICROPYTHON:
        gc.disable()
        before = gc.mem_alloc()
        total = _TOTAL() if _TOTAL else 0
    for _ in range(n):
        s = fn(hand)
    if MICROPYTHON:
        after = gc.mem_alloc()
        total = (_TOTAL() if _TOTAL else 0) - total
        gc.enable()
        return max(after - before, total), s
    return 0, s


def _assert_no_alloc(rk, text, category):
    hand = bytes(parse_cards(text))
    expected = rk.score(hand)
    # 10,000 checked evaluations of a bytes hand, then 1,000 unchecked and 1,000 of a list
    for fn, h, n in ((rk.score, hand, N), (rk.score_unchecked, hand, N // 10), (rk.score, list(hand), N // 10)):
        used, s = _allocated(fn, h, n)
        assert used == 0, "%s: %d bytes allocated by %d evaluations of %s" % (rk.game, used, n, text)
        assert s == expected
    assert rk.category(hand) == category


def test_the_measure_sees_an_allocation():
    used, s = _allocated(lambda h: [h[0]], b"\x01", 100)
    assert s == [1]
    if MICROPYTHON:
        assert used >= 100 * 16


def _twelve_slots(h, a=1, b=2, c=3, d=4, e=5, f=6, g=7, i=8):  # 9 arguments + 2 locals + stack > 11 slots
    x = h[0] + a + b + i
    y = c + d + e + f + g
    return x + y


def test_the_measure_sees_a_frame_on_the_heap():
    used, s = _allocated(_twelve_slots, b"\x01", 100)
    assert s == 37
    if MICROPYTHON and _TOTAL:
        assert used >= 100 * 16


def test_turkish_allocates_nothing():
    rk = make_ranking("turkish", deck=36)
    _assert_no_alloc(rk, "As 6s 7s 8s 9s", "minor_straight_flush")
    _assert_no_alloc(rk, "Kh Kd 9c 9s 6h", "two_pair")


def test_teen_patti_allocates_nothing():
    _assert_no_alloc(make_ranking("teen-patti"), "As 2s 3s", "pure_sequence")
    _assert_no_alloc(make_ranking("teen-patti", house=("muflis", "a23-low")), "Kc 2d 3c", "high_card")
    _assert_no_alloc(make_ranking("teen-patti", house=("best-of-five",)), "Ks Kd 9c 2h 9s", "pair")


def test_teen_patti_wild_cards_allocate_nothing():
    ak = make_ranking("teen-patti", house=("ak47",))
    _assert_no_alloc(ak, "4s 9d 2h", "pair")  # one wild: 50 completions tried, 9-9-2
    _assert_no_alloc(ak, "4s 7d 9h", "trail")  # two wilds
    _assert_no_alloc(make_ranking("teen-patti", house=("ak47", "muflis")), "4s 7d 9h", "high_card")
    _assert_no_alloc(make_ranking("teen-patti", house=("joker-hunt=9", "best-of-four")), "9s 8s Ts 2c", "pure_sequence")


def test_indian_allocates_nothing():
    _assert_no_alloc(make_ranking("indian", house=("suit-order",)), "Qh", "high_card")
    _assert_no_alloc(make_ranking("indian", house=("low", "suit-order")), "Qh 3d", "high_card")

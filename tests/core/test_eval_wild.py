"""Teen Patti wild cards (issue 3): AK47 and joker hunt over all 22,100 hands vs the brute-force
reference (every completion of the wild cards), with muflis and other sequence orders too.

Runs under pytest and MicroPython.
"""

from dealerbox.cards import parse_cards
from dealerbox.eval import make_ranking
from eval_support import OrderCheck, count
from reference_eval import TeenPattiReference
from support import raises

AK47 = (12, 11, 2, 5)


def _sweep(house, order, muflis, wild):
    rk = make_ranking("teen-patti", house=house)
    assert rk.wild_ranks == tuple(sorted(wild))
    ref = TeenPattiReference(order, muflis, wild)
    f = rk.score_unchecked
    check = OrderCheck("teen patti %r" % (house,), 6 << 9)
    ref_cats = {}
    fast_cats = {}
    hand = bytearray(3)
    for a in range(50):
        hand[0] = a
        for b in range(a + 1, 51):
            hand[1] = b
            for c in range(b + 1, 52):
                hand[2] = c
                cat, key = ref.evaluate(hand)
                check.add(key, f(hand), hand)
                count(ref_cats, cat)
                count(fast_cats, rk.category(hand))
    assert fast_cats == ref_cats
    return check.finish(), ref_cats


def test_ak47_every_hand():
    n, cats = _sweep(("ak47",), "a23-high", False, AK47)
    assert cats["trail"] > 52 and n < 741  # wild cards make trails common and fewer hands possible


def test_ak47_muflis_every_hand():
    n, cats = _sweep(("ak47", "muflis"), "a23-high", True, AK47)
    assert cats["high_card"] > 16440


def test_joker_hunt_twos_every_hand():
    _sweep(("joker-hunt=2",), "a23-high", False, (0,))


def test_joker_hunt_sevens_akq_high_every_hand():
    _sweep(("akq-high", "joker-hunt=7"), "akq-high", False, (5,))


def test_joker_hunt_aces_a23_low_muflis_every_hand():
    _sweep(("a23-low", "muflis", "joker-hunt=A"), "a23-low", True, (12,))


def test_wild_ranks_argument_is_joker_hunt():
    a = make_ranking("teen-patti", wild_ranks=(5,))
    b = make_ranking("teen-patti", house=("joker-hunt=7",))
    hand = parse_cards("7h 9c 2d")
    assert a.score(hand) == b.score(hand)
    assert a.category(hand) == "pair"  # 9-9-2: the best the 7 can make of 9 and 2


def test_wild_cases():
    rk = make_ranking("teen-patti", house=("ak47",))
    assert rk.category(parse_cards("4s 7h Kd")) == "trail"  # three wilds: A-A-A
    assert rk.compare(parse_cards("4s 7h Kd"), parse_cards("As Ad Ah")) == 0
    assert rk.compare(parse_cards("Qs 7h Kd"), parse_cards("Qh Qd Qc")) == 0  # two wilds: trail of the other
    assert rk.category(parse_cards("Js Ts 4h")) == "pure_sequence"  # one wild: Q-J-10 (or K-Q..) suited
    assert rk.category(parse_cards("Js 9d 4h")) == "sequence"  # J-10-9
    assert rk.category(parse_cards("Js 8d 4h")) == "pair"  # J-J-8
    mu = make_ranking("teen-patti", house=("ak47", "muflis"))
    assert mu.category(parse_cards("4s 7h Kd")) == "high_card"  # under muflis three wilds make 5-3-2
    assert mu.compare(parse_cards("4s 7h Kd"), parse_cards("5s 3h 2d")) == 0
    assert mu.compare(parse_cards("9s 7h Kd"), parse_cards("9h 3d 2c")) == 0  # two wilds: 9-3-2


def test_wild_rank_must_be_a_rank():
    with raises(ValueError, "wild rank"):
        make_ranking("teen-patti", wild_ranks=(13,))

"""Indian Poker evaluator (issue 3): every 1- and 2-card hand, each house rule, vs the reference.

Runs under pytest and MicroPython.
"""

from dealerbox.cards import parse_card, parse_cards
from dealerbox.eval import HandError, make_ranking
from eval_support import OrderCheck
from reference_eval import ref_indian
from support import raises

HOUSES = ((), ("suit-order",), ("low",), ("low", "suit-order"))


def test_every_hand_each_house():
    for house in HOUSES:
        low = "low" in house
        suits = "suit-order" in house
        rk = make_ranking("indian", house=house)
        one = OrderCheck("indian 1 %r" % (house,), 64)
        two = OrderCheck("indian 2 %r" % (house,), 13 * 13 * 16)
        for a in range(52):
            one.add(ref_indian([a], low, suits)[1], rk.score([a]), [a])
            for b in range(52):
                if a != b:
                    two.add(ref_indian([a, b], low, suits)[1], rk.score([a, b]), [a, b])
        assert one.finish() == (52 if suits else 13)
        assert two.finish() == (1326 if suits else 13 * 14 // 2)  # every hand, or every pair of ranks


def test_ace_high_ace_low_and_ties():
    rk = make_ranking("indian")
    assert rk.compare([parse_card("As")], [parse_card("Kd")]) == 1
    assert rk.compare([parse_card("2s")], [parse_card("2d")]) == 0  # equal ranks split the pot
    so = make_ranking("indian", house=("suit-order",))
    assert so.compare([parse_card("2s")], [parse_card("2h")]) == 1
    assert so.compare([parse_card("2h")], [parse_card("2d")]) == 1
    assert so.compare([parse_card("2d")], [parse_card("2c")]) == 1
    low = make_ranking("indian", house=("low",))
    assert low.compare([parse_card("Ac")], [parse_card("2s")]) == 1  # ace low
    assert low.compare([parse_card("2c")], [parse_card("Ks")]) == 1
    assert rk.categories == ("high_card",) and rk.category([parse_card("7h")]) == "high_card"


def test_two_cards():
    rk = make_ranking("indian", house=("two-card",))
    assert rk.compare(parse_cards("As 2d"), parse_cards("Kh Qd")) == 1  # the higher card first
    assert rk.compare(parse_cards("As 3d"), parse_cards("Ah 2d")) == 1  # then the other
    assert rk.compare(parse_cards("As 3d"), parse_cards("3h Ac")) == 0
    low = make_ranking("indian", house=("two-card", "low"))
    assert low.compare(parse_cards("Ac 2d"), parse_cards("3h 2c")) == 1  # lowball: 2-A beats 3-2
    assert low.compare(parse_cards("4c 2d"), parse_cards("3h 5c")) == 1  # 4 high beats 5 high
    with raises(HandError, "1 card in the hand; this ranking needs 2"):
        rk.score([parse_card("As")])


def test_refuses_bad_hands():
    rk = make_ranking("indian")
    with raises(HandError, "3 cards"):
        rk.score(parse_cards("As Kd Qc"))
    with raises(HandError, "twice"):
        rk.score([5, 5])
    with raises(HandError, "0 cards"):
        rk.category([])
    with raises(ValueError, "unknown Indian Poker house rule"):
        make_ranking("indian", house=("muflis",))
    with raises(ValueError, "no wild cards"):
        make_ranking("indian", wild_ranks=(3,))

"""Teen Patti evaluator (issue 3): all 22,100 hands for each sequence order, with and without
muflis, vs the reference; exact category counts; 741 strengths; the reported cases.

Runs under pytest and MicroPython.
"""

from dealerbox.cards import parse_cards
from dealerbox.eval import HandError, make_ranking
from eval_support import OrderCheck, count
from reference_eval import ref_teen_patti3
from support import raises

# RULES.md, Teen Patti: exact counts over all C(52,3) = 22,100 hands
RULES_COUNTS = {
    "trail": 52,
    "pure_sequence": 48,
    "sequence": 720,
    "color": 1096,
    "pair": 3744,
    "high_card": 16440,
}
ORDERS = ("a23-high", "akq-high", "a23-low")


def _sweep(order):
    rk = make_ranking("teen-patti", house=(order,))
    mu = make_ranking("teen-patti", house=(order, "muflis"))
    f = rk.score_unchecked
    g = mu.score_unchecked
    check = OrderCheck("teen patti " + order, 6 << 9)
    check_mu = OrderCheck("teen patti muflis " + order, 6 << 9)
    ref_cats = {}
    fast_cats = {}
    cats = rk.categories
    hand = bytearray(3)
    n = 0
    for a in range(50):
        hand[0] = a
        for b in range(a + 1, 51):
            hand[1] = b
            for c in range(b + 1, 52):
                hand[2] = c
                n += 1
                cat, key = ref_teen_patti3(hand, order)
                s = f(hand)
                check.add(key, s, hand)
                check_mu.add(-key, g(hand), hand)  # muflis: the whole order reversed
                count(ref_cats, cat)
                count(fast_cats, cats[s >> 9])
    assert n == 22100
    assert ref_cats == RULES_COUNTS
    assert fast_cats == RULES_COUNTS
    assert check.finish() == 741
    assert check_mu.finish() == 741


def test_every_hand_a23_high():
    _sweep("a23-high")


def test_every_hand_akq_high():
    _sweep("akq-high")


def test_every_hand_a23_low():
    _sweep("a23-low")


def test_default_is_a23_high():
    assert make_ranking("teen-patti").order == "a23-high"
    assert make_ranking("teen-patti").categories == (
        "high_card", "pair", "color", "sequence", "pure_sequence", "trail",
    )
    assert make_ranking("teen-patti", house=("muflis",)).categories[0] == "trail"


def _cmp(house, a, b):
    return make_ranking("teen-patti", house=house).compare(parse_cards(a), parse_cards(b))


def test_reported_cases():
    assert _cmp((), "As 2d 3c", "Ah Kd Qc") == 1
    assert _cmp(("akq-high",), "As 2d 3c", "Ah Kd Qc") == -1
    assert _cmp(("a23-low",), "As 2d 3c", "Ah Kd Qc") == -1
    assert _cmp(("a23-low",), "As 2d 3c", "Kh Qd Jc") == -1
    assert _cmp(("a23-low",), "As 2d 3c", "4h 3d 2c") == -1
    assert _cmp((), "As 2d 3c", "Kh Qd Jc") == 1
    rk = make_ranking("teen-patti")
    assert rk.category(parse_cards("Kh Ad 2c")) == "high_card"
    assert _cmp((), "Kh Ad 2c", "2s 3d 4c") == -1
    assert rk.category(parse_cards("Ks As 2s")) == "color"
    assert _cmp((), "As 2c Kc", "Ad 2d Kc") == 0
    assert _cmp(("muflis",), "Kc 2d 3c", "Kh Kd 9c") == 1
    assert _cmp(("muflis",), "Kc Kd Kh", "Ac Ad Ah") == 1
    assert _cmp((), "Ks Kd 9c 2h", "Kh Kc 9s 5d") == 0


def test_categories_and_orders_inside():
    rk = make_ranking("teen-patti")
    assert rk.category(parse_cards("Qh Qd Qs")) == "trail"
    assert rk.category(parse_cards("Jh Qh Kh")) == "pure_sequence"
    assert rk.category(parse_cards("2h 3h Ah")) == "pure_sequence"
    assert rk.category(parse_cards("Jh Qd Kh")) == "sequence"
    assert rk.category(parse_cards("2h 7h Ah")) == "color"
    assert rk.category(parse_cards("2h 2d Ah")) == "pair"
    assert rk.compare(parse_cards("Ah Ad 2c"), parse_cards("Kh Kd Qc")) == 1  # pair first
    assert rk.compare(parse_cards("5h 5d Kc"), parse_cards("5s 5c Qd")) == 1  # then the odd card
    assert rk.compare(parse_cards("Ah 9h 2h"), parse_cards("Kd Qd Jd")) == -1  # pure sequence > color
    assert rk.compare(parse_cards("Ah Jd 9c"), parse_cards("Ad Jh 8s")) == 1
    assert rk.category(parse_cards("Kh Ad 2c")) == "high_card"  # K-A-2 is never a sequence
    assert make_ranking("teen-patti", house=("muflis",)).category(parse_cards("Kh Kd Kc")) == "trail"


def test_refuses_bad_hands():
    rk = make_ranking("teen-patti")
    with raises(HandError, "As is in the hand twice"):
        rk.score(parse_cards("As Kd") + [51])
    with raises(HandError, "2 cards in the hand; this ranking needs 3, 4 or 5"):
        rk.score(parse_cards("As Kd"))
    with raises(HandError, "6 cards"):
        rk.category([0, 1, 2, 3, 4, 5])
    with raises(HandError, "not a card int 0-51: 52"):
        rk.score([0, 1, 52])
    with raises(HandError, "not a card int"):
        rk.score([0, 1, "As"])
    with raises(HandError, "needs 4"):
        make_ranking("teen-patti", house=("best-of-four",)).score(parse_cards("As Kd Qc"))
    with raises(ValueError, "unknown Teen Patti house rule"):
        make_ranking("teen-patti", house=("no-minor",))
    with raises(ValueError, "one sequence order"):
        make_ranking("teen-patti", house=("a23-low", "akq-high"))
    with raises(ValueError, "52-card deck"):
        make_ranking("teen-patti", deck=36)
    with raises(ValueError, "joker-hunt=R"):
        make_ranking("teen-patti", house=("joker-hunt=1",))
    with raises(ValueError, "unknown game"):
        make_ranking("omaha")

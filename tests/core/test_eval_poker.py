"""The standard poker ranking of Forehead Stud (``make_ranking("poker")``, seed 003: real poker hand
rankings, the best five of seven): categories and ties by hand, a seeded sample against the slow
reference (``reference_eval``: Turkish Poker's reference classifier on the 52-card deck, standard ranking,
the wheel as its minor straight, the best of the 21 five-card subsets), the bad hands refused, and no
allocation per hand. The CPython-only comparison with treys on 20,000 hands is tests/host/test_eval_poker_treys.py.
"""

from dealerbox.cards import parse_cards
from dealerbox.eval import HandError, make_ranking
from reference_eval import _choose, ref_turkish
from support import raises
from test_eval_alloc import _assert_no_alloc

RK = make_ranking("poker")
_MINOR = {"minor_straight": "straight", "minor_straight_flush": "straight_flush"}


def _s(text):
    return RK.score(parse_cards(text))


def _c(text):
    return RK.category(parse_cards(text))


def test_categories_of_seven_cards():
    assert _c("As Ks Qs Js Ts 2d 3c") == "royal_flush"
    assert _c("5h 4h 3h 2h Ah Kh 9c") == "straight_flush"     # the wheel in hearts (K-high flush loses to it)
    assert _c("9c 9d 9h 9s 2c 2d 2h") == "four_of_a_kind"
    assert _c("9c 9d 9h 2s 2c 3d 3h") == "full_house"
    assert _c("9c 9d 9h 2s 2c 2d Kh") == "full_house"         # two sets: nines full of twos
    assert _c("2h 7h 9h Jh Kh Kd Kc") == "flush"              # a flush beats the set of kings
    assert _c("5c 6d 7h 8s 9c 9d 9h") == "straight"           # a straight beats the set
    assert _c("Ac 2d 3h 4s 5c Kd Qh") == "straight"           # the wheel
    assert _c("Qc Kd Ah 2s 3c 7d 8h") == "high_card"          # no straight around the corner
    assert _c("7c 7d 7h As Kc 2d 4h") == "three_of_a_kind"
    assert _c("7c 7d 5h 5s 3c 3d Ah") == "two_pair"
    assert _c("7c 7d 5h 4s 2c Jd Ah") == "pair"
    assert _c("7c 9d 5h 4s 2c Jd Ah") == "high_card"
    assert RK.categories[0] == "high_card" and RK.categories[-1] == "royal_flush" and len(RK.categories) == 10


def test_five_and_six_cards():
    assert _c("As Ks Qs Js Ts") == "royal_flush"
    assert _c("As Kd Qs Js Ts 9h") == "straight"
    assert _s("As Kd Qs Js Ts 9h") == _s("Ac Kc Qd Jd Th")    # the nine plays no part


def test_ties_and_kickers():
    # the best five only: a sixth and seventh card never count
    assert _s("Ac Ad Kh Qs Jc 3d 2h") == _s("As Ah Kd Qc Jh 4c 2s")
    assert _s("Ac Ad Kh Qs Jc 3d 2h") > _s("As Ah Kd Qc Th 9c 2s")
    # two pair: the best two pairs of three, the best kicker (the third pair's rank counts)
    assert _s("Kc Kd 9h 9s 5c 5d 2h") > _s("Kh Ks 9c 9d 4c 4d 3h")
    assert _s("Kc Kd 9h 9s 5c 5d 2h") == _s("Kh Ks 9c 9d 5h 5s 3h")
    # the top straight wins; the wheel is the lowest straight
    assert _s("6c 2d 3h 4s 5c Ad Qh") > _s("Ac 2d 3h 4s 5c Kd Qh")
    # full house: the higher set first
    assert _s("9c 9d 9h 2s 2c 2d Kh") < _s("Tc Td Th 2s 2c 3d 4h")
    # flush: all five ranks count
    assert _s("Ah Kh 9h 7h 3h") > _s("Ad Kd 9d 7d 2d")
    assert _s("Ah Kh 9h 7h 3h 2h") == _s("Ad Kd 9d 7d 3d Qc")
    # four of a kind beats a full house, a straight flush beats it
    assert _s("2c 2d 2h 2s 3c") > _s("Ac Ad Ah Ks Kc")
    assert _s("6c 2c 3c 4c 5c") > _s("Ac Ad Ah As Kc")


def _best_reference(cards):
    best = None
    for sub in _choose(list(cards), 5):
        r = ref_turkish(sub, 52, True, True)
        if best is None or r[1] > best[1]:
            best = r
    return (_MINOR.get(best[0], best[0]), best[1])


def test_sample_against_the_reference():
    """600 seeded 7-card hands (a linear congruential draw: the same hands on both interpreters): each hand's
    category is the reference's, and every pair of hands compares as the reference's keys do."""
    x = 20261201
    hands = []
    while len(hands) < 600:
        h = []
        while len(h) < 7:
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            c = (x >> 8) % 52
            if c not in h:
                h.append(c)
        hands.append(h)
    ours = []
    refs = []
    for h in hands:
        ref = _best_reference(h)
        assert RK.category(h) == ref[0], (h, ref)
        ours.append(RK.score(h))
        refs.append(ref[1])
    order = sorted(range(len(hands)), key=lambda i: refs[i])
    for a, b in zip(order, order[1:]):
        assert (ours[a] < ours[b]) == (refs[a] < refs[b]) and (ours[a] == ours[b]) == (refs[a] == refs[b])


def test_bad_hands_are_refused():
    with raises(HandError, "4 cards in the hand; this ranking needs 5, 6 or 7"):
        RK.score([0, 1, 2, 3])
    with raises(HandError, "twice"):
        RK.score([0, 1, 2, 3, 0])
    with raises(HandError, "not a card int 0-51: 52"):
        RK.score([0, 1, 2, 3, 52])
    with raises(ValueError, "unknown poker house rule"):
        make_ranking("poker", house=("low",))
    assert make_ranking("poker") is RK        # built once and kept


def test_poker_allocates_nothing():
    _assert_no_alloc(RK, "As Ks Qs Js Ts 2d 3c", "royal_flush")
    _assert_no_alloc(RK, "Kh Kd 9c 9s 6h 6c 2d", "two_pair")
    _assert_no_alloc(RK, "Ac 2d 3h 4s 5c Kd Qh", "straight")
    _assert_no_alloc(RK, "9c 9d 9h 2s 2c 3d 3h", "full_house")
    _assert_no_alloc(RK, "2h 7h 9h Jh Kh", "flush")

"""Turkish Poker evaluator (issue 3): every hand of every deck and house rule vs the reference.

Runs under pytest and MicroPython. Each deck test walks all C(deck, 5) hands once and
checks the four rankings (default, no-minor, standard-ranking, both) against
``reference_eval`` on every hand, the exact category counts of RULES.md and the number
of distinct hand strengths (252 / 476 / 840 / 1,404).
"""

from dealerbox.cards import parse_cards
from dealerbox.eval import HandError, make_ranking
from eval_support import OrderCheck, count
from reference_eval import BASE, turkish_classify, turkish_order
from support import raises

HOUSES = ((), ("no-minor",), ("standard-ranking",), ("no-minor", "standard-ranking"))

# RULES.md, Turkish Poker: exact counts of 5-card hands per deck (24 / 28 / 32 / 36 cards)
RULES_COUNTS = {
    "royal_flush": (4, 4, 4, 4),
    "straight_flush": (4, 8, 12, 16),
    "minor_straight_flush": (4, 4, 4, 4),
    "four_of_a_kind": (120, 168, 224, 288),
    "flush": (12, 68, 204, 480),
    "full_house": (720, 1008, 1344, 1728),
    "three_of_a_kind": (3840, 6720, 10752, 16128),
    "straight": (2040, 3060, 4080, 5100),
    "minor_straight": (1020, 1020, 1020, 1020),
    "two_pair": (8640, 15120, 24192, 36288),
    "pair": (23040, 53760, 107520, 193536),
    "high_card": (3060, 17340, 52020, 122400),
}
DISTINCT = {24: 252, 28: 476, 32: 840, 36: 1404}
HANDS = {24: 42504, 28: 98280, 32: 201376, 36: 376992}


def _sweep(deck):
    lowest = 13 - deck // 4
    rks = [make_ranking("turkish", house=h, deck=deck) for h in HOUSES]
    fns = [rk.score_unchecked for rk in rks]
    places = []  # per house: category -> place * BASE
    for h in HOUSES:
        order = turkish_order("no-minor" not in h, "standard-ranking" in h)
        places.append(dict((c, i * BASE) for i, c in enumerate(order)))
    checks = [OrderCheck("turkish %d %r" % (deck, h), 12 << 9) for h in HOUSES]
    ref_cats = {}
    fast_cats = {}
    cats0 = rks[0].categories
    hand = bytearray(5)
    n = 0
    for a in range(lowest * 4, 48):
        hand[0] = a
        for b in range(a + 1, 49):
            hand[1] = b
            for c in range(b + 1, 50):
                hand[2] = c
                for d in range(c + 1, 51):
                    hand[3] = d
                    for e in range(d + 1, 52):
                        hand[4] = e
                        n += 1
                        cat, tie = turkish_classify(hand, lowest, True)
                        if cat[0] == "m":  # minor_*: what the hand is when the ace is strictly high
                            cat_n, tie_n = turkish_classify(hand, lowest, False)
                        else:
                            cat_n, tie_n = cat, tie
                        s = fns[0](hand)
                        checks[0].add(places[0][cat] + tie, s, hand)
                        count(ref_cats, cat)
                        count(fast_cats, cats0[s >> 9])
                        checks[1].add(places[1][cat_n] + tie_n, fns[1](hand), hand)
                        checks[2].add(places[2][cat] + tie, fns[2](hand), hand)
                        checks[3].add(places[3][cat_n] + tie_n, fns[3](hand), hand)
    assert n == HANDS[deck]
    col = (24, 28, 32, 36).index(deck)
    expected = dict((k, v[col]) for k, v in RULES_COUNTS.items())
    assert ref_cats == expected
    assert fast_cats == expected
    for chk in checks:
        assert chk.finish() == DISTINCT[deck]


def test_every_hand_24_cards():
    _sweep(24)


def test_every_hand_28_cards():
    _sweep(28)


def test_every_hand_32_cards():
    _sweep(32)


def test_every_hand_36_cards():
    _sweep(36)


def test_categories_weakest_first_per_house():
    assert make_ranking("turkish", deck=36).categories == (
        "high_card", "pair", "two_pair", "minor_straight", "straight", "three_of_a_kind",
        "full_house", "flush", "four_of_a_kind", "minor_straight_flush", "straight_flush", "royal_flush",
    )
    std = make_ranking("turkish", house=("standard-ranking",), deck=24).categories
    assert std.index("full_house") > std.index("flush")
    assert std.index("straight") > std.index("minor_straight") > std.index("three_of_a_kind")
    assert "minor_straight" not in make_ranking("turkish", house=("no-minor",), deck=28).categories


def test_reported_short_deck_cases():
    rk = make_ranking("turkish", deck=36)
    minor = parse_cards("As 6d 7c 8h 9s")
    six_high = parse_cards("6s 7d 8c 9h Ts")
    assert rk.category(minor) == "minor_straight"
    assert rk.category(six_high) == "straight"
    assert rk.compare(minor, six_high) == -1
    assert rk.category(parse_cards("As 6s 7s 8s 9s")) == "minor_straight_flush"
    flush = parse_cards("Ac Kc 9c 7c 6c")
    full = parse_cards("Ah Ad As Kc Kd")
    assert rk.category(flush) == "flush" and rk.category(full) == "full_house"
    assert rk.compare(flush, full) == 1
    # house rules turn both around
    std = make_ranking("turkish", house=("standard-ranking",), deck=36)
    assert std.compare(flush, full) == -1
    assert std.compare(six_high, parse_cards("Ah Ad As Kc Qd")) == 1
    nom = make_ranking("turkish", house=("no-minor",), deck=36)
    assert nom.category(minor) == "high_card"
    assert nom.compare(minor, parse_cards("Kh Qd 9c 8h 6s")) == 1  # ace high beats king high


def test_minor_straight_follows_the_deck():
    a9 = parse_cards("As 9d Tc Jh Qs")
    assert make_ranking("turkish", deck=24).category(a9) == "minor_straight"
    assert make_ranking("turkish", deck=28).category(a9) == "high_card"
    assert make_ranking("turkish", deck=28).category(parse_cards("As 8d 9c Th Js")) == "minor_straight"
    assert make_ranking("turkish", deck=32).category(parse_cards("As 7d 8c 9h Ts")) == "minor_straight"
    assert make_ranking("turkish", deck=24).category(parse_cards("Ks Qs Js Ts 9s")) == "straight_flush"
    assert make_ranking("turkish", deck=24).category(parse_cards("As Ks Qs Js Ts")) == "royal_flush"


def test_ties_inside_a_category():
    rk = make_ranking("turkish", deck=32)
    assert rk.compare(parse_cards("Ah Ad Kc Qd 9s"), parse_cards("As Ac Kh Qs 9d")) == 0
    assert rk.compare(parse_cards("Ah Ad Kc Qd 9s"), parse_cards("As Ac Kh Qs 8d")) == 1
    assert rk.compare(parse_cards("Kh Kd Kc 7d 7s"), parse_cards("Qs Qc Qh As Ad")) == 1
    assert rk.compare(parse_cards("Jh Jd 8c 8d As"), parse_cards("Js Jc 8h 8s Kd")) == 1


def test_refuses_bad_hands():
    rk = make_ranking("turkish", deck=32)
    with raises(HandError, "6s is not in the 32-card deck"):
        rk.score(parse_cards("6s 7d 8c 9h Ts"))
    with raises(HandError, "twice"):
        rk.score([48, 48, 44, 40, 36])
    with raises(HandError, "4 cards"):
        rk.score(parse_cards("As Kd Qc Jh"))
    with raises(ValueError, "deck=24, 28, 32 or 36"):
        make_ranking("turkish")
    with raises(ValueError, "unknown Turkish house rule"):
        make_ranking("turkish", house=("muflis",), deck=24)

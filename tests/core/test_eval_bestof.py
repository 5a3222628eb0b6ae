"""Teen Patti best of four / five (issue 3): only the best 3 cards count, equal best-3 hands tie.

Best of four: all C(52,4) = 270,725 hands on both interpreters, default and muflis.
Best of five (2,598,960 hands) and the wild variants with 4 or 5 cards: fixed seeded
samples. The reference is the best 3-card subset under ``reference_eval``.
"""

from array import array

from dealerbox.cards import parse_cards
from dealerbox.eval import make_ranking
from dealerbox.rng import SeededEntropy, randbelow
from eval_support import OrderCheck, count
from reference_eval import BASE, TEEN_PATTI_ORDER, TeenPattiReference, ref_teen_patti3

C2 = [b * (b - 1) // 2 for b in range(52)]
C3 = [c * (c - 1) * (c - 2) // 6 for c in range(52)]


def _reference_ranks(order):
    """(ranks, keys): the dense rank of the reference key of every 3-card hand, by combinatorial
    index ``C3[c] + C2[b] + a`` (a < b < c), and the sorted distinct reference keys."""
    keys = set()
    for a in range(50):
        for b in range(a + 1, 51):
            for c in range(b + 1, 52):
                keys.add(ref_teen_patti3((a, b, c), order)[1])
    ordered = sorted(keys)
    place = dict((k, i) for i, k in enumerate(ordered))
    ranks = [array("H", bytes(2 * 512)) for _ in range(44)]  # 22,100 ranks in small blocks
    for a in range(50):
        for b in range(a + 1, 51):
            for c in range(b + 1, 52):
                i = C3[c] + C2[b] + a
                ranks[i >> 9][i & 511] = place[ref_teen_patti3((a, b, c), order)[1]]
    return ranks, ordered


def test_best_of_four_every_hand():
    ranks, keys = _reference_ranks("a23-high")
    top = len(keys) - 1
    rk = make_ranking("teen-patti", house=("best-of-four",))
    mu = make_ranking("teen-patti", house=("best-of-four", "muflis"))
    f = rk.score_unchecked
    g = mu.score_unchecked
    check = OrderCheck("best of four", 6 << 9)
    check_mu = OrderCheck("best of four muflis", 6 << 9)
    cats = rk.categories
    ref_cats = {}
    fast_cats = {}
    hand = bytearray(4)
    n = 0
    for a in range(49):
        hand[0] = a
        for b in range(a + 1, 50):
            hand[1] = b
            ab = C2[b] + a
            for c in range(b + 1, 51):
                hand[2] = c
                abc = C3[c] + ab
                r_abc = ranks[abc >> 9][abc & 511]
                for d in range(c + 1, 52):
                    hand[3] = d
                    n += 1
                    i = C3[d] + ab
                    j = C3[d] + C2[c] + a
                    k = C3[d] + C2[c] + b
                    r1 = ranks[i >> 9][i & 511]
                    r2 = ranks[j >> 9][j & 511]
                    r3 = ranks[k >> 9][k & 511]
                    best = max(r_abc, r1, r2, r3)
                    worst = min(r_abc, r1, r2, r3)
                    s = f(hand)
                    check.add(best, s, hand)
                    check_mu.add(top - worst, g(hand), hand)
                    count(ref_cats, TEEN_PATTI_ORDER[keys[best] // BASE])
                    count(fast_cats, cats[s >> 9])
    assert n == 270725
    assert fast_cats == ref_cats
    check.finish()
    check_mu.finish()


def _sample(seed, n, size):
    """``n`` hands of ``size`` distinct cards drawn with the project's seeded entropy, one at a time."""
    read = SeededEntropy(seed)
    for _ in range(n):
        hand = []
        while len(hand) < size:
            c = randbelow(52, read)
            if c not in hand:
                hand.append(c)
        yield bytes(hand)


def _check_sample(house, ref, hands):
    rk = make_ranking("teen-patti", house=house)
    check = OrderCheck("%r" % (house,), 6 << 9)
    for h in hands:
        cat, key = ref.evaluate(h)
        check.add(key, rk.score(h), h)
        assert rk.category(h) == cat, (list(h), cat)
    return check.finish()


def test_best_of_five_seeded_sample():
    assert _check_sample(("best-of-five",), TeenPattiReference(), _sample(5, 6000, 5)) > 300
    mu = TeenPattiReference("akq-high", True)
    assert _check_sample(("best-of-five", "muflis", "akq-high"), mu, _sample(5, 6000, 5)) > 300


def test_wild_best_of_four_and_five_seeded_samples():
    ak47 = (12, 11, 2, 5)
    _check_sample(("ak47", "best-of-four"), TeenPattiReference("a23-high", False, ak47), _sample(44, 3000, 4))
    _check_sample(("ak47", "best-of-five", "muflis"), TeenPattiReference("a23-high", True, ak47), _sample(45, 2000, 5))
    _check_sample(("joker-hunt=9", "best-of-five"), TeenPattiReference("a23-high", False, (7,)), _sample(46, 2000, 5))


def test_best_three_count_and_equal_best_three_tie():
    rk = make_ranking("teen-patti")
    assert rk.compare(parse_cards("Ks Kd 9c 2h"), parse_cards("Kh Kc 9s 5d")) == 0
    assert rk.category(parse_cards("2s 3s 4s Ah Ad")) == "pure_sequence"
    assert rk.compare(parse_cards("2s 3s 4s Ah Ad"), parse_cards("2h 3h 4h")) == 0
    mu = make_ranking("teen-patti", house=("muflis",))
    assert mu.category(parse_cards("Ah Ad Ac 7s 2d")) == "high_card"  # the lowest 3: A-7-2, not the trail

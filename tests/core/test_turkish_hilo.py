"""Turkish Poker high-low split (house rule): the low rule of each deck and the split pots.

RULES.md, Turkish Poker house rules; seed 002; the low rule of docs/turkish.md and dealerbox/engine/hilo.py.
"""

from dealerbox.cards import parse_cards
from dealerbox.engine.hilo import HiLoBook, low_qualifier, low_score
from dealerbox.engine.pots import PotBook
from dealerbox.eval.turkish import turkish_lowest_rank
from dealerbox.games.turkish import Turkish
from turkish_support import act, deck_for, deck_of_size, replay, table


def _rank_sets(ranks, k):
    if k == 0:
        return [[]]
    out = []
    for i in range(len(ranks)):
        for rest in _rank_sets(ranks[i + 1:], k - 1):
            out.append([ranks[i]] + rest)
    return out


def test_qualifier_per_deck():
    assert [low_qualifier(s) for s in (24, 28, 32, 36)] == [11, 10, 10, 9]      # K, Q, Q, J


def test_qualifying_rank_sets_per_deck_match_the_documented_table():
    for size, expect, total in ((24, 6, 6), (28, 6, 21), (32, 21, 56), (36, 21, 126)):
        ranks = list(range(turkish_lowest_rank(size), 13))
        sets = _rank_sets(ranks, 5)
        ok = 0
        for rs in sets:
            suits = [0, 1, 2, 3, 0]
            if low_score([r * 4 + suits[i] for i, r in enumerate(rs)], size) is not None:
                ok += 1
        assert (ok, len(sets)) == (expect, total)


def test_low_order_ace_low_straights_and_flushes_ignored():
    nut24 = parse_cards("As 9s Ts Js Qs")           # minor straight flush, and the best low of 24 cards
    assert low_score(nut24, 24) == -0x43210
    assert low_score(parse_cards("Ah 9d Th Jh Kd"), 24) < low_score(nut24, 24)
    assert low_score(parse_cards("9h 9d Th Jh Kd"), 24) is None                  # a pair
    assert low_score(parse_cards("Ac 6d 7h 8s Jc"), 36) is not None
    assert low_score(parse_cards("Ac 6d 7h 8s Qc"), 36) is None                  # above jack-low
    assert low_score(parse_cards("6c 7d 8h 9s Jc"), 36) < low_score(parse_cards("Ac 7d 8h 9s Jc"), 36)
    assert low_score(parse_cards("Ac 7d 8h 9s Tc"), 32) > low_score(parse_cards("Ac 7d 8h 9s Jc"), 32)
    for c in deck_of_size(24):
        assert low_score([c], 24) is not None


def test_hilo_book_splits_each_pot_odd_chip_high():
    pb = PotBook(3)
    for s in range(3):
        pb.put(s, 3)
    pb.put(0, 0)
    hb = HiLoBook.of(pb)
    assert hb.award({0: (50, None), 1: (10, -5), 2: (20, -9)}, 2) == [[0, 0, 5], [0, 1, 4]]
    assert hb.award({0: (50, -5), 1: (10, None), 2: (20, -9)}, 2) == [[0, 0, 9]]      # scoop
    assert hb.award({0: (50, None), 1: (10, None), 2: (20, None)}, 2) == [[0, 0, 9]]  # no low: high takes all
    assert hb.award({0: (50, None), 1: (10, -5), 2: (20, -5)}, 2) == [[0, 0, 5], [0, 1, 2],
                                                                      [0, 2, 2]]


def _hilo_hand(hands):
    t = table(3)
    e = Turkish(t, {"hi_lo": True})
    e.start_hand(deck=deck_for(hands, 2, 28))
    act(e, "open", 2)
    act(e, "call", 2)
    act(e, "fold")
    act(e, "draw", 0, [])
    act(e, "draw", 0, [])
    act(e, "check")
    act(e, "check")
    replay(e.log)
    return e, t


def test_hilo_showdown_split_scoop_and_no_low():
    two_pair = "Ac Ad Kc Kd Qh"
    e, t = _hilo_hand([two_pair, "Ah 8c 9d Ts Qs", "8d 9c Jc Qc Ks"])        # queen-low qualifies in 28
    assert e.result["awards"] == [[0, 0, 4], [0, 1, 3]] and t.stacks == [101, 100, 99]
    assert e.result["lows"][0] is None and e.result["lows"][1] is not None
    e, t = _hilo_hand([two_pair, "As 8c 9d Ts Jh", "8d 9c Jc Qc Ks"])        # minor straight and jack-low: scoop
    assert e.result["awards"] == [[0, 1, 7]] and t.stacks == [97, 104, 99]
    e, t = _hilo_hand([two_pair, "Ah Kh 9d Ts 8c", "8d 9c Jc Qc Ks"])        # king-low does not qualify in 28
    assert e.result["awards"] == [[0, 0, 7]] and t.stacks == [104, 97, 99]

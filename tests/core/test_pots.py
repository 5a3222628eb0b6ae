"""Pots and side pots (issue 4): levels, uncalled excess, odd chips. Runs under pytest and MicroPython."""

import json

from dealerbox.engine.pots import PotBook
from support import raises

A, B, C = 0, 1, 2


def _abc_case():
    """Stacks A 100, B 300, C 300: A all-in 100, B and C match; B +100, C matches; B +100, C packs."""
    stacks = [100, 300, 300]
    pb = PotBook(3)

    def put(seat, chips):
        stacks[seat] -= chips
        pb.put(seat, chips, all_in=stacks[seat] == 0)

    put(A, 100)
    put(B, 100)
    put(C, 100)
    put(B, 100)
    put(C, 100)
    put(B, 100)
    pb.fold(C)
    return pb, stacks


def test_abc_uncalled_goes_back_and_side_pot():
    pb, stacks = _abc_case()
    assert pb.total() == 600
    assert pb.uncalled() == (B, 100)
    pb.refund(B, 100)
    stacks[B] += 100
    assert pb.pots() == [[300, [A, B]], [200, [B]]]
    assert sum(stacks) + pb.total() == 700
    assert stacks == [0, 100, 100]


def test_abc_award_main_to_a_side_to_b():
    pb, stacks = _abc_case()
    pb.refund(B, 100)
    aw = pb.award({A: 9, B: 3}, dealer=C)
    assert aw == [[0, A, 300], [1, B, 200]]
    aw = pb.award({A: 3, B: 9}, dealer=C)
    assert aw == [[0, B, 300], [1, B, 200]]


def test_odd_chip_split_5_4_first_clockwise_from_dealer():
    pb = PotBook(3)
    for s in (A, B, C):
        pb.put(s, 3)
    # B and C tie: dealer A -> B is first clockwise
    assert pb.award({A: 1, B: 7, C: 7}, dealer=A) == [[0, B, 5], [0, C, 4]]
    # dealer B -> C first, then A... only B and C tie: C gets the odd chip
    assert pb.award({A: 1, B: 7, C: 7}, dealer=B) == [[0, C, 5], [0, B, 4]]
    # A and C tie, dealer C: A is left of the dealer
    assert pb.award({A: 7, B: 1, C: 7}, dealer=C) == [[0, A, 5], [0, C, 4]]


def test_only_the_tied_best_share():
    pb = PotBook(4)
    for s in range(4):
        pb.put(s, 10)
    aw = pb.award({0: 5, 1: 8, 2: 8, 3: 2}, dealer=3)
    assert aw == [[0, 1, 20], [0, 2, 20]]


def test_three_way_tie_odd_chips_to_first_winner():
    pb2 = PotBook(4)
    for s, v in ((0, 3), (1, 3), (2, 3), (3, 2)):
        pb2.put(s, v)
    pb2.fold(3)
    aw = pb2.award({0: 1, 1: 1, 2: 1}, dealer=0)
    assert aw == [[0, 1, 5], [0, 2, 3], [0, 0, 3]]
    assert sum(a[2] for a in aw) == 11


def test_packed_seat_loses_every_pot():
    pb = PotBook(3)
    pb.put(A, 50, all_in=True)
    pb.put(B, 80)
    pb.put(C, 80)
    pb.fold(A)
    assert pb.pots() == [[210, [B, C]]]


def test_dead_money_above_every_live_level_joins_last_pot():
    pb = PotBook(3)
    pb.put(A, 10)
    pb.put(B, 8, all_in=True)
    pb.put(C, 5, all_in=True)
    pb.fold(A)
    assert pb.uncalled() is None
    assert pb.pots() == [[15, [B, C]], [8, [B]]]
    assert sum(p[0] for p in pb.pots()) == 23


def test_uncapped_blind_player_is_eligible_for_everything():
    # Teen Patti: a blind seat put in less than a seen one and plays for the whole pot
    pb = PotBook(2)
    pb.put(A, 10)
    pb.put(B, 20)
    assert pb.uncalled() is None
    assert pb.pots() == [[30, [A, B]]]
    assert pb.award({A: 9, B: 3}, dealer=B) == [[0, A, 30]]


def test_uncalled_when_everyone_else_packed():
    pb = PotBook(3)
    pb.put(A, 1)
    pb.put(B, 2)
    pb.put(C, 4)
    pb.fold(A)
    pb.fold(B)
    assert pb.uncalled() == (C, 2)


def test_two_all_in_levels_three_pots():
    pb = PotBook(4)
    pb.put(0, 20, all_in=True)
    pb.put(1, 50, all_in=True)
    pb.put(2, 80)
    pb.put(3, 80)
    assert pb.pots() == [[80, [0, 1, 2, 3]], [90, [1, 2, 3]], [60, [2, 3]]]
    aw = pb.award({0: 9, 1: 8, 2: 1, 3: 1}, dealer=3)
    assert aw == [[0, 0, 80], [1, 1, 90], [2, 2, 30], [2, 3, 30]]


def test_award_needs_scores_and_put_checks():
    pb = PotBook(2)
    pb.put(A, 5)
    pb.put(B, 5)
    with raises(ValueError, "no hand for seat 1"):
        pb.award({A: 3}, dealer=0)
    with raises(ValueError, "whole number"):
        pb.put(A, -1)
    pb.fold(A)
    with raises(ValueError, "packed"):
        pb.put(A, 1)
    with raises(ValueError, "cannot take back"):
        pb.refund(B, 6)


def test_state_round_trip():
    pb, _ = _abc_case()
    d = json.loads(json.dumps(pb.to_state()))
    pb2 = PotBook.from_state(d)
    assert pb2.to_state() == d and pb2.contributed is not d["contributed"]
    assert pb2.pots() == pb.pots()
    assert pb2.uncalled() == (B, 100)

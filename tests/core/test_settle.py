"""Settling up (dealerbox.engine.settle), on both interpreters: nets in chips (a carried pot given back),
money in whole cents, who pays whom in at most players - 1 transfers, the rule for nets that do not sum
to zero, money text."""

from dealerbox.engine.settle import balance, money, nets, transfers


def _paid(ts, n):
    got = [0] * n
    for payer, payee, amount in ts:
        assert amount > 0 and payer != payee
        got[payer] -= amount
        got[payee] += amount
    return got


def test_nets_count_every_rebuy_and_a_carried_pot():
    # Anna bought in 100 then rebought 50 (150), Ben 100, Carla 100; a dead pot of 6 carried (2 each)
    assert nets([160, 70, 114], [150, 100, 100]) == [10, -30, 14]
    assert nets([158, 68, 112], [150, 100, 100], [2, 2, 2]) == [10, -30, 14]


def test_greedy_largest_debtor_to_largest_creditor():
    # 4 players, 0.10 a chip: +50, -30, +10, -30 chips -> cents
    cents = [n * 10 for n in (50, -30, 10, -30)]
    assert transfers(cents) == [(1, 0, 300), (3, 0, 200), (3, 2, 100)]
    assert _paid(transfers(cents), 4) == cents


def test_nobody_owes_and_two_players():
    assert transfers([0, 0, 0]) == []
    assert transfers([-125, 125]) == [(0, 1, 125)]


def test_at_most_players_minus_one_transfers():
    cases = ([5, -1, -1, -1, -1, -1], [-7, 3, 2, 1, 1, 0, 0, 0, 0, 0], [1, 1, 1, 1, -4], [-5, 5, -5, 5])
    for cents in cases:
        ts = transfers(cents)
        assert len(ts) <= len(cents) - 1 and _paid(ts, len(cents)) == cents, cents


def test_nets_that_do_not_sum_to_zero_are_balanced_by_the_documented_rule():
    # 3 cents more owed to the creditors than the debtors pay: each cent off the largest creditor left,
    # 50 -> 49 -> 48 (seat 0), then 48 against 48: the lower seat, 47
    assert balance([50, -51, 48, -44]) == [47, -51, 48, -44]
    assert balance([50, -52, 50, -44]) == [48, -52, 48, -44]
    # 2 cents more paid than owed: the largest debtor left pays a cent less, twice
    assert balance([30, -20, -12]) == [30, -18, -12]
    assert balance([30, -16, -16]) == [30, -15, -15]
    assert balance([7, 5, 7]) == [0, 0, 0]                    # nobody to pay: nothing to receive
    assert balance([10, -10]) == [10, -10]
    ts = transfers([50, -51, 48, -44])
    assert _paid(ts, 4) == [47, -51, 48, -44] and len(ts) <= 3


def test_money_text():
    assert [money(c) for c in (0, 5, 10, 405, -50, -12345, 100000)] == \
        ["0.00", "0.05", "0.10", "4.05", "-0.50", "-123.45", "1000.00"]
    assert [money(c, True) for c in (0, 5, -5)] == ["0.00", "+0.05", "-0.05"]

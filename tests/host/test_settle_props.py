"""Settling up, property tests (hypothesis): random nets in cents settle in at most players - 1 transfers,
each player's transfers add up exactly to its net; nets that do not sum to zero move by the documented rule
(the difference only, from the side that is too big, nobody by more than the difference)."""

from dealerbox.engine.settle import balance, nets, transfers
from hypothesis import given
from hypothesis import strategies as st


def _paid(ts, n):
    got = [0] * n
    for payer, payee, amount in ts:
        assert amount > 0 and payer != payee
        got[payer] -= amount
        got[payee] += amount
    return got


@st.composite
def zero_sum(draw):
    """2-10 nets in cents summing to zero."""
    xs = draw(st.lists(st.integers(-10 ** 7, 10 ** 7), min_size=1, max_size=9))
    return xs + [-sum(xs)]


@given(zero_sum())
def test_random_nets_settle_exactly_in_at_most_n_minus_1_transfers(cents):
    ts = transfers(cents)
    assert len(ts) <= len(cents) - 1
    assert _paid(ts, len(cents)) == cents


@given(st.lists(st.integers(0, 10 ** 6), min_size=2, max_size=10), st.integers(1, 1000), st.data())
def test_chip_nets_times_a_chip_value_settle_exactly(stacks, cents_per_chip, data):
    total = sum(stacks)
    bought = data.draw(st.lists(st.integers(0, 10 ** 6), min_size=len(stacks), max_size=len(stacks)))
    bought[-1] += total - sum(bought)           # chips are conserved: stacks and buy-ins have the same sum
    chip_nets = nets(stacks, bought)
    money = [n * cents_per_chip for n in chip_nets]
    ts = transfers(money)
    assert len(ts) <= len(stacks) - 1 and _paid(ts, len(stacks)) == money


@given(st.lists(st.integers(-10 ** 5, 10 ** 5), min_size=2, max_size=10))
def test_nets_off_zero_move_only_by_the_difference(cents):
    r = sum(cents)
    fixed = balance(cents)
    assert sum(fixed) == 0
    moved = [fixed[s] - cents[s] for s in range(len(cents))]
    assert sum(abs(m) for m in moved) == abs(r)
    assert all(m == 0 or (m < 0) == (r > 0) for m in moved)        # only the side that is too big
    ts = transfers(cents)
    assert len(ts) <= len(cents) - 1 and _paid(ts, len(cents)) == fixed

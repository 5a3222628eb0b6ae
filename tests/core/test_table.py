"""The table (issue 4): seats, stacks, button, rebuys, standings. Runs under pytest and MicroPython."""

from dealerbox.engine.table import Table, TableError
from support import raises, session_over


def test_seats_two_to_ten():
    with raises(TableError, "2 to 10 seats, not 1"):
        Table(["a"], 100)
    with raises(TableError, "2 to 10 seats, not 11"):
        Table(["p%d" % i for i in range(11)], 100)
    t = Table(["p%d" % i for i in range(10)], 100)
    assert t.n == 10 and t.stacks == [100] * 10 and t.bought_in == [100] * 10
    with raises(TableError, "2 names but 3 stacks"):
        Table(["a", "b"], [1, 2, 3])
    with raises(TableError, "whole number"):
        Table(["a", "b"], [1, -2])


def test_an_error_of_the_engine_is_shown_and_said_in_english():
    """The box's error screen and its REPL line (boards/loop.py ``described``) say the engine's message in words."""
    from dealerbox.boards import loop
    with raises(TableError) as r:
        Table(["a"], 100)
    assert loop.described(r.value) == "TableError: a table has 2 to 10 seats, not 1"
    assert loop.error_lines(r.value)[:4] == ["ERROR", "TableError: a", "table has 2 to", "10 seats, not 1"]
    assert loop.described(TableError()) == "TableError"
    import io
    out = io.StringIO()
    loop.print_error(r.value, out)         # the REPL's traceback
    assert out.getvalue().endswith("TableError: a table has 2 to 10 seats, not 1\n"), out.getvalue()


def test_button_moves_left_skipping_players_out():
    t = Table(["A", "B", "C", "D"], [10, 0, 5, 7])
    assert t.dealer == 0
    assert t.seats_in_play() == [2, 3, 0]
    assert t.move_button() == 2
    assert t.seats_in_play() == [3, 0, 2]
    assert t.move_button() == 3
    assert t.move_button() == 0
    t.rebuy(1, 20)
    assert t.move_button() == 1


def test_rebuy_and_standings_net_of_buy_ins():
    t = Table(["Anna", "Ben", "Carla"], 100)
    t.stacks = [0, 180, 120]
    t.rebuy(0, 50)
    assert t.stacks[0] == 50 and t.bought_in == [150, 100, 100]
    assert t.standings() == [(1, "Ben", 180, 80), (2, "Carla", 120, 20), (0, "Anna", 50, -100)]
    with raises(TableError, "rebuy is a whole number"):
        t.rebuy(1, 0)
    with raises(TableError, "no seat 3"):
        t.rebuy(3, 10)
    assert t.bought_in == [150, 100, 100]


def test_session_over_when_one_has_every_chip_or_players_stop():
    t = Table(["A", "B", "C"], 100)
    assert not session_over(t)
    t.stacks = [300, 0, 0]
    assert session_over(t)
    t.stacks = [200, 100, 0]
    assert not session_over(t)
    t.stop()
    assert session_over(t)


def test_carried_pot_counts_between_hands_and_goes_back_when_the_players_stop():
    # review finding 3: a dead hand's pot waits on the table; stopping returns each seat its own part
    t = Table(["A", "B", "C"], 100)
    t.stacks = [97, 98, 99]
    t.carry = [3, 2, 1]
    assert t.carried() == 6 and sum(t.stacks) + t.carried() == sum(t.bought_in) == 300
    t2 = Table.from_state(t.to_state())
    assert t2.carry == [3, 2, 1] and t2.carried() == 6
    t.stop()
    assert session_over(t) and t.carry is None and t.carried() == 0
    assert t.stacks == [100, 100, 100] and sum(t.stacks) == sum(t.bought_in)
    assert [r[3] for r in t.standings()] == [0, 0, 0]
    assert "carry" not in t.to_state() and Table.from_state(t.to_state()).carry is None


def test_state_round_trip():
    t = Table(["A", "B", "C"], [5, 6, 7], dealer=2)
    t.rebuy(0, 3)
    d = t.to_state()
    t2 = Table.from_state(d)
    assert t2.to_state() == d
    assert t2.dealer == 2 and t2.stacks == [8, 6, 7] and t2.bought_in == [8, 6, 7]

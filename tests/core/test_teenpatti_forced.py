"""Teen Patti house rules from the sources (issue 14), exact stakes, pots and stacks:

* ``forced`` (seed 001, "Ante e distribuzione": "tutti i giocatori mettono l'ante, oppure un solo giocatore a
  rotazione paga un ante più alto. L'ante di solito corrisponde alla puntata minima, ma può essere anche più
  basso, come un quarto o metà." and "i giocatori alla sinistra del dealer pagano i blinds come nel Texas
  Hold'Em, anche se raramente si gioca con un solo blind, che può essere uguale o metà alla puntata minima"):
  the stake (the minimum bet) is the boot whatever was paid before the deal;
* ``higher_limits`` (seed 004, "Höhere Grenzen: Blinde dürfen mehr als das Doppelte, Sehende mehr als das
  Vierfache des aktuellen Einsatzes setzen").

Runs under pytest and MicroPython."""

from dealerbox.engine import rules
from dealerbox.engine.base import Action, IllegalAction, Option
from support import raises
from teenpatti_support import game

FOUR = ["Ah Kd 9c", "Qs Qh 3d", "7c 7d 2s", "Jh 9h 4h"]


def _opt(e, kind):
    for o in e.legal_actions():
        if o.kind == kind:
            return o
    return None


def test_everyone_antes_the_boot_by_default():
    e, t = game(FOUR, 100, {"boot": 4})
    assert e.pot_total() == 16 and t.stacks == [96] * 4 and e.stake2 == 8 and e.to_act == 0


def test_an_ante_of_half_or_a_quarter_of_the_minimum_bet():
    e, t = game(FOUR, 100, {"boot": 4, "forced": "half"})
    assert e.pot_total() == 8 and t.stacks == [98] * 4
    assert e.stake2 == 8 and _opt(e, "blind") == Option("blind", 4, 8)     # the minimum bet is still 4
    e, t = game(FOUR, 100, {"boot": 4, "forced": "quarter"})
    assert e.pot_total() == 4 and t.stacks == [99] * 4 and _opt(e, "blind") == Option("blind", 4, 8)
    e, t = game(FOUR, 100, {"boot": 10, "forced": "quarter"})      # a quarter of 10: 2 (whole chips, down)
    assert e.pot_total() == 8 and t.stacks == [98] * 4
    e, t = game(FOUR, 100, {"boot": 1, "forced": "quarter"})       # never less than 1 chip
    assert e.pot_total() == 4


def test_one_player_in_turn_pays_a_bigger_ante_for_the_table():
    e, t = game(FOUR, 100, {"boot": 2, "forced": "dealer"})        # P4 deals: P4 pays 2 x 4 players
    assert e.pot_total() == 8 and t.stacks == [100, 100, 100, 92] and e.to_act == 0
    assert _opt(e, "blind") == Option("blind", 2, 4)
    for _ in range(3):
        e.apply(Action("pack"))
    assert t.dealer == 0                                           # the next hand: P1 deals and pays
    e.start_hand(deck=list(range(52)))
    assert e.pot_total() == 8 and t.stacks[0] == 100 - 8 and e.to_act == 1


def test_blinds_left_of_the_dealer_as_in_holdem():
    e, t = game(FOUR, 100, {"boot": 4, "forced": "two-blinds"})    # small blind half the bet, big blind the bet
    assert t.stacks == [98, 96, 100, 100] and e.pot_total() == 6
    assert e.to_act == 2 and e.stake2 == 8 and _opt(e, "blind") == Option("blind", 4, 8)
    e, t = game(FOUR, 100, {"boot": 4, "forced": "one-blind"})     # one blind equal to the minimum bet
    assert t.stacks == [96, 100, 100, 100] and e.pot_total() == 4 and e.to_act == 1
    e, t = game(FOUR, 100, {"boot": 4, "forced": "half-blind"})    # or half of it
    assert t.stacks == [98, 100, 100, 100] and e.pot_total() == 2 and e.to_act == 1
    assert _opt(e, "blind") == Option("blind", 4, 8)
    e, t = game(FOUR[:2], 100, {"boot": 4, "forced": "two-blinds"})   # two players: P1 small, P2 (dealer) big
    assert t.stacks == [98, 96] and e.to_act == 0


def test_higher_limits_004_lift_the_top_of_a_chaal():
    e, t = game(FOUR, 100, {"higher_limits": True})                # stake 1: blind 1 to all, seen 2 to all
    assert _opt(e, "blind") == Option("blind", 1, 99)
    e.apply(Action("blind", 5))                                    # more than 2x the stake: stake 5
    e.apply(Action("see"))
    assert _opt(e, "chaal") == Option("chaal", 10, 99)
    e.apply(Action("chaal", 30))                                   # more than 4x: the stake is 15
    assert e.stake2 == 30 and _opt(e, "blind") == Option("blind", 15, 99)
    e, t = game(FOUR, 100, {"higher_limits": True, "stake_cap": 10})   # the chaal cap still holds
    assert _opt(e, "blind") == Option("blind", 1, 10)
    e, t = game(FOUR, 100, {"higher_limits": True, "pot_limit": True})   # and the pot limit: pot 4
    assert _opt(e, "blind") == Option("blind", 1, 4)
    e, t = game(FOUR, 100, {})
    with raises(IllegalAction, "blind is 1 to 2 chips, not 5"):
        e.apply(Action("blind", 5))


def test_the_new_house_rules_validate_and_no_preset_changes():
    assert rules.defaults("teen-patti")["forced"] == "boot" and not rules.defaults("teen-patti")["higher_limits"]
    with raises(ValueError, "forced is one of boot, half, quarter, dealer, one-blind, half-blind, two-blinds"):
        rules.validate("teen-patti", {"forced": "big"})
    with raises(ValueError, "higher_limits is on or off"):
        rules.validate("teen-patti", {"higher_limits": 1})
    for name, _label in rules.presets("teen-patti"):
        p = rules.preset("teen-patti", name)
        assert p["forced"] == "boot" and p["higher_limits"] is False

"""Teen Patti house rules, presets, variants' deals, one-card variants, mid-hand rebuy (issue 4).

Runs under pytest and MicroPython."""

from dealerbox.cards import parse_card, parse_cards
from dealerbox.engine import rules
from dealerbox.engine.base import Action, Option
from dealerbox.engine.table import Table
from dealerbox.eval.tpwild import one_card_score
from dealerbox.games.teenpatti import TeenPatti
from dealerbox.rng import SeededEntropy
from dealerbox.ui import settings
from support import raises
from teenpatti_support import game


def test_presets_per_source():
    assert [(k, label) for k, label in rules.presets("teen-patti")] == [
        ("default", "Show, sideshow 2x"), ("french", "Show, sideshow 1x"), ("italian", "Free sideshow")]
    d = rules.preset("teen-patti", "default")
    assert d == rules.defaults("teen-patti")
    assert d["show"] == "004" and d["sideshow"] == "004" and d["chaal"] == "range" and d["blind_limit"] == 0
    f = rules.preset("teen-patti", "french")
    assert f["show"] == "000" and f["sideshow"] == "000" and f["chaal"] == "range"
    i = rules.preset("teen-patti", "italian")
    assert (i["show"], i["sideshow"], i["sideshow_third_forced"], i["chaal"], i["blind_limit"],
            i["rebuy_mid_hand"]) == ("001", "001", True, "two-size", 3, True)
    assert rules.validate("teen-patti", i) == rules.preset("teen-patti", "italian")
    i["pot_cap"] = 500                       # each house rule also switchable on its own
    assert rules.validate("teen-patti", i) != rules.preset("teen-patti", "italian")
    assert rules.validate("teen-patti", i)["pot_cap"] == 500
    with raises(ValueError, "no preset 'german'"):
        rules.preset("teen-patti", "german")


def test_validate_names_the_bad_key_or_value():
    with raises(ValueError, "unknown house rule 'ante'"):
        rules.validate("teen-patti", {"ante": 1})
    with raises(ValueError, "boot is a whole number 1 to 100000, not 0"):
        rules.validate("teen-patti", {"boot": 0})
    with raises(ValueError, "show is one of 004, 000, 001, not '002'"):
        rules.validate("teen-patti", {"show": "002"})
    with raises(ValueError, "pot_limit is on or off"):
        rules.validate("teen-patti", {"pot_limit": 1})
    with raises(ValueError, "unknown game"):
        rules.validate("bridge", {})
    with raises(ValueError, "unknown house rule"):
        TeenPatti(Table(["a", "b"], 10), {"bogus": 1})


def test_stake_cap_below_the_boot_is_refused():
    # review finding 5: a cap below the boot would make the first blind chaal smaller than the boot
    with raises(ValueError, "stake_cap 2 is below the boot 5 (0 = no cap)"):
        rules.validate("teen-patti", {"boot": 5, "stake_cap": 2})
    with raises(ValueError, "stake_cap 4 is below the boot 5"):
        TeenPatti(Table(["a", "b"], 50), {"boot": 5, "stake_cap": 4})
    assert rules.validate("teen-patti", {"boot": 5, "stake_cap": 5})["stake_cap"] == 5
    assert rules.validate("teen-patti", {"boot": 5, "stake_cap": 0})["stake_cap"] == 0


def test_best_of_five_high_wild_one_middle_card_is_wild():
    # review finding 2: only the middle-ranked card (the third of five by rank) is wild, not every card of
    # its rank. Seat 0: 2c 5d 9h 9s Kc, one 9 wild: the other 9 stays a 9 (no K-K-K with two wild nines),
    # the best three are the wild as the ace of clubs with Kc 2c: color A-K-2. Seat 1: Th Td 4c 5s 6h, the 6h
    # wild: trail of tens, which wins.
    e, t = game(["2c 5d 9h 9s Kc", "Th Td 4c 5s 6h"], 50, {"variant": "best-of-five"})
    rk = e.ranking()
    assert e.category(0) == "color" and e.score(0) == rk.score(parse_cards("Ac Kc 2c"))
    assert e.category(1) == "trail" and e.score(1) == rk.score(parse_cards("Tc Th Td"))
    e.apply(Action("show", 1))
    assert e.result["categories"] == ["color", "trail"] and e.result["awards"] == [[0, 1, 3]]
    assert t.stacks == [48, 52]
    # two cards of the middle rank (9h 9s): one of them is wild, the other keeps its suit: with 9s 8s the
    # wild makes the pure sequence T-9-8 of spades (no trail: only one other nine)
    e, t = game(["9h 9s 8s 2d Kc", "Ac Ad 4c 5s 6h"], 50, {"variant": "best-of-five"})
    assert e.category(0) == "pure_sequence" and e.score(0) == rk.score(parse_cards("Ts 9s 8s"))
    assert e.category(1) == "trail"                 # A-A + the wild 6h: trail of aces
    # without the house rule nothing is wild: best three of five
    e, t = game(["2c 5d 9h 9s Kc", "Th Td 4c 5s 6h"], 50, {"variant": "best-of-five", "five_middle_wild": False})
    assert e.category(0) == "pair" and e.score(0) == rk.score(parse_cards("9h 9s Kc"))
    assert e.category(1) == "sequence"              # 6-5-4
    # muflis: the wild stands for the card that makes the lowest hand: 5-3-2 of three suits
    e, t = game(["2c 5d 9h 9s Kc", "Th Td 4c 5s 6h"], 50, {"variant": "best-of-five", "muflis": True})
    mu = e.ranking()
    assert e.score(0) == mu.score(parse_cards("5d 3h 2c")) > mu.score(parse_cards("5d 4h 2c"))
    assert e.category(0) == "high_card"


def test_describe_short_lines_for_the_summary_screen():
    lines = settings.describe("teen-patti", rules.preset("teen-patti", "italian"))
    assert lines == ["Boot 1", "Classic Teen Patti", "A-2-3 top sequence",
                     "Show: seen only, pay 2x last bet, 4x if blind",
                     "Sideshow: with the player before you, free; refused: chaal or pack",
                     "3rd sideshow ask cannot be refused", "Chaal: lowest or highest only", "At most 3 blind chaals",
                     "Rebuy mid-hand"]
    lines = settings.describe("teen-patti", {"variant": "best-of-five", "muflis": True, "stake_cap": 20,
                                          "pot_limit": True, "pot_cap": 1000, "sequence": "akq-high"})
    assert "Best of Five" in lines and "Middle card wild" in lines and "Muflis (lowball)" in lines
    assert "A-K-Q, then A-2-3" in lines and "Chaal cap 20" in lines and "Pot limit" in lines
    assert "Pot cap 1000" in lines
    for g in ("teen-patti", "turkish", "indian"):           # no source number and no abbreviation on the screen
        for name, _label in rules.presets(g):
            for ln in settings.describe(g, rules.preset(g, name)) + [_label]:
                assert "seed" not in ln and "00" not in ln and "Seq " not in ln and "+" not in ln.replace(" + ", ""), ln


def test_cards_dealt_per_variant():
    for variant, k in (("classic", 3), ("best-of-four", 4), ("best-of-five", 5), ("cobra", 1), ("999", 1),
                       ("in-out", 1), ("ak47", 3), ("joker-hunt", 3)):
        t = Table(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"], 20)
        e = TeenPatti(t, {"variant": variant}, entropy=SeededEntropy(5))
        e.start_hand()
        assert [len(h) for h in e.hands] == [k] * 10
        assert e.pos == 10 * k
        seen = set()
        for h in e.hands:
            seen.update(h)
        assert len(seen) == 10 * k


def test_joker_hunt_wild_rank_drawn_each_hand_and_shown_to_all():
    t = Table(["a", "b", "c"], 50)
    e = TeenPatti(t, {"variant": "joker-hunt"}, entropy=SeededEntropy(21))
    wilds = []
    for _ in range(6):
        ev = e.start_hand()
        w = e.wild
        assert 0 <= w <= 12 and ["wild", w] in ev
        assert e.public_view()["wild"] == w and e.view(1)["wild"] == w and e.log["wild"] == w
        wilds.append(w)
        e.apply(Action("pack"))
        e.apply(Action("pack"))
    assert len(set(wilds)) > 1
    e2 = TeenPatti(Table(["a", "b", "c"], 50), {"variant": "joker-hunt"})
    e2.start_hand(deck=list(range(52)), wild=7)
    assert e2.wild == 7 and e2.log["wild"] == 7
    e3 = TeenPatti(Table(["a", "b", "c"], 50), {"variant": "classic"}, entropy=SeededEntropy(1))
    e3.start_hand()
    assert e3.wild is None and "wild" not in e3.log


def test_one_card_rules():
    c = parse_card
    assert one_card_score("cobra", c("As")) > one_card_score("cobra", c("Kc"))
    assert one_card_score("cobra", c("2s")) == one_card_score("cobra", c("2c"))
    # 999: closest to 9 wins; A counts 1, J Q K count 10
    assert one_card_score("999", c("9d")) == 9
    assert one_card_score("999", c("8d")) == one_card_score("999", c("Td")) == one_card_score("999", c("Kd")) == 8
    assert one_card_score("999", c("Ah")) == 1 and one_card_score("999", c("2h")) == 2
    with raises(ValueError, "not a one-card variant"):
        one_card_score("classic", 0)


def test_cobra_show_highest_card_wins():
    e, t = game(["Qs", "Kd"], 20, {"variant": "cobra"})
    e.apply(Action("show", 1))
    assert e.result["awards"] == [[0, 1, 3]] and e.result["categories"] == ["card", "card"]


def test_999_closest_to_nine_wins_equal_distance_splits():
    e, t = game(["8s", "Kd", "9c"], 20, {"variant": "999", "pot_cap": 6})
    e.apply(Action("blind", 1))
    e.apply(Action("blind", 1))
    e.apply(Action("blind", 1))
    assert e.result["awards"] == [[0, 2, 6]]
    e, t = game(["8s", "Kd", "2c"], 20, {"variant": "999", "pot_cap": 6})
    for _ in range(3):
        e.apply(Action("blind", 1))
    assert e.result["awards"] == [[0, 0, 3], [0, 1, 3]]


def test_in_out_lowest_card_is_out_the_others_share():
    e, t = game(["8s", "Kd", "3c"], 20, {"variant": "in-out", "pot_cap": 6})
    for _ in range(3):
        e.apply(Action("blind", 1))
    assert e.result["how"] == "pot-cap"
    assert e.result["awards"] == [[0, 0, 3], [0, 1, 3]]
    assert t.stacks == [21, 21, 18]


def test_rebuy_mid_hand_when_short_of_the_minimum():
    e, t = game(["Ah Kd 9c", "Qs Qh 3d"], [4, 50], {"rebuy_mid_hand": True})
    e.apply(Action("see"))
    assert Option("rebuy", 1, 1000000) not in e.legal_actions()
    e.apply(Action("chaal", 2))
    e.apply(Action("see"))
    e.apply(Action("chaal", 4))
    assert t.stacks[0] == 1 and e.to_act == 0
    assert e.legal_actions()[-1] == Option("rebuy", 1, 1000000)
    ev = e.apply(Action("rebuy", 20))
    assert ev == [["rebuy", 0, 20]] and t.stacks[0] == 21 and t.bought_in == [24, 50]
    assert e.to_act == 0 and e.chips_ok()
    assert e.legal_actions()[0] == Option("chaal", 4, 8)
    assert e.log["actions"][-1] == [0, "rebuy", 20]

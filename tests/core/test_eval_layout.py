"""What a ranking keeps loaded (docs/evaluator.md, "Layout"): the builder of ``make_ranking`` and the game's
tables module are dropped again on MicroPython, a hand keeps only its game's scorer loaded, a refused hand's
message comes from ``refuse.py`` and reads exactly as before, and a ranking keeps its table bytes alive by itself.
Runs under pytest and MicroPython."""

import gc
import sys

from dealerbox import unload
from dealerbox.cards import parse_cards
from dealerbox.eval import HandError, make_ranking
from support import MICROPYTHON, raises

_BUILDER = ("dealerbox.eval.build", "dealerbox.eval.build_in", "dealerbox.eval.build_tk",
            "dealerbox.eval.build_tp", "dealerbox.eval.codes")
_GAME = {"teen-patti": ("dealerbox.eval.teenpatti", "dealerbox.eval.tables_tp"),
         "turkish": ("dealerbox.eval.turkish", "dealerbox.eval.tables_tk28"),
         "indian": ("dealerbox.eval.indian", "dealerbox.eval.tables_in")}  # (scorer, tables)
_CATEGORY_OF_AKQJT = {"teen-patti": "pure_sequence", "turkish": "royal_flush", "indian": "high_card"}


def _eval_modules():
    return sorted(m for m in sys.modules if m.startswith("dealerbox.eval."))


def _drop():
    """Unload the evaluator's modules as the engine does after a hand, but ``base`` (a reloaded ``base`` would
    bring a second HandError class, which this module's ``except`` would not catch)."""
    unload(*[m for m in _eval_modules() if m != "dealerbox.eval.base"])


def test_a_built_ranking_keeps_only_its_scorer_and_base_loaded():
    for game in ("teen-patti", "turkish", "indian"):
        _drop()
        rk = make_ranking(game, deck=28 if game == "turkish" else 52)
        assert rk.game == game
        hand = bytes((48, 44, 40, 36, 32)[: rk.sizes[0]])  # A K Q J T of clubs: as many as the game's hand holds
        assert rk.category(hand) == _CATEGORY_OF_AKQJT[game]
        if MICROPYTHON:
            assert _eval_modules() == ["dealerbox.eval.base", _GAME[game][0]]
        else:  # CPython keeps what it imported
            assert [m for m in _GAME[game] + ("dealerbox.eval.base",) if m not in sys.modules] == []
            assert [m for m in _BUILDER if m in sys.modules] != []
    _drop()


def test_the_builder_is_dropped_also_when_the_house_rules_are_refused():
    with raises(ValueError, "unknown Turkish house rule 'muflis' (known: no-minor, standard-ranking)"):
        make_ranking("turkish", deck=32, house=("muflis",))
    with raises(ValueError, "Turkish Poker needs deck=24, 28, 32 or 36, not None"):
        make_ranking("turkish")
    if MICROPYTHON:
        assert [m for m in _BUILDER if m in sys.modules] == []


def _message(rk, cards):
    with raises(HandError) as r:
        rk.score(cards)
    with raises(HandError) as c:
        rk.check(cards)
    assert str(c.value) == str(r.value)
    return str(r.value)


def test_refused_hands_are_named_exactly_in_the_order_they_are_read():
    tp = make_ranking("teen-patti")
    tk = make_ranking("turkish", deck=32)
    assert tp.check(parse_cards("As Kd Qc")) is None and tk.check(parse_cards("As Kd Qc Jh 7s")) is None
    assert _message(tp, "As 2s 3s") == "a hand is a list, tuple, bytes or bytearray of card ints, not 'As 2s 3s'"
    assert _message(tp, [0, 1]) == "2 cards in the hand; this ranking needs 3, 4 or 5"
    assert _message(tk, b"\x30") == "1 cards in the hand; this ranking needs 5"
    assert _message(tp, [0, True, 1]) == "not a card int 0-51: True"
    assert _message(tp, [-1, 0, 0]) == "not a card int 0-51: -1"
    assert _message(tk, parse_cards("As Kd") + parse_cards("Kd 6s 7s")) == "Kd is in the hand twice"  # the first met
    assert _message(tk, bytes(parse_cards("As Kd") + parse_cards("Kd Qh Jh"))) == "Kd is in the hand twice"
    assert _message(tk, parse_cards("As Kd 6s") + parse_cards("6s 7s")) == "6s is not in the 32-card deck"
    assert _message(tk, bytearray(parse_cards("As Kd Qc Jh") + [53])) == "not a card int 0-51: 53"
    assert "dealerbox.eval.refuse" in sys.modules  # loaded for the messages only


def test_a_ranking_keeps_its_table_alive_after_the_tables_module_is_dropped():
    rk = make_ranking("turkish", deck=36, house=("no-minor",))
    hands = [bytes(parse_cards(t)) for t in ("As 6s 7s 8s 9s", "Kh Kd 9c 9s 6h", "Ah Kh Qh Jh Th", "6c 7d 8h 9s Tc")]
    before = [rk.score(h) for h in hands]
    assert [rk.category(h) for h in hands] == ["flush", "two_pair", "royal_flush", "straight"]
    unload("dealerbox.eval.tables_tk36")  # (already done by make_ranking on MicroPython)
    gc.collect()
    junk = [bytes([255]) * n for n in (512, 182, 181) for _ in range(16)]  # reuses any freed block of a chunk's size
    assert [rk.score(h) for h in hands] == before
    assert len(junk) == 48


def test_a_category_is_read_from_the_score_in_every_game():
    mu = make_ranking("teen-patti", house=("muflis",))
    assert mu.categories[0] == "trail" and mu.category_of(0) == "trail" and mu.category_of(3071) == "high_card"
    assert mu.category(parse_cards("2c 3d 5h")) == "high_card" and mu.score(parse_cards("2c 3d 5h")) == 3071
    ind = make_ranking("indian", house=("suit-order", "two-card"))
    assert ind.categories == ("high_card",) and ind.category_of(ind.score(parse_cards("As Ah"))) == "high_card"
    assert ind.score(parse_cards("As Ah")) >> 9 == 5  # beyond the one category: category_of still names it

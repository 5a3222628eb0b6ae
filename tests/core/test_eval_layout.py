"""Rankings are built once and kept (docs/evaluator.md, "Layout"): ``make_ranking`` returns the same ranking
for the same game, house rules, wild ranks and deck, a refused house rule or deck is named, a refused hand's
message reads exactly as before, and scores do not change over a session. Runs under pytest and MicroPython."""

import gc

from dealerbox.cards import parse_cards
from dealerbox.eval import HandError, make_ranking
from support import raises

_CATEGORY_OF_AKQJT = {"teen-patti": "pure_sequence", "turkish": "royal_flush", "indian": "high_card"}


def test_a_ranking_is_built_once_per_game_house_and_deck_and_kept():
    for game in ("teen-patti", "turkish", "indian"):
        deck = 28 if game == "turkish" else 52
        rk = make_ranking(game, deck=deck)
        assert rk.game == game and rk.deck == deck
        hand = bytes((48, 44, 40, 36, 32)[: rk.sizes[0]])  # A K Q J T of clubs: as many as the game's hand holds
        assert rk.category(hand) == _CATEGORY_OF_AKQJT[game]
        assert make_ranking(game, deck=deck) is rk                  # kept: the same object, not built again
    assert make_ranking("turkish", deck=32) is not make_ranking("turkish", deck=28)
    assert make_ranking("turkish", deck=32, house=["no-minor"]) is make_ranking("turkish", deck=32, house=("no-minor",))
    assert make_ranking("turkish", deck=32, house=("no-minor",)) is not make_ranking("turkish", deck=32)
    assert make_ranking("teen-patti", wild_ranks=(3,)) is not make_ranking("teen-patti", wild_ranks=(4,))
    assert make_ranking("teen-patti", wild_ranks=(3,)).wild_ranks == (3,)


def test_refused_house_rules_and_decks_are_named_and_nothing_is_kept():
    with raises(ValueError, "unknown Turkish house rule 'muflis' (known: no-minor, standard-ranking)"):
        make_ranking("turkish", deck=32, house=("muflis",))
    with raises(ValueError, "unknown Turkish house rule 'muflis' (known: no-minor, standard-ranking)"):
        make_ranking("turkish", deck=32, house=("muflis",))             # refused again: no ranking was kept
    with raises(ValueError, "Turkish Poker needs deck=24, 28, 32 or 36, not None"):
        make_ranking("turkish")
    with raises(ValueError, "unknown game 'omaha' (known: teen-patti, turkish, indian, poker)"):
        make_ranking("omaha")


def _message(rk, cards):
    with raises(HandError) as r:
        rk.score(cards)
    with raises(HandError) as c:
        rk.category(cards)
    assert str(c.value) == str(r.value)
    return str(r.value)


def test_refused_hands_are_named_exactly_in_the_order_they_are_read():
    tp = make_ranking("teen-patti")
    tk = make_ranking("turkish", deck=32)
    assert tp.category(parse_cards("As Kd Qc")) == "sequence"
    assert tk.category(parse_cards("As Kd Qc Jh 7s")) == "high_card"
    assert _message(tp, "As 2s 3s") == "a hand is a list, tuple, bytes or bytearray of card ints, not 'As 2s 3s'"
    assert _message(tp, [0, 1]) == "2 cards in the hand; this ranking needs 3, 4 or 5"
    assert _message(tk, b"\x30") == "1 card in the hand; this ranking needs 5"
    assert _message(tp, [0, True, 1]) == "not a card int 0-51: True"
    assert _message(tp, [-1, 0, 0]) == "not a card int 0-51: -1"
    assert _message(tk, parse_cards("As Kd") + parse_cards("Kd 6s 7s")) == "Kd is in the hand twice"  # the first met
    assert _message(tk, bytes(parse_cards("As Kd") + parse_cards("Kd Qh Jh"))) == "Kd is in the hand twice"
    assert _message(tk, parse_cards("As Kd 6s") + parse_cards("6s 7s")) == "6s is not in the 32-card deck"
    assert _message(tk, bytearray(parse_cards("As Kd Qc Jh") + [53])) == "not a card int 0-51: 53"


def test_scores_stay_the_same_across_collections_and_allocations():
    rk = make_ranking("turkish", deck=36, house=("no-minor",))
    hands = [bytes(parse_cards(t)) for t in ("As 6s 7s 8s 9s", "Kh Kd 9c 9s 6h", "Ah Kh Qh Jh Th", "6c 7d 8h 9s Tc")]
    before = [rk.score(h) for h in hands]
    assert [rk.category(h) for h in hands] == ["flush", "two_pair", "royal_flush", "straight"]
    gc.collect()
    junk = [bytes([255]) * n for n in (512, 182, 181) for _ in range(16)]
    assert [rk.score(h) for h in hands] == before
    assert make_ranking("turkish", deck=36, house=("no-minor",)).score(hands[0]) == before[0]
    assert len(junk) == 48


def test_a_category_is_read_from_the_score_in_every_game():
    mu = make_ranking("teen-patti", house=("muflis",))
    assert mu.categories[0] == "trail" and mu.category_of(0) == "trail" and mu.category_of(3071) == "high_card"
    assert mu.category(parse_cards("2c 3d 5h")) == "high_card" and mu.score(parse_cards("2c 3d 5h")) == 3071
    ind = make_ranking("indian", house=("suit-order", "two-card"))
    assert ind.categories == ("high_card",) and ind.category_of(ind.score(parse_cards("As Ah"))) == "high_card"
    assert ind.score(parse_cards("As Ah")) >> 9 == 5  # beyond the one category: category_of still names it

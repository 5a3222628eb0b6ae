"""Cards and decks: layout, notation, errors (issue 2). Runs under pytest and MicroPython."""

from dealerbox.cards import (
    CardError,
    card,
    format_card,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from dealerbox.eval.turkish import turkish_deck, turkish_lowest_rank, turkish_size
from support import raises


def test_layout_rank_times_four_plus_suit():
    assert card(0, 0) == 0  # 2c
    assert card(12, 3) == 51  # As
    assert parse_card("2c") == 0
    assert parse_card("As") == 51
    assert parse_card("Kh") == 11 * 4 + 2
    for c in range(52):
        assert card(rank_of(c), suit_of(c)) == c


def test_parse_notations():
    assert parse_card("Td") == parse_card("10d") == parse_card("td") == 8 * 4 + 1
    assert parse_card("A♠") == parse_card("as") == parse_card("A♤") == 51
    assert parse_card("Q♥") == parse_card("QH") == 10 * 4 + 2
    assert parse_card("9♦") == 7 * 4 + 1
    assert parse_card("J♣") == 9 * 4
    assert parse_cards("As Kd 10h") == [51, 45, 34]
    assert parse_cards("As,Kd, 2c") == [51, 45, 0]


def test_format_roundtrip_every_card():
    for c in range(52):
        assert parse_card(format_card(c)) == c
        assert parse_card(format_card(c, True)) == c
    assert format_card(51) == "As"
    assert format_card(51, True) == "A♠"
    assert format_cards([32, 0]) == "Tc 2c"


def test_unknown_cards_refused():
    for bad in ("1s", "11h", "Ax", "A", "", "Zs", "Kss", "10"):
        with raises(CardError):
            parse_card(bad)
    with raises(CardError, "unknown suit"):
        parse_card("Ax")
    with raises(CardError, "unknown rank"):
        parse_card("1s")
    with raises(CardError, "not a card int"):
        format_card(52)


def test_duplicate_cards_refused():
    with raises(CardError, "twice: As"):
        parse_cards("As Kd as")


def test_full_deck():
    d = full_deck()
    assert len(d) == 52 and list(d) == list(range(52))


def test_turkish_deck_sizes_by_players():
    assert [turkish_size(p) for p in (2, 3, 4, 5)] == [24, 28, 32, 36]
    assert turkish_size(4, True) == 36
    assert [len(turkish_deck(p)) for p in (2, 3, 4, 5)] == [24, 28, 32, 36]
    assert len(turkish_deck(4, True)) == 36
    assert format_cards(turkish_deck(2)[:4]) == "9c 9d 9h 9s"
    assert format_cards(turkish_deck(5)[:1]) == "6c"
    assert turkish_deck(3)[-1] == 51
    assert [turkish_lowest_rank(n) for n in (24, 28, 32, 36)] == [7, 6, 5, 4]   # 9, 8, 7, 6


def test_turkish_deck_refused_counts():
    for p in (0, 1, 6, 10):
        with raises(ValueError, "2 to 5 players"):
            turkish_deck(p)
    with raises(ValueError, "36-card house rule is for 4"):
        turkish_deck(3, True)
    with raises(ValueError, "24, 28, 32 or 36"):
        turkish_lowest_rank(30)


def test_a_card_is_in_the_turkish_deck_from_its_lowest_rank():
    assert parse_card("9s") >> 2 >= turkish_lowest_rank(24)
    assert not parse_card("8s") >> 2 >= turkish_lowest_rank(24)
    assert parse_card("6c") >> 2 >= turkish_lowest_rank(36)
    assert not parse_card("5h") >> 2 >= turkish_lowest_rank(36)

"""The showdown screen through the app (review finding 4): categories as words, the winners
marked, cards after the longest name. Both interpreters; a module of its own so that under
MicroPython it runs with only what the box loads for a hand."""

import dealerbox.games.teenpatti  # noqa: F401  (compiled first, while the heap is unfragmented)
from app_util import OK, Rig, act, setup
from dealerbox.cards import parse_cards
from dealerbox.ui import modes


def test_showdown_lines_labels_and_winner():
    rig = Rig(seed=3)
    setup(rig, "teen-patti", 4, names=["Ann", "Kristina", "Bo", "Dev"], chips=20)  # a short hand: a small heap
    app = rig.app
    e = app.engine
    for k in ["see", "chaal", "see", "chaal", "see", "chaal", "see", "chaal", "sideshow", "accept"]:
        act(rig, k)
    while app.mode != modes.M_SHOWDOWN:
        if app.mode == modes.M_TURN:
            act(rig, "show" if "show" in [o.kind for o in app.screen.opts] else "chaal")
        else:
            rig.press(OK)
    r = e.result
    names = app.table.names
    winners = [a[1] for a in r["awards"]]
    shown = [s for s in range(4) if r["shown"][s]]
    order = [s for s in shown if s in winners]      # the winners first, then the best hand down
    order += sorted([s for s in shown if s not in winners], key=lambda s: -e.score(s))
    assert len(order) == 3 and e.score(order[1]) > e.score(order[2])
    assert [names[s] for s in order] == ["Dev", "Bo", "Kristina"] and winners == [order[0]]
    # each hand as players read it (a pair first, then high to low), its category in full, then what decided it
    assert app.screen.rows == [("\x19", "Dev", parse_cards("Ks 9s 7s"), ""), ("", "  Color to K", None, ""),
                               ("", "Bo", parse_cards("4s 4d Ad"), ""), ("", "  Pair of 4s", None, ""),
                               ("", "Kristina", parse_cards("Qd 9h 3d"), ""), ("", "  Q high, then 9", None, ""),
                               ("", "Color beats Pair", None, "")]
    assert sorted(r["shown"][order[1]]) == sorted(parse_cards("4s 4d Ad"))
    assert app.screen.col == 7 + 8 * 6 + 3                  # the cards after the longest name: no overlap
    assert app.screen.rows[0][0] == "\x19" and app.screen.rows[0][1] == names[winners[0]]
    cv = app.canvas
    visible = [c for row in app.screen.rows[:5] if row[2] for c in row[2]]
    assert len(visible) >= 6 and sorted(cv.cards[:cv.ncards]) == sorted(visible)


def test_hands_in_words_and_what_decided_them():
    from dealerbox.ui import handwords
    from dealerbox.ui.results_flow import category_label
    assert handwords.read_order(parse_cards("Kd As 9d")) == parse_cards("As Kd 9d")
    assert handwords.read_order(parse_cards("4c Ad 4s")) == parse_cards("4s 4c Ad")
    assert handwords.in_words("high_card", parse_cards("Kd As 9d"), "High card") == "A high, then K"
    assert handwords.in_words("pair", parse_cards("9c Ad 9s"), "Pair") == "Pair of 9s"
    assert handwords.in_words("trail", parse_cards("Kc Kd Ks"), "Trail") == "Trail of Ks"
    assert handwords.in_words("two_pair", parse_cards("4c Kd 4s Ks 2d"), "Two pair") == "Ks and 4s"
    assert handwords.in_words("full_house", parse_cards("4c Kd 4s Ks 4d"), "Full house") == "4s full of Ks"
    assert handwords.in_words("pair", parse_cards("9c Ad 3s"), "Pair") == "Pair"       # a wild card made it
    # the two high cards: K-A-9 against A-4-J: the ace, then the K decided it
    win, lose = ("high_card", parse_cards("Kd As 9d")), ("high_card", parse_cards("Ad 4c Jc"))
    assert handwords.decided(win, lose, category_label) == "Won on the K"
    assert handwords.decided(("pair", parse_cards("9c 9s 2d")), lose, category_label) == "Pair beats High card"
    assert handwords.decided(win, ("high_card", parse_cards("Ah Kc 9s")), category_label) == "Same hands: split"

"""The public results (review findings 4, 7): showdown categories as words that fit the frame, the
winners marked; award and standings rows split when a name and its value would overlap. Both interpreters."""

from dealerbox.eval.teenpatti import CATEGORIES
from dealerbox.eval.turkish import TK_CATEGORIES
from dealerbox.ui.canvas import text_width
from dealerbox.ui.results_flow import category_label
from dealerbox.ui.screen import fit

# The showdown through the app is in test_ui_showdown.py: a module of its own runs in its own
# MicroPython process, with only what the box loads for a hand.


def test_every_category_has_a_label_that_fits():
    assert category_label("minor_straight_flush") == "Minor str. flush"
    assert category_label("pure_sequence") == "Pure seq." and category_label("high_card") == "High card"
    for cat in CATEGORIES + TK_CATEGORIES:
        label = category_label(cat)
        assert label and "_" not in label and label[0].isupper(), cat
        assert 19 + text_width(label) <= 128, cat       # on its own line, indented under the name


def test_award_and_standings_rows_fit():
    rows = fit([("Side pot 1: Kristina", "+2350"), ("Main pot: Bo", "+12"), ("Kristina", "12000 +11000"),
                ("Anna", "99 -1")])
    assert rows == [("Side pot 1:", None), ("  Kristina", "+2350"), ("Main pot: Bo", "+12"), ("Kristina", None),
                    ("", "12000 +11000"), ("Anna", "99 -1")]
    for label, value in rows:
        assert value is None or 2 + text_width(label) + 6 + text_width(value) <= 120

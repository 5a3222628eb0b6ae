"""Hand evaluators for the three games: compact lookup tables, no allocation per hand.

    from dealerbox.eval import make_ranking, HandError
    rk = make_ranking("turkish", house=("no-minor",), deck=32)
    rk.score(cards)        # int, higher wins, equal scores tie; HandError for a bad hand
    rk.category(cards)     # "minor_straight_flush", "pure_sequence", "high_card", ...
    rk.categories          # category names, weakest first
    rk.score_unchecked(h)  # the same score without validation, for hot loops

A game's module (its scorer and its builder) and tables are imported with its first ranking and kept, so the
box loads only the code and tables of the game it plays (docs/evaluator.md, "Layout").
See ``docs/evaluator.md``.

What every ranking keeps during a hand (HandError, the hand check, the Ranking class) is ``base.py``: the games'
modules import it, and this module imports them (no import cycle).
"""

from dealerbox.eval.base import HandError  # noqa: F401  (the package's: ``from dealerbox.eval import HandError``)

GAMES = ("teen-patti", "turkish", "indian", "poker")

_kept = {}  # type: dict  # (game, house, wild ranks, deck) -> its ranking, built once


def make_ranking(game, house=(), wild_ranks=(), deck=52):
    """A ranking object for ``game`` ("teen-patti", "turkish", "indian" or "poker").

    ``house``: iterable of house-rule names (Teen Patti: "a23-high" (default),
    "akq-high", "a23-low", "muflis", "ak47", "joker-hunt=R", "best-of-four",
    "best-of-five"; Turkish: "no-minor", "standard-ranking"; Indian: "low",
    "suit-order", "two-card"; poker: none). ``poker`` is standard poker, the best five of 5 to 7
    cards (Forehead Stud). ``wild_ranks``: ranks 0-12 that are wild (Teen Patti
    only). ``deck``: 52, or 24/28/32/36 for Turkish (required there).
    Raises ValueError naming an unknown game, house rule, deck or wild rank.
    A ranking is built once per (game, house rules, wild ranks, deck) and kept: the same
    object is returned for the same arguments (rankings are never changed after the build).
    """
    house = tuple(house)
    wild_ranks = tuple(wild_ranks)
    key = (game, house, wild_ranks, deck)
    rk = _kept.get(key)
    if rk is None:
        if game == "teen-patti":
            from dealerbox.eval.teenpatti import build
        elif game == "turkish":
            from dealerbox.eval.turkish import build
            if deck == 52:
                deck = None  # not given: Turkish Poker needs its deck size (its build says so)
        elif game == "indian":
            from dealerbox.eval.indian import build
        elif game == "poker":                   # the best five of 5-7 cards, standard ranking (Forehead Stud)
            from dealerbox.eval.poker import build
        else:
            raise ValueError("unknown game %r (known: %s)" % (game, ", ".join(GAMES)))
        rk = _kept[key] = build(house, wild_ranks, deck)
    return rk


"""Hand evaluators for the three games: compact lookup tables, no allocation per hand.

    from dealerbox.eval import make_ranking, HandError
    rk = make_ranking("turkish", house=("no-minor",), deck=32)
    rk.score(cards)        # int, higher wins, equal scores tie; HandError for a bad hand
    rk.category(cards)     # "minor_straight_flush", "pure_sequence", "high_card", ...
    rk.categories          # category names, weakest first
    rk.check(cards)        # HandError naming the problem, or None
    rk.score_unchecked(h)  # the same score without validation, for hot loops

The game modules are imported on demand, so the box only loads the code and tables it uses,
and during a hand only what scores (docs/evaluator.md, "Layout").
See ``docs/evaluator.md``.
"""

import sys

from dealerbox.eval.base import HandError

GAMES = ("teen-patti", "turkish", "indian")


def make_ranking(game, house=(), wild_ranks=(), deck=52):
    """A ranking object for ``game`` ("teen-patti", "turkish" or "indian").

    ``house``: iterable of house-rule names (Teen Patti: "a23-high" (default),
    "akq-high", "a23-low", "muflis", "ak47", "joker-hunt=R", "best-of-four",
    "best-of-five"; Turkish: "no-minor", "standard-ranking"; Indian: "low",
    "suit-order", "two-card"). ``wild_ranks``: ranks 0-12 that are wild (Teen Patti
    only). ``deck``: 52, or 24/28/32/36 for Turkish (required there).
    Raises ValueError naming an unknown game, house rule, deck or wild rank.
    Cheap to build: the tables are shared, only two small tuples of deltas are new.
    The ranking's code (``base.py``, the game's scorers and tables) stays loaded; the
    builder (``build.py``, ``build_*.py``, ``codes.py``) is dropped again on MicroPython.
    """
    if game == "teen-patti":
        from dealerbox.eval.build_tp import build

        name = "build_tp"
    elif game == "turkish":
        from dealerbox.eval.build_tk import build

        name = "build_tk"
        if deck == 52:
            deck = None  # not given: Turkish Poker needs its deck size
    elif game == "indian":
        from dealerbox.eval.build_in import build

        name = "build_in"
    else:
        raise ValueError("unknown game %r (known: %s)" % (game, ", ".join(GAMES)))
    try:
        return build(tuple(house), tuple(wild_ranks), deck)
    finally:
        if sys.implementation.name == "micropython":
            from dealerbox import unload

            unload("dealerbox.eval." + name, "dealerbox.eval.build", "dealerbox.eval.codes")


__all__ = ["GAMES", "HandError", "make_ranking"]

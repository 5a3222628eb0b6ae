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
    The ranking's code (``base.py``, the game's scorers) stays loaded; the builder (``build.py``,
    ``build_*.py``, ``codes.py``) and the tables module are dropped again on MicroPython (the ranking
    keeps the table bytes it reads).
    """
    if game == "teen-patti":
        name = tables = "tp"
    elif game == "turkish":
        name = "tk"
        if deck == 52:
            deck = None  # not given: Turkish Poker needs its deck size
        tables = "tk%d" % deck if deck in (24, 28, 32, 36) else ""  # build_tk refuses any other deck
    elif game == "indian":
        name = tables = "in"
    else:
        raise ValueError("unknown game %r (known: %s)" % (game, ", ".join(GAMES)))
    try:
        if tables:
            # the tables first (Turkish 36: seven 513-byte blocks), while the free heap is least split, then the
            # builder's code: a Turkish session then completes in 9 KB less heap (docs/evaluator.md, Layout)
            tables = "dealerbox.eval.tables_" + tables
            __import__(tables)
        if name == "tp":
            from dealerbox.eval.build_tp import build
        elif name == "tk":
            from dealerbox.eval.build_tk import build
        else:
            from dealerbox.eval.build_in import build
        return build(tuple(house), tuple(wild_ranks), deck)
    finally:
        if sys.implementation.name == "micropython":
            from dealerbox import unload

            # the tables module too: the ranking holds the bytes it reads (views, FLUSH), not the module
            unload("dealerbox.eval.build_" + name, "dealerbox.eval.build", "dealerbox.eval.codes")
            if tables:
                unload(tables)


__all__ = ["GAMES", "HandError", "make_ranking"]

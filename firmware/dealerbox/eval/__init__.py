"""Hand evaluators for the three games: compact lookup tables, no allocation per hand.

    from dealerbox.eval import make_ranking, HandError
    rk = make_ranking("turkish", house=("no-minor",), deck=32)
    rk.score(cards)        # int, higher wins, equal scores tie; HandError for a bad hand
    rk.category(cards)     # "minor_straight_flush", "pure_sequence", "high_card", ...
    rk.categories          # category names, weakest first
    rk.check(cards)        # HandError naming the problem, or None
    rk.score_unchecked(h)  # the same score without validation, for hot loops

A game's module (its scorer and its builder) and tables are imported with its first ranking and kept, so the
box loads only the code and tables of the game it plays (docs/evaluator.md, "Layout").
See ``docs/evaluator.md``.

This module also holds what every ranking keeps during a hand: HandError, the hand check and the Ranking
class. A hand is a sequence of card ints 0-51 (``list``, ``tuple``, ``bytes``, ``bytearray``). Nothing here
allocates on the heap for a valid hand; only a refused hand builds its message (``eval/refused.py``, imported
the first time a hand is refused, and kept). Building a ranking (``build.py`` and the game's module) is done
once per game and house rules by ``make_ranking``, which keeps it.
"""


class HandError(ValueError):
    """A hand the ranking cannot judge: a repeated card, the wrong number of cards, a card
    outside the deck, or something that is not a card int 0-51. The message names it."""


# Hot functions here and in the game modules keep (locals + stack depth) <= 11 slots:
# MicroPython puts a larger call frame on the heap (and frees it) at every call, which
# is an allocation per hand.

_SEQUENCES = (list, tuple, bytes, bytearray)


def check_hand(cards, sizes, lowest_rank):
    """Raise HandError unless ``cards`` holds ``len(cards) in sizes`` distinct card ints of the deck.

    ``cards``: list, tuple, bytes or bytearray. ``lowest_rank``: the lowest rank (0-12)
    of the deck: 0 for 52 cards, 13 - deck/4 for a Turkish deck. Returns None.
    """
    if isinstance(cards, _SEQUENCES) and len(cards) in sizes and _cards_ok(cards, lowest_rank):
        return
    from dealerbox.eval.refused import why  # only a refused hand (never in the box's play) needs its words

    raise HandError(why(cards, sizes, lowest_rank))


def _cards_ok(cards, low):
    n = len(cards)
    i = 0
    while i < n:
        c = cards[i]
        if type(c) is not int or c < 0 or c > 51 or c >> 2 < low:
            return False
        j = 0
        while j < i:
            if cards[j] == c:
                return False
            j += 1
        i += 1
    return True


class Ranking:
    """What every ranking answers; built by ``make_ranking`` (the game module's ``build``).

    ``game`` (str), ``house`` (tuple of house-rule names), ``deck`` (cards in the deck),
    ``sizes`` (tuple of allowed hand sizes), ``lowest_rank`` (0-12, the deck's lowest rank),
    ``categories`` (names, weakest first), ``score_unchecked`` (cards -> int, no validation),
    and the game's own settings set by its builder. Scores are ints: higher wins,
    equal scores tie; the category is ``categories[score >> 9]`` (the only one when there is one).
    """

    wild_ranks = ()  # type: tuple
    muflis = False

    def __init__(self, game, house, deck, sizes, lowest_rank, categories, scorer):
        self.game = game
        self.house = house
        self.deck = deck
        self.sizes = sizes
        self.lowest_rank = lowest_rank
        self.categories = categories
        self.score_unchecked = scorer

    def check(self, cards):
        """Raise HandError unless ``cards`` is a hand this ranking can judge."""
        check_hand(cards, self.sizes, self.lowest_rank)

    def score(self, cards):
        """Strength of ``cards`` (card ints 0-51): int, higher wins, equal ties. HandError if bad."""
        check_hand(cards, self.sizes, self.lowest_rank)
        return self.score_unchecked(cards)

    def category(self, cards):
        """Category name of the best hand in ``cards`` (e.g. ``"pure_sequence"``). HandError if bad."""
        return self.category_of(self.score(cards))

    def category_of(self, score):
        """Category name of a score given by this ranking."""
        c = self.categories
        return c[score >> 9] if len(c) > 1 else c[0]

    def compare(self, a, b):
        """1 if hand ``a`` wins, -1 if ``b`` wins, 0 for a tie. HandError if either is bad."""
        x = self.score(a)
        y = self.score(b)
        return (x > y) - (x < y)


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


__all__ = ["GAMES", "HandError", "make_ranking"]

"""Building a Teen Patti ranking (``make_ranking("teen-patti", ...)``): the house rules read, the
scorers of ``teenpatti.py`` set up over the tables of ``tables_tp.py``. RULES.md, Teen Patti; seeds 000, 004.

Used while a ranking is built (once per game and house rules: ``make_ranking`` keeps it).
"""

from dealerbox.eval import codes as C
from dealerbox.eval import tables_tp as T
from dealerbox.eval.base import Ranking
from dealerbox.eval.build import card_values, deltas, u16
from dealerbox.eval.teenpatti import CATEGORIES, best_of, normal_scorer, reversed_scorer

SEQUENCE_ORDERS = ("a23-high", "akq-high", "a23-low")
HOUSE = SEQUENCE_ORDERS + ("muflis", "ak47", "joker-hunt=R", "best-of-four", "best-of-five")
AK47_RANKS = (12, 11, 2, 5)  # A K 4 7

# place of A-K-Q and A-2-3 among the sequences (the others sit at their top rank 2..11)
_SEQ_PLACES = {"a23-high": (12, 13), "akq-high": (13, 12), "a23-low": (12, 1)}

_cache = []  # type: list  # [card values, table view]: shared by every Teen Patti ranking


def _shared():
    if not _cache:
        _cache.append(card_values(T.W, T.SUIT, 0))
        _cache.append(u16(T.U))
    return _cache[0], _cache[1]


def parse_house(house, wild_ranks):
    """(sequence order, muflis, sizes, wild ranks tuple) from house names; ValueError names a bad one."""
    order = "a23-high"
    muflis = False
    sizes = (3, 4, 5)  # type: tuple
    wild = []
    for r in wild_ranks:
        if not isinstance(r, int) or r < 0 or r > 12:
            raise ValueError("a wild rank is 0-12 (2..A), not %r" % (r,))
        wild.append(r)
    orders = 0
    for name in house:
        if name in SEQUENCE_ORDERS:
            order = name
            orders += 1
        elif name == "muflis":
            muflis = True
        elif name == "ak47":
            wild.extend(AK47_RANKS)
        elif name.startswith("joker-hunt="):
            from dealerbox.cards import RANKS

            r = name[11:].upper()
            if r == "10":
                r = "T"
            if len(r) != 1 or r not in RANKS:
                raise ValueError("joker-hunt=R needs a rank 2-9, T, J, Q, K or A, not %r" % name[11:])
            wild.append(RANKS.find(r))
        elif name == "best-of-four":
            sizes = (4,)
        elif name == "best-of-five":
            sizes = (5,)
        else:
            raise ValueError("unknown Teen Patti house rule %r (known: %s)" % (name, ", ".join(HOUSE)))
    if orders > 1:
        raise ValueError("choose one sequence order of %s" % ", ".join(SEQUENCE_ORDERS))
    out = []
    for r in wild:
        if r not in out:
            out.append(r)
    return order, muflis, sizes, tuple(sorted(out))


def build(house, wild_ranks, deck):
    """The Teen Patti ranking (a ``base.Ranking``) for ``house`` and ``wild_ranks`` (tuples, see
    ``make_ranking``). Besides the common attributes it has ``order`` (the sequence order),
    ``muflis`` (bool) and ``wild_ranks`` (sorted tuple). Under muflis ``categories`` is reversed
    (trail weakest) and the score is 3071 - the normal score. ValueError for a bad house rule,
    wild rank or a deck other than 52.
    """
    if deck != 52:
        raise ValueError("Teen Patti uses the 52-card deck, not %r" % (deck,))
    order, muflis, sizes, wild = parse_house(house, wild_ranks)
    akq, a23 = _SEQ_PLACES[order]
    plain = (0, 1, 3, (3, akq), (3, a23), 5)  # code -> category (or category, within)
    flush = (2, 1, 4, (4, akq), (4, a23), 5)
    v, u = _shared()
    norm3 = normal_scorer(v, u, T.FLUSH, deltas(plain, C.TP_CODES, 9), deltas(flush, C.TP_CODES, 9))
    if wild:
        iw = bytearray(52)
        for c in range(52):
            iw[c] = 1 if (c >> 2) in wild else 0
        from dealerbox.eval.tpwild import wild_scorer  # only a wild-card variant loads it

        ev3 = wild_scorer(norm3, bytes(iw), muflis)
    else:
        ev3 = norm3
    if muflis:
        ev3 = reversed_scorer(ev3)
    cats = tuple(reversed(CATEGORIES)) if muflis else CATEGORIES
    rk = Ranking("teen-patti", house, 52, sizes, 0, cats, best_of(ev3))
    rk.order = order  # type: ignore[attr-defined]
    rk.muflis = muflis
    rk.wild_ranks = wild
    return rk

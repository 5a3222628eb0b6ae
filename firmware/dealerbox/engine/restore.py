"""A hand in progress (and its table) rebuilt from its snapshot (``Engine.to_state()``, ``Table.to_state()``): used
only to resume a saved session.

``Engine.from_state`` and ``Table.from_state`` load this module for the call and, on MicroPython, drop it again
(``engine.lazy``): a session that never resumes never has this code on the heap, nor the
betting round's and the stock's restore (docs/engine.md, Memory). The snapshot format is
``to_state``'s: the engine's own keys, ``"pb"`` (``PotBook.to_state``) and the game's ``STATE``
names, where ``"round_state"`` is a ``BettingRound.to_state()`` and ``"stock_state"`` a
``Stock.to_state()``.
"""

from dealerbox.engine.base import Engine, _copy
from dealerbox.engine.pots import PotBook


def engine(cls, table, d, entropy=None):
    """The engine of class ``cls`` from ``to_state()``'s dict ``d``, on ``table`` (restored separately).

    ``cls`` is ``Engine`` itself: the game's class is picked from ``d["game"]``
    (``dealerbox.games.engine_class``, ValueError for an unknown game). ``entropy`` as for
    the engine. KeyError for a dict that lacks a key of the snapshot.
    """
    if cls is Engine:
        from dealerbox.games import engine_class
        cls = engine_class(d["game"])
    e = cls(table, d["rules"], entropy)
    e.hand_no = d["hand_no"]
    e.phase = d["phase"]
    e.to_act = d["to_act"]
    e.dealt = list(d["dealt"])
    e.hands = _copy(d["hands"])
    e.deck = list(d["deck"])
    e.pos = d["pos"]
    e.pb = pot_book(d["pb"])
    e.result = _copy(d["result"])
    e.log = log = _copy(d["log"])
    for k in ("rules", "deck", "result"):   # shared again as start_hand / _finish share them
        if k in log and log[k] == getattr(e, k):
            log[k] = getattr(e, k)
    for k in cls.STATE:
        v = d[k]
        if k == "round_state":
            e.round = betting_round(v)
        elif k == "stock_state":
            e.stock = stock(v, e.deck[e.pos:])
        else:
            setattr(e, k, _copy(v))
    return e


def table(cls, d):
    """A ``Table`` (class ``cls``) from ``Table.to_state()``'s dict."""
    t = cls(d["names"], list(d["stacks"]), d["dealer"])
    t.bought_in = list(d["bought_in"])
    t.stopped = bool(d.get("stopped", False))
    c = d.get("carry")
    t.carry = list(c) if c else None
    return t


def pot_book(d):
    """A ``PotBook`` from ``PotBook.to_state()``'s dict (its own lists)."""
    pb = PotBook(d["n"])
    pb.contributed = list(d["contributed"])
    pb.folded = list(d["folded"])
    pb.all_in = list(d["all_in"])
    return pb


def betting_round(d):
    """A ``BettingRound`` from ``BettingRound.to_state()``'s dict (the per-seat flags from their bit masks)."""
    from dealerbox.engine.betting import BettingRound
    n = len(d["bets"])
    r = BettingRound(n, d["order"], d["size"], d["structure"], d["cap"], d["check_raise"])
    r.bets = list(d["bets"])
    r.high = d["high"]
    r.min_raise = d["min_raise"]
    r.raises = d["raises"]
    f = d["flags"]
    r.folded = _bits(f[0], n)
    r.pending = _bits(f[1], n)
    r.can_raise = _bits(f[2], n)
    r.checked = _bits(f[3], n)
    r.to_act = d["to_act"]
    return r


def _bits(m, n):
    out = []
    for i in range(n):
        out.append(bool(m >> i & 1))
    return out


def stock(d, cards):
    """A ``Stock`` from ``Stock.to_state()``'s dict; ``cards``: the stock as dealt from the deck (its cards when
    there was no reshuffle, which the snapshot then leaves out)."""
    from dealerbox.engine.stock import Stock
    st = Stock(d["cards"] if "cards" in d else cards, d.get("replay"))
    st.pos = d["pos"]
    st.muck = list(d["muck"])
    st.reshuffles = _copy(d["reshuffles"])
    return st

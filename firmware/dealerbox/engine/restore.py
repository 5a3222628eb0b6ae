"""The engine rebuilt or stopped outside play: from a snapshot (the boot's resume), from a hand log (a replay,
the catch-up after a damaged save: host_tools/replay.py, verify.py, ui/catchup.py), and a hand voided after a
restart mid-hand.

``Engine.from_state``, ``Engine.start_from_log`` and ``Engine.void_hand`` call these (imported there, kept): a
box that boots with no saved session and only plays never imports this module (docs/device.md, "Memory"). The
parts of a snapshot are read back here too (``pot_book``, ``betting_round``, ``stock``: the ``to_state`` of
``PotBook``, ``BettingRound`` and ``Stock``), with a Teen Patti snapshot of an earlier firmware (its whole-chip
stake).
``e`` is the engine (``engine/base.py``).
"""

from dealerbox.engine import _copy
from dealerbox.engine.pots import PotBook


def start_from_log(e, log):
    """Start the hand of the hand-log dict ``log``; returns the events of ``start_hand`` (replay).

    The deck is the log's; so are the draws the game would make: Turkish Poker's carried pot
    (``"carry"``, chips per seat, docs/turkish.md) and reshuffled stocks (``"reshuffles"``),
    Teen Patti's Joker Hunt wild rank (``"wild"``). The hand's number in its session (``"hand"``, 1 for the
    first) becomes ``hand_no``; a log written before the key existed gets none, so the replayed log equals
    it. The commitment and salt (``"commit"``, ``"salt"``) and the chip value (``"cents"``) are carried over
    as logged (``host_tools.verify`` checks them; logs written before them have none). ValueError for a
    deck that is not the game's.
    """
    deck = log["deck"]
    hand = log.get("hand")
    e.hand_no = hand - 1 if hand else 0     # start_hand counts it up
    if e.GAME == "teen-patti":
        events = e.start_hand(deck=deck, wild=log.get("wild"))  # type: ignore[call-arg]
        if "stake2" not in log:     # written before the exact stake: replays with the stake rounded up
            del e.log["stake2"]
    else:
        if e.GAME == "turkish":
            carry = log.get("carry")
            e.table.carry = list(carry) if carry else None
            e.replay_reshuffles = _copy(log.get("reshuffles") or [])  # type: ignore[attr-defined]
        events = e.start_hand(deck=deck)
    if hand is None:
        del e.log["hand"]
    if log["rules"] != e.rules:     # written before a house rule existed: its rules as logged
        e.log["rules"] = _copy(log["rules"])
    for k in ("salt", "commit", "cents", "undone", "misdeal"):  # (undone, misdeal: the table's, ui/play.py)
        if k in log:
            e.log[k] = log[k]
    return events


def void_hand(e):
    """Void the hand in progress (the table chose it after a restart mid-hand: docs/security.md): every
    chip put in this hand goes back to the seat that put it in (a Turkish carried pot back to the table's
    ``carry``, to wait for the next deal), nobody wins, the button stays. The log's result is
    ``{"voided": True, "back": [[seat, chips], ...], "returned": None, "stacks": [...], "pots": [],
    "awards": [], "shown": [None, ...]}``; the log keeps the deck (the deal revealed). Returns the events
    (``["back", seat, chips]`` per seat, then ``["void"]``) (``Engine.void_hand``: a hand in progress).
    """
    carry = e.log.get("carry")
    back = []
    events = []
    for s in range(e.n):
        chips = e.pb.contributed[s] - (carry[s] if carry else 0)
        if chips:
            e.table.stacks[s] += chips
            back.append([s, chips])
            events.append(["back", s, chips])
    if carry:
        e.table.carry = list(carry)
    e.pb = PotBook(e.n)
    e.result = {"voided": True, "back": back, "returned": None, "stacks": list(e.table.stacks),
                   "pots": [], "awards": [], "shown": [None] * e.n}
    e.log["result"] = e.result
    e.phase = "over"
    e.to_act = None
    events.append(["void"])
    return events


def from_state(cls, table, d, entropy=None):
    """The engine of class ``cls`` (the game's: ``dealerbox.games.engine_class(d["game"])``) from ``to_state()``'s
    dict ``d``, on ``table`` (``Table.from_state``, restored separately). ``entropy`` as for the engine.

    ValueError when ``d`` is another game's snapshot; KeyError for a dict that lacks a key of the snapshot.
    """
    if d["game"] != cls.GAME:
        raise ValueError("a %s snapshot, not %s" % (d["game"], cls.GAME))
    if cls.GAME == "teen-patti" and "stake2" not in d:
        # written before Teen Patti's exact stake ("stake" in whole chips): stake2 = 2 * stake, and the hand goes
        # on with the old rounding (its log has no "stake2")
        d = dict(d)
        d["stake2"] = 2 * d["stake"]
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
        if k[-6:] != "_state":
            setattr(e, k, _copy(d[k]))
    if "round_state" in cls.STATE:          # the game's own objects (Engine.to_state: a name ending in _state)
        e.round = betting_round(d["round_state"])  # type: ignore[attr-defined]
    if "stock_state" in cls.STATE:
        e.stock = stock(d["stock_state"], e.deck[e.pos:], type(e.stock))  # type: ignore[attr-defined]
    return e


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
    r.folded, r.pending, r.can_raise, r.checked = d["flags"]   # bit masks, seat 0 = bit 0, as the round keeps them
    r.to_act = d["to_act"]
    return r


def stock(d, cards, cls):
    """A stock of class ``cls`` (the game's ``Stock``: ``games.turkish``; the engine's own, ``type(e.stock)``: the
    engine imports no game) from ``Stock.to_state()``'s dict; ``cards``: the stock as dealt from the deck (its
    cards when there was no reshuffle, which the snapshot then leaves out)."""
    st = cls(d["cards"] if "cards" in d else cards, d.get("replay"))
    st.pos = d["pos"]
    st.muck = list(d["muck"])
    st.reshuffles = [list(r) for r in d["reshuffles"]]
    return st

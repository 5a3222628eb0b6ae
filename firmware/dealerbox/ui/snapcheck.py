"""A saved session checked and continued: the validation pass after the store's checksum, the journal replayed.

Imported when a saved snapshot is there to check (``resume.boot``, before the store reads it: ``store.load`` calls
``check``) or a journal to replay (``App.restore``), and kept; a box that boots with nothing saved never loads it
(docs/device.md, Memory):

* ``check(snap)``: the shape of the snapshot, a known game, house rules in their ranges, stacks and
  pots whole, >= 0, under ``MAX_CHIPS`` and adding up to the chips that entered the session, seats
  and turn in range, every card at most once in the hand; returns the reason in words, or None;
* ``action_of(rec)``: a journal record (``app.record_of``) back to ``(seat, Action)``;
* ``replay(engine, records, names)``: the journal applied to the restored engine.

The hand logs committed after an older save (``Store.later``) are caught up by ui/catchup.py, imported only
when there are some.

Errors never escape as tracebacks: ``check`` turns any exception of a restore into its reason.
"""

from micropython import const

from dealerbox.engine import rules
from dealerbox.engine.base import Action, IllegalAction
from dealerbox.engine.table import Table
from dealerbox.games import GAMES, engine_class
from dealerbox.lang import N_
from dealerbox.reason import Reason
from dealerbox.ui.modes import CENTS_LADDER, SNAPSHOT_VERSION, describe

MAX_CHIPS = const(1000000000)   # more chips than any table has: a larger stack is a damaged save
MAX_SEATS = const(10)
_DECK = const(52)


def action_of(rec):
    """``(seat, Action)`` from a journal record; ValueError for one that is not a record of ``record_of``."""
    parts = rec.split(".")
    if len(parts) not in (3, 4) or not parts[0].isdigit() or not parts[1].isalpha():
        raise ValueError(Reason("bad journal record %r", rec))
    amount = parts[2]
    if not (amount.isdigit() or amount[:1] == "-" and amount[1:].isdigit()):
        raise ValueError(Reason("bad journal record %r", rec))
    cards = None
    if len(parts) == 4:
        cards = []
        for c in parts[3].split("-") if parts[3] else ():
            if not c.isdigit():
                raise ValueError(Reason("bad journal record %r", rec))
            cards.append(int(c))
    return int(parts[0]), Action(parts[1], int(amount), cards)


def _ints(x, n=None, lo=0, hi=MAX_CHIPS):
    if not isinstance(x, list) or n is not None and len(x) != n:
        return False
    for v in x:
        if type(v) is not int or not lo <= v <= hi:
            return False
    return True


def _config(cfg):
    """True when the session config ``cfg`` (ui/settings.py) has what the app reads of it later (the rebuy, the rules
    between hands, the table menu, the end and the next setup): ``players`` 2-10, as many ``names`` (strs) or more,
    ``chips`` a stack 1..``MAX_CHIPS``, ``cents`` a step of the chip value's ladder, ``preset`` a str, ``rules`` a
    dict (its values are checked by ``check``; the turn screens read it)."""
    p = cfg.get("players")
    names = cfg.get("names")
    if type(p) is not int or not 2 <= p <= MAX_SEATS or not isinstance(names, list) or len(names) < p:
        return False
    for nm in names:
        if not isinstance(nm, str):
            return False
    c = cfg.get("chips")
    for k in ("hands", "minutes", "last_hand"):     # the session's length (ui/settings.py LIMITS)
        if type(cfg.get(k, 0)) is not int or cfg.get(k, 0) < 0:
            return False
    return type(c) is int and 1 <= c <= MAX_CHIPS and cfg.get("cents", 0) in CENTS_LADDER \
        and type(cfg.get("cents", 0)) is int and isinstance(cfg.get("preset", ""), str) \
        and isinstance(cfg.get("rules"), dict)


def _shape(snap):
    """The reason ``snap`` has not the shape of the app's snapshot (``App.snapshot``), or None."""
    if not isinstance(snap, dict):
        return Reason("not a snapshot (JSON %s)", type(snap).__name__)
    v = snap.get("v")
    if v != SNAPSHOT_VERSION:
        return Reason("snapshot version %r, this firmware reads %d", v, SNAPSHOT_VERSION)
    cfg = snap.get("cfg")
    if not isinstance(cfg, dict) or not isinstance(cfg.get("game"), str) or not _config(cfg):
        return N_("snapshot without a valid 'cfg'")
    if not _table_shape(snap.get("table")):
        return N_("snapshot without a valid 'table'")
    e = snap.get("engine")
    if e is not None and not isinstance(e, dict) or type(snap.get("hand_no", 0)) is not int \
            or not isinstance(snap.get("last", ""), str):
        return N_("snapshot without a valid 'engine'")
    return None


def _table_shape(t):
    """True when ``t`` has the shape of ``Table.to_state``: 2-10 names, a dealer, as many stacks and buy-ins (ints)."""
    ok = isinstance(t, dict) and isinstance(t.get("names"), list) and 2 <= len(t["names"]) <= MAX_SEATS \
        and type(t.get("dealer")) is int
    for key in ("stacks", "bought_in"):
        ok = ok and isinstance(t.get(key), list) and len(t[key]) == len(t["names"])  # type: ignore[union-attr,index]
        for c in t[key] if ok else ():  # type: ignore[index]
            ok = ok and type(c) is int
    return ok


def check(snap):
    """None when ``snap`` is a snapshot this app can continue, else the reason (str, for the players).

    After the checksum (the store's): the shape, then the content against the rules: a known game and
    house rules in their ranges (``engine.rules.validate``), 2-10 seats, the dealer and the seat to act
    in range, every stack and buy-in an int 0..``MAX_CHIPS``, stacks plus pots equal to the chips bought
    in (``Engine.chips_ok``), the deck a set of distinct cards 0-51 and no card in two hands. A snapshot
    the engine cannot be rebuilt from is refused with the error's words.
    """
    why = _shape(snap)
    if why is not None:
        return why
    cfg = snap["cfg"]
    game = cfg["game"]
    if game not in GAMES:
        return Reason("unknown game %r", game)
    try:
        rules.validate(game, cfg["rules"])
    except (ValueError, TypeError, KeyError) as err:
        return Reason("house rules out of range (%s)", err)
    t = snap["table"]
    n = len(t["names"])
    if not _ints(t["stacks"], n) or not _ints(t["bought_in"], n) or t.get("carry") and not _ints(t["carry"], n):
        return N_("a stack or buy-in out of range")
    if not 0 <= t["dealer"] < n:
        return Reason("dealer seat %d of %d", t["dealer"], n)
    es = snap.get("engine")
    try:
        table = Table.from_state(t)
        if es is None:
            total = sum(table.stacks) + table.carried()
            return None if total == sum(table.bought_in) else "chips not conserved (%d in play, %d bought in)" % (
                total, sum(table.bought_in))
        return _hand(game, table, es, n)
    except Exception as err:  # any damage the engine trips on: refused, in words, never a crash
        return Reason("cannot be resumed (%s: %s)", type(err).__name__, err)


def _hand(game, table, es, n):
    """The reason the saved hand ``es`` (``Engine.to_state``) of ``game`` at ``table`` (``n`` seats) cannot be
    continued, or None; raises on damage the engine trips on (``check`` says it)."""
    if es.get("game") != game:
        return Reason("a hand of %r in a session of %r", es.get("game"), game)
    to_act = es.get("to_act")
    if to_act is not None and (type(to_act) is not int or not 0 <= to_act < n):
        return Reason("seat to act %r of %d", to_act, n)
    why = _cards(es, n)
    if why is not None:
        return why
    e = engine_class(game).from_state(table, es)
    if not e.chips_ok():
        return Reason("chips not conserved (%d in play, %d bought in)", sum(table.stacks) + e.pot_total(),
                                                                  sum(table.bought_in))
    if not _ints(e.pb.contributed, n):
        return N_("a pot out of range")
    return _replays(e, es.get("log"))


def play_log(e, rows):
    """Play the hand-log rows ``rows`` (``[seat, kind, amount]``, ...) on engine ``e`` as the players did; None, or
    ``(i, why)``: row i (1, 2, ...) could not be played and why (str: a malformed row, a seat out of turn, an action
    refused), the engine then after the rows before it. Shared by ``check`` and ui/catchup.py."""
    for i in range(len(rows)):
        try:
            seat, action = Action.from_list(rows[i])
            if seat != e.to_act:
                raise ValueError(Reason("seat %d acts out of turn", seat))
            e.apply(action)
        except Exception as err:    # (an IllegalAction is a ValueError: its reason in words)
            return i + 1, str(err)
    return None


def _replays(e, log):
    """None when the saved hand ``e`` (restored from a snapshot) is the hand its own log deals and plays again:
    its state (``Engine.to_state``) of the same shape field for field (``_same``: a seat's flag a bool, a hand a
    list of cards, a result the dict of its keys) and every value equal, but Teen Patti's exact stake (an earlier
    firmware's snapshot has it from its rounded one) and the hand's number where its log has none (an earlier
    firmware's); else why not (str). A value of another type or a flag the log does not give would stop the game
    later, on a screen or at an action; the save before it is used instead."""
    if _damaged(log):
        return N_("a saved hand with a damaged log")
    t = Table.from_state({"names": log["names"], "stacks": list(log["stacks"]), "dealer": log["dealer"],
                          "bought_in": list(log.get("bought_in") or log["stacks"])})
    ref = type(e)(t, log["rules"])
    ref.start_from_log(log)
    why = play_log(ref, log["actions"])
    if why is not None:
        return Reason("the saved hand does not replay from its log (action %d: %s)", *why)
    if ref.phase != "over" and isinstance(log.get("result"), dict) and log["result"].get("voided") is True:
        ref.void_hand()
    a, b = e.to_state(False), ref.to_state(False)     # (not the table: a session's end, a rebuy and a carried
    if len(a) != len(b) or e.hand_no < 1:            # pot's return change it after the hand)
        return N_("the saved hand is not the hand its log plays")
    for k in a:     # every value as the log plays it; an earlier firmware's rounded stake, unnumbered hand: the type
        if k not in b or not _same(a[k], b[k], k != "stake2" and (k != "hand_no" or "hand" in log)):
            return N_("the saved hand is not the hand its log plays")
    return None


def _damaged(log):
    """True when the saved hand's ``log`` is not a hand log: no actions, a salt or seal not hex as the deal made them
    (``start_from_log`` copies them as they are), a chip value not an int."""
    if not isinstance(log, dict) or not isinstance(log.get("actions"), list):
        return True
    for k, n in (("salt", 32), ("commit", 64)):
        v = log.get(k)
        if v is not None and (not isinstance(v, str) or len(v) != n or v.strip("0123456789abcdef")):
            return True
    return type(log.get("cents", 0)) is not int


def _same(a, b, values):
    """True when the JSON-able ``a`` and ``b`` have one shape: the same type (a bool is not an int; a list and a
    tuple are one), lists of one length whose items have one shape, dicts of the same keys whose values have one
    shape; numbers and strs of any value, or with ``values`` equal."""
    if isinstance(a, (list, tuple)):
        if not isinstance(b, (list, tuple)) or len(a) != len(b):
            return False
        for i in range(len(a)):
            if not _same(a[i], b[i], values):
                return False
        return True
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        if len(a) != len(b):
            return False
        for k in a:
            if k not in b or not _same(a[k], b[k], values):
                return False
        return True
    return not values or a == b


def _deck(deck, seen):
    """Mark the cards of ``deck`` in ``seen`` (bytearray of 52); the reason it is not a deck, or None."""
    if not _ints(deck, None, 0, _DECK - 1) or len(deck) > _DECK:
        return N_("a deck that is not cards")
    for c in deck:
        if seen[c]:
            return Reason("card %d twice in the deck", c)
        seen[c] = 1
    return None


def _cards(es, n):
    """The reason the saved hand's deck and hands are not distinct cards of the deck, or None."""
    seen = bytearray(_DECK)
    why = _deck(es.get("deck"), seen)
    if why is not None:
        return why
    hands = es.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        return Reason("hands that are not %d seats", n)
    held = bytearray(_DECK)
    pb = es.get("pb")
    folded = pb.get("folded") if isinstance(pb, dict) else None
    for s in range(n):
        h = hands[s]
        if h is None:
            continue
        if not _ints(h, None, 0, _DECK - 1):
            return N_("a hand that is not cards")
        if isinstance(folded, list) and s < len(folded) and folded[s] is True:
            continue        # a folded hand's cards went to the muck: a Turkish reshuffle deals them to another seat
        for c in h:
            if held[c] or not seen[c]:
                return Reason("card %d twice in the hand", c)
            held[c] = 1
    return None


def replay(e, records, names=None):
    """Apply the journal ``records`` (list of str; an ``"undo"`` takes the action before it back) to engine ``e`` as
    the players did.

    Returns ``(applied, problem, last)``: how many were applied, None or the reason the next one could not be (a
    record that is not an action, or one the rules refuse: the session continues before it), and the public line
    about the last one applied (with ``names``, the seats' names; else "").
    """
    stand = []  # type: list  # the actions that stand, in order: each "undo" and the action it takes back left out
    for rec in records:
        if rec == "undo":
            if stand:
                stand.pop()
        else:
            stand.append(rec)
    k = 0
    last = ""
    for rec in stand:
        try:
            seat, action = action_of(rec)
            if seat != e.to_act:
                raise ValueError(Reason("seat %d acts out of turn", seat))
            was = e.is_all_in(seat)
            events = e.apply(action)
        except IllegalAction as err:
            return k, Reason("action %d of the hand's journal refused (%s)", k + 1, err), last
        except Exception as err:  # a damaged record the engine trips on: the same answer, never a crash
            return k, Reason("action %d of the hand's journal refused (%s: %s)", k + 1, type(err).__name__, err), last
        if names is not None:
            last = describe(names, seat, action, events, e.is_all_in(seat) and not was)
        k += 1
    return k, None, last

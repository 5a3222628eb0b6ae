"""A hand log read back (docs/engine.md, Hand log): the replay tool and the tests, never a hand in play on the box
(a hand's actions, its start, the check of a given deck).

``Action.from_list`` and ``Engine.start_from_log`` import this module when first called, so a
game played on the box never has it on the heap (docs/engine.md, Memory). It stays loaded once
used: a replay reads every action through it.
"""

from dealerbox.engine.base import Action, _copy


def action(row):
    """``(seat, Action)`` from a hand-log row ``[seat, kind, amount]`` (plus ``cards``, a list of positions).

    Raises ValueError for a malformed row.
    """
    if not isinstance(row, list) or len(row) not in (3, 4) or type(row[0]) is not int \
            or not isinstance(row[1], str) or type(row[2]) is not int:    # a bool is no seat or amount
        raise ValueError("malformed action %r" % (row,))
    return row[0], Action(row[1], row[2], row[3] if len(row) == 4 else None)


def reveal(log):
    """The deal's commitment recomputed from the hand-log dict ``log``'s own ``hand``, ``game``, ``deck`` and
    ``salt`` (``dealerbox.engine.commit``; str, 64 hex digits): tests on both interpreters. ValueError when the
    salt is not 32 hex digits."""
    from binascii import unhexlify

    from dealerbox.engine.commit import commitment
    return commitment(log["hand"], log["game"], log["deck"], unhexlify(log["salt"]))


def given_deck(deck, fresh):
    """``deck`` (card ints, the dealt order) as a new list, checked to be a permutation of ``fresh`` (the game's
    unshuffled deck for the hand): ``Engine.start_hand(deck=...)``. ValueError when it is not."""
    deck = list(deck)
    if sorted(deck) != sorted(fresh):
        raise ValueError("the deck is not a full %d-card deck" % len(fresh))
    return deck


def start(e, log):
    """Start on the engine ``e`` the hand of the hand-log dict ``log``; returns the events of ``start_hand``.

    The deck is the log's; so are the draws the game would make: Turkish Poker's carried pot
    (``"carry"``, chips per seat, docs/turkish.md) and reshuffled stocks (``"reshuffles"``),
    Teen Patti's Joker Hunt wild rank (``"wild"``). The hand's number in its session (``"hand"``, 1 for the
    first) becomes ``e.hand_no``; a log written before the key existed gets none, so the replayed log equals
    it. The commitment and salt (``"commit"``, ``"salt"``) are carried over as logged (``host_tools.verify``
    checks them; logs written before them have none). ValueError for a deck that is not the game's.
    """
    deck = log["deck"]
    hand = log.get("hand")
    e.hand_no = hand - 1 if hand else 0     # start_hand counts it up
    if e.GAME == "teen-patti":
        events = e.start_hand(deck=deck, wild=log.get("wild"))
    else:
        if e.GAME == "turkish":
            carry = log.get("carry")
            e.carry = list(carry) if carry else None
            e.replay_reshuffles = _copy(log.get("reshuffles") or [])
        events = e.start_hand(deck=deck)
    if hand is None:
        del e.log["hand"]
    for k in ("salt", "commit", "cents"):   # the deal's commitment (docs/fairness.md), the chip value: as logged
        if k in log:
            e.log[k] = log[k]
    return events

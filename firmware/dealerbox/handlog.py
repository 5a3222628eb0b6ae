"""A hand log read back (docs/engine.md, Hand log): the replay tool and the tests, never a hand in play on the box
(a hand's actions, its start, the check of a given deck).

``Action.from_list`` and ``Engine.start_from_log`` import this module when first called, so a
game played on the box never has it on the heap (docs/engine.md, Memory). It stays loaded once
used: a replay reads every action through it.
"""

from dealerbox.engine import Action, _copy


def action(row):
    """``(seat, Action)`` from a hand-log row ``[seat, kind, amount]`` (plus ``cards``, a list of positions).

    Raises ValueError for a malformed row.
    """
    if not isinstance(row, list) or len(row) not in (3, 4) or not isinstance(row[0], int) \
            or not isinstance(row[1], str) or not isinstance(row[2], int):
        raise ValueError("malformed action %r" % (row,))
    return row[0], Action(row[1], row[2], row[3] if len(row) == 4 else None)


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
    Teen Patti's Joker Hunt wild rank (``"wild"``). ValueError for a deck that is not the game's.
    """
    deck = log["deck"]
    if e.GAME == "teen-patti":
        return e.start_hand(deck=deck, wild=log.get("wild"))
    if e.GAME == "turkish":
        carry = log.get("carry")
        e.carry = list(carry) if carry else None
        e.replay_reshuffles = _copy(log.get("reshuffles") or [])
    return e.start_hand(deck=deck)

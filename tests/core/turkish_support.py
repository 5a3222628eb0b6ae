"""Helpers for the Turkish and Indian Poker core tests: stacked decks, a quick table, replay, snapshots."""

import json

from dealerbox.cards import full_deck, parse_cards
from dealerbox.engine.base import Action
from dealerbox.engine.table import Table
from dealerbox.eval.turkish import turkish_lowest_rank
from dealerbox.games import engine_class


def deck_of_size(size):
    """The deck of ``size`` cards as a bytearray, ascending: the 52-card deck, or a Turkish deck of 24/28/32/36
    (its lowest rank: ``turkish_lowest_rank``, ValueError for any other size)."""
    if size == 52:
        return full_deck()
    return bytearray(range(turkish_lowest_rank(size) * 4, 52))


def minimal_openers(rank, size):
    """The weakest hand holding openers of ``rank``: a pair of that rank and the three lowest other ranks.

    Card ints; the pair in clubs and diamonds, the kickers in hearts, spades,
    hearts, so the hand is neither a flush nor a straight. ``size``: deck size.
    """
    low = 13 - size // 4
    kickers = list(range(low, 13))
    if rank in kickers:
        kickers.remove(rank)
    return [rank * 4, rank * 4 + 1, kickers[0] * 4 + 2, kickers[1] * 4 + 3, kickers[2] * 4 + 2]


def deck_for(hands, dealer, size=52, then=""):
    """The deck (list of card ints, ``size`` cards) that deals ``hands`` one card at a time clockwise
    from the seat left of ``dealer``, then the cards of ``then`` (notation) on top of the rest.

    ``hands``: list per seat of notation str (None for a seat that is out).
    """
    n = len(hands)
    order = [(dealer + k) % n for k in range(1, n + 1) if hands[(dealer + k) % n] is not None]
    cards = {s: parse_cards(hands[s]) for s in order}
    deck = []
    for i in range(len(cards[order[0]])):
        for s in order:
            deck.append(cards[s][i])
    deck.extend(parse_cards(then))
    full = list(deck_of_size(size))
    for c in deck:
        assert deck.count(c) == 1, "card dealt twice: %d" % c
        assert c in full, "card %d is not in the %d-card deck" % (c, size)
    for c in full:
        if c not in deck:
            deck.append(c)
    assert len(deck) == size
    return deck


def table(n, chips=100, dealer=None):
    """A Table of ``n`` seats named P1.. with ``chips`` (int or list); the dealer is the last seat by default."""
    return Table(["P%d" % (i + 1) for i in range(n)], chips, n - 1 if dealer is None else dealer)


def act(e, kind, amount=0, cards=None):
    """Apply ``Action(kind, amount, cards)`` for the seat to act; returns the events."""
    return e.apply(Action(kind, amount, cards))


def kinds(e):
    """The legal option kinds, in order."""
    return [o.kind for o in e.legal_actions()]


def option(e, kind):
    """``(min, max)`` of the legal option ``kind``, or None."""
    for o in e.legal_actions():
        if o.kind == kind:
            return (o.min, o.max)
    return None


def snapshot(e):
    """The engine and table state as one JSON string (to check that a refusal changed nothing)."""
    return json.dumps([e.to_state(), e.table.to_state()])


def replay(log):
    """Re-run a hand log (a dict, as written: JSON round trip first) through a fresh engine.

    Every action is checked by the engine; returns the engine. Raises AssertionError when the result or
    the final stacks differ from the log, the engine's IllegalAction/ValueError for a bad action.
    """
    log = json.loads(json.dumps(log))
    t = Table(log["names"], list(log["stacks"]), log["dealer"])
    t.bought_in = list(log["bought_in"])
    e = engine_class(log["game"])(t, log["rules"])
    e.start_from_log(log)
    for row in log["actions"]:
        seat, a = Action.from_list(row)
        assert seat == e.to_act, "action out of turn: %r" % (row,)
        e.apply(a)
    assert e.phase == "over"
    assert json.loads(json.dumps(e.result)) == log["result"]
    assert t.stacks == log["result"]["stacks"]
    return e


def restored(e):
    """A copy of engine ``e`` (and its table) through JSON snapshots, as after a power cut."""
    t = Table.from_state(json.loads(json.dumps(e.table.to_state())))
    return type(e).from_state(t, json.loads(json.dumps(e.to_state())), e.entropy)

"""Helpers for the Teen Patti core tests: a deck that deals chosen hands, a quick table."""

from dealerbox.cards import parse_cards
from dealerbox.engine.table import Table
from dealerbox.games.teenpatti import TeenPatti


def deck_for(hands, dealer):
    """The full deck (list of ints) that deals ``hands`` (list per seat of notation str, or None for a seat
    that is out) one card at a time clockwise from the seat left of ``dealer``."""
    n = len(hands)
    order = [(dealer + k) % n for k in range(1, n + 1) if hands[(dealer + k) % n] is not None]
    cards = {s: parse_cards(hands[s]) for s in order}
    k = len(cards[order[0]])
    deck = []
    for i in range(k):
        for s in order:
            deck.append(cards[s][i])
    rest = [c for c in range(52) if c not in deck]
    return deck + rest


def game(hands, stacks, rules=None, dealer=None, names=None):
    """A started TeenPatti hand: ``hands`` per seat (notation), ``stacks`` int or list; dealer the last seat."""
    n = len(hands)
    if dealer is None:
        dealer = n - 1
    if names is None:
        names = ["P%d" % (i + 1) for i in range(n)]
    t = Table(names, stacks, dealer)
    e = TeenPatti(t, rules or {})
    e.start_hand(deck=deck_for(hands, dealer))
    return e, t

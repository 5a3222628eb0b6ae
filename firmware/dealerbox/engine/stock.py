"""The stock of a draw game: cards served from the top, discards kept, reshuffled when it runs out.

Turkish Poker's draw (RULES.md, Turkish Poker; seed 002) deals replacements
from the top of the stock. With 5 players and 36 cards only 11 cards are left
after the deal, so the stock can run out. The rule the box applies is the
usual one of draw poker: when a player is to be served and the stock is
empty, the **discards** (every card discarded so far and every folded hand,
the muck) **except those of the player being served** are shuffled to form a
new stock, and serving goes on from its top. The served player's own
discards stay aside in the muck (they may be shuffled in for a later player).

Every new stock order is kept in ``reshuffles`` (a list of card-int lists) for
the hand log; a replay passes them back (``replay=``) instead of shuffling,
and each is checked to be exactly the cards the rule allows.
"""

from dealerbox.rng import shuffle


class StockError(ValueError):
    """No card can be served, or a logged reshuffle does not match the rule."""


class Stock:
    """The cards not yet dealt, in order, plus the muck.

    ``cards``: the shuffled deck (any sequence of card ints 0-51), the top is
    ``cards[0]``; ``replay``: optional list of logged reshuffles to use instead
    of the entropy source. ``pos`` is the index of the next card. ``muck``:
    list of ints ``seat * 64 + card`` (small ints: no object per card).
    """

    def __init__(self, cards, replay=None):
        self.cards = list(cards)
        self.pos = 0
        self.muck = []
        self.reshuffles = []
        self.replay = list(replay) if replay else None     # None, not an empty list, when there is none

    def left(self):
        """Cards still in the stock (int)."""
        return len(self.cards) - self.pos

    def discard(self, seat, cards):
        """Put ``cards`` (card ints) discarded or folded by ``seat`` into the muck."""
        for c in cards:
            self.muck.append(seat << 6 | c)

    def deal(self, count, seat, read):
        """Serve ``count`` cards to ``seat`` from the top; a list of card ints.

        When the stock is empty, the muck except ``seat``'s own cards is
        shuffled (entropy ``read``, or the next logged order on a replay) to
        become the new stock. Raises StockError when there is nothing left to
        serve, or a logged reshuffle is not the muck the rule allows.
        """
        out = []  # type: list
        while len(out) < count:
            if self.pos >= len(self.cards):
                # the stock is empty: a new one from the muck, except the cards of the seat being served
                fresh = []
                mine = []
                for m in self.muck:
                    if m >> 6 == seat:
                        mine.append(m)
                    else:
                        fresh.append(m & 63)
                if not fresh:
                    raise StockError("the stock and the other players' discards are empty")
                if self.replay:
                    logged = list(self.replay.pop(0))
                    if sorted(logged) != sorted(fresh):
                        raise StockError("the logged reshuffle is not the discards of the other players")
                    fresh = logged
                elif read is None:
                    raise StockError("the stock ran out and there is no logged reshuffle")
                else:
                    shuffle(fresh, read)
                self.muck = mine
                self.cards = fresh
                self.pos = 0
                self.reshuffles.append(list(fresh))
            out.append(self.cards[self.pos])
            self.pos += 1
        return out

    def to_state(self):
        """JSON-able dict; the cards are left out while they are still the deck's own (no reshuffle). It shares
        the stock's lists (``Engine.to_state`` copies the whole snapshot when asked); ``engine.restore.stock`` reads
        it back."""
        d = {"pos": self.pos, "muck": self.muck, "reshuffles": self.reshuffles}
        if self.reshuffles:
            d["cards"] = self.cards
        if self.replay:
            d["replay"] = self.replay
        return d

"""Turkish Poker (Türk Pokeri): five-card draw with a short deck, openers, one draw of 0 to 4 cards.

The rules are RULES.md, Turkish Poker (seed 002); the play of a hand:

1. The deck follows the number of players dealt in (24/28/32/36 cards for
   2/3/4/5; house rule ``four_with_36``). Everyone antes ``ante``; a dead
   hand's pot carried over is added (below). Five cards each, one at a time,
   clockwise from the seat left of the dealer.
2. **Before the draw**, from the seat left of the dealer: ``check`` until
   someone ``open``s. Only a player holding **openers** may open (pair of
   kings or better; house rules ``openers`` = ``"jacks"`` or ``"aces"``): the
   box does not offer ``open`` to anyone else and says why if asked. After
   the open: ``call``, ``raise``, ``fold`` (a player who checked before the
   open may raise: those checks only wait for an opener).
   **Karanlık** (house rule ``karanlik``): the first player to act may, before
   looking at the cards, bet blind (``karanlik``, one bet of ``bet`` chips);
   the blind bet opens the pot without openers. Otherwise they ``look`` first.
3. **Dead hand**: if everybody checks, the antes stay in the pot, the hand
   ends with result ``{"dead": True, ...}``, the button moves and the next
   hand starts with that pot carried over (``carry``, chips per seat, kept by
   the table between hands as ``Table.carry``, saved with the table and
   written as ``"carry"`` in the next hand's log); everybody antes again on
   top of it. If the players stop first, each takes back their part.
4. **Draw**, from the opener clockwise (from the next player still in when the
   opener has folded): ``draw`` with ``cards`` = the positions (0-4) of 0 to 4
   cards to discard. The kept cards stay in order, the new cards are added at
   the end. A four-card draw gets three cards at once and the fourth only
   after everyone else has drawn (in draw order). When the stock runs out the
   discards, except those of the player being served, are shuffled into a new
   stock (``Stock``, below). Splitting openers is allowed: the box keeps
   the opener's five cards from before the draw and shows them at the end
   (``result["openers"]``).
5. **After the draw**, from the opener: ``check``, ``bet``, ``call``,
   ``raise``, ``fold``; if everybody checks the showdown is free.
6. **Showdown** by the Turkish ranking of the deck (``dealerbox.eval``, house
   rules ``no_minor``, ``standard_ranking``); equal hands split, odd chips to
   the first tied winner clockwise from the dealer; side pots for all-in
   players. House rule ``hi_lo``: every pot is split between the best high
   and the best qualifying low (``dealerbox.engine.hilo``).

Betting structures (``structure``): ``fixed``, ``pot``, ``no-limit``, with the
bet size ``bet`` and, in fixed limit, at most ``cap`` bets and raises per round
(``dealerbox.engine.betting``). House rule ``check_raise`` = False: after the draw a
player who checked may not raise later in that round.

When at most one player has chips behind (the others are all-in on the ante)
there is no betting: the draw and the showdown follow.
"""

from dealerbox.engine.base import Engine, Option, _copy, amount_reason
from dealerbox.engine.betting import BettingRound
from dealerbox.engine.pots import PotBook
from dealerbox.eval import make_ranking
from dealerbox.eval.turkish import turkish_deck, turkish_size
from dealerbox.reason import Reason
from dealerbox.rng import shuffle

OPENERS = {"jacks": 9, "kings": 11, "aces": 12}     # the lowest pair that opens (the house rule names it): ranks


def keeps_openers(kept, rank):
    """True when the kept cards (card ints, 1-5) still hold openers by themselves.

    A pair of ``rank`` or better, two pair, or three or four of a kind among
    them. A discarded straight or flush, or a broken pair, is a split opener.
    """
    counts = [0] * 13
    for c in kept:
        counts[c >> 2] += 1
    pairs = 0
    for r in range(13):
        if counts[r] >= 3:
            return True
        if counts[r] == 2:
            pairs += 1
            if r >= rank:
                return True
    return pairs >= 2


def weakest_openers(rank, size):
    """The weakest hand holding openers of ``rank`` in the ``size``-card deck: a pair of that rank (clubs and
    diamonds) and the deck's three lowest other ranks (hearts, spades, hearts: neither a flush nor a straight).
    Card ints. RULES.md, Turkish Poker: openers are at least a pair of that rank.
    """
    low = 13 - size // 4                # the deck's lowest rank (eval.turkish.turkish_lowest_rank)
    kickers = []  # type: list
    r = low
    while len(kickers) < 3:
        if r != rank:
            kickers.append(r)
        r += 1
    return [rank * 4, rank * 4 + 1, kickers[0] * 4 + 2, kickers[1] * 4 + 3, kickers[2] * 4 + 2]


def holds_openers(rk, hand, rank):
    """True when the five cards ``hand`` hold openers of ``rank`` by the ranking ``rk`` (the hand's Turkish
    ranking, its deck and house rules): the hand scores at least the weakest pair of ``rank``. Whatever the
    ranking puts above one pair opens (two pair, a straight, the minor straight unless the no-minor house rule
    makes it an ace-high hand, ...): the evaluator decides, nothing restates its categories."""
    return rk.score(hand) >= rk.score(weakest_openers(rank, rk.deck))


# ---- the stock of the draw: cards served from the top, discards kept, reshuffled when it runs out (Turkish Poker is
# the box's one draw game: its stock is part of its rules, here)
#
# Turkish Poker's draw (RULES.md, Turkish Poker; seed 002) deals replacements
# from the top of the stock. With 5 players and 36 cards only 11 cards are left
# after the deal, so the stock can run out. The rule the box applies is the
# usual one of draw poker: when a player is to be served and the stock is
# empty, the **discards** (every card discarded so far and every folded hand,
# the muck) **except those of the player being served** are shuffled to form a
# new stock, and serving goes on from its top. The served player's own
# discards stay aside in the muck (they may be shuffled in for a later player).
#
# Every new stock order is kept in ``reshuffles`` (a list of card-int lists) for
# the hand log; a replay passes them back (``replay=``) instead of shuffling,
# and each is checked to be exactly the cards the rule allows.


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

    def replay_after(self, logged):
        """Draw the reshuffles of ``logged`` (a hand log's list) after those already made, as logged, instead of
        shuffling anew (a hand caught up with its log after a resume: ui/catchup.py)."""
        if isinstance(logged, list) and len(logged) > len(self.reshuffles):
            self.replay = [list(r) if isinstance(r, list) else r for r in logged[len(self.reshuffles):]]

    def discard(self, seat, cards):
        """Put ``cards`` (card ints) discarded or folded by ``seat`` into the muck."""
        for c in cards:
            self.muck.append(seat << 6 | c)

    def deal(self, count, seat, read):
        """Serve ``count`` cards to ``seat`` from the top; a list of card ints.

        When the stock is empty, the muck except ``seat``'s own cards is
        shuffled (entropy ``read``, or the next logged order on a replay) to
        become the new stock. Raises ValueError when there is nothing left to
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
                    raise ValueError(Reason("the stock and the other players' discards are empty"))
                if self.replay:
                    logged = list(self.replay.pop(0))
                    if sorted(logged) != sorted(fresh):
                        raise ValueError("the logged reshuffle is not the discards of the other players")
                    fresh = logged
                elif read is None:
                    raise ValueError("the stock ran out and there is no logged reshuffle")
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
        the stock's lists (``Engine.to_state`` copies the whole snapshot when asked); ``from_state`` reads it
        back."""
        d = {"pos": self.pos, "muck": self.muck, "reshuffles": self.reshuffles}
        if self.reshuffles:
            d["cards"] = self.cards
        if self.replay:
            d["replay"] = self.replay
        return d

    @classmethod
    def from_state(cls, d, cards):
        """A stock from ``to_state()``'s dict ``d``; ``cards``: the stock as dealt from the deck (its cards when there
        was no reshuffle, which the snapshot then leaves out)."""
        st = cls(d["cards"] if "cards" in d else cards, d.get("replay"))
        st.pos = d["pos"]
        st.muck = list(d["muck"])
        st.reshuffles = [list(r) for r in d["reshuffles"]]
        return st


class Turkish(Engine):
    """The Turkish Poker engine on a ``Table`` of 2 to 5 seats (docs/engine.md; docs/turkish.md).

    ``Turkish(table, rules=None, entropy=None)``; ``rules`` as in
    ``dealerbox.engine.rules`` (game ``"turkish"``). Action kinds: ``look``,
    ``karanlik`` (amount), ``check``, ``open`` (amount), ``bet`` (amount),
    ``call`` (amount: the chips to call), ``raise`` (amount: chips put in,
    the call included), ``fold``, ``draw`` (``cards`` = positions 0-4 to
    discard, amount 0). Raises ValueError for a table of more than 5 seats
    or bad rules.
    """

    GAME = "turkish"
    KINDS = ("draw", "look", "karanlik", "check", "open", "bet", "call", "raise", "fold")
    STATE = ("street", "round_state", "stock_state", "looked", "opener", "openers", "draw_order", "drew",
             "owed", "blind_seat", "replay_reshuffles")
    replay_reshuffles = None    # the logged reshuffles of the hand a replay starts (``start_from_log``), then None

    # ---- rules, deck, ranking ------------------------------------------------------------------
    def _fresh_deck(self):
        players = len(self.table.seats_in_play())
        return turkish_deck(players, bool(self.rules["four_with_36"]) and players == 4)

    def ranking(self, size=None):
        """The evaluator for this hand's deck (or a deck of ``size`` cards) and house rules
        (``make_ranking("turkish", ...)``, which keeps it)."""
        if size is None:
            size = len(self.deck)
        if self._rk is None or self._rk.deck != size:
            house = []
            if self.rules["no_minor"]:
                house.append("no-minor")
            if self.rules["standard_ranking"]:
                house.append("standard-ranking")
            self._rk = make_ranking("turkish", deck=size, house=tuple(house))
        return self._rk

    def has_openers(self, seat):
        """True when ``seat``'s five cards hold openers (pair of kings or better by default; ``holds_openers``)."""
        return holds_openers(self.ranking(), self.hands[seat], OPENERS[self.rules["openers"]])

    # ---- state (the snapshot saves self.round and self.stock as round_state, stock_state) ------
    def _reset(self):
        turkish_size(self.n)      # ValueError for more than 5 seats: at construction (Engine.__init__)
        Engine._reset(self)
        if self._rk is None and len(self.table.seats_in_play()) == self.n:
            # at construction, every seat with chips (a new session; a hand resumed with every seat dealt in): the
            # ranking of the deck they are dealt, which the deal needs next (openers), built now: its table is one
            # bytes object (3,254 bytes for 36 cards) that needs a free run that long, which a heap cut up by the
            # deal may no longer have (issue 12: none at the first deal in a 192K heap). A seat without chips
            # (out, or all-in in a hand resumed) leaves it to the first ``ranking()`` of the hand, as before.
            self.ranking(len(self._fresh_deck()))
        self.street = 0
        self.round = BettingRound(self.n, [], 1)   # an empty round until the deal
        self.stock = Stock([])
        self.looked = [True] * self.n
        self.opener = None
        self.openers = None  # type: dict | None
        self.draw_order = []
        self.drew = [None] * self.n  # type: list
        self.owed = []
        self.blind_seat = None

    # ---- the hand (the dead hands' pot waiting for the next one is the table's: ``Table.carry``) ------------
    def _begin(self):
        r = self.rules
        events = []
        carry = self.table.carry
        self.table.carry = None
        if carry:
            for s in range(self.n):
                if carry[s]:
                    self.pb.put(s, carry[s])
            self.log["carry"] = list(carry)
            events.append(["carry", sum(carry)])
        order = self.live_seats()
        for s in order:
            put = self._put(s, r["ante"])
            events.append(["ante", s, put])
        for _ in range(5):
            for s in order:
                self._deal(s, 1)
        events.append(["deal", len(self.deck)])
        self.stock = Stock(self.deck[self.pos:], self.replay_reshuffles)
        self.replay_reshuffles = None
        self.log["reshuffles"] = self.stock.reshuffles     # the stock's own list ([] until a reshuffle)
        self.round = self._round(order, True)
        if r["karanlik"] and self.round.to_act is not None and self.round.high == 0:
            self.blind_seat = self.round.to_act
            self.looked[self.blind_seat] = False
        self.to_act = self.round.to_act
        if self.to_act is None:
            events.extend(self._round_over())
        return events

    def _round(self, order, first):
        r = self.rules
        rnd = BettingRound(self.n, order, r["bet"], r["structure"], r["cap"], True if first else r["check_raise"])
        rnd.start(self.table.stacks)
        return rnd

    # ---- the rule of each action kind -----------------------------------------------------------------
    def _check(self, seat, kind):
        """The rule of ``kind`` for ``seat`` now (``Engine._check``): the ``Option`` or the reason (a ``Reason``).
        The draw's cards are checked by ``_why``; the betting kinds by the round (``BettingRound.check``), ``open``
        being the first bet before the draw, for a player with openers only."""
        if self.phase == "draw":
            return Option("draw") if kind == "draw" else Reason("it is the draw: discard 0 to 4 cards (draw)")
        if kind == "draw":
            return Reason("the draw comes after the betting before the draw")
        rnd = self.round
        stacks = self.table.stacks
        stack = stacks[seat]
        if not self.looked[seat]:
            if kind == "look":
                return Option("look")
            if kind == "karanlik":         # the blind bet: the first bet of the round, whose rule is the round's
                if seat == self.blind_seat and self.street == 0 and type(rnd.check(seat, "bet", stack, stacks, 0)) \
                        is tuple:
                    b = min(self.rules["bet"], stack)
                    return Option("karanlik", b, b)
                return Reason("nobody left to call a blind bet")
            return Reason("Karanlık: bet blind (karanlik) or look at your cards first")
        if kind == "look":
            return Reason("you have seen your cards")
        if kind == "karanlik":
            if not self.rules["karanlik"]:
                return Reason("Karanlık (the blind bet) is not played at this table")
            return Reason("only the first player may bet blind (Karanlık), before looking")
        if kind == "open":
            if self.street != 0:
                return Reason("the pot was opened before the draw: bet")
            if rnd.high > 0:
                return Reason("the pot is open: call, raise or fold")
            if not self.has_openers(seat):
                return Reason("you need openers to open: a pair of %s or better; check", self.rules["openers"])
            kind = "bet"
        elif kind == "bet" and self.street == 0:
            return Reason("before the draw the first bet is the open")
        elif kind not in BettingRound.KINDS:
            return Reason("no such action in Turkish Poker: %s", kind)
        r = rnd.check(seat, kind, stack, stacks, self.pb.total())
        if type(r) is not tuple:
            return r
        return Option("open" if self.street == 0 and kind == "bet" else kind, r[0], r[1])

    def _why(self, seat, action):
        """The reason ``action`` of ``seat`` is refused, or None (``Engine._why``). Betting: only a draw names cards,
        then the base's check. The draw: the kind, no chips, 0 to 4 distinct positions 0-4, and a dry run of the
        serving on a copy of the stock (no entropy; nothing changes)."""
        if self.phase != "draw":
            if action.cards is not None:
                return Reason("only a draw names cards")
            return Engine._why(self, seat, action)
        o = self._check(seat, action.kind)
        if type(o) is not Option:
            return o
        why = amount_reason(o, action.amount)       # a draw takes no amount: the option's own rule
        if why is not None:
            return why
        pos = action.cards
        if not isinstance(pos, list):
            return Reason("say which cards to discard (positions 0-4)")
        if len(pos) > 4:
            return Reason("discard 0 to 4 cards, not %d", len(pos))
        for i in range(len(pos)):
            p = pos[i]
            if type(p) is not int or not 0 <= p <= 4:
                return Reason("no card at position %r (positions are 0-4)", p)
            if p in pos[:i]:
                return Reason("card %d given twice", p)
        st = self.stock
        dry = Stock(st.cards, st.replay)
        dry.pos = st.pos
        dry.muck = list(st.muck)
        hand = self.hands[seat]
        out = []
        for p in pos:
            out.append(hand[p])
        try:
            self._serve(dry, seat, out, None if self.read is None else bytes)
        except ValueError as e:
            return str(e)
        return None

    # ---- applying --------------------------------------------------------------------------------------
    def _do(self, seat, action):
        if self.phase == "draw":
            # the draw: the kept cards in order, the new ones after them; the fourth card of a four-card draw waits
            positions = action.cards
            hand = self.hands[seat]
            out = []
            kept = []
            for i in range(len(hand)):
                if i not in positions:
                    kept.append(hand[i])
            for p in positions:
                out.append(hand[p])
            k = len(out)
            op = self.openers
            if op is not None and seat == self.opener and k and not op["blind"]:
                if not keeps_openers(kept, OPENERS[self.rules["openers"]]):
                    op["split"] = True
            new, fourth = self._serve(self.stock, seat, out, self.read)
            self.log["reshuffles"] = self.stock.reshuffles     # the stock's own list: changes only in a draw, set again
            self.hands[seat] = kept + new
            self.drew[seat] = k
            if k == 4:
                self.owed.append(seat)
            events = [["draw", seat, k]]
            if fourth is None:
                self.to_act = self.draw_order[self.draw_order.index(seat) + 1]
                return events
            for s, c in fourth:
                self.hands[s].append(c)
                events.append(["fourth", s])
            self.owed = []
            # the betting after the draw, from the opener (the seat left of the dealer when nobody opened)
            self.street = 1
            self.phase = "betting"
            start = self.opener if self.opener is not None else (self.log["dealer"] + 1) % self.n
            self.round = self._round(self.live_seats(start), False)
            self.to_act = self.round.to_act
            if self.to_act is None:
                return events + self._showdown()
            return events + [["betting", self.to_act]]
        kind = action.kind
        if kind == "look":
            self.looked[seat] = True
            return [["look", seat]]
        events = []
        rnd = self.round
        bet_kind = kind
        if kind in ("open", "karanlik"):
            bet_kind = "bet"
            self.opener = seat
            self.openers = {"seat": seat, "cards": list(self.hands[seat]), "blind": kind == "karanlik",
                            "split": False}
            self.looked[seat] = True
        if kind == "fold":
            self.pb.fold(seat)
            self.stock.discard(seat, self.hands[seat])
        put = rnd.act(seat, bet_kind, action.amount, self.table.stacks)
        if put:
            self._put(seat, put)
        events.append([kind, seat, put] if kind != "fold" else ["fold", seat])
        self.to_act = rnd.to_act
        if self.to_act is None:
            events.extend(self._round_over())
        return events

    def _round_over(self):
        live = self.live_seats()
        if len(live) == 1:
            # the draws per seat are the hand's own list (never changed once the hand is over: the next hand makes
            # its own); the openers are copied: a dict copied is laid out as the hand log has always been written
            return self._finish(extra={"how": "fold", "openers": _copy(self.openers), "drew": self.drew})
        if self.street == 0:
            could_bet = 0
            for s in live:
                if self.table.stacks[s] > 0:
                    could_bet += 1
            if self.opener is None and could_bet >= 2:
                # a dead hand: everybody checked before the draw; the pot (antes stay) is carried to the next hand
                carry = list(self.pb.contributed)
                total = sum(carry)
                self.table.carry = carry                # the table keeps it until the next deal
                self.pb = PotBook(self.n)
                result = {"dead": True, "carry": total, "pots": [], "awards": [], "returned": None,
                          "shown": [None] * self.n, "stacks": list(self.table.stacks), "how": "dead"}
                self.result = result
                self.log["result"] = result       # shared: neither is changed after the hand
                self.phase = "over"
                self.to_act = None
                self.table.move_button()
                return [["dead", total], ["over"]]
            # the draw, from the opener (from the seat left of the dealer when nobody opened)
            self.phase = "draw"
            start = self.opener if self.opener is not None else (self.log["dealer"] + 1) % self.n
            self.draw_order = self.live_seats(start)
            self.to_act = self.draw_order[0]
            return [["draw-phase", self.to_act]]
        return self._showdown()

    def _serve(self, stock, seat, out, read):
        """Discard ``out`` (``seat``'s cards) into ``stock`` and serve the draw: ``(new cards, fourth)``.

        ``fourth``: None while others are still to draw, else the ``(seat, card)`` fourth cards of every
        four-card draw (this one included), dealt after everybody has drawn. Raises ValueError when the
        stock cannot serve (the rule of ``Stock``).
        """
        k = len(out)
        stock.discard(seat, out)
        new = stock.deal(3 if k == 4 else k, seat, read)
        if self.draw_order[-1] != seat:
            return new, None
        owed = self.owed + [seat] if k == 4 else self.owed
        fourth = []
        for s in owed:
            fourth.append((s, stock.deal(1, s, read)[0]))
        return new, fourth

    # ---- ends of a hand --------------------------------------------------------------------------------
    def _showdown(self):
        self.phase = "showdown"
        rk = self.ranking()
        live = self.live_seats()
        shown = [None] * self.n
        cats = [None] * self.n
        scores = {}
        for s in live:
            h = self.hands[s]
            shown[s] = h     # the hand's own list: never changed after the showdown (a new hand, new lists)
            cats[s] = rk.category(h)
            scores[s] = rk.score(h)
        extra = {"how": "showdown", "openers": _copy(self.openers), "drew": self.drew}    # as at a fold
        extra["categories"] = cats
        if self.rules["hi_lo"]:
            from dealerbox.engine.hilo import HiLoBook, low_score
            size = len(self.deck)
            lows = [None] * self.n
            for s in live:
                lows[s] = low_score(self.hands[s], size)
                scores[s] = (scores[s], lows[s])
            extra["lows"] = lows
            self.pb = HiLoBook.of(self.pb)
        return [["showdown"]] + self._finish(scores, shown, extra)

    # ---- what players see ------------------------------------------------------------------------------
    def public_view(self):
        """What everybody may see: dict with ``game``, ``phase``, ``street`` (0 before the draw, 1 after),
        ``dealer``, ``to_act``, ``pot`` (chips), ``bets`` (this round, per seat), ``stacks``, ``folded``,
        ``all_in``, ``opener``, ``drew`` (cards drawn per seat, None before), ``stock`` (cards left),
        ``carry`` (chips carried into this hand), and after the showdown ``shown`` (cards per seat) and
        ``openers`` (the opener's five cards before the draw).
        """
        over = self.phase in ("showdown", "over") and self.result is not None
        d = {"game": self.GAME, "phase": self.phase, "street": self.street, "hand_no": self.hand_no,
             "dealer": self.log["dealer"] if self.log else self.table.dealer, "to_act": self.to_act,
             "pot": self.pot_total(), "stacks": list(self.table.stacks),
             "bets": list(self.round.bets),
             "folded": self._flags(self._folded), "all_in": self._flags(self.is_all_in), "dealt": list(self.dealt),
             "opener": self.opener, "drew": list(self.drew),
             "stock": len(self.stock.cards) - self.stock.pos,
             "carry": sum(self.log["carry"]) if self.log and self.log.get("carry") else 0}
        if over:
            res = self.result or {}
            d["shown"] = _copy(res["shown"])
            d["openers"] = _copy(self.openers)
            d["result"] = _copy(res)
        return d

    def view(self, seat):
        """What ``seat`` may see: ``public_view()`` plus ``seat``, ``hand`` (its own five cards, None while
        it has not looked under Karanlık), ``openers_ok`` (whether it holds openers, before the draw).
        """
        d = self.public_view()
        d["seat"] = seat
        hand = self.hands[seat] if 0 <= seat < self.n else None
        d["hand"] = list(hand) if hand is not None and self.looked[seat] else None
        if hand is not None and self.looked[seat] and self.street == 0 and self.phase == "betting" \
                and len(hand) == 5:
            d["openers_ok"] = self.has_openers(seat)
        return d


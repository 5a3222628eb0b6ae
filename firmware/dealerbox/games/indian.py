"""Indian Poker (Blind Man's Bluff): one card on the forehead, seen by everybody but its holder.

The rules are RULES.md, Indian Poker (seed 003); the play of a hand:

1. 2 to 10 players, 52 cards. Everyone antes ``ante``; one card each (the
   **forehead** card), clockwise from the seat left of the dealer.
2. The box shows each player every other player's forehead card and
   **never their own** until the showdown: ``view(seat)`` has ``None`` in
   place of the seat's own card, ``public_view()`` (the shared screen) has
   no forehead card at all, and the events name no card.
3. One betting round from the seat left of the dealer: ``check`` (while
   nobody has bet), ``bet``, ``call``, ``raise``, ``fold``, until everybody
   still in has matched the last bet or one player is left. Structures
   (``structure``): ``fixed`` (bet size ``bet``, at most ``cap`` bets and
   raises), ``pot`` (pot limit), ``free`` (any amount up to the stack;
   ``dealerbox.engine.betting``).
4. Showdown: every forehead card is turned; highest rank wins (ace high).
   Equal ranks split the pot (odd chips to the first tied winner clockwise
   from the dealer), or with ``ties`` = ``"suit-order"`` the suit breaks the
   tie: spades > hearts > diamonds > clubs. A hand that ends because all but
   one folded has no showdown: nobody's own card is shown.

Variants (house rules, chosen before the session):

* ``low``: Low Indian: the lowest card wins, the ace is low.
* ``two_cards``: each player gets a forehead card (seen by the others) and a
  hole card (seen only by its holder); the hand is both cards, ranked by the
  Indian two-card ranking (``make_ranking("indian")``: high card only, the
  better card compared first, then the other).
* ``center``: after the first betting round a card is turned face up in the
  center; it **plays with every hand**: a hand counts as many cards as the
  player holds, the best ones chosen among the player's own card(s) and the
  center card. With one card each the hand is the better of the own card and
  the center card, so everybody whose card is below the center card plays the
  center card and they tie (resolved by the highest card, seed 003). A
  second betting round, again from the seat left of the dealer, follows the
  center card, then the showdown.
* ``party``: no ante, no betting: the box deals, each player in turn looks at
  the others' cards and passes (``check``), then all cards are turned and the
  box names the **loser** of the deal: the worst hand (the lowest card; in
  Low Indian the highest). Equal worst hands are all named, unless suits
  break ties.
* ``stud``: Forehead Stud (seed 003: "close to seven-card stud, with several
  passes of forehead cards and hidden cards; real poker hand rankings
  apply"), at most 7 players (7 cards each of 52). Seven-card stud's deal with
  every face-up card on the forehead: two hole cards (seen only by their
  holder) and a forehead card, a betting round; three more forehead cards,
  each followed by a round; a last hole card and a fifth round (``STUD_DEAL``).
  Every round opens left of the dealer (an opener chosen by the forehead cards
  would tell its holder about them); fixed limit doubles the bet from the
  third round. Showdown: the best five of seven, standard poker ranking
  (``make_ranking("poker")``), equal hands split. When nobody can bet any
  more (all-in), the remaining cards are dealt and the hand goes to the showdown.
  Alone: not with ``low``, ``two_cards``, ``center``, ``party`` or suit order.
"""

from dealerbox.engine.base import Engine, Option, _copy
from dealerbox.engine.betting import BettingRound
from dealerbox.engine.pots import clockwise
from dealerbox.eval import make_ranking
from dealerbox.reason import Reason

STUD_SEATS = 7          # Forehead Stud deals 7 cards each: 7 players use 49 of the 52 cards
STUD_DEAL = "hhffffh"   # Forehead Stud: each card of a hand in dealt order, h = hole (own), f = forehead
STUD_FIRST = 3          # cards each before its first betting round


class Indian(Engine):
    """The Indian Poker engine on a ``Table`` of 2 to 10 seats (docs/engine.md; docs/indian.md).

    ``Indian(table, rules=None, entropy=None)``; ``rules`` as in
    ``dealerbox.engine.rules`` (game ``"indian"``). Action kinds: ``check``, ``bet``
    (amount), ``call`` (amount: the chips to call), ``raise`` (amount: chips
    put in, the call included), ``fold``. Card ints 0-51, chips ints.
    Raises ValueError for bad rules.
    """

    GAME = "indian"
    KINDS = BettingRound.KINDS
    STATE = ("round_state", "center", "rounds", "checked_party")

    def __init__(self, table, rules=None, entropy=None):
        self._rk = None
        Engine.__init__(self, table, rules, entropy)
        if self.rules["stud"] and self.n > STUD_SEATS:
            raise ValueError("Forehead Stud deals 7 cards each: at most %d players, not %d" % (STUD_SEATS, self.n))

    def ranking(self):
        """The evaluator: ``make_ranking("indian", house=...)`` with ``low`` / ``suit-order`` from the rules;
        Forehead Stud: ``make_ranking("poker")`` (standard poker, the best five of seven)."""
        if self._rk is None and self.rules["stud"]:
            self._rk = make_ranking("poker")
        if self._rk is None:
            house = []
            if self.rules["low"]:
                house.append("low")
            if self.rules["ties"] == "suit-order":
                house.append("suit-order")
            self._rk = make_ranking("indian", house=tuple(house))
        return self._rk

    def best(self, seat):
        """``(score, cards)`` of ``seat``'s hand: its own card(s) or the center card in their place.

        A hand counts as many cards as the player holds (1, or 2 in the two-card variant), the
        best of them chosen from the player's cards and the center card. ``score``: int, higher
        wins; ``cards``: the card ints that count (no center card: the seat's hand list itself, never changed once
        the hand is over, so the showdown's result holds no copy of it).
        """
        rk = self.ranking()
        if self.rules["stud"]:                  # the poker ranking's module, loaded with it
            from dealerbox.eval.poker import best_five

            return best_five(rk, list(self.hands[seat]))
        own = self.hands[seat]
        if not self.center:
            return rk.score(own), own
        cards = own + self.center
        best = None
        m = len(cards)
        for i in range(m):                      # every choice of as many cards as the player holds
            for j in range(i, m):
                if (j == i) == (len(own) == 1):
                    combo = [cards[i]] if j == i else [cards[i], cards[j]]
                    v = rk.score(combo)
                    if best is None or v > best[0]:
                        best = (v, combo)
        return best

    def stud_cards(self, seat, face):
        """Forehead Stud: the cards of ``seat`` dealt so far as ``face`` says (``STUD_DEAL``): ``"f"`` its forehead
        cards (seen by the others), ``"h"`` its hole cards (seen only by their holder); card ints in dealt order,
        [] in the other variants."""
        h = self.hands[seat] or []
        out = []
        for i in range(len(h) if self.rules["stud"] else 0):
            if STUD_DEAL[i] == face:
                out.append(h[i])
        return out

    # ---- state ------------------------------------------------------------------------------------
    def _reset(self):
        Engine._reset(self)
        self.round = BettingRound(self.n, [], 1)   # an empty round until the deal
        self.center = []
        self.rounds = 0
        self.checked_party = []

    # ---- the hand ----------------------------------------------------------------------------------
    def _begin(self):
        r = self.rules
        events = []
        order = self.live_seats()
        if not r["party"]:
            for s in order:
                events.append(["ante", s, self._put(s, r["ante"])])
        for _ in range(STUD_FIRST if r["stud"] else 2 if r["two_cards"] else 1):
            for s in order:
                self._deal(s, 1)
        events.append(["deal", len(order)])
        if r["party"]:
            self.phase = "party"
            self.to_act = order[0]
            return events
        return events + self._new_round()

    def _new_round(self):
        r = self.rules
        self.rounds += 1
        size = r["bet"]
        if r["stud"] and r["structure"] == "fixed" and self.rounds >= 3:
            size = 2 * size                     # Forehead Stud, fixed limit: the big bet from the third round
        self.round = BettingRound(self.n, self.live_seats(), size, r["structure"], r["cap"], True)
        self.round.start(self.table.stacks)
        self.to_act = self.round.to_act
        if self.to_act is None:
            return self._round_over()
        return [["betting", self.rounds, self.to_act]]

    def _check(self, seat, kind):
        """The rule of ``kind`` for ``seat`` now (``Engine._check``): the ``Option`` or the reason (a ``Reason``);
        the betting kinds by the round (``BettingRound.check``); in party mode only ``check`` (pass)."""
        if self.phase == "party":
            if kind == "check":
                return Option("check")
            return Reason("party mode has no betting: look at the others' cards and pass (check)")
        if kind not in BettingRound.KINDS:
            return Reason("no such action in Indian Poker: %s", kind)
        stacks = self.table.stacks
        r = self.round.check(seat, kind, stacks[seat], stacks, self.pb.total())
        if type(r) is not tuple:
            return r
        return Option(kind, r[0], r[1])

    def _why(self, seat, action):
        if action.cards is not None:
            return Reason("Indian Poker has no draw")
        return Engine._why(self, seat, action)

    def _do(self, seat, action):
        if self.phase == "party":
            self.checked_party.append(seat)
            nxt = seat              # the next seat dealt in, clockwise (the players pass in turn)
            for k in range(1, self.n + 1):
                if self.dealt[(seat + k) % self.n]:
                    nxt = (seat + k) % self.n
                    break
            if nxt in self.checked_party:
                return [["check", seat]] + self._party_over()
            self.to_act = nxt
            return [["check", seat]]
        kind = action.kind
        rnd = self.round
        if kind == "fold":
            self.pb.fold(seat)
        put = rnd.act(seat, kind, action.amount, self.table.stacks)
        if put:
            self._put(seat, put)
        events = [[kind, seat, put] if kind != "fold" else ["fold", seat]]
        self.to_act = rnd.to_act
        if self.to_act is None:
            events.extend(self._round_over())
        return events

    def _round_over(self):
        live = self.live_seats()
        if len(live) == 1:
            return self._finish(extra={"how": "fold", "center": list(self.center)})
        if self.rules["center"] and not self.center:
            self.center = [self.deck[self.pos]]
            self.pos += 1
            return [["center", self.center[0]]] + self._new_round()
        k = len(self.hands[live[0]])
        if self.rules["stud"] and k < len(STUD_DEAL):
            for s in live:                      # the next card to every player still in, clockwise
                self._deal(s, 1)
            return [["street", k + 1, STUD_DEAL[k] == "f"]] + self._new_round()
        return self._showdown(live)

    def _reveal(self, seats):
        shown = [None] * self.n
        cats = [None] * self.n
        best = [None] * self.n
        scores = {}
        rk = self.ranking()
        for s in seats:
            v, cards = self.best(s)
            shown[s] = self.hands[s]     # the hand's own list: never changed after the showdown
            best[s] = cards
            cats[s] = rk.category(cards)
            scores[s] = v
        return scores, shown, {"categories": cats, "best": best, "center": list(self.center)}

    def _showdown(self, live):
        self.phase = "showdown"
        scores, shown, extra = self._reveal(live)
        extra["how"] = "showdown"
        return [["showdown"]] + self._finish(scores, shown, extra)

    def _party_over(self):
        self.phase = "showdown"
        seats = []
        for s in range(self.n):
            if self.dealt[s]:
                seats.append(s)
        scores, shown, extra = self._reveal(seats)
        worst = min(scores.values())
        losers = []
        for s in seats:
            if scores[s] == worst:
                losers.append(s)
        losers = clockwise(losers, self.log["dealer"], self.n)
        extra["how"] = "party"
        extra["loser"] = losers
        return [["showdown"], ["loser"] + losers] + self._finish(scores, shown, extra)

    # ---- what players see ------------------------------------------------------------------------------
    def _showdown_seen(self):
        return self.result is not None and self.result.get("how") in ("showdown", "party")

    def public_view(self):
        """What everybody may see on the shared screen: ``game``, ``phase``, ``dealer``, ``to_act``, ``pot``,
        ``bets`` (this round), ``stacks``, ``folded``, ``all_in``, ``dealt``, ``round`` (1 or 2), ``center``
        (face-up card ints) and, only after a showdown, ``shown`` (every hand) and ``result``. Never a
        forehead card before the showdown: each player's own card would be on it.
        """
        d = {"game": self.GAME, "phase": self.phase, "hand_no": self.hand_no,
             "dealer": self.log["dealer"] if self.log else self.table.dealer, "to_act": self.to_act,
             "pot": self.pb.total(), "stacks": list(self.table.stacks),
             "bets": list(self.round.bets),
             "folded": self._flags(self._folded), "all_in": self._flags(self.is_all_in), "dealt": list(self.dealt),
             "round": self.rounds, "center": list(self.center), "party": bool(self.rules["party"]),
             "stud": bool(self.rules["stud"])}
        if self._showdown_seen():
            res = self.result or {}
            d["shown"] = _copy(res["shown"])
            d["result"] = _copy(res)
        return d

    def view(self, seat):
        """What ``seat`` may see: ``public_view()`` plus ``seat``, ``foreheads`` (per seat: the forehead card
        of every other seat dealt in, ``None`` for ``seat`` itself and for seats not dealt in) and ``hole``
        (its own hole card in the two-card variant, else None). After a showdown ``foreheads`` holds every
        card, its own included. Forehead Stud: ``foreheads`` holds per other seat the list of its forehead
        cards dealt so far, ``hole`` the list of the seat's own hole cards and ``up_count`` how many forehead
        cards it has (never which).
        """
        d = self.public_view()
        d["seat"] = seat
        open_all = self._showdown_seen()
        stud = self.rules["stud"]
        heads = [None] * self.n
        for s in range(self.n):
            h = self.hands[s]
            if h and (s != seat or open_all):
                heads[s] = self.stud_cards(s, "f") if stud else h[0]
        d["foreheads"] = heads
        own = self.hands[seat] if 0 <= seat < self.n else None
        if stud:
            d["hole"] = self.stud_cards(seat, "h") if own else []
            d["up_count"] = len(self.stud_cards(seat, "f")) if own else 0
        else:
            d["hole"] = own[1] if own and len(own) > 1 else None
        return d

"""Teen Patti: boot, blind and seen, chaal, pack, show, sideshow, house rules, variants.

Rules from RULES.md (Teen Patti) and the seeds 004 (default, pagat.com), 000
(French) and 001 (Italian); the house rules are the keys of
``rules._teen_patti`` and docs/teen-patti.md says how each one plays.

Stake arithmetic (004): everyone pays the boot; the stake starts at the boot.
A **blind** player bets 1x to 2x the stake and the new stake is the bet; a
**seen** player bets 2x to 4x the stake and the new stake is half the bet,
kept exact in half chips (``stake2``: after a seen bet of 7 the stake is 3.5).
With whole chips the lowest legal bet is the smallest whole number at or above
the lower bound, the highest the largest at or below the upper bound: after a
seen 7 a seen player bets 7 to 14, a blind one 4 to 7 (seed 004 "the new stake
is half of it"; seed 001 "Seen punta 30, Seen potrà puntare 30 o 60"). A hand
log written before the exact stake (no ``"stake2"`` key in the log) replays
with the old rounding: the stake of an odd seen bet rounded up.
A player becomes seen only by the ``see`` action on their own turn. With the
two-size chaal of seed 001 only the two ends of the range may be bet.

Action kinds: ``see``, ``blind`` (amount: a blind chaal), ``chaal`` (amount: a
seen chaal), ``pack``, ``show`` (amount: its cost), ``sideshow`` (amount: what
it puts in: the minimum seen chaal under 004, the stake under 000, 0 under
001), ``accept``, ``refuse``, and ``rebuy`` (amount: chips; only with the
house rule ``rebuy_mid_hand``, offered to a player short of the minimum).

A player who cannot cover the minimum may always put in their whole stack
(all-in for less: the stake does not change); the others go on, and the pots
split as ``pots.py`` derives them. When at most one player still able to bet
is left and nobody owes an answer to a bet (that player has put in at least as
much as every all-in player), every hand still in is shown at once: nobody is
asked to chaal, or could pack away what they put in, with nobody to bet against.
"""

from micropython import const

from dealerbox.engine.base import Engine, Option
from dealerbox.eval import make_ranking
from dealerbox.reason import Reason
from dealerbox.rng import randbelow

_ONE_CARD = ("cobra", "999", "in-out")
_AK47 = (12, 11, 2, 5)          # ranks of A, K, 4, 7
_NO_TOP = const(0x3FFFFFFF)      # higher limits (004): no top to a chaal but the stack (a small int on the Pico)
_SIDESHOW_FORCED_AT = const(3)  # seed 001: the third request by the same player cannot be refused


_CARDS = {"cobra": 1, "999": 1, "in-out": 1, "best-of-four": 4, "best-of-five": 5}   # else 3


class TeenPatti(Engine):
    """The Teen Patti engine: ``TeenPatti(table, rules=None, entropy=None)`` (docs/engine.md).

    ``rules``: dict of Teen Patti house rules (``rules.validate("teen-patti", ...)``
    fills the defaults of seed 004; ValueError names a bad key or value).
    """

    GAME = "teen-patti"
    KINDS = ("accept", "refuse", "see", "blind", "chaal", "pack", "show", "sideshow", "rebuy")
    STATE = ("stake2", "seen", "blind_turns", "last_bet", "last_bettor", "sideshow", "must_bet", "requests",
             "peeks", "wild", "turns")

    def _reset(self):
        Engine._reset(self)
        n = self.n
        self.stake2 = 0             # the stake in half chips (exact: a seen bet of 7 makes it 7 = 3.5 chips)
        self.seen = [False] * n
        self.blind_turns = [0] * n
        self.last_bet = 0
        self.last_bettor = None
        self.sideshow = None  # type: list | None  # [asker, target] while the target answers
        self.must_bet = None        # a seat whose sideshow was refused (000, 001): chaal or pack
        self.requests = [0] * n     # sideshow requests per seat this hand
        self.peeks = []  # type: list  # [a, b]: a and b compared hands privately (accepted sideshow)
        self.wild = None            # Joker Hunt: the wild rank (0-12) of this hand
        self.turns = 0
        self._rk = None

    # ---- the deal -------------------------------------------------------------------------------
    def start_hand(self, deck=None, cut=None, wild=None):  # type: ignore[override]
        """Boot, shuffle, deal (docs/engine.md). ``wild`` (0-12) replaces the Joker Hunt draw (replay); ``cut``: as
        ``Engine.start_hand`` (a cut deal's wild rank is its bottom card's: seed 000, "en coupant le jeu")."""
        self._wild_given = wild
        return Engine.start_hand(self, deck, cut)

    def _begin(self):
        r = self.rules
        events = []  # type: list
        order = self.live_seats()
        boot = r["boot"]
        first = self._forced(order, boot, events)
        self.stake2 = 2 * boot
        self.log["stake2"] = True       # the exact stake (a log without it replays with the old rounding)
        self.last_bet = boot
        if r["variant"] == "joker-hunt":
            w = self._wild_given
            if w is None and "cut" in self.log:     # the card at the cut, turned for all to see (seed 000)
                w = self.deck[-1] >> 2
            elif w is None:
                w = randbelow(13, self.read)
            if not isinstance(w, int) or not 0 <= w <= 12:
                raise ValueError("the wild rank is 0 to 12, not %r" % (w,))
            self.wild = w
            self.log["wild"] = w
            events.append(["wild", w])
        k = _CARDS.get(r["variant"], 3)
        for _ in range(k):
            for s in order:
                self._deal(s, 1)
        self.to_act = None
        cap = r["pot_cap"]
        if cap and self.pb.total() >= cap:
            events.extend(self._showdown(order, "pot-cap"))
        elif len(self.active_seats()) < 2:      # the boot put all but one all-in: nothing to bet against
            events.extend(self._showdown(order, "all-in"))
        else:
            self.to_act = self.active_seats(first + 1)[0]
            events.append(["turn", self.to_act])
        return events

    def _forced(self, order, boot, events):
        """Put in the forced bets of the house rule ``forced`` (seed 001) and append their ``["boot", seat,
        chips]`` events; the stake starts at the boot whatever was paid. Returns the seat after which the
        first player acts: the dealer, or the last blind. ``boot``: everyone the boot (004); ``half`` /
        ``quarter``: everyone that part of the boot, rounded down, at least 1; ``dealer``: the dealer alone
        pays the boot for every player dealt in; ``one-blind`` / ``half-blind``: the player left of the
        dealer alone pays the boot / half of it; ``two-blinds``: the player left of the dealer half the
        boot, the next the boot (as in Hold'em)."""
        f = self.rules["forced"]
        dealer = self.log["dealer"]
        if f == "boot" or f == "half" or f == "quarter":
            each = boot if f == "boot" else max(1, boot // (2 if f == "half" else 4))
            for s in order:
                events.append(["boot", s, self._put(s, each)])
            return dealer
        if f == "dealer":
            d = dealer if self.is_live(dealer) else order[-1]
            events.append(["boot", d, self._put(d, boot * len(order))])
            return dealer
        half = max(1, boot // 2)
        if f == "two-blinds":
            blinds = [(order[0], half), (order[1], boot)]
        else:
            blinds = [(order[0], boot if f == "one-blind" else half)]
        for s, chips in blinds:
            events.append(["boot", s, self._put(s, chips)])
        return blinds[-1][0]

    # ---- amounts ----------------------------------------------------------------------------------
    @property
    def stake(self):
        """The stake in whole chips, rounded up (int): what a blind player puts in at least, a show of "the stake"
        costs. The exact stake is ``stake2`` (half chips)."""
        return (self.stake2 + 1) // 2

    def _range(self, seen):
        """(lo, hi, sizes) of a chaal before the player's stack is considered (whole chips).

        Seen: 2x to 4x the stake = ``stake2`` to ``2 * stake2``; blind: 1x to 2x = ``stake2 / 2`` rounded up
        to ``stake2`` (seed 004; the smallest whole number at or above the lower bound, the largest at or below
        the upper one). ``higher_limits`` (seed 004 "Höhere Grenzen") lifts the upper bound (the stack, the
        stake cap and the pot limit still hold)."""
        s2 = self.stake2
        lo, hi = (s2, 2 * s2) if seen else ((s2 + 1) // 2, s2)
        r = self.rules
        if r["higher_limits"] and r["chaal"] == "range":
            hi = _NO_TOP
        cap = r["stake_cap"]
        if cap:
            lo, hi = min(lo, cap), min(hi, cap)
        if r["pot_limit"]:
            p = self.pb.total()
            lo, hi = min(lo, p), min(hi, p)
        return lo, hi, (lo, hi) if r["chaal"] == "two-size" else None

    def _blind_limit_hit(self, seat):
        lim = self.rules["blind_limit"]
        return bool(lim) and self.blind_turns[seat] >= lim

    # ---- the rule of each action kind -----------------------------------------------------------------
    def _check(self, seat, kind):
        """The rule of ``kind`` for ``seat`` now (``Engine._check``): the ``Option`` or the reason (a ``Reason``).

        see; blind/chaal (all-in for less when short; two sizes under 001); pack; show (what it costs by the
        house's show rule); sideshow (its cost: 004 the minimum seen chaal, 000 the stake, 001 free);
        accept/refuse while a sideshow is answered (the third request cannot be refused under 001).
        """
        r = self.rules
        if self.phase == "sideshow":
            if kind == "accept":
                return Option("accept")
            if kind == "refuse":
                if r["sideshow_third_forced"] and self.requests[self.sideshow[0]] >= _SIDESHOW_FORCED_AT:  # type: ignore[index]
                    return Reason("the third sideshow request cannot be refused")
                return Option("refuse")
            return Reason("answer the sideshow: accept or refuse")
        seen = self.seen[seat]
        stack = self.table.stacks[seat]
        if kind == "see":
            return Reason("your cards are already seen") if seen else Option("see")
        if kind == "blind" or kind == "chaal":
            return self._check_chaal(seat, kind, seen, stack)
        if kind == "pack":
            return Option("pack")
        if kind == "accept" or kind == "refuse":
            return Reason("there is no sideshow to answer")
        if kind == "show":
            return self._check_show(seat, seen, stack)
        if kind == "sideshow":
            return self._check_sideshow(seat, seen, stack)
        return Reason("%s is not a Teen Patti action", kind)

    def _check_chaal(self, seat, kind, seen, stack):
        if seen and kind == "blind":
            return Reason("a seen player bets with chaal, not blind")
        if not seen and kind == "chaal":
            return Reason("a blind player bets blind (or sees first)")
        if not seen and self._blind_limit_hit(seat):
            return Reason("blind limit reached (%d): see your cards or pack", self.rules["blind_limit"])
        if stack <= 0:
            return Reason("no chips left to bet")
        lo, hi, sizes = self._range(seen)
        if stack < lo:                          # all-in for less
            return Option(kind, stack, stack, (stack,))
        if sizes is not None:
            amts = []
            for a in sizes:
                a = min(a, stack)
                if a not in amts:
                    amts.append(a)
            return Option(kind, amts[0], amts[-1], tuple(amts))
        return Option(kind, lo, min(hi, stack))

    def _check_show(self, seat, seen, stack):
        """A show: only two players left; its cost by the show rule (004 / 000: a blind player pays the stake, seen
        vs seen 2x the stake (004) or the stake (000), never seen vs blind; 001: only a seen player asks, 2x the
        last bet, 4x when the other is blind)."""
        if self.must_bet == seat:
            return Reason("sideshow refused: chaal or pack")
        live = self.live_seats()
        if len(live) != 2:
            return Reason("a show only when two players remain")
        if not seen and self._blind_limit_hit(seat):
            return Reason("blind limit reached: see your cards or pack")
        op_seen = self.seen[live[0] if live[1] == seat else live[1]]
        rule = self.rules["show"]
        st = self.stake
        if rule == "001":
            if not seen:
                return Reason("a blind player cannot ask for the show: see first")
            cost = (2 if op_seen else 4) * self.last_bet
        elif not seen:
            cost = st
        elif op_seen:
            cost = self.stake2 if rule == "004" else st     # 2x the exact stake; "the stake" rounded up
        else:
            return Reason("a seen player cannot ask a blind one for the show: chaal or pack")
        c = min(cost, stack)
        return Option("show", c, c)

    def _check_sideshow(self, seat, seen, stack):
        """A sideshow: asked by a seen player of the previous bettor, himself seen, with three players or more in;
        under 004 only when every player still in is seen, for the minimum seen chaal."""
        rule = self.rules["sideshow"]
        if rule == "off":
            return Reason("no sideshow at this table")
        if not seen:
            return Reason("a blind player cannot ask for a sideshow")
        if self.must_bet == seat:
            return Reason("sideshow refused: chaal or pack")
        live = self.live_seats()
        if len(live) < 3:
            return Reason("a sideshow needs three players in; ask for the show")
        t = self.last_bettor
        if t is None or t == seat or not self.is_live(t):
            return Reason("nobody has bet before you")
        if not self.seen[t]:
            return Reason("the previous player is blind")
        if rule == "004":
            for x in live:
                if not self.seen[x]:
                    return Reason("a sideshow only when every player still in is seen")
            cost = self._range(True)[0]
        else:
            cost = self.stake if rule == "000" else 0
        if cost > stack:
            return Reason("not enough chips for the sideshow")
        return Option("sideshow", cost, cost)

    def _rebuy_allowed(self, seat):
        return (self.rules["rebuy_mid_hand"] and self.phase == "betting" and seat == self.to_act
                and not self.pb.all_in[seat] and self.table.stacks[seat] < self._range(self.seen[seat])[0])

    # ---- applying -----------------------------------------------------------------------------------
    def _do(self, seat, a):
        k = a.kind
        amount = a.amount
        self.turns += 1
        if k == "see":
            self.seen[seat] = True
            return [["see", seat]]
        if k == "pack" or k == "blind" or k == "chaal":
            if k == "pack":
                self.pb.fold(seat)
                ev = [["pack", seat]]
            else:
                ev = self._chaal(seat, amount)
            self.must_bet = None
            return ev + self._after(seat, seat)
        if k == "show":
            live = self.live_seats()
            other = live[0] if live[1] == seat else live[1]
            self._put(seat, amount)
            return [["show", seat, other, amount]] + self._showdown([seat, other], "show", payer=seat)
        if k == "sideshow":
            target = self.last_bettor
            ev = []
            if self.rules["sideshow"] == "004":     # the request comes with a chaal of the minimum
                ev = self._chaal(seat, amount)
            elif amount:
                self._put(seat, amount)
            self.requests[seat] += 1
            ev.append(["sideshow", seat, target, amount])
            cap = self.rules["pot_cap"]
            if cap and self.pb.total() >= cap:      # the chips of the request reached the pot cap: all show
                return ev + self._showdown(self.live_seats(), "pot-cap")
            self.sideshow = [seat, target]
            self.phase = "sideshow"
            self.to_act = target
            return ev
        # accept or refuse, by the asked player
        asker, target = self.sideshow  # type: ignore[misc]
        self.sideshow = None
        self.phase = "betting"
        if k == "refuse":
            ev = [["refuse", target, asker]]
            if self.rules["sideshow"] == "004" or self.pb.all_in[asker]:
                # 004 betting goes on; an asker all-in from paying for the sideshow stays in for its pots
                return ev + self._after(asker, asker)
            self.must_bet = asker                    # 000, 001: the asker must now chaal or pack
            self.to_act = asker
            return ev + [["turn", asker]]
        self.peeks.append([asker, target])
        loser = target if self.score(asker) > self.score(target) else asker   # equal hands: the asker packs
        self.pb.fold(loser)
        return [["accept", target, asker], ["pack", loser]] + self._after(asker, asker)

    def _chaal(self, seat, amount):
        seen = self.seen[seat]
        put = self._put(seat, amount)
        if put >= self._range(seen)[0]:          # all-in for less keeps the stake
            if not seen:
                self.stake2 = 2 * put
            elif "stake2" in self.log:
                self.stake2 = put               # half the seen bet, exact in half chips
            else:
                self.stake2 = put + (put & 1)   # a log of the old rounding: half the bet rounded up
        if not seen:
            self.blind_turns[seat] += 1
        self.last_bet = put
        self.last_bettor = seat
        return [["chaal" if seen else "blind", seat, put]]

    def _after(self, seat, actor):
        """Next turn after ``seat``'s action, or the end of the hand."""
        live = self.live_seats()
        if len(live) == 1:
            return self._finish(extra={"how": "pack", "winner": live[0]})
        cap = self.rules["pot_cap"]
        if cap and self.pb.total() >= cap:
            return self._showdown(live, "pot-cap")
        act = self.active_seats()
        done = not act
        if len(act) == 1:
            # the one player left able to bet: nothing to bet against when it made the last bet or action, or has
            # put in at least as much as every other player still in, all of them all-in: no further bet can change
            # the pot (issue 14, "nobody left to bet against")
            a = act[0]
            done = True
            if a != self.last_bettor and a != actor:
                c = self.pb.contributed
                for s in live:
                    if c[s] > c[a]:
                        done = False
        if done:
            return self._showdown(live, "all-in")
        self.to_act = self.active_seats(seat + 1)[0]
        return [["turn", self.to_act]]

    def active_seats(self, first=None):
        """Live seats that can still act (not all-in), clockwise from the seat left of the dealer (or from the seat
        ``first``, as ``live_seats``: the first of them after seat ``s`` is ``active_seats(s + 1)[0]``)."""
        out = []
        for s in self.live_seats(first):
            if not self.pb.all_in[s]:
                out.append(s)
        return out

    # ---- showdown -------------------------------------------------------------------------------------
    def ranking(self):
        """The evaluator ranking (``dealerbox.eval``) for this hand's house rules: sequence order, muflis and
        the wild ranks of AK47 / Joker Hunt (Best of Five / High-Wild's one wild card is in ``score``)."""
        if self._rk is None:
            r = self.rules
            v = r["variant"]
            wild = _AK47 if v == "ak47" else (self.wild,) if v == "joker-hunt" else ()
            house = (r["sequence"], "muflis") if r["muflis"] else (r["sequence"],)
            self._rk = make_ranking("teen-patti", house=house, wild_ranks=wild)
        return self._rk

    def score(self, seat):
        """Strength (int, higher wins) of ``seat``'s hand under the house rules: the ranking's score, or a variant's
        scorer of ``dealerbox.eval.tpwild`` (imported the first time a variant needs it, and kept): a one-card
        variant's (``one_card_score``), Best of Five / High-Wild's (``five_middle_wild``, seed 000: the
        middle-ranked card is wild: ``middle_wild_score``)."""
        r = self.rules
        v = r["variant"]
        h = self.hands[seat]
        if v in _ONE_CARD:
            from dealerbox.eval.tpwild import one_card_score

            return one_card_score(v, h[0])
        rk = self.ranking()
        if v != "best-of-five" or not r["five_middle_wild"]:
            return rk.score(h)
        from dealerbox.eval.tpwild import middle_wild_score

        return middle_wild_score(rk.score_unchecked, h)

    def category(self, seat):
        """Category name of ``seat``'s hand (``"card"`` in the one-card variants)."""
        if self.rules["variant"] in _ONE_CARD:
            return "card"
        return self.ranking().category_of(self.score(seat))

    def _showdown(self, seats, how, payer=None):
        scores = {}
        cats = [None] * self.n  # type: list
        one = self.rules["variant"] in _ONE_CARD
        for s in seats:
            v = scores[s] = self.score(s)
            cats[s] = "card" if one else self.ranking().category_of(v)
        if self.rules["variant"] == "in-out" and len(seats) > 1:
            low = min(scores.values())
            if max(scores.values()) > low:          # the lowest cards are out (all equal: all in)
                for s in seats:
                    scores[s] = 0 if scores[s] == low else 1
        if payer is not None:   # equal hands: the player who did not pay for the show wins
            for s in seats:
                scores[s] = scores[s] * 2 + (0 if s == payer else 1)
        shown = [None] * self.n
        for s in seats:
            shown[s] = self.hands[s]     # the hand's own list: never changed after the showdown
            self.seen[s] = True
        return [["showdown", list(seats)]] + self._finish(scores, shown, {"how": how, "categories": cats,
                                                                          "wild": self.wild})

    # ---- what players see -----------------------------------------------------------------------------------
    def public_view(self):
        """What everybody may see: pot, stake, boot, blind/seen, stacks, turn, options' names, wild rank."""
        t = self.table
        d = {"game": self.GAME, "phase": self.phase, "names": list(t.names), "stacks": list(t.stacks),
             "dealer": self.log["dealer"] if self.log else t.dealer, "to_act": self.to_act,
             "pot": self.pb.total(), "stake": self.stake, "stake2": self.stake2, "boot": self.rules["boot"],
             "last_bet": self.last_bet, "dealt": list(self.dealt),
             "live": self._flags(self.is_live),
             "seen": list(self.seen), "blind_turns": list(self.blind_turns),
             "all_in": self._flags(self.is_all_in),
             "in_hand": list(self.pb.contributed), "sideshow": self.sideshow, "wild": self.wild,
             "variant": self.rules["variant"], "result": self.result}
        return d

    def view(self, seat):
        """What ``seat`` may see: the public view, its own cards once seen, hands compared in a sideshow."""
        d = self.public_view()
        d["seat"] = seat
        d["cards"] = list(self.hands[seat]) if self.hands[seat] is not None and self.seen[seat] else None
        peek = {}
        for a, b in self.peeks:
            if a == seat:
                peek[b] = list(self.hands[b])
            elif b == seat:
                peek[a] = list(self.hands[a])
        d["peek"] = peek
        return d

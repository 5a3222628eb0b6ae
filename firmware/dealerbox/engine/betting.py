"""One betting round of a poker-style game: who acts, what they may put in, when it closes.

Used by Turkish Poker (before and after the draw) and Indian Poker (RULES.md,
Turkish Poker and Indian Poker; seeds 002, 003). The round only keeps the chips
each seat has put in *this round* (``bets``, ints); the engine moves the chips
out of the table stacks into its ``PotBook`` and passes the stacks and the pot
in when it asks a question.

Structures (``structure``), all with a bet size ``size`` (int chips >= 1):

==========  ==========================================  ==========================================
structure   a bet (nothing to call yet) puts in          a raise puts in the call + an increment
==========  ==========================================  ==========================================
fixed       exactly ``size``                             increment exactly ``size``; at most ``cap``
                                                         bets and raises in the round (default 4)
pot         ``size`` up to the pot                       increment from the last full raise (at least
                                                         ``size``) up to the pot after the call
no-limit    ``size`` up to the whole stack               increment from the last full raise (at least
                                                         ``size``) up to the whole stack
free        1 chip up to the whole stack                 increment 1 chip or more, up to the stack
==========  ==========================================  ==========================================

A player who cannot cover the minimum may put in the whole stack (all-in). An
all-in raise smaller than the minimum increment is *incomplete*: the players
who have already acted must call it or fold, but it does not reopen raising
for them (standard poker practice). When ``check_raise`` is False, a player who
checked in this round may later call or fold but not raise. A bet or raise is
not offered when nobody else could answer it (every other player is all-in).

Action kinds used here: ``check``, ``bet``, ``call``, ``raise``, ``fold``.
Amounts are the chips put in by that action (a call of 3 puts in 3).
"""

from micropython import const

from dealerbox.reason import Reason

_DEFAULT_CAP = const(4)


class BettingRound:
    """The state of one betting round for ``n`` seats.

    ``order``: the seats in the hand (not folded), clockwise from the first to
    act; ``size``: bet size in chips; ``structure``: ``"fixed"``, ``"pot"``, ``"no-limit"`` or ``"free"``;
    ``cap``: bets + full raises allowed in a fixed-limit round; ``check_raise``:
    whether a player who checked may raise later in the round. Call ``start``
    with the stacks before the first question. Raises ValueError for a bad
    structure or size.
    """

    KINDS = ("check", "bet", "call", "raise", "fold")   # the kinds ``check`` knows

    def __init__(self, n, order, size, structure="fixed", cap=_DEFAULT_CAP, check_raise=True):
        if structure not in ("fixed", "pot", "no-limit", "free"):
            raise ValueError("betting structure %r is not one of fixed, pot, no-limit, free" % (structure,))
        if not isinstance(size, int) or size < 1:
            raise ValueError("the bet size is a whole number of chips >= 1, not %r" % (size,))
        self.n = n
        self.order = list(order)
        self.size = size
        self.structure = structure
        self.cap = cap
        self.check_raise = check_raise
        self.bets = [0] * n
        self.high = 0
        self.min_raise = size if structure != "free" else 1
        self.raises = 0
        # the per-seat flags are bit masks, seat s = bit s (as ``to_state`` saves them; no list per flag): folded
        # (every seat not in ``order``), pending (still to act), can_raise, checked
        every = (1 << n) - 1
        folded = every
        for s in self.order:
            folded &= ~(1 << s)
        self.folded = folded
        self.pending = 0
        self.can_raise = every
        self.checked = 0
        self.to_act = None

    # -- queries (the round is closed when ``to_act`` is None: nobody left to act, or one player left; a seat must
    # put in ``high - bets[seat]`` chips to match the highest bet of the round) ----------------------------------

    def check(self, seat, kind, stack, stacks, pot):
        """The rule of ``kind`` (``check``, ``bet``, ``call``, ``raise``, ``fold``) for ``seat`` now: ``(min, max)``
        chips it puts in when it is legal, else the reason it is not (a ``Reason``). The one place of every rule of the
        round (raise cap, check-raise, incomplete all-in raise, who could answer, the amounts of each structure):
        the engine's ``legal_actions`` lists what it allows.

        ``stack``: the seat's chips behind; ``stacks``: every seat's chips behind (list, to know who could
        answer a bet); ``pot``: every chip in the hand so far (all pots, this round's bets included).
        """
        if self.to_act is None:
            return Reason("the betting round is over")
        if seat != self.to_act:
            return Reason("it is not your turn")
        call = self.high - self.bets[seat]
        if kind == "check":
            return (0, 0) if call == 0 else Reason("you must call %d, raise or fold", call)
        if kind == "fold":
            return (0, 0) if call > 0 else Reason("nothing to call: check instead")
        if kind == "call":
            if call == 0:
                return Reason("nothing to call")
            c = min(call, stack)
            return (c, c)
        if kind != "bet" and kind != "raise":
            return Reason("no such action: %s", kind)
        if kind == "bet" and self.high > 0:
            return Reason("there is already a bet: call, raise or fold")
        if kind == "raise" and self.high == 0:
            return Reason("nothing to raise: bet instead")
        answer = False      # another seat still in with chips behind, who could answer a bet or a raise
        for x in self.order:
            if x != seat and not self.folded >> x & 1 and stacks[x] > 0:
                answer = True
        if kind == "bet":
            if stack <= 0 or not answer:
                return Reason("nobody left to call a bet")
        else:
            if not answer:
                return Reason("nobody left to call a raise")
            if stack <= call:
                return Reason("you do not have the chips to raise")
            if self.structure == "fixed" and self.raises >= self.cap:
                return Reason("the betting is capped at %d bets and raises", self.cap)
            if self.checked >> seat & 1 and not self.check_raise:
                return Reason("check-raise is not allowed")
            if not self.can_raise >> seat & 1:
                return Reason("an all-in for less than a raise does not reopen the raising")
        # the amounts of the structure (a bet is a raise with nothing to call; until the first bet ``min_raise``
        # is the bet size, 1 chip in free betting)
        s = self.structure
        if s == "fixed":
            lo = hi = call + self.size
        else:
            lo = call + self.min_raise
            hi = max(lo, call + pot + call) if s == "pot" else stack
        return min(lo, stack), min(hi, stack)

    # -- changes ---------------------------------------------------------------

    def start(self, stacks, bets=None):
        """Open the round: every seat in ``order`` with chips must act; set ``to_act``.

        ``bets`` (optional list of ints): chips already put in this round (none by default).
        """
        if bets is not None:
            self.bets = list(bets)
            self.high = max(self.bets)
        with_chips = 0
        for s in self.order:
            if stacks[s] > 0:
                with_chips += 1
        for s in self.order:
            if stacks[s] > 0 and (with_chips >= 2 or self.bets[s] < self.high):
                self.pending |= 1 << s
            else:
                self.pending &= ~(1 << s)
        self.to_act = self._next_from(-1)

    def _next_from(self, pos):
        """First pending seat in ``order`` after position ``pos`` (wrapping); None if none or one left."""
        live = 0
        for s in self.order:
            if not self.folded >> s & 1:
                live += 1
        if live <= 1:
            return None
        k = len(self.order)
        for i in range(1, k + 1):
            s = self.order[(pos + i) % k]
            if (self.pending & ~self.folded) >> s & 1:
                return s
        return None

    def act(self, seat, kind, amount, stacks):
        """Record ``seat``'s ``kind`` (already allowed by ``check``); return the chips it puts in.

        ``amount``: chips for a bet or raise; ignored otherwise. ``stacks``:
        every seat's chips behind *before* this action (the caller then moves
        the returned chips out of the stack). Moves ``to_act`` on.
        """
        put = 0
        stack = stacks[seat]
        if kind == "fold":
            self.folded |= 1 << seat
        elif kind == "check":
            self.checked |= 1 << seat
        elif kind == "call":
            put = min(self.high - self.bets[seat], stack)
        elif kind == "bet" or kind == "raise":
            put = amount
            inc = put - (self.high - self.bets[seat])     # above the call
            full = inc >= self.min_raise if self.structure != "fixed" else inc >= self.size
            self.high = self.bets[seat] + put
            if full:
                if self.structure in ("pot", "no-limit") and inc > self.min_raise:
                    self.min_raise = inc
                self.raises += 1
            for s in self.order:
                if s == seat or self.folded >> s & 1:
                    continue
                left = stacks[s]
                if left > 0 and self.bets[s] < self.high:
                    self.pending |= 1 << s
                    if full:
                        self.can_raise |= 1 << s
        else:
            raise ValueError("no such betting action: %s" % kind)
        self.bets[seat] += put
        self.pending &= ~(1 << seat)
        self.can_raise &= ~(1 << seat)
        self.to_act = self._next_from(self.order.index(seat))
        return put

    def to_state(self):
        """JSON-able dict of the round (the per-seat flags as bit masks, seat 0 = bit 0); it shares the lists of
        the round (``Engine.to_state`` copies the whole snapshot when asked). ``from_state`` reads it back."""
        return {"order": self.order, "size": self.size, "structure": self.structure, "cap": self.cap,
                "check_raise": self.check_raise, "bets": self.bets, "high": self.high,
                "min_raise": self.min_raise, "raises": self.raises, "to_act": self.to_act,
                "flags": [self.folded, self.pending, self.can_raise, self.checked]}

    @staticmethod
    def from_state(d):
        """A ``BettingRound`` from ``to_state()``'s dict (the per-seat flags from their bit masks)."""
        r = BettingRound(len(d["bets"]), d["order"], d["size"], d["structure"], d["cap"], d["check_raise"])
        r.bets = list(d["bets"])
        r.high = d["high"]
        r.min_raise = d["min_raise"]
        r.raises = d["raises"]
        r.folded, r.pending, r.can_raise, r.checked = d["flags"]   # bit masks, seat 0 = bit 0, as the round keeps them
        r.to_act = d["to_act"]
        return r


"""The chips of one hand: who put in how much, the pot and the side pots, the award.

Chips put in during a hand are recorded per seat (``contributed[seat]``, ints).
The pots are *derived* from those levels, never kept by hand (RULES.md, all-in
and side pots; seed 001; the issue's A 100 / B 300 / C 300 case):

* A seat that packs (``fold``) stays a contributor but claims no pot.
* A live seat that is **all-in** caps what it can win: it is eligible for the
  chips up to its own level from every seat. Each distinct all-in level of a
  live seat closes one pot; the main pot is the lowest level.
* Live seats that are not all-in are uncapped: they are eligible for every pot.
  (In Teen Patti a blind player legitimately puts in less than a seen one and
  still plays for the whole pot; in poker games the uncapped seats have equal
  levels anyway when the betting closes.)
* The top pot holds the chips above the highest all-in level; it belongs to the
  live seats that are not all-in.
* Chips above the level of every live claimant are never lost: a live seat's
  excess that nobody else can contest goes back to it (``uncalled``); a packed
  seat's chips above every live level are dead money added to the last pot.

``award`` splits each pot separately among its best eligible hands; odd chips
go to the first tied winner clockwise from the dealer (the seat left of the
dealer first, the dealer last).

A pot is a list ``[amount, eligible]`` (int chips; the eligible seat ints, ascending), an award a list
``[pot, seat, chips]`` (the pot's index, 0 = main): as the hand log's result writes them.
"""


def clockwise(seats, dealer, n):
    """The seats of ``seats`` (any container of seat ints) clockwise from the seat left of ``dealer``
    (the dealer last), as a list: the order of the odd-chip rule."""
    out = []
    for k in range(1, n + 1):
        s = (dealer + k) % n
        if s in seats:
            out.append(s)
    return out


class PotBook:
    """The chips of one hand for ``n`` seats (2-10).

    ``contributed``: list of ints, chips each seat put in this hand;
    ``folded`` / ``all_in``: lists of bools. The caller moves chips out of the
    table stacks and checks them; the book only records levels.
    """

    def __init__(self, n):
        self.n = n
        self.contributed = [0] * n
        self.folded = [False] * n
        self.all_in = [False] * n

    def put(self, seat, chips, all_in=False):
        """Record ``chips`` (int >= 0) put in by ``seat``; ``all_in`` marks the seat all-in (its stack is empty).

        Raises ValueError for a negative or non-int amount or a packed seat.
        """
        if not isinstance(chips, int) or chips < 0:
            raise ValueError("chips must be a whole number >= 0, not %r" % (chips,))
        if self.folded[seat]:
            raise ValueError("seat %d has packed" % seat)
        self.contributed[seat] += chips
        if all_in:
            self.all_in[seat] = True

    def refund(self, seat, chips):
        """Take ``chips`` back out for ``seat`` (the uncalled excess); raises ValueError if more than it put in."""
        if chips < 0 or chips > self.contributed[seat]:
            raise ValueError("seat %d cannot take back %d chips" % (seat, chips))
        self.contributed[seat] -= chips

    def fold(self, seat):
        """``seat`` packs/folds: it loses eligibility for every pot; its chips stay in."""
        self.folded[seat] = True

    def total(self):
        """All chips in the hand (int)."""
        return sum(self.contributed)

    def _claimants(self, dealt):
        out = []
        for s in range(self.n):
            if not self.folded[s] and (self.contributed[s] > 0 if dealt is None else dealt[s]):
                out.append(s)
        return out

    def pots(self, dealt=None):
        """The pots, main pot first, as a list of new ``[amount, eligible]`` lists with amount > 0.

        ``dealt`` (optional list of bools) says which seats are in the hand; by
        default every seat that put chips in and has not packed is a claimant.
        If nobody is live the chips form one pot with no eligible seat.
        """
        live = self._claimants(dealt)
        c = self.contributed
        caps = []
        for s in live:
            if self.all_in[s] and c[s] not in caps:
                caps.append(c[s])
        caps.sort()
        uncapped = []
        for s in live:
            if not self.all_in[s]:
                uncapped.append(s)
        out = []  # type: list
        prev = 0
        for level in caps:
            amount = 0
            for v in c:
                amount += min(v, level) - min(v, prev)
            elig = []
            for s in live:
                if not self.all_in[s] or c[s] >= level:
                    elig.append(s)
            if amount:
                out.append([amount, elig])
            prev = level
        rest = 0
        for v in c:
            rest += v - min(v, prev)
        if rest:
            if uncapped or not out:
                out.append([rest, uncapped])
            else:
                # dead money of packed seats above every live level: the last pot takes it
                out[-1][0] += rest
        return out

    def uncalled(self, dealt=None):
        """``(seat, chips)``: the excess nobody can contest, or ``None``.

        The live seat with the highest level gets back what it put in above
        every other seat's level (packed or not), but only when every other
        live seat is all-in (nobody is left to answer it). In the A 100 /
        B 300 / C 300 case, after C packs at 200: ``(B, 100)``.
        """
        live = self._claimants(dealt)
        if not live:
            return None
        c = self.contributed
        top = live[0]
        for s in live:
            if c[s] > c[top]:
                top = s
        second = 0
        for s in range(self.n):
            if s != top and c[s] > second:
                second = c[s]
        for s in live:
            if s != top and not self.all_in[s]:
                return None
        if c[top] > second:
            return (top, c[top] - second)
        return None

    def award(self, scores, dealer, dealt=None):
        """Split every pot among its best eligible hands; a list of awards ``[pot, seat, chips]``.

        ``scores``: dict seat -> int (higher wins) for the live seats that show;
        a pot with a single eligible seat needs no score. Each pot is split
        evenly among the eligible seats with the best score; the odd chips go
        to the first tied winner clockwise from ``dealer``. Awards of one pot
        are listed clockwise from the dealer. Raises ValueError when a pot with
        several eligible seats lacks a score, or a pot has no eligible seat.
        """
        out = []
        n = self.n
        for i, pot in enumerate(self.pots(dealt)):
            amount, elig = pot
            if not elig:
                raise ValueError("pot %d has no eligible seat" % i)
            if len(elig) == 1:
                winners = [elig[0]]
            else:
                best = None
                winners = []
                for s in elig:
                    if s not in scores:
                        raise ValueError("pot %d: no hand for seat %d" % (i, s))
                    v = scores[s]
                    if best is None or v > best:
                        best = v
                        winners = [s]
                    elif v == best:
                        winners.append(s)
            winners = clockwise(winners, dealer, n)
            share = amount // len(winners)
            odd = amount - share * len(winners)
            for k, s in enumerate(winners):
                out.append([i, s, share + (odd if k == 0 else 0)])
        return out

    def to_state(self):
        """JSON-able dict sharing the book's lists (``Engine.to_state`` copies the whole snapshot when asked);
        ``from_state`` reads it back."""
        return {"n": self.n, "contributed": self.contributed, "folded": self.folded, "all_in": self.all_in}

    @staticmethod
    def from_state(d):
        """A ``PotBook`` from ``to_state()``'s dict (its own lists)."""
        pb = PotBook(d["n"])
        pb.contributed = list(d["contributed"])
        pb.folded = list(d["folded"])
        pb.all_in = list(d["all_in"])
        return pb

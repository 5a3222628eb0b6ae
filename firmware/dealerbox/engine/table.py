"""The table: seats, names, stacks, buy-ins, the dealer button, across a whole session.

Seats are numbered clockwise 0..n-1; "left of the dealer" is ``(dealer + 1) % n``.
Stacks are ints (chips). ``bought_in[seat]`` is the starting chips plus every
rebuy, so a player's result is ``stack - bought_in`` (standings net of buy-ins;
RULES.md, all-in and rebuy; seed 001). A seat with no chips is *out*: it is not
dealt in and the button skips it, until it rebuys. The session is over when one
player holds every chip, or when the players stop (``stop()``).

``carry``: the pot of a Turkish dead hand waiting for the next hand (None, or a
list per seat of the chips each put in), kept by the table so that between hands
``sum(stacks) + carried() == sum(bought_in)``. When the players stop, every seat
takes back its own part of it (the dead hands are called off; no odd chips).
"""

from micropython import const

from dealerbox.engine import _copy

_MIN_SEATS = const(2)
_MAX_SEATS = const(10)


class TableError(ValueError):
    """A table was set up or changed in a way the rules do not allow (str(e) says why: ``IllegalAction``)."""


class Table:
    """Seats, stacks and the button.

    ``Table(names, chips)``: ``names`` a list of 2-10 str; ``chips`` the starting
    stack, an int for every seat or a list of ints (one per seat), each >= 1.
    ``dealer`` starts at seat 0 (or ``dealer=``). Raises TableError.
    """

    def __init__(self, names, chips, dealer=0):
        n = len(names)
        if n < _MIN_SEATS or n > _MAX_SEATS:
            raise TableError("a table has 2 to 10 seats, not %d" % n)
        if isinstance(chips, int):
            chips = [chips] * n
        if len(chips) != n:
            raise TableError("%d names but %d stacks" % (n, len(chips)))
        for c in chips:
            if not isinstance(c, int) or c < 0:
                raise TableError("a stack is a whole number of chips >= 0, not %r" % (c,))
        for nm in names:
            if not isinstance(nm, str):
                raise TableError("a name is a string, not %r" % (nm,))
        if type(dealer) is not int or not 0 <= dealer < n:
            raise TableError("no seat %r for the dealer" % (dealer,))
        # the table's lists filled in place, exactly n long (``list()`` of 10 grows by doubling: room for 16)
        self.names = [None] * n
        self.stacks = [0] * n
        for s in range(n):
            self.names[s] = names[s]
            self.stacks[s] = chips[s]
        self.n = n                  # number of seats
        self.bought_in = self.stacks[:]
        self.dealer = dealer
        self.stopped = False
        self.carry = None  # type: list | None

    def rebuy(self, seat, chips):
        """Add ``chips`` (int >= 1) to ``seat``'s stack and to its buy-in.

        Between hands from the app; mid-hand only through the engine (where the
        house allows it). Raises TableError for a bad seat or amount.
        """
        if not isinstance(seat, int) or not 0 <= seat < len(self.names):
            raise TableError("no seat %r" % (seat,))
        if not isinstance(chips, int) or chips < 1:
            raise TableError("a rebuy is a whole number of chips >= 1, not %r" % (chips,))
        self.stacks[seat] += chips
        self.bought_in[seat] += chips

    def seats_in_play(self):
        """Seats with chips, clockwise from the seat left of the dealer (the dealer last)."""
        n = len(self.names)
        out = []
        for k in range(1, n + 1):
            s = (self.dealer + k) % n
            if self.stacks[s] > 0:
                out.append(s)
        return out

    def move_button(self, after=None):
        """The dealer moves one seat left (clockwise) of ``after`` (a seat; default: the dealer), skipping seats that
        are out. Returns the new dealer."""
        n = len(self.names)
        start = self.dealer if after is None else after
        for k in range(1, n + 1):
            s = (start + k) % n
            if self.stacks[s] > 0:
                self.dealer = s
                return s
        self.dealer = (start + 1) % n
        return self.dealer

    def standings(self):
        """List of ``(seat, name, stack, net)``, ``net = stack - bought_in``, best net first (then seat)."""
        keyed = []
        for s in range(self.n):
            keyed.append((self.bought_in[s] - self.stacks[s], s))
        keyed.sort()
        rows = []
        for _k, s in keyed:
            rows.append((s, self.names[s], self.stacks[s], self.stacks[s] - self.bought_in[s]))
        return rows

    def carried(self):
        """Chips of a dead hand's pot waiting for the next hand (int, 0 when none)."""
        return sum(self.carry) if self.carry else 0

    def stop(self):
        """The players stop the session (standings are final); a carried pot goes back to those who put it in."""
        c = self.carry
        if c:
            for s in range(len(c)):
                self.stacks[s] += c[s]
        self.carry = None
        self.stopped = True

    def to_state(self, copy=True):
        """JSON-able dict of the whole table. ``copy=False`` shares the table's lists instead of copying them: for a
        caller that serializes the dict at once (the app's save, as ``Engine.to_state``)."""
        d = {"names": self.names, "stacks": self.stacks, "bought_in": self.bought_in, "dealer": self.dealer,
             "stopped": self.stopped}
        if self.carry:
            d["carry"] = self.carry
        return _copy(d) if copy else d

    @classmethod
    def from_state(cls, d):
        """A Table from ``to_state()``'s dict (its own lists). TableError for bad names or stacks, KeyError for a
        missing key."""
        t = cls(d["names"], list(d["stacks"]), d["dealer"])
        t.bought_in = list(d["bought_in"])
        t.stopped = bool(d.get("stopped", False))
        c = d.get("carry")
        t.carry = list(c) if c else None
        return t

"""The rules-engine base: the bookkeeping every game shares (docs/engine.md is the contract).

A rules engine is a state machine over one hand on a ``Table``:

* ``legal_actions()`` lists ``Option(kind, min, max)`` for the seat to act;
* ``why_illegal(action)`` gives the reason an ``Action`` is refused, or None,
  and never changes anything;
* ``apply(action)`` applies a legal action and returns a list of events, or
  raises ``IllegalAction(reason)`` with the state untouched.

The base class keeps what all games share: the deal from a shuffled (or given)
deck, stacks <-> ``PotBook`` (all-in for less is recorded by ``_put``), turn
order skipping packed and all-in seats, the end of the hand (uncalled excess
back to its owner, every pot awarded through ``PotBook.award`` with the
odd-chip rule, the button moved), the hand log and the snapshot
(``to_state`` / ``from_state``). A game adds only its own rules through the
hooks ``KINDS``, ``_begin``, ``_check`` and ``_do``.

Each rule lives in one function: ``_check(seat, kind)`` answers, for one action
kind, either the ``Option`` (it is legal now, with its amounts) or the reason it
is not (a str). ``legal_actions()`` is every kind of ``KINDS`` whose check gives
an ``Option``; ``why_illegal`` is the check's reason, or the amount's refusal
(``amount_reason``) against that same ``Option`` (PokerKit's verify / can / do).

Events are small lists, first item the event's name, e.g. ``["chaal", 2, 4]``
(seat 2 put in 4), ``["pack", 3]``, ``["win", 0, 1, 17]`` (pot 0 to seat 1:
17 chips), ``["back", 1, 100]`` (100 uncalled chips back to seat 1).
"""

import hashlib
from binascii import hexlify, unhexlify

from micropython import const

from dealerbox.engine import _copy
from dealerbox.engine.pots import PotBook
from dealerbox.engine.rules import validate
from dealerbox.reason import Reason
from dealerbox.rng import shuffle

_LOG_VERSION = const(1)
_CHAINED = const(2)   # the log version of a sealed-and-cut deal, chained to the line before it (docs/hand-log.md)
_DECK_SIZE = const(52)   # cards.DECK_SIZE: no import of the notation module during a hand (memory)
_MAX_REBUY = const(1000000)  # the most chips one mid-hand rebuy may add (seed 001)


class IllegalAction(ValueError):
    """An action the rules do not allow now: ``e.args[0]`` is the reason (a ``Reason``, or a catalog key str), which
    the UI shows in the table's language (``lang.said``); ``str(e)`` is it in English."""


class Record:
    """A small value object (``Action``, ``Option``): ``__slots__`` names its fields in the constructor's order.
    Records of one class with equal fields are equal; ``repr`` is the constructor call, trailing None fields left
    out (``Action('chaal', 4)``). One ``__eq__`` and one ``__repr__`` for both classes."""

    __slots__ = ()  # type: tuple  # the fields, in the subclasses

    def __eq__(self, other):
        if not isinstance(other, type(self)):
            return False
        for k in self.__slots__:
            if getattr(self, k) != getattr(other, k):
                return False
        return True

    def __repr__(self):
        vals = []
        for k in self.__slots__:
            vals.append(getattr(self, k))
        while vals and vals[-1] is None:
            vals.pop()
        out = []
        for v in vals:
            out.append(repr(v))
        return "%s(%s)" % (type(self).__name__, ", ".join(out))


class Action(Record):
    """One player's action: ``kind`` (str of the game's vocabulary), ``amount`` (int chips put in
    by it, 0 when none), ``cards`` (list of ints: card positions for a draw, else None).
    """

    __slots__ = ("kind", "amount", "cards")

    def __init__(self, kind, amount=0, cards=None):
        self.kind = kind
        self.amount = amount
        self.cards = cards

    @staticmethod
    def from_list(row):
        """``(seat, Action)`` from a hand-log row ``[seat, kind, amount]`` (plus ``cards``, a list of positions).

        Raises ValueError for a malformed row: not a list of 3 or 4, a seat or amount not an int, a kind not a word
        of letters, cards not a list of ints (as a journal record's: ui/snapcheck.py ``action_of``) (replay:
        host_tools/replay.py, the tests)."""
        if not isinstance(row, list) or len(row) not in (3, 4) or type(row[0]) is not int \
                or not isinstance(row[1], str) or not row[1].isalpha() or type(row[2]) is not int \
                or len(row) == 4 and not (isinstance(row[3], list) and all(type(c) is int for c in row[3])):
            raise ValueError(Reason("malformed action %r", row))    # (a bool is no seat or amount; a kind is letters)
        return row[0], Action(row[1], row[2], row[3] if len(row) == 4 else None)


class Option(Record):
    """A legal action kind with the amounts allowed: ``min`` .. ``max`` (ints; 0, 0 when it takes
    no amount). ``amounts`` is None (any amount in the range) or a tuple of the only amounts allowed
    (e.g. the two chaal sizes of seed 001, or an all-in for less). ``amount_reason`` is its rule.
    """

    __slots__ = ("kind", "min", "max", "amounts")

    def __init__(self, kind, lo=0, hi=0, amounts=None):
        self.kind = kind
        self.min = lo
        self.max = hi
        self.amounts = amounts



def amount_reason(o, chips):
    """None when the offered ``Option`` ``o`` allows ``chips`` (int): one of its ``amounts`` when it has them, else
    ``min`` .. ``max``; else the reason (a ``Reason``): the one amount rule."""
    a = o.amounts
    if (chips in a) if a is not None else (o.min <= chips <= o.max):
        return None
    if o.max == 0 and a is None:
        return Reason("%s takes no amount", o.kind)
    if a is not None and len(a) == 1:
        return Reason("%s is %d chips, not %d", o.kind, a[0], chips)
    if a is not None and len(a) == 2:       # (the two-size chaal: its lowest or highest)
        return Reason("%s is %d or %d chips, not %d", o.kind, a[0], a[1], chips)
    if a is not None:
        return Reason("%s is %s chips, not %d", o.kind, ", ".join(map(str, a)), chips)
    return Reason("%s is %d to %d chips, not %d", o.kind, o.min, o.max, chips)


# ---- the deal's commitment (docs/fairness.md; the layout of the bytes hashed: engine/commit.py's docstring) ----
# Here, not in a module of its own: every deal seals its deck. ``engine.commit.reveal`` (the tools', the tests')
# recomputes it from a hand log.


def commitment(hand, game, deck, salt, prev=None):
    """The commitment of a deal, 64 lowercase hex digits (str): SHA-256 of the layout in ``engine/commit.py``.

    ``hand``: int 1..2**32-1; ``game``: str (ASCII, 1-255 characters); ``deck``: list of card ints 0-51
    (1-255 of them); ``salt``: 16 bytes; ``prev``: None (version 1, ``b"DBX1"``) or the hash of the hand log's line
    before this hand (64 hex digits: version 2, ``b"DBX2"``, its 32 bytes after the salt). Raises ValueError for a
    hand number, salt or prev out of range, a card not 0-255 (``bytes``); callers pass the engine's own deck and
    game."""
    g = game.encode()
    if not 0 < hand < 4294967296 or len(salt) != 16 or prev is not None and len(prev) != 64:
        raise ValueError("no deal to commit")
    h = hashlib.sha256(b"DBX1" if prev is None else b"DBX2")
    h.update(bytes((hand >> 24, hand >> 16 & 255, hand >> 8 & 255, hand & 255, len(g))))
    h.update(g)
    h.update(bytes((len(deck),)))
    h.update(bytes(deck))
    h.update(salt)
    if prev is not None:
        h.update(unhexlify(prev))
    return hexlify(h.digest()).decode()


def seal_code(commit):
    """The code the table sees for a deal's commitment (64 hex digits): its first 16 hex digits (64 bits) in four
    groups of four, ``"3f9a 0c12 77ab 01cd"`` (docs/fairness.md: forging it is out of reach)."""
    return " ".join((commit[:4], commit[4:8], commit[8:12], commit[12:16]))


class Engine:
    """Base of the rules engines. ``Engine(table, rules=None, entropy=None)``.

    ``table``: the session's ``Table``; ``rules``: dict of house rules (the game
    validates it and fills its defaults, ValueError naming a bad key/value);
    ``entropy``: ``read(n) -> bytes`` callable or an object with ``.read``
    (``os.urandom`` on the box, ``SeededEntropy`` in tests); not needed when
    every deck is given (replay).

    One engine plays hand after hand: ``start_hand()`` again once ``phase``
    is ``"over"``. When a hand ends the engine moves the button
    (``table.move_button()``), so the caller never does.
    """

    GAME = "?"
    KINDS = ()  # type: tuple  # the game's action kinds, in the order ``legal_actions`` lists them
    STATE = ()  # type: tuple  # names of the game's own attributes saved by to_state (JSON-able values)
    _rk = None  # the evaluator ranking of the hand (the game's ``ranking()``), None until the first score

    def __init__(self, table, rules=None, entropy=None):
        self.table = table
        self.rules = self._rules(rules)
        self.entropy = entropy
        read = getattr(entropy, "read", None)
        self.read = read if read is not None else entropy   # read(n) -> bytes, or None (no entropy: a replay)
        self.n = len(table.names)
        self.hand_no = 0
        self.sealed = None  # type: tuple | None  # (deck, salt hex, prev, commitment) between seal_deck and the cut
        self._reset()

    # ---- hooks for the games -------------------------------------------------------------
    # A game defines ``KINDS``, ``_begin()`` (boot/ante, deal, set ``phase`` and ``to_act``; returns events),
    # ``_check(seat, kind)`` (the rule of each kind: an ``Option`` or the reason, a str: ``_verify`` calls it) and
    # ``_do(seat, action)`` (apply a legal action; returns events); it may replace ``_rules``, ``_fresh_deck``
    # and ``_why``.
    def _rules(self, rules):
        """The full house-rule dict of the game ``GAME`` from ``rules`` (``dealerbox.engine.rules.validate``: the
        defaults filled in, ValueError naming a bad key or value). Game hook: a game without house rules of
        its own (a test's toy game) replaces it."""
        return validate(self.GAME, rules or {})

    def _fresh_deck(self):
        """The unshuffled deck for this hand as a list of card ints (game hook; 52 cards). Filled in place:
        ``list(range(52))`` grows by doubling on MicroPython (room for 64), this list holds exactly 52."""
        deck = [0] * _DECK_SIZE
        for c in range(_DECK_SIZE):
            deck[c] = c
        return deck

    # ---- the contract ----------------------------------------------------------------------
    def _reset(self):
        n = self.n
        self.phase = "idle"
        self.to_act = None
        self.pb = PotBook(n)
        self.dealt = [False] * n
        self.hands = [None] * n  # type: list
        self.deck = []  # type: list
        self.pos = 0
        self.result = None  # type: dict | None
        self.log = {}  # type: dict

    def seal_deck(self, prev):
        """Shuffle the next hand's deck and seal it before anyone cuts or sees a card (docs/fairness.md): returns
        the commitment (64 hex digits; the table sees ``seal_code`` of it), covering the hand's number, the game,
        the shuffled deck, a fresh 16-byte salt and ``prev`` (64 hex digits: the hash of the hand log's last line,
        ``Store.tip``). ``start_hand(cut=c)`` then deals that deck cut at ``c``. Raises ValueError with no entropy,
        IllegalAction as ``start_hand`` when no hand can start."""
        if self.phase not in ("idle", "over"):
            raise IllegalAction("a hand is in progress")
        if len(self.table.seats_in_play()) < 2:
            raise IllegalAction("a hand needs two players with chips")
        read = self.read
        if read is None:
            raise ValueError("no entropy to shuffle with")
        deck = shuffle(self._fresh_deck(), read)
        salt = getattr(self.entropy, "salt", read)(16)
        c = commitment(self.hand_no + 1, self.GAME, deck, salt, prev)
        self.sealed = (deck, hexlify(salt).decode(), prev, c)
        return c

    def genesis(self, prev):
        """The session's genesis line (a dict; docs/hand-log.md, "Version 2"): the first record of the session's own
        chain, written before its first hand - ``{"v": 2, "genesis": true, "game", "rules", "names", "stacks",
        "bought_in", "prev"}`` with the table as it sits down; ``prev`` (64 hex digits) the hash of the hand log's last
        line (``Store.tip``: the session before's, or zeros). Hand 1 chains to it and starts as it says
        (``host_tools.verify.check_link``)."""
        t = self.table
        return {"v": _CHAINED, "genesis": True, "game": self.GAME, "rules": self.rules, "names": t.names,
                "stacks": t.stacks[:], "bought_in": t.bought_in[:], "prev": prev}

    def cutter(self):
        """The seat (int) that cuts the sealed deck: the player at the dealer's right (seeds 000, 002, 003), the
        seat before the dealer among those in play (play goes to the dealer's left: ``seats_in_play`` runs from the
        dealer's left round to the dealer, so the cutter is the one before the dealer there)."""
        seats = self.table.seats_in_play()
        d = self.table.dealer
        return seats[-2] if seats[-1] == d and len(seats) > 1 else seats[-1]

    def start_hand(self, deck=None, cut=None):
        """Start a hand: boot/ante, shuffle, deal. Returns the events.

        ``deck`` (list of card ints, the full deck in dealt order) replaces the
        shuffle (replay). ``cut`` (int 0 .. deck size - 1, after ``seal_deck``): the sealed deck is dealt cut
        there, and the log (version 2) records ``cut``, ``prev``, ``salt`` and ``commit``. Raises IllegalAction
        when a hand is in progress or fewer than two seats have chips; ValueError for a deck that is not a
        permutation of the game's deck, a cut out of range, or when no entropy was given.
        """
        if self.phase not in ("idle", "over"):
            raise IllegalAction("a hand is in progress")
        seats = self.table.seats_in_play()
        if len(seats) < 2:
            raise IllegalAction("a hand needs two players with chips")
        sealed = None
        if cut is not None:
            sealed = self.sealed
            if sealed is None or type(cut) is not int or not 0 <= cut < len(sealed[0]):
                raise ValueError("no sealed deck to cut at %r" % (cut,))
            # the first ``cut`` cards moved under the rest, as a player cuts (seeds 000, 002, 003: "le joueur à
            # sa droite coupe le jeu"); 0: no cut
            deck = sealed[0][cut:] + sealed[0][:cut]
        self._reset()
        self.hand_no += 1
        fresh = self._fresh_deck()
        read = None
        if deck is None:
            read = self.read
            if read is None:
                raise ValueError("no entropy to shuffle with")
            deck = shuffle(fresh, read)
        elif sealed is None:                # a given deck (replay): a permutation of the game's deck
            deck = list(deck)
            if sorted(deck) != sorted(fresh):
                raise ValueError("the deck is not a full %d-card deck" % len(fresh))
        self.deck = deck
        for s in seats:
            self.dealt[s] = True
        t = self.table
        # the log shares the rules and the deck with the engine (neither changes in a hand) and the names with the
        # table (never changed after the table is set): one copy on the heap. The stacks and chips bought in are
        # copied as slices, exactly their length (``list()`` of a list of 10 grows by doubling: room for 16)
        self.log = {"v": _LOG_VERSION, "game": self.GAME, "hand": self.hand_no, "rules": self.rules,
                    "names": t.names, "stacks": t.stacks[:], "bought_in": t.bought_in[:],
                    "dealer": t.dealer, "deck": deck, "actions": [], "result": None}
        if sealed is not None:      # the sealed deck, cut: the commitment covers the line before (docs/hand-log.md)
            self.sealed = None
            log = self.log
            log["v"] = _CHAINED
            log["prev"] = sealed[2]
            log["salt"] = sealed[1]
            log["commit"] = sealed[3]
            log["cut"] = cut
        self.phase = "betting"
        events = self._begin()  # type: ignore[attr-defined]
        if read is not None:
            # the deal's commitment (docs/fairness.md; version 1: a deal with no cut, the engine used without the
            # box's seal), before any screen shows a card: log["commit"] (64 hex digits) and log["salt"] (32); a
            # fresh 16-byte salt from the entropy's salt(n) when it has one (a seed deals as before)
            salt = getattr(self.entropy, "salt", read)(16)
            self.log["commit"] = commitment(self.hand_no, self.GAME, deck, salt)
            self.log["salt"] = hexlify(salt).decode()
        return events

    def start_from_log(self, log):
        """Start the hand of the hand-log dict ``log``; returns the events of ``start_hand`` (replay).

        The deck is the log's; so are the draws the game would make: Turkish Poker's carried pot
        (``"carry"``, chips per seat, docs/turkish.md) and reshuffled stocks (``"reshuffles"``),
        Teen Patti's Joker Hunt wild rank (``"wild"``). The hand's number in its session (``"hand"``, 1 for the
        first) becomes ``hand_no``; a log written before the key existed gets none, so the replayed log equals
        it. The commitment and salt (``"commit"``, ``"salt"``) and the chip value (``"cents"``) are carried over
        as logged (``host_tools.verify`` checks them; logs written before them have none). ValueError for a
        deck that is not the game's.
        """
        deck = log["deck"]
        hand = log.get("hand")
        self.hand_no = hand - 1 if hand else 0     # start_hand counts it up
        if self.GAME == "teen-patti":
            events = self.start_hand(deck=deck, wild=log.get("wild"))  # type: ignore[call-arg]
            if "stake2" not in log:     # written before the exact stake: replays with the stake rounded up
                del self.log["stake2"]
        else:
            if self.GAME == "turkish":
                carry = log.get("carry")
                self.table.carry = list(carry) if carry else None
                self.replay_reshuffles = _copy(log.get("reshuffles") or [])  # type: ignore[attr-defined]
            events = self.start_hand(deck=deck)
        if hand is None:
            del self.log["hand"]
        if log["rules"] != self.rules:     # written before a house rule existed: its rules as logged
            self.log["rules"] = _copy(log["rules"])
        # v 2: sealed, cut, chained; undone, misdeal: ui/play.py
        for k in ("v", "prev", "salt", "commit", "cut", "cents", "undone", "misdeal"):
            if k in log:
                self.log[k] = log[k]
        return events

    def legal_actions(self):
        """List of ``Option`` for the seat to act (empty when the hand is over): every kind whose rule allows it."""
        if self.to_act is None or self.phase in ("idle", "over"):
            return []
        seat = self.to_act
        out = []
        for kind in self.KINDS:
            o = self._verify(seat, kind)
            if type(o) is Option:
                out.append(o)
        return out

    def why_illegal(self, action):
        """The reason ``action`` (an ``Action``) by the seat to act is refused, or None. Never changes state."""
        if self.phase == "idle":
            return Reason("no hand has started")
        if self.phase == "over" or self.to_act is None:
            return Reason("the hand is over")
        if not isinstance(action, Action):
            return Reason("not an action")
        if type(action.amount) is not int:
            return Reason("an amount is a whole number of chips")
        return self._why(self.to_act, action)

    def _verify(self, seat, kind):
        """The rule of ``kind`` (str) for ``seat`` now: an ``Option`` when legal, else the reason (a ``Reason``). A
        mid-hand rebuy is the same for every game (``_rebuy_allowed``); every other kind is the game's ``_check``."""
        if kind == "rebuy":
            if self._rebuy_allowed(seat):
                return Option("rebuy", 1, _MAX_REBUY)
            return Reason("no rebuy in the middle of a hand")
        return self._check(seat, kind)  # type: ignore[attr-defined]

    def _why(self, seat, action):
        """The reason ``action`` by ``seat`` is refused, or None: its kind's rule, then its amount against the
        ``Option`` that rule gives (game hook: a game whose actions carry more, e.g. cards, checks those too)."""
        o = self._verify(seat, action.kind)
        if type(o) is not Option:
            return o
        return amount_reason(o, action.amount)

    def apply(self, action):
        """Apply ``action`` for the seat to act; returns the events.

        Raises IllegalAction(reason) and leaves the state unchanged when it is illegal.
        """
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalAction(why)
        seat = self.to_act
        row = [seat, action.kind, action.amount]     # the hand-log row (``Action.from_list`` reads it back)
        if action.cards is not None:
            row.append(list(action.cards))
        self.log["actions"].append(row)
        if action.kind == "rebuy":
            self.table.rebuy(seat, action.amount)
            return [["rebuy", seat, action.amount]]
        return self._do(seat, action)  # type: ignore[attr-defined]

    def rebuy_between(self, seat, chips):
        """Between hands: ``seat`` buys ``chips`` more (``Table.rebuy``: TableError for a bad seat or amount), and
        the button is passed again from the last hand's dealer (RULES.md: the deal moves one seat left after each
        hand): a seat that was out when the hand ended, so the button went past it, and buys back in before the
        next deal gets its turn to deal. After a voided hand the button stays where it is (the same dealer deals
        again)."""
        self.table.rebuy(seat, chips)
        r = self.result
        if self.phase == "over" and self.log and not (r and r.get("voided")):
            self.table.move_button(self.log["dealer"])

    # ---- mid-hand rebuy (seed 001), offered by a game when its house rule allows -----------
    def _rebuy_allowed(self, seat):
        """True when ``seat`` may rebuy now (game hook; default never mid-hand)."""
        return False

    # ---- helpers the games use ---------------------------------------------------------------
    def _deal(self, seat, k):
        """Deal ``k`` cards from the deck to ``seat`` (appended to ``hands[seat]``)."""
        if self.hands[seat] is None:
            self.hands[seat] = []
        if self.pos + k > len(self.deck):
            raise IllegalAction("the deck is empty")
        self.hands[seat].extend(self.deck[self.pos:self.pos + k])
        self.pos += k

    def _put(self, seat, chips):
        """Move ``chips`` from ``seat``'s stack into the hand; the seat is all-in when its stack reaches 0.

        Returns the chips actually put in (never more than the stack: all-in for less).
        """
        stack = self.table.stacks[seat]
        if chips > stack:
            chips = stack
        self.table.stacks[seat] = stack - chips
        self.pb.put(seat, chips, all_in=(stack - chips == 0))
        return chips

    def is_live(self, seat):
        """True when ``seat`` was dealt in and has not packed."""
        return self.dealt[seat] and not self.pb.folded[seat]

    def is_all_in(self, seat):
        """True when ``seat`` is live and has no chips left behind."""
        return self.is_live(seat) and self.pb.all_in[seat]

    def _flags(self, f):
        """``[f(seat) for every seat]`` (e.g. ``is_live``, ``is_all_in``) for the views."""
        out = []
        for s in range(self.n):
            out.append(f(s))
        return out

    def _folded(self, seat):
        return self.dealt[seat] and self.pb.folded[seat]

    def live_seats(self, first=None):
        """Live seats clockwise from the seat left of the dealer (or from the seat ``first``)."""
        n = self.n
        d = (self.log["dealer"] if self.log else self.table.dealer) if first is None else first - 1
        out = []
        for k in range(1, n + 1):
            s = (d + k) % n
            if self.is_live(s):
                out.append(s)
        return out

    def pot_total(self):
        """Chips in the hand (int); between hands, a dead hand's pot carried by the table (``Table.carry``)."""
        return self.pb.total() + self.table.carried()

    def chips_ok(self):
        """Conservation: stacks plus pots (a carried pot included) equal the chips bought in."""
        t = self.table
        return sum(t.stacks) + self.pot_total() == sum(t.bought_in)

    def _finish(self, scores=None, shown=None, extra=None):
        """End the hand: uncalled excess back, every pot awarded, button moved. Returns events.

        ``scores``: dict seat -> int (higher wins) for the seats that show;
        ``shown``: list per seat of the cards shown (or None); ``extra``: dict
        merged into the result (categories, how the hand ended). ``shown`` and ``extra``'s values become the
        result's as given, not copied: the caller passes lists never changed later (a seat's hand list itself:
        a hand's lists are never changed once it is over, the next hand deals into new ones).
        """
        events = []
        pb = self.pb
        back = pb.uncalled(self.dealt)
        returned = None
        if back is not None:
            seat, chips = back
            pb.refund(seat, chips)
            self.table.stacks[seat] += chips
            returned = [seat, chips]
            events.append(["back", seat, chips])
        dealer = self.log["dealer"]
        pots = pb.pots(self.dealt)
        awards = pb.award(scores or {}, dealer, self.dealt)
        for a in awards:      # [pot, seat, chips], as the hand log's result holds them
            self.table.stacks[a[1]] += a[2]
            events.append(["win", a[0], a[1], a[2]])
        self.pb = PotBook(self.n)
        result = {"pots": pots, "awards": awards, "returned": returned,
                  "shown": shown if shown is not None else [None] * self.n,
                  "stacks": self.table.stacks[:]}
        if extra:
            for k in extra:
                result[k] = extra[k]
        self.result = result
        self.log["result"] = result       # shared: neither is changed after the hand
        # the hand's actions are all in: kept as a copy exactly their length (the list appended to has grown by
        # doubling: room for 64 actions when there are 33) until the next hand's log replaces it
        self.log["actions"] = self.log["actions"][:]
        self.phase = "over"
        self.to_act = None
        self.table.move_button()
        events.append(["over"])
        return events

    def void_hand(self):
        """Void the hand in progress (the table chose it after a restart mid-hand: docs/security.md): every
        chip put in this hand goes back to the seat that put it in (a Turkish carried pot back to the table's
        ``carry``, to wait for the next deal), nobody wins, the button stays. The log's result is
        ``{"voided": True, "back": [[seat, chips], ...], "returned": None, "stacks": [...], "pots": [],
        "awards": [], "shown": [None, ...]}``; the log keeps the deck (the deal revealed). Returns the events
        (``["back", seat, chips]`` per seat, then ``["void"]``). IllegalAction when no hand is in progress.
        """
        if self.phase in ("idle", "over"):
            raise IllegalAction("no hand in progress")
        carry = self.log.get("carry")
        back = []
        events = []
        for s in range(self.n):
            chips = self.pb.contributed[s] - (carry[s] if carry else 0)
            if chips:
                self.table.stacks[s] += chips
                back.append([s, chips])
                events.append(["back", s, chips])
        if carry:
            self.table.carry = list(carry)
        self.pb = PotBook(self.n)
        self.result = {"voided": True, "back": back, "returned": None, "stacks": list(self.table.stacks),
                       "pots": [], "awards": [], "shown": [None] * self.n}
        self.log["result"] = self.result
        self.phase = "over"
        self.to_act = None
        events.append(["void"])
        return events

    # ---- snapshot ------------------------------------------------------------------------------
    def to_state(self, copy=True):
        """The whole hand in progress as a JSON-able dict (the table is saved on its own).

        ``copy=False`` shares the engine's lists and dicts instead of copying them: for a caller that
        serializes the dict at once (the app's save), so the heap never holds a second copy of the hand.
        A name of ``STATE`` ending in ``_state`` saves an object's own ``to_state()``: ``"round_state"`` is
        ``self.round.to_state()`` (the betting round), ``"stock_state"`` ``self.stock.to_state()``.
        """
        d = {"game": self.GAME, "rules": self.rules, "hand_no": self.hand_no, "phase": self.phase,
             "to_act": self.to_act, "dealt": self.dealt, "hands": self.hands, "deck": self.deck,
             "pos": self.pos, "pb": self.pb.to_state(), "result": self.result, "log": self.log}
        for k in self.STATE:
            d[k] = getattr(self, k[:-6]).to_state() if k[-6:] == "_state" else getattr(self, k)
        return _copy(d) if copy else d

    @classmethod
    def from_state(cls, table, d, entropy=None):
        """The engine of class ``cls`` (the game's: ``dealerbox.games.engine_class(d["game"])``) from ``to_state()``'s
        dict ``d``, on ``table`` (``Table.from_state``, restored separately). ``entropy`` as for the engine.

        ValueError when ``d`` is another game's snapshot; KeyError for a dict that lacks a key of the snapshot.
        """
        if d["game"] != cls.GAME:
            raise ValueError("a %s snapshot, not %s" % (d["game"], cls.GAME))
        if cls.GAME == "teen-patti" and "stake2" not in d:
            # written before Teen Patti's exact stake ("stake" in whole chips): stake2 = 2 * stake, and the hand goes
            # on with the old rounding (its log has no "stake2")
            d = dict(d)
            d["stake2"] = 2 * d["stake"]
        e = cls(table, d["rules"], entropy)
        e.hand_no = d["hand_no"]
        e.phase = d["phase"]
        e.to_act = d["to_act"]
        e.dealt = list(d["dealt"])
        e.hands = _copy(d["hands"])
        e.deck = list(d["deck"])
        e.pos = d["pos"]
        e.pb = PotBook.from_state(d["pb"])
        e.result = _copy(d["result"])
        e.log = log = _copy(d["log"])
        for k in ("rules", "deck", "result"):   # shared again as start_hand / _finish share them
            if k in log and log[k] == getattr(e, k):
                log[k] = getattr(e, k)
        for k in cls.STATE:
            if k[-6:] != "_state":
                setattr(e, k, _copy(d[k]))
        if "round_state" in cls.STATE:          # the game's own objects (Engine.to_state: a name ending in _state)
            e.round = type(e.round).from_state(d["round_state"])  # type: ignore[attr-defined]
        if "stock_state" in cls.STATE:
            e.stock = type(e.stock).from_state(d["stock_state"], e.deck[e.pos:])  # type: ignore[attr-defined]
        return e

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
hooks ``_begin``, ``_options``, ``_why`` and ``_do``.

Events are small lists, first item the event's name, e.g. ``["chaal", 2, 4]``
(seat 2 put in 4), ``["pack", 3]``, ``["win", 0, 1, 17]`` (pot 0 to seat 1:
17 chips), ``["back", 1, 100]`` (100 uncalled chips back to seat 1).
"""

import sys

from micropython import const

from dealerbox import unload
from dealerbox.engine.pots import PotBook, Record
from dealerbox.rng import shuffle

LOG_VERSION = const(1)
_DECK_SIZE = const(52)   # cards.DECK_SIZE: no import of the notation module during a hand (memory)
MAX_REBUY = const(1000000)
_MP = sys.implementation.name == "micropython"


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``str(e)`` is the reason shown to the player."""


class Action(Record):
    """One player's action: ``kind`` (str of the game's vocabulary), ``amount`` (int chips put in
    by it, 0 when none), ``cards`` (list of ints: card positions for a draw, else None).
    """

    __slots__ = ("kind", "amount", "cards")

    def __init__(self, kind, amount=0, cards=None):
        self.kind = kind
        self.amount = amount
        self.cards = cards

    def to_list(self, seat):
        """The hand-log row ``[seat, kind, amount]`` (plus ``cards`` when present)."""
        if self.cards is not None:
            return [seat, self.kind, self.amount, list(self.cards)]
        return [seat, self.kind, self.amount]

    @staticmethod
    def from_list(row):
        """``(seat, Action)`` from a hand-log row; raises ValueError for a malformed row (``handlog.action``:
        replay only, so the module is imported on first use and never on the box)."""
        from dealerbox.engine.handlog import action
        return action(row)


class Option(Record):
    """A legal action kind with the amounts allowed: ``min`` .. ``max`` (ints; 0, 0 when it takes
    no amount). ``amounts`` is None (any amount in the range) or a tuple of the only amounts allowed
    (e.g. the two chaal sizes of seed 001, or an all-in for less).
    """

    __slots__ = ("kind", "min", "max", "amounts")

    def __init__(self, kind, lo=0, hi=0, amounts=None):
        self.kind = kind
        self.min = lo
        self.max = hi
        self.amounts = amounts

    def allows(self, amount):
        """True when ``amount`` (int) is allowed by this option."""
        if self.amounts is not None:
            return amount in self.amounts
        return self.min <= amount <= self.max



def _copy(x):
    """Deep copy of JSON-able data (lists, dicts, scalars); tuples and bytes become lists."""
    if isinstance(x, (list, tuple, bytes, bytearray)):
        out = []
        for v in x:
            out.append(_copy(v))
        return out
    if isinstance(x, dict):
        out = {}  # type: ignore[assignment]
        for k in x:
            out[k] = _copy(x[k])
        return out
    return x


def lazy(module, name, *args):
    """``module.name(*args)`` (``module`` a dotted name) with the module loaded for the call: on MicroPython it
    is dropped again afterwards (``dealerbox.unload``), so code a hand in play never runs - refusal texts,
    resume, replay - takes no RAM while the game is played (docs/engine.md, Memory); CPython keeps it."""
    try:
        return getattr(__import__(module, None, None, (name,)), name)(*args)
    finally:
        if _MP:
            unload(module)


def _reason(name, *args):
    """The refusal reason ``dealerbox.games.why.<name>(*args)``, the module of messages loaded for it (``lazy``):
    only a refused action needs the texts."""
    return lazy("dealerbox.games.why", name, *args)


def house_rules(game, rules):
    """``dealerbox.rules.validate(game, rules)``: the full house-rule dict, ValueError naming a bad one. On
    MicroPython the rules module is dropped again if this call loaded it: the engine needs it only to check
    (docs/device.md, Memory: setup -> first deal is the tightest moment of a session)."""
    loaded = "dealerbox.engine.rules" in sys.modules
    from dealerbox.engine.rules import validate
    try:
        return validate(game, rules or {})
    finally:
        if _MP and not loaded:
            unload("dealerbox.engine.rules")


def _reader(entropy):
    if entropy is None:
        return None
    read = getattr(entropy, "read", None)
    return read if read is not None else entropy


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
    WHY = "?"   # the game's function in dealerbox.games.why: why a kind is not offered
    STATE = ()  # type: tuple  # names of the game's own attributes saved by to_state (JSON-able values)
    _rk = None  # the evaluator ranking of the hand (the game's ``ranking()``), None when not loaded

    def __init__(self, table, rules=None, entropy=None):
        self.table = table
        self.rules = self._rules(rules)
        self.entropy = entropy
        self.n = len(table.names)
        self.hand_no = 0
        self._reset()

    # ---- hooks for the games -------------------------------------------------------------
    # A game defines ``_begin()`` (boot/ante, deal, set ``phase`` and ``to_act``; returns events),
    # ``_options(seat)`` (the legal ``Option`` list) and ``_do(seat, action)`` (apply a legal action;
    # returns events); it may replace ``_rules``, ``_fresh_deck``, ``_why`` and ``_why_not``.
    def _rules(self, rules):
        """Validate ``rules`` and return the full dict (game hook; the games use ``house_rules``)."""
        return dict(rules or {})

    def _fresh_deck(self):
        """The unshuffled deck for this hand as a list of card ints (game hook; 52 cards)."""
        return list(range(_DECK_SIZE))

    def _why_not(self, seat, kind):
        """Reason the kind ``kind`` is not offered to ``seat`` now (``dealerbox.games.why``, function ``WHY``)."""
        return _reason(self.WHY, self, seat, kind)

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

    def start_hand(self, deck=None):
        """Start a hand: boot/ante, shuffle, deal. Returns the events.

        ``deck`` (list of card ints, the full deck in dealt order) replaces the
        shuffle (replay). Raises IllegalAction when a hand is in progress or fewer
        than two seats have chips; ValueError for a deck that is not a
        permutation of the game's deck, or when no entropy was given.
        """
        if self.phase not in ("idle", "over"):
            raise IllegalAction("a hand is in progress")
        seats = self.table.seats_in_play()
        if len(seats) < 2:
            raise IllegalAction("a hand needs two players with chips")
        self._reset()
        self.hand_no += 1
        fresh = self._fresh_deck()
        read = None
        if deck is None:
            read = _reader(self.entropy)
            if read is None:
                raise ValueError("no entropy to shuffle with")
            deck = shuffle(fresh, read)
        else:
            from dealerbox.engine.handlog import given_deck  # a replay's deck: never on the box
            deck = given_deck(deck, fresh)
        self.deck = deck
        for s in seats:
            self.dealt[s] = True
        t = self.table
        # the log shares the rules and the deck with the engine (neither changes in a hand): one copy on the heap
        self.log = {"v": LOG_VERSION, "game": self.GAME, "hand": self.hand_no, "rules": self.rules,
                    "names": list(t.names), "stacks": list(t.stacks), "bought_in": list(t.bought_in),
                    "dealer": t.dealer, "deck": deck, "actions": [], "result": None}
        self.phase = "betting"
        events = self._begin()  # type: ignore[attr-defined]
        if read is not None:
            # the deal's commitment (docs/fairness.md), before any screen shows a card: log["commit"] and
            # log["salt"]; a fresh salt from the entropy's salt(n) when it has one (a seed deals as before)
            from dealerbox.engine.commit import seal
            seal(self.log, getattr(self.entropy, "salt", read))
        return events

    def start_from_log(self, log):
        """Start the hand recorded in a hand-log dict: its deck and the game's own draws from the log (Turkish
        carried pot and reshuffles, Joker Hunt wild rank; ``handlog.start``: replay only, never on the box)."""
        from dealerbox.engine.handlog import start
        return start(self, log)

    def legal_actions(self):
        """List of ``Option`` for the seat to act (empty when the hand is over)."""
        if self.to_act is None or self.phase in ("idle", "over"):
            return []
        return self._options(self.to_act)  # type: ignore[attr-defined]

    def why_illegal(self, action):
        """The reason ``action`` (an ``Action``) by the seat to act is refused, or None. Never changes state."""
        if self.phase in ("idle", "over") or self.to_act is None or not isinstance(action, Action) \
                or type(action.amount) is not int:
            return _reason("basic", self, action)
        if action.kind == "rebuy":
            if self._rebuy_allowed(self.to_act) and 1 <= action.amount <= MAX_REBUY:
                return None
            return _reason("rebuy", self, action.amount)
        return self._why(self.to_act, action)

    def apply(self, action):
        """Apply ``action`` for the seat to act; returns the events.

        Raises IllegalAction(reason) and leaves the state unchanged when it is illegal.
        """
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalAction(why)
        seat = self.to_act
        self.log["actions"].append(action.to_list(seat))
        if action.kind == "rebuy":
            self.table.rebuy(seat, action.amount)
            return [["rebuy", seat, action.amount]]
        return self._do(seat, action)  # type: ignore[attr-defined]

    # ---- mid-hand rebuy (seed 001), offered by a game when its house rule allows -----------
    def _rebuy_allowed(self, seat):
        """True when ``seat`` may rebuy now (game hook; default never mid-hand)."""
        return False

    # ---- helpers the games use ---------------------------------------------------------------
    def _check_options(self, seat, action):
        """Reason from the options: kind not offered (``_why_not``) or amount out of range."""
        for o in self._options(seat):  # type: ignore[attr-defined]
            if o.kind == action.kind:
                return None if o.allows(action.amount) else _reason("amount", o, action.amount)
        return self._why_not(seat, action.kind)

    _why = _check_options   # game hook: the reason ``action`` by ``seat`` is illegal, or None

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

    def active_seats(self):
        """Live seats that can still act (not all-in), clockwise from the seat left of the dealer."""
        out = []
        for s in self.live_seats():
            if not self.pb.all_in[s]:
                out.append(s)
        return out

    def _next_active(self, after):
        """The next seat clockwise after ``after`` that is live and not all-in, or None."""
        n = self.n
        for k in range(1, n + 1):
            s = (after + k) % n
            if self.is_live(s) and not self.pb.all_in[s]:
                return s
        return None

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
        merged into the result (categories, how the hand ended).
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
        for a in awards:
            self.table.stacks[a.seat] += a.chips
            events.append(["win", a.pot, a.seat, a.chips])
        self.pb = PotBook(self.n)
        pl = []
        for p in pots:
            pl.append([p.amount, list(p.eligible)])
        al = []
        for a in awards:
            al.append(a.to_list())
        result = {"pots": pl, "awards": al, "returned": returned,
                  "shown": _copy(shown) if shown is not None else [None] * self.n,
                  "stacks": list(self.table.stacks)}
        if extra:
            for k in extra:
                result[k] = _copy(extra[k])
        self.result = result
        self.log["result"] = result       # shared: neither is changed after the hand
        self.phase = "over"
        self.to_act = None
        self.table.move_button()
        events.append(["over"])
        self.drop_ranking()
        return events

    def drop_ranking(self):
        """Let go of the evaluator (the game's ranking and every ``dealerbox.eval`` module): called when a hand
        ends, the result holding the categories; ``ranking()`` loads it again for the next hand. Memory on the
        box (docs/device.md): the evaluator's 13-16 KB are not on the heap during the results screens. CPython
        keeps the modules (a reloaded module would bring new classes, e.g. a second ``HandError``)."""
        self._rk = None
        if _MP:
            unload("dealerbox.eval.*", "dealerbox.eval")

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
        """The engine from ``to_state()``'s dict, on ``table`` (restored separately); called on the base class
        it picks the game's class from ``d["game"]``. ``dealerbox.restore.engine``, loaded for the call."""
        return lazy("dealerbox.engine.restore", "engine", cls, table, d, entropy)

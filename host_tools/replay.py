"""Replay the box's hand logs: ``python -m host_tools.replay FILE``.

Each non-blank line of FILE is one hand log (docs/hand-log.md). Every line is
re-run through the game's engine with the deck (and draws) of the log; every
action is checked by the engine, and the result (pots, awards, final stacks) must
equal the one logged. Consecutive lines of one session must chain: a hand's
starting stacks are the previous hand's final stacks plus any rebuys between
hands, and its dealer is the seat the button moved to (or, after a rebuy between hands, passed to again).

Prints ``{"hands": [{"line", "awards", "stacks"}, ...], "names", "stacks"}`` as
JSON and exits 0; for a tampered or illegal log prints ``FILE:LINE: reason`` on
stderr for the first bad line and exits 1 (2 when FILE cannot be read, is not a hand log: its first line is
not JSON or not a JSON object, or holds no hand).
A last line cut short (a power cut while the box appended it) is named on stderr,
``FILE: the last line (line 5) is cut short: hand 5 is left out``, and the hands before
it are replayed as usual (exit 0 when they replay).
"""

import json
import sys

from dealerbox.ui.snapcheck import MAX_CHIPS  # the most chips a stack holds (firmware/ is on sys.path: host_tools)

from host_tools import NOT_UTF8, load_hand_log, one_file_argument, plural, run  # (and firmware/ on sys.path)


class ReplayError(Exception):
    """A hand log line does not replay; ``str(e)`` says why."""


NOT_A_HAND = "not a hand's JSON object with a game and a deck"     # a line that is JSON but not a hand (null, [1])


def is_genesis(log):
    """True when ``log`` (a line's JSON value) is a session's genesis line (version 2: the first line of its
    chain, ``{"v": 2, "genesis": true, "game", "names", "stacks", "prev"}``, docs/hand-log.md): no hand, the tools
    pass over it (verify checks that it chains)."""
    return isinstance(log, dict) and log.get("v") == 2 and "genesis" in log and "deck" not in log


def is_hand(log):
    """True when ``log`` (a line's JSON value) is a hand's JSON object: a dict with a game and a deck."""
    return isinstance(log, dict) and "deck" in log and "game" in log


def read_line(line):
    """The JSON value of one line of a hand log (any JSON: a hand's object, or ``null``, a number, a list: the
    caller says those are ``NOT_A_HAND``). Raises ReplayError ``not JSON: reason`` (the parser's) for a line that is
    not JSON (also for JSON nested too deeply to read), ``the line has a number too long to be a hand log's (more than
    4300 digits)`` for a number Python will not read (a hand log's numbers have a few digits). The error's ``first``
    is the words ``not_a_log`` uses when it is the first line (``is not JSON``). Shared by replay, verify and report,
    so they name a line alike."""
    if line == NOT_UTF8:                    # (read_hand_log: bytes that are not UTF-8 text)
        err = ReplayError("not UTF-8 text")
        err.first = "is not UTF-8 text"
        raise err
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        err = ReplayError("not JSON: %s" % exc)
        err.first = "is not JSON"
    except ValueError:                      # more digits than Python reads (sys.get_int_max_str_digits(): 4300)
        err = ReplayError("the line %s (more than %d digits)" % (TOO_LONG, sys.get_int_max_str_digits()))
        err.first = TOO_LONG
    except RecursionError:
        err = ReplayError("not JSON: nested too deeply (a hand log is a few levels deep)")
        err.first = "is not JSON"
    raise err


TOO_LONG = "has a number too long to be a hand log's"


def not_a_log(no, unread=None):
    """Why a file whose first hand's line ``no`` is not a hand is not a hand log: ``not a hand log (line 1 is not
    JSON)``; ``unread``: the ReplayError of ``read_line`` for that line, None for JSON that is not a hand's object
    (``line 1 is NOT_A_HAND``). Shared by replay, verify and report (they exit 2 with it)."""
    return "not a hand log (line %d %s)" % (no, unread.first if unread is not None else "is " + NOT_A_HAND)


def _show(v, most=40):
    """``v`` as it reads in the log (JSON), cut to ``most`` characters."""
    text = json.dumps(v)
    return text if len(text) <= most else text[:most - 3] + "..."


def _is_int(v, lo=0, hi=None):
    """True for an int (not a bool) in ``lo..hi``."""
    return type(v) is int and v >= lo and (hi is None or v <= hi)


def _check_list(log, key, what, good, n=None):
    """The field ``key`` of ``log`` must be a list whose items pass ``good`` (and ``n`` long, one per name)."""
    v = log[key]
    if not isinstance(v, list):
        raise ReplayError('"%s" must be %s, not %s' % (key, what, _show(v)))
    for i, x in enumerate(v):
        if not good(x):
            raise ReplayError('"%s" must be %s; "%s"[%d] is %s' % (key, what, key, i, _show(x)))
    if n is not None and len(v) != n:
        raise ReplayError('"%s" must be %s: it has %d, but there %s %s' % (key, what, len(v), "is" if n == 1 else "are",
                                                                          plural(n, "name")))


HAND_MAX = 0xFFFFFFFF   # the commitment holds the hand's number in 4 bytes (dealerbox.engine.base.commitment)


def check_hand_number(hand):
    """``hand`` (a log's ``"hand"``) must be a hand's number the box can count: an int 1..4294967295 (``HAND_MAX``,
    the 4 bytes the deal's commitment holds it in: docs/fairness.md; the box refuses to commit a larger one).
    Raises ReplayError ``"hand" must be the hand's number in its session (1 to 4294967295), not ...`` (shared by
    replay and verify)."""
    if not _is_int(hand, 1, HAND_MAX):
        raise ReplayError('"hand" must be the hand\'s number in its session (1 to %d), not %s'
                          % (HAND_MAX, _show(hand)))


def check_hex(log, key, digits):
    """``log[key]`` (the deal's ``"salt"`` or ``"commit"``) must be a string of ``digits`` lowercase hex digits, as the
    box writes them (docs/fairness.md). Raises ReplayError ``"commit" must be 64 hex digits (docs/fairness.md), not
    "zz"`` (shared by replay and verify)."""
    v = log.get(key)
    if not isinstance(v, str) or len(v) != digits or any(ch not in "0123456789abcdef" for ch in v):
        raise ReplayError('"%s" must be %d hex digits (docs/fairness.md), not %s' % (key, digits, _show(v)))


CHIPS = "whole numbers 0 to %d" % MAX_CHIPS


def _is_chips(v):
    """True for a chip count the box keeps: an int (not a bool) 0..``MAX_CHIPS``."""
    return _is_int(v, 0, MAX_CHIPS)


def check_game(log):
    """``log["game"]`` must be a game's name (a str; ``start_hand`` says ``unknown game 'chess'`` for one the box
    does not deal). Raises ReplayError ``"game" must be a game's name (teen-patti, turkish or indian), not null``
    (shared by replay, verify and report: ``check_shape``)."""
    if not isinstance(log["game"], str):
        raise ReplayError('"game" must be a game\'s name (teen-patti, turkish or indian), not %s' % _show(log["game"]))


def check_deck(log):
    """``log["deck"]`` must be a list of card numbers 0-51 (the cards in dealt order; ``start_hand`` says ``the hand
    cannot be dealt: the deck is not a full 52-card deck`` for one that is not the game's whole deck). Raises
    ReplayError ``the log has no deck (the cards in dealt order), so the hand cannot be dealt again`` when it is not
    a list, ``"deck" must be a list of card numbers 0-51 (rank*4 + suit); "deck"[0] is "As"`` for a card that is not
    one (shared by replay, verify and report: ``check_shape``)."""
    if not isinstance(log["deck"], list):
        raise ReplayError("the log has no deck (the cards in dealt order), so the hand cannot be dealt again")
    _check_list(log, "deck", "a list of card numbers 0-51 (rank*4 + suit)", lambda x: _is_int(x, 0, 51))


FIELDS = ("game", "rules", "names", "stacks", "dealer", "deck", "actions")     # every hand log line has them (and "v")


def check_shape(log):
    """Check the types of a hand log's fields (docs/hand-log.md) before anything uses them.

    ``v`` is the int 1; ``game`` a str (``check_game``); ``hand`` (when present) an int 1..4294967295
    (``check_hand_number``); ``names`` a list of str; ``stacks`` and ``bought_in`` lists of ints 0..``MAX_CHIPS``, one
    per name; ``dealer`` a seat; ``deck`` a list of card ints 0-51 (``check_deck``); ``rules`` and ``result`` objects;
    ``actions`` a list; ``wild`` (Joker Hunt) a rank 0-12 and ``carry`` (Turkish) chips per seat (0..``MAX_CHIPS``),
    or null; ``cents`` (the chip value) a step of the box's ladder (``check_cents``), ``salt`` and ``commit`` (the
    deal's commitment) 32 and 64 hex digits, when present. Raises ReplayError naming the field.
    """
    if not isinstance(log, dict):
        raise ReplayError("not a hand log (a JSON object)")
    if "v" not in log or type(log["v"]) is not int or log["v"] not in (1, 2):
        raise ReplayError('unknown log version %s ("v" must be 1 or 2)' % _show(log.get("v")))
    for k in FIELDS:
        if k not in log:
            raise ReplayError('the log has no "%s" (a hand log line has %s)'
                              % (k, ", ".join('"%s"' % f for f in FIELDS[:-1]) + ' and "%s"' % FIELDS[-1]))
    logged_result(log)
    check_game(log)
    if "hand" in log:
        check_hand_number(log["hand"])
    _check_list(log, "names", "a list of player names (strings)", lambda x: isinstance(x, str))
    n = len(log["names"])
    chips = "a list of chip counts (%s), one per name" % CHIPS
    _check_list(log, "stacks", chips, _is_chips, n)
    if "bought_in" in log:
        _check_list(log, "bought_in", chips, _is_chips, n)
    if not _is_int(log["dealer"], 0, n - 1):
        raise ReplayError('"dealer" must be the dealer\'s seat (0 to %d), not %s' % (n - 1, _show(log["dealer"])))
    check_deck(log)
    if not isinstance(log["rules"], dict):
        raise ReplayError("the log has no house rules (a JSON object)")
    if not isinstance(log["actions"], list):
        raise ReplayError("the log has no list of actions")
    if log.get("wild") is not None and not _is_int(log["wild"], 0, 12):
        raise ReplayError('"wild" must be the wild rank (0-12) or null, not %s' % _show(log["wild"]))
    if log.get("carry") is not None:
        _check_list(log, "carry", "the chips carried per seat (%s) or null" % CHIPS, _is_chips, n)
    if "cents" in log:
        check_cents(log["cents"])
    for k, digits in (("salt", 32), ("commit", 64), ("prev", 64)):
        if k in log:
            check_hex(log, k, digits)
    if log["v"] == 2:
        check_sealed(log)


def check_sealed(log):
    """A version 2 line (a deal sealed, cut and chained: docs/hand-log.md) has its ``prev``, ``salt``, ``commit``
    and ``cut`` (an int 0 to the deck's size - 1). Raises ReplayError naming the field."""
    for k in ("prev", "salt", "commit", "cut"):
        if k not in log:
            raise ReplayError('the log has no "%s" (a version 2 line has "prev", "salt", "commit" and "cut")' % k)
    if not _is_int(log["cut"], 0, len(log["deck"]) - 1):
        raise ReplayError('"cut" must be where the deck was cut (0 to %d), not %s' % (len(log["deck"]) - 1,
                                                                                    _show(log["cut"])))


def check_cents(cents):
    """``cents`` (a log's ``"cents"``, the chip value: money per chip in whole cents) must be one the box can set:
    a step of its ladder other than off (``dealerbox.ui.settings.CENTS_LADDER``: 1 to 1000; the box writes none
    when it is off). Raises ReplayError ``"cents" must be the chip value the box sets, in whole cents (1, 2, 5, 10,
    20, 25, 50, 100, 200, 500 or 1000), not 3`` (shared by replay, verify and report: ``check_shape``)."""
    from dealerbox.ui.settings import CENTS_LADDER

    allowed = [c for c in CENTS_LADDER if c]
    if type(cents) is not int or cents not in allowed:
        raise ReplayError('"cents" must be the chip value the box sets, in whole cents (%s or %d), not %s'
                          % (", ".join(str(c) for c in allowed[:-1]), allowed[-1], _show(cents)))


def logged_result(log):
    """The result ``log`` (a hand log dict) holds: a finished hand's pots, awards, final stacks, ... (a dict). Raises
    ReplayError ``"result" must be the hand's result (a JSON object), not null`` when it is not an object (``not
    missing`` when it has none) (shared by replay and verify: ``check_shape``, ``check_result``)."""
    if not isinstance(log.get("result"), dict):
        raise ReplayError('"result" must be the hand\'s result (a JSON object), not %s'
                          % (_show(log["result"]) if "result" in log else "missing"))
    return log["result"]


def same_session(log, prev):
    """True when ``log`` continues the session of the previous line (``prev``: its ``(engine, table)``).

    A line starts a new session when its ``"hand"`` is 1 (the first hand of a session), or its game or
    names differ from the previous line's. Logs without ``"hand"`` (earlier firmware) chain by names.
    """
    pe, pt = prev
    return log.get("hand") != 1 and log["game"] == pe.GAME and log["names"] == pt.names


def check_chain(log, table, prev):
    """When ``log`` continues the session of ``prev`` (the previous line's ``(engine, table)``, or None), its hand
    number, starting stacks, buy-ins, dealer, Turkish carried pot and (version 2) chip value must follow from the
    previous hand: a seat's stack grows between hands only by what it bought in (``table``: the ``Table`` built
    from ``log``); the chip value (``"cents"``) is the session's, set once before its first deal.
    Raises ReplayError naming what does not follow (shared by replay and verify)."""
    if prev is None or not same_session(log, prev):
        return
    pe, pt = prev
    hand, before = log.get("hand"), pe.log.get("hand")
    if hand is not None and before is not None and hand != before + 1:
        raise ReplayError("hand %d follows hand %d of the same session (a hand is missing or repeated)"
                          % (hand, before))
    rebought = False
    for s in range(table.n):
        rebuy = table.bought_in[s] - pt.bought_in[s]
        rebought = rebought or rebuy > 0
        if rebuy < 0:
            raise ReplayError('seat %d has %d bought in, but %d by the previous hand ("bought_in" never goes down)'
                              % (s, table.bought_in[s], pt.bought_in[s]))
        if table.stacks[s] - pt.stacks[s] != rebuy:
            raise ReplayError("seat %d starts with %s, but the previous hand left %d and %d %s bought in between"
                              % (s, plural(table.stacks[s], "chip"), pt.stacks[s], rebuy,
                                 "was" if rebuy == 1 else "were"))
    if table.dealer != pt.dealer and table.dealer != _passed_again(pe, pt, table, rebought):
        raise ReplayError("dealer is seat %d, but the button moved to seat %d" % (table.dealer, pt.dealer))
    if log.get("v") == 2 and pe.log.get("v") == 2 and log.get("cents") != pe.log.get("cents"):
        raise ReplayError("the chip value is %s cents, but %s on the hand before in its session (the table sets it "
                          "once, before the session's first deal)" % (log.get("cents") or 0, pe.log.get("cents") or 0))
    if (log.get("carry") or None) != pt.carry:
        raise ReplayError("the hand carries %r, but the previous hand left %r carried"
                          % (log.get("carry"), pt.carry))


def _passed_again(pe, pt, table, rebought):
    """The dealer when seats bought back in between hands (``rebought``) after the hand of engine ``pe`` (its table
    ``pt``): the button passed again from that hand's dealer over the stacks ``table`` starts with
    (``Engine.rebuy_between``: a seat that was out when the hand ended gets its turn to deal); ``pt.dealer`` when
    no one did or the hand was voided (the same dealer deals again). Logs written before the box passed the button
    again keep ``pt.dealer``: both follow."""
    r = pe.result
    if not rebought or r and r.get("voided"):
        return pt.dealer
    from dealerbox.engine.table import Table

    return Table(pt.names, list(table.stacks), pt.dealer).move_button(pe.log["dealer"])


def check_chips(e, i):
    """After action ``i`` (1, 2, ...) of engine ``e``: the stacks and pots hold exactly the chips bought in
    (``Engine.chips_ok``). Raises ReplayError ``action i: chips not conserved`` (shared by replay and verify)."""
    if not e.chips_ok():
        raise ReplayError("action %d: chips not conserved" % i)


def check_result(e, log):
    """A finished hand's logged result (pots, awards, final stacks, ...) and every other field of ``log`` must be
    those the replayed engine ``e`` gives. Raises ReplayError naming the first field that differs (``result
    'stacks' differs: log says [...], replay gives [...]``; shared by replay and verify)."""
    got, want = e.result, logged_result(log)
    for k in sorted(got):
        if want.get(k) != json.loads(json.dumps(got[k])):
            raise ReplayError("result %r differs: log says %r, replay gives %r" % (k, want.get(k), got[k]))
    if e.log != log:
        for k in sorted(set(e.log) | set(log)):
            if e.log.get(k) != log.get(k):
                raise ReplayError("%r differs from the replayed hand" % k)


def start_hand(log, prev=None):
    """Deal the hand of ``log`` (a hand-log dict whose shape ``check_shape`` passed) again from its deck: returns
    ``(engine, table)`` before its first action. ``prev``: as ``replay_hand`` (``check_chain``). Raises ReplayError
    ``bad table: ...``, ``the hand cannot be dealt: boot is a whole number 1 to 100000, not -5`` when its house
    rules or deck do not deal it, or ``the hand starts with 310 chips in the stacks and the pot, but 300 were bought
    in ...`` (shared by replay and verify)."""
    from dealerbox.engine.table import Table, TableError
    from dealerbox.games import engine_class

    try:
        cls = engine_class(log["game"])
    except (ValueError, ImportError) as exc:
        raise ReplayError(str(exc)) from None
    try:
        table = Table(log["names"], list(log["stacks"]), log["dealer"])
    except (TableError, TypeError) as exc:
        raise ReplayError("bad table: %s" % exc) from None
    table.bought_in = list(log.get("bought_in", log["stacks"]))
    check_chain(log, table, prev)
    try:
        e = cls(table, log["rules"])
        e.start_from_log(log)
    except (ValueError, TypeError, KeyError) as exc:     # (an IllegalAction is a ValueError)
        raise ReplayError("the hand cannot be dealt: %s" % exc) from None
    if not e.chips_ok():
        raise ReplayError('the hand starts with %s in the stacks and the pot, but %d were bought in ("stacks", '
                          '"carry" and "bought_in" do not add up)' % (plural(sum(table.stacks) + e.pot_total(),
                                                                              "chip"), sum(table.bought_in)))
    return e, table


def play_action(e, i, row):
    """Play action ``i`` (1, 2, ...), the log's ``row`` ``[seat, kind, amount]``, on engine ``e``, and check the
    chips after it (``check_chips``). Raises ReplayError naming the action as the log reads it (JSON):
    ``action 3 [2, "chaal", 9]: illegal: chaal is 4 to 8 chips, not 9``, ``...: seat 2 is not the one to act (1)``,
    ``...: malformed action (a row is [seat, kind, amount])`` (shared by replay and verify)."""
    from dealerbox.engine.base import Action

    where = "action %d %s" % (i, _show(row, 80))
    try:
        seat, act = Action.from_list(row)
    except ValueError:
        raise ReplayError("%s: malformed action (a row is [seat, kind, amount])" % where) from None
    if seat != e.to_act:
        raise ReplayError("%s: seat %d is not the one to act (%r)" % (where, seat, e.to_act))
    try:
        e.apply(act)
    except ValueError as exc:                           # IllegalAction: the rule's reason
        raise ReplayError("%s: illegal: %s" % (where, exc)) from None
    check_chips(e, i)


def replay_hand(log, prev=None):
    """Replay one hand-log dict; returns ``(engine, table)`` after the hand.

    ``prev``: the ``(engine, table)`` of the previous line, to check the chaining of hand numbers, stacks,
    buy-ins, the dealer and a Turkish carried pot when the line continues its session (``same_session``).
    Raises ReplayError.
    """
    check_shape(log)
    e, table = start_hand(log, prev)
    for i, row in enumerate(log["actions"]):
        play_action(e, i + 1, row)
    if e.phase != "over" and log["result"].get("voided") is True:
        e.void_hand()  # voided by the table after a restart mid-hand (docs/security.md)
    if e.phase != "over":
        raise ReplayError("the hand does not end after its %s" % plural(len(log["actions"]), "action"))
    check_result(e, log)
    return e, table


def replay_lines(lines):
    """Replay a list of log lines; returns the output dict. Raises ReplayError with ``.line`` set (0 for a log
    with no hand; ``.not_log`` says why when the first hand's line is not a hand: ``not_a_log``). A last line
    cut short (``host_tools.drop_cut_last_line``) is left out: the caller says so."""
    hands = []
    prev = last = None
    for no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            log = read_line(line)
        except ReplayError as exc:
            exc.line = no
            if not hands:                           # the first hand's line: not a hand log (exit 2, as verify, report)
                exc.not_log = not_a_log(no, exc)
            raise
        if is_genesis(log):                         # a session's first line (no hand): a new session follows
            prev = None
            continue
        try:
            if not isinstance(log, dict):           # null, a number, a list: JSON, but not a hand
                raise ReplayError(NOT_A_HAND)
            prev = replay_hand(log, prev)
        except ReplayError as exc:
            exc.line = no
            if not hands and not is_hand(log):
                exc.not_log = not_a_log(no)
            raise
        e, t = prev
        hands.append({"line": no, "awards": e.result["awards"], "stacks": list(t.stacks),
                      "undone": len(log.get("undone") or ()), "misdeal": log.get("misdeal") is True})
        last = t        # the last hand's table (a new session's genesis after it starts no hand)
    if not hands:
        err = ReplayError("no hand in the log")
        err.empty = True
        err.line = 0
        raise err
    return {"hands": hands, "names": list(last.names), "stacks": list(last.stacks)}


USAGE = """usage: python -m host_tools.replay FILE

Replays a Dealer Box hand log (one JSON object per line, docs/hand-log.md): every action is
checked against the rules, every result and the final stacks compared. Prints the final stacks
and awards as JSON; exit 1 naming FILE:LINE and the reason at the first bad line, 2 for a file
that cannot be read, is not a hand log (its first line is not a JSON object) or holds no hand.
A last line cut short (the power went while the box wrote it) is named on stderr and left out;
the hands before it are replayed."""


def main(argv=None):
    """Command line: ``replay FILE``; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    path = one_file_argument("replay", argv, USAGE)
    if isinstance(path, int):
        return path
    lines = load_hand_log(path)
    if isinstance(lines, int):
        return lines
    try:
        out = replay_lines(lines)
    except ReplayError as exc:
        if getattr(exc, "not_log", None):
            print("%s: %s" % (path, exc.not_log), file=sys.stderr)
            return 2
        if exc.line == 0:
            print("%s: %s" % (path, exc), file=sys.stderr)
            return 2 if getattr(exc, "empty", False) else 1
        else:
            print("%s:%d: %s" % (path, exc.line, exc), file=sys.stderr)
        return 1
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    run(main)

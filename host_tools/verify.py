"""Check every deal of a hand log against the box's commitment: ``python -m host_tools.verify FILE``.

For each hand (one JSON line, docs/hand-log.md) it

1. checks the log's fields and deals the hand again from its deck through the game's engine, as replay does,
   in its words (``host_tools.replay.check_shape``, ``start_hand``: a game that is not a name or not one the box
   deals, a deck that is not a list or not the game's whole deck, a stack the box cannot hold, a hand that does
   not start from the stacks the previous hand of its session left: ``check_chain``);
2. recomputes the commitment, SHA-256 over the layout of docs/fairness.md (``b"DBX1"``, the hand's
   number, the game, the whole deck, the salt), with this module's own code and CPython's hashlib,
   and compares it with the logged ``commit`` (whose first 8 hex digits the box showed before the
   first privacy gate and on the results screen);
3. plays the logged actions on that deal (every Turkish draw is served from the deck's stock, a reshuffle must be
   exactly the discards the rule allows), so every card dealt and drawn follows the committed deck order; the
   chips must be conserved after each action and a finished hand's result (pots, awards, final stacks) must be
   the one that deal gives (replay's own checks and words: ``host_tools.replay.play_action``, ``check_chips``,
   ``check_result``);
4. checks that the cards the log shows (``result.shown``, Indian Poker's ``center``) are the cards
   that deal gave.

A hand that did not finish (voided, or the log of a hand in progress) is checked as far as it went.
Prints one line per hand, ``hand 3: verified 3f9a0c12``, or ``hand 3 (line 7): NOT verified: reason``; a
line after the first hand that is not a hand (not JSON, ``null``, ...) is no hand: it is named on stderr as
replay names it, ``FILE:7: not JSON: ...``, and in the closing line (``12 hands verify; line 7 is not a hand``);
exit status 0 only when every line is a hand that verifies, 1 otherwise, 2 when FILE cannot be read, is not a
hand log or holds no hand. A last line cut short (a power cut while the box appended it) is named on stderr,
``FILE: the last line (line 5) is cut short: hand 5 is left out``, and the hands before it are verified as usual
(it changes no exit status: the box itself drops such a line when it starts again).
"""

import hashlib
import json
import sys

from host_tools import FIRMWARE, load_hand_log, one_file_argument, plural, run  # noqa: F401  (FIRMWARE: puts firmware/ on sys.path)

MAGIC = b"DBX1"
MAGIC2 = b"DBX2"        # a version 2 line: the commitment also covers "prev", the hash of the line before
SALT_HEX = 32
ZERO = "0" * 64         # the "prev" of a chain's first line


class Mismatch(Exception):
    """A hand does not verify; ``str(e)`` says what does not match."""


def commitment(hand, game, deck, salt, prev=None):
    """SHA-256 (64 lowercase hex digits) of a deal, from the layout of docs/fairness.md, written here
    independently of the firmware: ``b"DBX1"``, ``hand`` as 4 bytes big-endian, ``len(game)`` as 1 byte and
    the game's ASCII name, ``len(deck)`` as 1 byte and one byte per card, the 16-byte ``salt``; with ``prev`` (64
    hex digits, version 2) ``b"DBX2"`` and the 32 bytes of ``prev`` after the salt."""
    g = game.encode("ascii")
    data = ((MAGIC if prev is None else MAGIC2) + hand.to_bytes(4, "big") + bytes([len(g)]) + g
            + bytes([len(deck)]) + bytes(deck) + bytes(salt) + (bytes.fromhex(prev) if prev is not None else b""))
    return hashlib.sha256(data).hexdigest()


def seal_code(commit, version=2):
    """The code the box showed for a deal: version 2, the commitment's first 16 hex digits in groups of four
    (``3f9a 0c12 77ab 01cd``); version 1, its first 8 (``3f9a0c12``)."""
    if version == 1:
        return commit[:8]
    return " ".join(commit[i:i + 4] for i in range(0, 16, 4))


def line_hash(line):
    """The hash a hand log line is chained by (docs/hand-log.md): SHA-256 of its UTF-8 bytes, no newline."""
    return hashlib.sha256(line.encode("utf-8", "surrogateescape")).hexdigest()


def sealed_deck(log):
    """The deck the box sealed: a version 2 line's dealt ``deck`` with its ``cut`` undone (the cut moved the first
    ``cut`` cards of the sealed deck under the rest); a version 1 line's deck as it is."""
    deck, cut = log["deck"], log.get("cut") or 0
    return deck[len(deck) - cut:] + deck[:len(deck) - cut] if log.get("v") == 2 else deck


def _cards(cards):
    from dealerbox.cards import format_cards
    return format_cards(cards) if cards else "none"


def check_commitment(log):
    """The logged commitment recomputed from the log's hand number, game, deck and salt. Returns the
    commitment (str); raises Mismatch saying what is missing or does not match. ``log``: a hand whose deal
    ``deal`` passed (replay's checks of the game and the deck: a known game's name, its whole deck)."""
    from host_tools.replay import ReplayError, check_deck, check_game, check_hand_number, check_hex

    c = log.get("commit")
    salt = log.get("salt")
    if c is None and salt is None:
        raise Mismatch("no commitment in the log (written before the box committed to its deals)")
    hand, game, deck = log.get("hand"), log.get("game"), log.get("deck")
    try:                                    # replay's checks and words
        check_hex(log, "commit", 64)
        check_hex(log, "salt", SALT_HEX)
        check_hand_number(hand)             # what the 4 bytes of the layout hold
        check_game(log)
        check_deck(log)
    except ReplayError as exc:
        raise Mismatch(str(exc)) from None
    v2 = log.get("v") == 2
    want = commitment(hand, game, sealed_deck(log), bytes.fromhex(salt), log["prev"] if v2 else None)
    if want != c:
        if v2:
            raise Mismatch("the commitment %s does not match the deck, cut, salt and prev of the log (they hash to "
                           "%s): the deck, the cut, the salt, the hand number or the game was changed"
                           % (seal_code(c), seal_code(want)))
        raise Mismatch("the commitment %s does not match the deck and salt of the log (they hash to %s): "
                       "the deck, the salt, the hand number or the game was changed" % (c[:8], want[:8]))
    wild = log.get("wild")
    if v2 and wild is not None and wild != deck[-1] >> 2:
        raise Mismatch('the wild rank %s is not the rank of the card at the cut (%s)'
                       % (json.dumps(wild), _cards([deck[-1]])))
    return c


def deal(log, prev=None):
    """Deal the hand of ``log`` again from its deck (no action played yet); returns the engine.

    ``prev``: the previous hand's ``(engine, table)`` when it verified and finished; a hand of its session must
    start from the stacks it left (``host_tools.replay.check_chain``). The log's fields are checked first, as
    replay checks them (``check_shape``: a hand that did not finish may have no result yet). Raises Mismatch
    (replay's words) when a field is not of its shape, the game is not one the box deals, the deck is not the
    game's whole deck (``the hand cannot be dealt: the deck is not a full 52-card deck``), its house rules do
    not deal, or the hand does not follow the previous one."""
    from host_tools.replay import ReplayError, check_shape, start_hand

    shaped = dict(log)
    if not isinstance(shaped.get("result"), dict):   # a hand that did not finish has no result yet
        shaped["result"] = {}
    try:
        check_shape(shaped)
        e, _table = start_hand(log, prev)
    except ReplayError as exc:
        raise Mismatch(str(exc)) from None
    return e


def play(e, log):
    """Play the actions of ``log`` on the engine ``e`` that ``deal`` gave, as far as they go (every Turkish draw
    served from the deck's stock). Raises Mismatch (replay's words: ``host_tools.replay.play_action``) when an
    action is not legal, chips are not conserved after it, or a reshuffle is not the discards the rule allows."""
    from host_tools.replay import ReplayError, play_action

    try:
        for i, row in enumerate(log["actions"]):
            play_action(e, i + 1, row)
    except ReplayError as exc:
        raise Mismatch(str(exc)) from None


def deal_again(log, prev=None):
    """Deal the hand of ``log`` again from its deck and play its actions as far as they go (``deal``, then
    ``play``); returns the engine. Raises Mismatch as those do."""
    e = deal(log, prev)
    play(e, log)
    return e


def check_shown(log, e):
    """The cards the log shows (``result.shown`` per seat, Indian Poker's ``center``) must be those the committed
    deck dealt (the replayed engine ``e``'s result). Raises Mismatch naming the seat and the cards."""
    got = log.get("result")
    if not isinstance(got, dict) or e.result is None:   # a hand that did not finish (voided): nothing shown
        return
    want = json.loads(json.dumps(e.result))
    names = log.get("names") or []
    shown, dealt = got.get("shown"), want.get("shown")
    if shown != dealt:
        if not isinstance(shown, list) or len(shown) != len(dealt):
            raise Mismatch('"shown" must list the cards shown per seat (%d %s)' % (len(dealt), "seat" if len(dealt) == 1
                                                                                   else "seats"))
        for s in range(len(dealt)):
            if shown[s] != dealt[s]:
                who = names[s] if s < len(names) else "seat %d" % s
                raise Mismatch("the cards shown for seat %d (%s) are %s, but the committed deck dealt %s"
                               % (s, who, _show_cards(shown[s]), _cards(dealt[s])))
    for key in ("center", "best"):
        if got.get(key) != want.get(key):
            raise Mismatch("%r is %s, but the committed deck dealt %s" % (key, json.dumps(got.get(key))[:40],
                                                                        json.dumps(want.get(key))))


def _show_cards(v):
    if isinstance(v, list) and all(type(x) is int and 0 <= x <= 51 for x in v):
        return _cards(v)
    return json.dumps(v)[:40]


def check_hand(log, prev=None):
    """Verify one hand-log dict (``prev``: as ``deal_again``); returns ``(commitment, engine)``: the engine after
    the hand's actions, its ``phase`` not ``"over"`` for a hand they do not end (voided, or logged while in
    progress), checked as far as it went. A finished hand's result (pots, awards, final stacks) must be logged and
    be the one its deal gives (``host_tools.replay.check_result``: an edited stack, or a result removed, ``null``
    or ``[]``, is refused as replay refuses it).
    Raises Mismatch."""
    from host_tools.replay import ReplayError, check_result

    if not isinstance(log, dict):
        raise Mismatch("not a hand log (a JSON object)")
    e = deal(log, prev)            # replay's checks first (the game, the deck): the three tools say the same
    c = check_commitment(log)
    play(e, log)
    result = log.get("result")
    if e.phase != "over" and isinstance(result, dict) and result.get("voided") is True:
        e.void_hand()              # voided by the table after a restart mid-hand, as replay reads it
    if e.phase != "over":          # as replay: the box logs a hand when it ends (or is voided), never before
        raise Mismatch("the hand does not end after its %s" % plural(len(log["actions"]), "action"))
    check_shown(log, e)
    try:                           # its result must be logged, and be the deal's
        check_result(e, log)
    except ReplayError as exc:
        raise Mismatch(str(exc)) from None
    return c, e


def verify_hand(log, prev=None):
    """Verify one hand-log dict (``check_hand``); returns ``(commitment, finished)``: ``finished`` False for a
    hand whose actions do not end it (voided, or logged while in progress), checked as far as it went. Raises
    Mismatch."""
    c, e = check_hand(log, prev)
    return c, e.phase == "over"


def label(log, no):
    """``hand N`` for the line's hand number (``line N`` when it has none, or one out of range)."""
    from host_tools.replay import HAND_MAX

    hand = log.get("hand") if isinstance(log, dict) else None
    return "hand %d" % hand if type(hand) is int and 1 <= hand <= HAND_MAX else "line %d" % no


def check_start(log, no, dropped=None):
    """The first line ``log`` (line ``no``) of a file whose ``prev`` is not zeros: the chain goes on from a line not in
    the file. ``dropped``: ``(tip, hashes)`` when the box's ``hands.tip`` is beside the file (``make logs`` copies it):
    the hash of the last line the table dropped, and the hashes of the file's lines. The first line must chain to that
    tip (or the tip be a line of the file: a drop the power interrupted, its file still there), else the log starts
    after lines the box never dropped: Mismatch. Returns the note printed for it."""
    prev = log.get("prev", "")
    if dropped is None:
        return "line %d: the chain goes on from a line not in this file (prev %s: older hands dropped)" % (
            no, prev[:16])
    tip, hashes = dropped
    if prev == tip:
        return "line %d: the chain goes on from the hands the table dropped on the box (hands.tip %s)" % (no, tip[:16])
    if tip in hashes:
        return "line %d: the chain goes on from a line not in this file (prev %s: older hands dropped; hands.tip " \
               "names a line of this file: a drop the power interrupted)" % (no, prev[:16])
    raise Mismatch("the log starts after lines the box never dropped: its first line chains to %s, but the last line "
                   "the table dropped is %s (hands.tip): lines were removed from its start, or the older files are "
                   "missing (make logs copies them into all-hands.log)" % (prev[:16], tip[:16]))


def check_link(log, no, tip, before, dropped=None):
    """The chain of a version 2 line ``log`` (line ``no``): its ``prev`` must be ``tip``, the hash of the line before
    it (None: it is the file's first line), and it must follow ``before`` (that line's JSON value): a later hand the
    hand before it in its session, hand 1 any line (the session's chain starts from it: the last line the box
    held when the session started), or a genesis line that names its game, names and stacks. Returns a note (str)
    for a first line that continues a chain whose start is not in the file (older hands dropped: ``check_start``, with
    ``dropped``), else None. Raises Mismatch naming the break."""
    from host_tools.replay import is_genesis, is_hand

    genesis = is_genesis(log)
    hand = log.get("hand")
    if tip is None:
        if not genesis and hand != 1:
            raise Mismatch("the log starts in the middle of a session: the line before it (an earlier hand of its "
                           "session) is not in the file")
        return check_start(log, no, dropped) if log.get("prev") != ZERO else None
    if log.get("prev") != tip:
        raise Mismatch('the chain breaks: "prev" is not the hash of line %d (%s); a line was deleted, inserted, '
                       'moved or edited before it' % (no - 1, tip[:16]))
    if genesis:
        return None
    if hand == 1:
        if is_genesis(before) and not (before.get("game") == log.get("game") and before.get("names") ==
                                       log.get("names") and before.get("stacks") == log.get("stacks")):
            raise Mismatch("hand 1 does not start as its session's genesis line says (the game, names and stacks)")
    elif not (is_hand(before) and before.get("game") == log.get("game") and before.get("names") == log.get("names")
              and before.get("hand") == (hand - 1 if type(hand) is int else None)):
        raise Mismatch(not_following(log, before))
    return None


def not_following(log, before):
    """What is wrong, in the table's words, when the hand ``log`` (a hand 2, 3, ... of a version 2 log) does not
    follow ``before``, the JSON value of the line before it: hands missing, a hand twice, hands out of order, a hand of
    another game, or a player's name changed (the seat and both names)."""
    from host_tools.replay import is_hand

    hand, prev = log.get("hand"), before.get("hand") if is_hand(before) else None
    if type(hand) is not int:
        return "the line has no hand number, so its place in the session cannot be checked"
    if not is_hand(before):     # a session's start (genesis) right before a hand 2, 3, ...
        return "hand %d comes right after its session's start: %s" % (hand, _missing(1, hand - 1))
    if before.get("game") != log.get("game"):
        return "hand %d is a hand of %s, but the hand before it was %s: hands of two sessions were put together" % (
            hand, json.dumps(log.get("game")), json.dumps(before.get("game")))
    names, was = log.get("names") or [], before.get("names") or []
    if names != was:
        for s in range(max(len(names), len(was))):
            a, b = names[s] if s < len(names) else None, was[s] if s < len(was) else None
            if a != b:
                return "seat %d is %s on hand %d but %s on the hand before: a player's name was changed" % (
                    s, json.dumps(a), hand, json.dumps(b))
    if prev == hand:
        return "hand %d is in the log twice (the line before is hand %d too)" % (hand, hand)
    if type(prev) is int and prev < hand:
        return _missing(prev + 1, hand - 1) + " (the line before is hand %d)" % prev
    return "hand %d comes after hand %s: the hands are out of order" % (hand, json.dumps(prev))


def _missing(first, last):
    """``hand 4 is missing`` / ``hands 2 to 5 are missing``: the hands ``first`` .. ``last`` not in the log."""
    if first == last:
        return "hand %d is missing" % first
    return "hands %d to %d are missing" % (first, last)


DOWNGRADED = ("a version 1 line after a version 2 line (the box writes version 2 from then on): the line was "
              "rewritten outside the chain")


def verify_lines(lines, out=print, bad_line=None, tip=None):
    """Verify every non-blank line; ``out`` gets one line per hand. Returns ``(verified, failed, not_hands)``:
    the counts of hands verified and not, and the line numbers (list of int) of the lines after the first hand
    that are not a hand (not JSON, or JSON that is not a hand's object: ``host_tools.replay.read_line``), each
    given to ``bad_line(line number, reason)`` in replay's words and counted as no hand.

    Version 2 lines (docs/hand-log.md) are chained: each one's ``prev`` is the hash of the line before it
    (``check_link``); a break is a line that does NOT verify, naming it. A version 1 line after a version 2 one
    (a line rewritten outside the chain with a 32-bit seal of its own) is a break too (``DOWNGRADED``). A genesis line
    (a session's first) that
    chains is said (``line 1: session start``) and counted as neither. ``tip``: the box's ``hands.tip`` (64 hex
    digits: the last line the table dropped), the first line of a file that starts after dropped hands must chain to
    it (``check_start``).

    Raises ValueError when no line is a hand log (the file is something else)."""
    from host_tools.replay import NOT_A_HAND, ReplayError, is_genesis, is_hand, not_a_log, read_line

    dropped = (tip, {line_hash(ln) for ln in lines}) if tip else None

    ok = bad = 0
    logs = 0
    not_hands = []
    prev = None             # the previous hand's (engine, table), when it verified and finished
    tip = before = None     # the previous non-blank line's hash and JSON value (the chain: check_link)
    chained = False         # a version 2 line was read: every later line must be one (the box never goes back)
    for no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            log, unread = read_line(line), None
        except ReplayError as exc:
            log, unread = None, exc
        link, tip, before = (tip, before), line_hash(line), log
        if is_hand(log) or is_genesis(log):
            logs += 1
        elif logs == 0:
            raise ValueError(not_a_log(no, unread))
        if not is_hand(log) and not is_genesis(log):    # not JSON; null, a list, an object without a game and a deck
            not_hands.append(no)
            prev = None                 # the session's chips cannot be followed across it
            if bad_line:
                bad_line(no, str(unread) if unread else NOT_A_HAND)
            continue
        try:
            if chained and log.get("v") != 2:
                raise Mismatch(DOWNGRADED)
            chained = chained or log.get("v") == 2
            note = check_link(log, no, *link, dropped=dropped) if log.get("v") == 2 else None
            if is_genesis(log):
                prev = None
                out(note or "line %d: session start" % no)
                continue
            c, e = check_hand(log, prev)
        except Mismatch as exc:
            prev = None
            bad += 1
            where = label(log, no)
            out("%s: NOT verified: %s" % (where if where.startswith("line") else "%s (line %d)" % (where, no), exc))
            continue
        if note:
            out(note)
        prev = (e, e.table)
        ok += 1
        out("%s: verified %s" % (label(log, no), seal_code(c, log.get("v"))))
    if ok + bad == 0:
        raise ValueError("no hand in the log")
    return ok, bad, not_hands


def summary(ok, bad, not_hands):
    """The closing line of ``verify_lines``' counts (None when every line is a hand that verifies): ``1 of 12
    hands do NOT verify``, with ``; line 7 is not a hand`` (``lines 4 and 7 are not hands``) when some are not,
    ``12 hands verify; line 7 is not a hand`` when only that is wrong."""
    if not bad and not not_hands:
        return None
    n = ok + bad
    if bad:
        text = "%d of %d %s NOT verify" % (bad, n, "hand does" if n == 1 else "hands do")
    else:
        text = "%s verif%s" % (plural(n, "hand"), "ies" if n == 1 else "y")
    if not_hands:
        nums = [str(x) for x in not_hands]
        if len(nums) == 1:
            text += "; line %s is not a hand" % nums[0]
        else:
            text += "; lines %s and %s are not hands" % (", ".join(nums[:-1]), nums[-1])
    return text


def dropped_tip(path):
    """The ``hands.tip`` beside the log at ``path`` (copied off the box with it by ``make logs``): the hash of the last
    line the table dropped (64 lowercase hex digits), or None when there is none (or it is not such a hash)."""
    import os

    try:
        with open(os.path.join(os.path.dirname(path) or ".", "hands.tip"), "rb") as f:
            tip = f.read(65).decode("ascii").strip()
    except (OSError, UnicodeError):
        return None
    return tip if len(tip) == 64 and all(c in "0123456789abcdef" for c in tip) else None


USAGE = """usage: python -m host_tools.verify FILE

Checks every hand of a Dealer Box hand log (docs/fairness.md): the commitment the box showed before
the first privacy gate is recomputed from the logged deck and salt, the hand is dealt again from that
deck, and the cards shown must be those it dealt. One line per hand (a line that is not a hand is named
on stderr, FILE:LINE: reason, and counted as none); exit 0 when every hand verifies, 1 when one does not
or a line is not a hand, 2 when FILE cannot be read, is not a hand log or holds no hand. A last line cut
short (the power went while the box wrote it) is named on stderr and left out. A hands.tip beside FILE (make logs
copies it) is the last line the table dropped on the box: a log that starts after dropped hands must chain to it."""


def main(argv=None):
    """Command line: ``verify FILE``; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    path = one_file_argument("verify", argv, USAGE)
    if isinstance(path, int):
        return path
    lines = load_hand_log(path)
    if isinstance(lines, int):
        return lines
    def bad_line(no, why):                      # as replay names it: FILE:LINE: reason
        print("%s:%d: %s" % (path, no, why), file=sys.stderr)

    try:
        ok, bad, not_hands = verify_lines(lines, bad_line=bad_line, tip=dropped_tip(path))
    except ValueError as exc:
        print("%s: %s" % (path, exc), file=sys.stderr)
        return 2
    text = summary(ok, bad, not_hands)
    if text:
        print(text)
        return 1
    return 0


if __name__ == "__main__":
    run(main)

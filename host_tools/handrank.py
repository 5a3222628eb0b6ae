"""Settle disputes at the table: rank hands with the box's own evaluator.

    python -m host_tools.handrank --game {teen-patti,indian,poker} [--house NAME ...]
    python -m host_tools.handrank --game turkish --deck {24,28,32,36} [--house NAME ...]

Turkish needs ``--deck``: the deck follows the players dealt in (2 -> 24 cards, 3 -> 28, 4 -> 32, 5 -> 36,
docs/turkish.md) and decides the ranking (which straights there are, which cards exist), so a guessed deck
could settle a dispute the wrong way; the command asks for it rather than guess.
Reads hands from standard input, one per line, in standard notation (``As Kd Qh``,
``10h``, ``T♠``; commas are allowed between cards). For each line:

    As Kd Qh                ->  sequence<TAB>1548      (category, score: higher wins, equal ties)
    As 2d 3c vs Ah Kd Qc    ->  first                  (or second, or tie)

A blank line gives a blank line, so the output lines match the input lines. The two
hands of a ``vs`` line come from one deck: a card in both hands is a bad line
(``Kc is in both hands``). A bad line (unknown or repeated card, wrong number of cards, a
card outside the deck, a rank without its suit) is reported on standard error as
``line N: problem`` and gives the line ``error`` on standard output; every other line is
still answered, and the exit status is 2 if any line was bad (0 otherwise). A UTF-8 byte
order mark at the start of the input is ignored. Input is read and output written in bulk,
so a run handles hundreds of thousands of lines.
"""

import argparse
import sys

from dealerbox.cards import RANKS, CardError, format_card, parse_card
from dealerbox.eval import GAMES, HandError, make_ranking

import host_tools  # noqa: F401  (puts firmware/ on sys.path)

MAX_REPORTED = 20
BAD_LINE = "error"   # the output line for a line that cannot be answered (the reason goes to stderr)
TURKISH_DECKS = (24, 28, 32, 36)

EPILOG = """house rules:
  teen-patti  a23-high (default) | akq-high | a23-low, muflis, ak47, joker-hunt=R,
              best-of-four, best-of-five (3, 4 or 5 cards per hand: the best 3 count)
  turkish     no-minor, standard-ranking  (--deck 24, 28, 32 or 36 is required)
  indian      low, suit-order, two-card
  poker       none: standard poker, the best five of 5, 6 or 7 cards (Forehead Stud)

examples:
  echo "As 2d 3c vs Ah Kd Qc" | python -m host_tools.handrank --game teen-patti
  printf 'As 6d 7c 8h 9s\\n' | python -m host_tools.handrank --game turkish --deck 36
"""


USAGE = ("python -m host_tools.handrank --game {teen-patti,indian,poker} [--house NAME ...]\n"
         "       python -m host_tools.handrank --game turkish --deck {24,28,32,36} [--house NAME ...]")


class LineError(ValueError):
    """A line that cannot be ranked; the message names the problem."""


class Reader:
    """Parses hands, caching each card word (a long input repeats the same few words)."""

    def __init__(self):
        self.cards = {}

    def hand(self, words):
        out = []
        for word in words:
            c = self.cards.get(word)
            if c is None:
                try:
                    c = parse_card(word)
                except CardError as e:
                    rank = word.upper()
                    if rank == "10" or (len(rank) == 1 and rank in RANKS):   # a rank alone: say what is missing
                        raise LineError("%r has no suit (add c, d, h or s: %sh)" % (word, rank)) from None
                    raise LineError(str(e)) from None
                self.cards[word] = c
            if c in out:
                raise LineError("%s is in the hand twice" % format_card(c))
            out.append(c)
        if not out:
            raise LineError("a hand with no cards")
        return out


def hand_size(game, house):
    """Cards in one hand for ``game`` under the ``house`` names given on the command line.

    Teen Patti: 3, or 4 / 5 with ``best-of-four`` / ``best-of-five``; Turkish: 5;
    Indian: 1, or 2 with ``two-card``; poker (Forehead Stud): None, any of 5, 6 or 7
    (the best five count). The evaluator itself takes any size its variants use; the
    command holds each line to the variant the user named.
    """
    if game == "poker":
        return None
    if game == "teen-patti":
        return 4 if "best-of-four" in house else 5 if "best-of-five" in house else 3
    if game == "indian":
        return 2 if "two-card" in house else 1
    return 5


def _score(rk, hand, which="", size=None):
    if size is not None and len(hand) != size:
        raise LineError("%s%d card%s in the hand; this ranking needs %d" % (
            which, len(hand), "" if len(hand) == 1 else "s", size))
    try:
        return rk.score(hand)
    except HandError as e:
        raise LineError(which + str(e)) from None


def rank_line(rk, reader, line, size=None):
    """The output line for one input line (``CATEGORY<TAB>SCORE`` or first/second/tie); raises LineError.

    ``size``: the number of cards each hand must have (``hand_size``), or None for any the ranking takes.
    """
    words = line.replace(",", " ").split()
    cut = [i for i, w in enumerate(words) if w.lower() == "vs"]
    if not cut:
        score = _score(rk, reader.hand(words), "", size)
        return "%s\t%d" % (rk.category_of(score), score)
    if len(cut) > 1:
        raise LineError("more than one 'vs' (compare two hands per line)")
    a = reader.hand(words[: cut[0]])
    b = reader.hand(words[cut[0] + 1 :])
    both = [c for c in b if c in a]
    if both:
        names = [format_card(c) for c in both]
        said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        raise LineError("%s %s in both hands (one deck: a card is dealt once)" % (
            said, "is" if len(names) == 1 else "are"))
    x = _score(rk, a, "first hand: ", size)
    y = _score(rk, b, "second hand: ", size)
    return "first" if x > y else ("second" if y > x else "tie")


def _without_bom(text):
    """``text`` without a UTF-8 byte order mark at its start (some editors write one), decoded or as the
    surrogate escapes of its three bytes."""
    for bom in ("\ufeff", "\udcef\udcbb\udcbf"):
        if text.startswith(bom):
            return text[len(bom):]
    return text


def build_parser():
    ap = argparse.ArgumentParser(
        prog="python -m host_tools.handrank",
        usage=USAGE,
        description="Rank hands read from standard input, one per line (HAND, or HAND vs HAND).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--game", required=True, choices=GAMES)
    ap.add_argument("--deck", type=int, default=None, metavar="N",
                    help="Turkish only, and required there: the deck of the players dealt in, 24, 28, 32 or 36 "
                         "cards (2, 3, 4 or 5 players)")
    ap.add_argument("--house", nargs="+", action="extend", default=[], metavar="NAME", help="house rules (below)")
    return ap


def main(argv=None, stdin=None, stdout=None, stderr=None):
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    a = build_parser().parse_args(argv)
    if a.game == "turkish" and a.deck not in TURKISH_DECKS:
        stderr.write("handrank: turkish needs --deck 24, 28, 32 or 36 (2, 3, 4 or 5 players)%s\n"
                     % ("" if a.deck is None else ", not %d" % a.deck))
        return 2
    bare = [h for h in a.house if h.lower() in ("joker-hunt", "joker-hunt=")]
    if bare:
        stderr.write("handrank: %s needs the wild rank: joker-hunt=R, R one of 2-9, T, J, Q, K, A "
                     "(joker-hunt=7)\n" % bare[0])
        return 2
    try:
        rk = make_ranking(a.game, house=a.house, deck=52 if a.deck is None else a.deck)
    except ValueError as e:
        stderr.write("handrank: %s\n" % e)
        return 2
    reader = Reader()
    size = hand_size(a.game, a.house)
    out = []
    errors = []
    for n, line in enumerate(_without_bom(stdin.read()).splitlines(), 1):
        line = line.strip()
        if not line:
            out.append("")
            continue
        try:
            line.encode("utf-8")  # stdin's undecodable bytes arrive as surrogate escapes
        except UnicodeEncodeError:
            errors.append("handrank: line %d: not UTF-8 text" % n)
            out.append(BAD_LINE)
            continue
        try:
            out.append(rank_line(rk, reader, line, size))
        except LineError as e:
            errors.append("handrank: line %d: %s" % (n, e))
            out.append(BAD_LINE)
    if out:
        stdout.write("\n".join(out) + "\n")
    if errors:
        shown = errors[:MAX_REPORTED]
        if len(errors) > MAX_REPORTED:
            shown.append("handrank: ... and %d more bad lines" % (len(errors) - MAX_REPORTED))
        stderr.write("\n".join(shown) + "\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""High-low split for Turkish Poker: the low rule of each short deck, and pots split in halves.

House rule "high-low split" (RULES.md, Turkish Poker; seed 002: half the pot to
the best high hand, half to the best low hand, "the lowest qualifying hand must
often be eight-high or less"). Eight-or-better is impossible in a short deck
(a 24-card deck has no card below 9), so the box rescales it per deck.

The low rule the box applies (ace-to-five style, the same in every deck):

* the ace counts **low** (below the deck's lowest rank);
* straights and flushes do not count against a low (A-9-10-J-Q of one suit is
  the best low of the 24-card deck);
* a low needs **five different ranks** (any pair disqualifies it);
* the highest card must be no higher than the qualifier of the deck:

  ====  ===============  ============  ================================
  deck  ranks, ace low   qualifier     qualifying rank sets (of all)
  ====  ===============  ============  ================================
  24    A 9 T J Q K      king-low      6 of 6  (any five different ranks)
  28    A 8 9 T J Q K    queen-low     6 of 21 (ranks from A 8 9 T J Q)
  32    A 7 8 9 T J Q K  queen-low     21 of 56 (ranks from A 7 ... Q)
  36    A 6 7 ... Q K    jack-low      21 of 126 (ranks from A 6 ... J)
  ====  ===============  ============  ================================

  i.e. the five ranks come from the deck's six lowest ranks (24, 28 cards)
  or seven lowest ranks (32, 36 cards), counting the ace as the lowest.
* Lows compare highest card first, then the next, and so on: the lower wins;
  equal lows split.

Each pot is split separately: the high half takes the odd chip of an odd pot;
when no eligible hand qualifies for low, the high hand takes the whole pot.
One hand may win both halves (scoop). Inside a half, tied hands split and the
odd chips go to the first tied winner clockwise from the dealer (the table's
odd-chip rule, as ``PotBook.award``).
"""

from micropython import const

from dealerbox.engine.pots import PotBook, clockwise
from dealerbox.eval.turkish import turkish_lowest_rank

_ACE = const(12)   # cards.ACE (rank = card >> 2): a hand does not load the notation module
# number of lowest ranks (ace counting as the lowest) a qualifying low draws from
_LOW_RANKS = {24: 6, 28: 6, 32: 7, 36: 7}


def low_qualifier(size):
    """The rank (0-12, 2..A) of the highest card a qualifying low may hold in a deck of ``size`` cards.

    Raises ValueError for a size other than 24, 28, 32, 36.
    """
    return turkish_lowest_rank(size) + _LOW_RANKS[size] - 2


def low_score(cards, size):
    """Low value of a five-card hand (card ints) in the deck of ``size`` cards: higher is the better low.

    Returns None when the hand does not qualify (a pair, or a card above the
    deck's qualifier). Scores are negative ints: the ranks counted from the
    ace (0) upward, highest first, read as base-16 digits and negated.
    """
    lowest = turkish_lowest_rank(size)
    top = low_qualifier(size)
    vals = []
    for c in cards:
        r = c >> 2
        if r == _ACE:
            v = 0
        elif r > top:
            return None
        else:
            v = r - lowest + 1
        if v in vals:
            return None
        vals.append(v)
    vals.sort()
    vals.reverse()
    x = 0
    for v in vals:
        x = x * 16 + v
    return -x


def _best(seats, scores, i):
    best = None
    out = []
    for s in seats:
        v = scores[s][i]
        if v is None:
            continue
        if best is None or v > best:
            best = v
            out = [s]
        elif v == best:
            out.append(s)
    return out


def _share(chips, winners, dealer, n, into):
    winners = clockwise(winners, dealer, n)
    each = chips // len(winners)
    odd = chips - each * len(winners)
    for k, s in enumerate(winners):
        into[s] = into.get(s, 0) + each + (odd if k == 0 else 0)


class HiLoBook(PotBook):
    """A ``PotBook`` whose ``award`` splits every pot between the best high and the best low.

    ``scores`` for ``award``: dict seat -> ``(high, low)``, ``high`` an int
    (higher wins) and ``low`` from ``low_score`` (None when not qualifying).
    """

    @classmethod
    def of(cls, pb):
        """A HiLoBook with the same chips as the PotBook ``pb`` (sharing its lists: ``pb`` is replaced by it)."""
        b = cls(pb.n)
        b.contributed = pb.contributed
        b.folded = pb.folded
        b.all_in = pb.all_in
        return b

    def award(self, scores, dealer, dealt=None):
        """Split each pot high/low; a list of awards ``[pot, seat, chips]`` (one per pot and winning seat, clockwise
        from the dealer).

        Raises ValueError when a pot with several eligible seats lacks a score,
        or a pot has no eligible seat.
        """
        out = []
        n = self.n
        for i, pot in enumerate(self.pots(dealt)):
            amount, elig = pot
            if not elig:
                raise ValueError("pot %d has no eligible seat" % i)
            got = {}
            if len(elig) == 1:
                got[elig[0]] = amount
            else:
                for s in elig:
                    if s not in scores:
                        raise ValueError("pot %d: no hand for seat %d" % (i, s))
                high = _best(elig, scores, 0)
                lows = _best(elig, scores, 1)
                if lows:
                    low_half = amount // 2
                    _share(amount - low_half, high, dealer, n, got)
                    _share(low_half, lows, dealer, n, got)
                else:
                    _share(amount, high, dealer, n, got)
            for s in clockwise(got, dealer, n):
                out.append([i, s, got[s]])
        return out

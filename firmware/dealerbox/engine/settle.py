"""Settling up at the end of a session: each player's net in chips and money, and who pays whom.

Money is whole **cents** (ints, never floats): the table sets a chip value in cents per chip (``10``
is "1 chip = 0.10", the currency is the table's), so a net of ``n`` chips is exactly ``n * cents``
cents. ``transfers(nets)`` pays every net with at most ``players - 1`` transfers, greedily: the
largest debtor pays the largest creditor as much as one of them needs, until every net is met
(each transfer clears at least one player, the last one clears two). Ties go to the lower seat.

Nets that do not sum to zero (only nets given from outside, e.g. rounded to cents elsewhere: chip
values in whole cents and a session's chips always sum to zero) are first made to sum to zero by
``balance``: the difference is taken off the side that is too big, one cent at a time, each cent
from the player with the largest amount left on that side (lower seat first on a tie). So creditors
receive less when more is owed than paid, debtors pay less when more is paid than owed, and no
player moves by more than the difference.
"""


def nets(stacks, bought_in, carry=None):
    """Each seat's net in chips: ``stack (+ its part of a carried pot) - bought_in`` (list of ints).

    ``stacks``, ``bought_in``: lists of ints per seat; ``carry``: None, or the chips per seat of a dead
    hand's pot still on the table (a session stopped now gives every seat its part back, ``Table.stop``).
    """
    out = []
    for s in range(len(stacks)):
        out.append(stacks[s] + (carry[s] if carry else 0) - bought_in[s])
    return out


def balance(nets):
    """``nets`` (ints, cents) changed as little as possible to sum to zero (the rule in the module docstring):
    a new list. The cents go one at a time from the largest amount left on the side that is too big (lower
    seat first on a tie), computed a level at a time: the largest are brought down to the next amount."""
    out = list(nets)
    r = sum(out)
    side = 1 if r > 0 else -1
    r *= side                               # cents to take off the side ``side`` (its amounts are > 0 * side)
    while r:
        top = 0
        for v in out:
            if v * side > top:
                top = v * side
        nxt = 0                             # the next lower amount on that side (0 when none)
        at = []
        for s in range(len(out)):
            v = out[s] * side
            if v == top:
                at.append(s)
            elif nxt < v:
                nxt = v
        k = len(at)
        if r >= k * (top - nxt):            # the whole level: every one of them down to the next amount
            r -= k * (top - nxt)
            for s in at:
                out[s] = nxt * side
        else:
            q, extra = divmod(r, k)
            for i in range(k):
                out[at[i]] -= (q + (1 if i < extra else 0)) * side
            r = 0
    return out


def transfers(nets):
    """Who pays whom: a list of ``(payer seat, payee seat, amount)`` (amount an int > 0, the nets' unit),
    at most ``len(nets) - 1`` of them, largest debtor to largest creditor. The amounts paid and received by
    each seat add up exactly to its net after ``balance`` (to ``nets`` itself when they sum to zero)."""
    left = balance(nets)
    out = []  # type: list
    while True:
        d = c = -1
        for s in range(len(left)):
            if left[s] < 0 and (d < 0 or left[s] < left[d]):
                d = s
            if left[s] > 0 and (c < 0 or left[s] > left[c]):
                c = s
        if d < 0 or c < 0:
            return out
        amount = min(-left[d], left[c])
        out.append((d, c, amount))
        left[d] += amount
        left[c] -= amount


def money(cents, sign=False, point="."):
    """``cents`` (int) as money text: ``"4.05"``, ``"-0.50"``; ``sign`` adds ``"+"`` to an amount above 0;
    ``point`` is the decimal mark (the UI passes its language's: ``"4,05"`` in French)."""
    neg = cents < 0
    c = -cents if neg else cents
    text = "%d%s%02d" % (c // 100, point, c % 100)
    if neg:
        return "-" + text
    return ("+" + text) if sign and c else text

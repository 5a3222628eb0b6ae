"""The night's settle-up for the report (``host_tools.report``): sessions grouped into nights, the chip value carried
from one session to the next, who pays whom with the fewest transfers, and the ledger as CSV.

A **night** is a run of sessions in a row of the log played by the same players (the same set of names, in any
seats): one hand log copied off the box after an evening holds its sessions in order, often four games with the
same four people. The hand log has no dates, so sessions of the same players on two evenings in a row of one log
are one night; a session with other players starts a new night. Each night is settled as a whole (every player's
nets of its sessions added up) and each session on its own.

The **chip value** (``cents``: money per chip in whole cents, as the box logs it) of a session is, in order: the
value given to the report (``--chip-value``, for every session), the one the table set on the box, or the one of
the session before it in the same night (carried: the table set it once). A night is settled in money when each of
its sessions has a chip value, in chips when none has; a night with both is settled per session only (saying which
session lacks one). A session that does not replay (``problems``) settles nothing, and neither does its night.

The functions take the report's session figures (``report.session_figures``: dicts with ``names``, ``cents``,
``net_chips`` per seat or None, ``problems``, ``hands``, ``game``, ``title``) and add or read these keys.
"""

import csv


def fewest_transfers(nets):
    """Who pays whom with the fewest transfers: a list of ``(payer seat, payee seat, amount)`` (amounts ints > 0,
    the nets' unit) that pays every net of ``nets`` (ints; made to sum to zero first by
    ``dealerbox.engine.settle.balance``, as the box does).

    The fewest is the number of players owed or owing less the most groups of them whose nets sum to zero (each
    group settles on its own, one transfer fewer than its players): found over every subset (up to 16 players
    owed or owing; more are paid as the box pays, largest debtor to largest creditor). When the box's way is
    already that few, its transfers are the answer (the report then shows what the box's screen shows)."""
    from dealerbox.engine.settle import balance, transfers

    left = balance(nets)
    greedy = transfers(left)
    idx = [s for s in range(len(left)) if left[s]]
    m = len(idx)
    if m > 16:
        return greedy
    size = 1 << m
    sums = [0] * size
    best = [0] * size               # the most zero-sum groups a mask of players splits into
    for mask in range(1, size):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + left[idx[low.bit_length() - 1]]
        b = 0
        rest = mask
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] > b:
                b = best[mask ^ bit]
            rest ^= bit
        best[mask] = b + (1 if sums[mask] == 0 else 0)
    if len(greedy) <= m - best[size - 1]:
        return greedy
    out = []
    mask = size - 1
    group = []
    while mask:                     # take players off one by one along the best path; a zero sum closes a group
        zero = 1 if sums[mask] == 0 else 0
        if zero and group:
            out += _group_transfers(left, group)
            group = []
        bit = 1
        while not (mask & bit and best[mask ^ bit] == best[mask] - zero):
            bit <<= 1
        group.append(idx[bit.bit_length() - 1])
        mask ^= bit
    return out + _group_transfers(left, group)


def _group_transfers(left, seats):
    """The box's transfers within ``seats`` (a group whose nets in ``left`` sum to zero), as seats of ``left``."""
    from dealerbox.engine.settle import transfers

    seats = sorted(seats)
    return [(seats[p], seats[q], a) for p, q, a in transfers([left[s] for s in seats])]


def group_nights(figs):
    """The sessions ``figs`` (list of session figures) in nights: a list of lists of their indices, each a run of
    sessions in a row with the same set of names."""
    nights = []
    for k, f in enumerate(figs):
        if nights and sorted(figs[nights[-1][-1]]["names"]) == sorted(f["names"]) and f["names"]:
            nights[-1].append(k)
        else:
            nights.append([k])
    return nights


def parse_chip_value(text):
    """``--chip-value``'s money per chip (``"0.10"``, ``"0,25"``, ``"2"``) in whole cents (int > 0). Raises ValueError
    with the reason (not a number, more than two decimals, not above 0)."""
    t = text.strip().replace(",", ".")
    whole, _dot, frac = t.partition(".")
    if not (whole or frac) or not (whole or "0").isdigit() or (frac and not frac.isdigit()):
        raise ValueError("--chip-value %s: money per chip, as 0.10 or 2" % text)
    if len(frac) > 2:
        raise ValueError("--chip-value %s: money has whole cents (two decimals at most)" % text)
    cents = int(whole or "0") * 100 + int((frac + "00")[:2])
    if cents <= 0:
        raise ValueError("--chip-value %s: a chip is worth more than 0" % text)
    return cents


def chip_values(figs, nights, given=None):
    """Set each session's chip value (``cents``, 0 for none) and where it comes from (``cents_from``: ``"box"``,
    ``"given"`` for ``--chip-value`` ``given`` (cents, or None), ``"carried"`` from the session before it in its
    night (``carried_from``: that session's number, 1, 2, ...), or None), as the module docstring says."""
    for night in nights:
        before = 0
        for k in night:
            f = figs[k]
            if given:
                f["cents"], f["cents_from"] = given, "given"
            elif f["cents"]:
                f["cents_from"] = "box"
            elif before:
                f["cents"], f["cents_from"], f["carried_from"] = figs[before - 1]["cents"], "carried", before
            else:
                f["cents_from"] = None
            if f["cents"]:
                before = k + 1
    return figs


def settle_session(f):
    """Each player's net in money (``money``, cents, or None without a chip value) and the transfers (``transfers``,
    in cents or chips) of session ``f``, from its nets in chips (``net_chips``; None when it does not replay)."""
    cents = f["cents"]
    if f["net_chips"] is None:
        f["transfers"] = []
        return f
    for p, net in zip(f["players"], f["net_chips"]):
        p["money"] = net * cents if cents else None
    f["transfers"] = fewest_transfers([x * cents for x in f["net_chips"]] if cents else f["net_chips"])
    return f


def settle_night(figs, night):
    """The night ``night`` (indices of ``figs``) settled as a whole: a dict with ``sessions`` (the indices),
    ``names`` (the first session's order), ``unit`` (``"money"`` or ``"chips"``), ``rows`` (per name its net in
    each session and the total, in the unit), ``nets`` (the totals), ``transfers`` (fewest, as seats of ``names``)
    and ``problem`` (None, or why it is not settled, in words: then no nets and no transfers)."""
    names = list(figs[night[0]]["names"])
    out = {"sessions": list(night), "names": names, "unit": "chips", "rows": [], "nets": [], "transfers": [],
           "problem": None}
    bad = [k + 1 for k in night if figs[k]["net_chips"] is None]
    with_value = [k for k in night if figs[k]["cents"]]
    if bad:
        out["problem"] = "session %s does not replay (above), so the night is not settled" % ", ".join(map(str, bad))
        return out
    if with_value and len(with_value) != len(night):
        lacks = [str(k + 1) for k in night if not figs[k]["cents"]]
        out["problem"] = ("session %s has no chip value, the others have one: chips of different sessions cannot be "
                          "added up (give one with --chip-value)" % ", ".join(lacks))
        return out
    out["unit"] = "money" if with_value else "chips"
    for name in names:
        per = []
        for k in night:
            f = figs[k]
            net = f["net_chips"][f["names"].index(name)]
            per.append(net * f["cents"] if with_value else net)
        out["rows"].append((name, per, sum(per)))
    out["nets"] = [r[2] for r in out["rows"]]
    out["transfers"] = fewest_transfers(out["nets"])
    return out


CSV_HEAD = ("record", "night", "session", "game", "hand", "player", "to", "chips", "money")


def ledger_rows(figs, nights, settled):
    """The ledger, one list per row under ``CSV_HEAD``: per hand each player's result (``hand``: chips won or lost
    in it, rebuys not counted; money at the session's chip value), per session each player's net (``net``) and its
    transfers (``transfer``: player pays ``to``), per night of two sessions or more each player's net and its
    transfers (``night-net``, ``night-transfer``). ``settled``: ``settle_night`` of each night. Money as text with
    a point (``-1.50``); a figure the report does not give (a session that does not replay) is empty."""
    from dealerbox.engine.settle import money

    rows = []
    for n, night in enumerate(nights, 1):
        for k in night:
            f = figs[k]
            cents, title = f["cents"], f["title"]
            for h in f["hands"]:
                for s, name in enumerate(f["names"]):
                    d = h.get("delta")
                    chips = "" if d is None else d[s]
                    rows.append(["hand", n, k + 1, title, h["hand"] if h["hand"] is not None else "", name, "",
                                 chips, money(chips * cents) if cents and d is not None else ""])
            for s, name in enumerate(f["names"]):
                net = None if f["net_chips"] is None else f["net_chips"][s]
                rows.append(["net", n, k + 1, title, "", name, "", "" if net is None else net,
                             money(net * cents) if cents and net is not None else ""])
            for p, q, a in f["transfers"]:
                rows.append(["transfer", n, k + 1, title, "", f["names"][p], f["names"][q],
                             "" if cents else a, money(a) if cents else ""])
        st = settled[n - 1]
        if len(night) < 2 or st["problem"]:
            continue
        in_money = st["unit"] == "money"
        for name, _per, total in st["rows"]:
            rows.append(["night-net", n, "", "", "", name, "", "" if in_money else total,
                         money(total) if in_money else ""])
        for p, q, a in st["transfers"]:
            rows.append(["night-transfer", n, "", "", "", st["names"][p], st["names"][q], "" if in_money else a,
                         money(a) if in_money else ""])
    return rows


def write_csv(path, figs, nights, settled):
    """Write the ledger (``ledger_rows``) to ``path`` as CSV (UTF-8, a header row). Raises OSError."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(CSV_HEAD)
        w.writerows(ledger_rows(figs, nights, settled))

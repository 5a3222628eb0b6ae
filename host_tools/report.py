"""The night's report from the box's hand log: ``python -m host_tools.report hands.log`` (``dealerbox report``).

    python -m host_tools.report FILE [--out DIR] [--chip-value MONEY] [--csv FILE] [--nights N]

Writes (into ``DIR``; ``report/`` in the current folder without ``--out``, ignored by git at the repository's
root as ``/report/``) ``DIR/report.html``, one self-contained page (inline CSS, the chart embedded as a base64 PNG: it
opens in a browser with no network), and ``DIR/stacks.png`` (matplotlib, the extra ``report``; without it the page
says so and the rest is written): per night of the last ``N`` (3), each player's net after every hand of the night,
a session's start dotted, a rebuy a marker on the line (never a rise). Per session (a log may hold several:
docs/hand-log.md, Sessions), titled with its game and variant (``title``), the page has

* per player: hands played (dealt in), hands won (got chips from a pot), showdowns won (won a hand that
  went to a showdown: two hands or more shown), the biggest pot won (chips from one hand), chips bought
  in (the starting chips and every rebuy) and the number of rebuys, the net in chips and, with a chip
  value, in money;
* the settling up: who pays whom, with the fewest transfers (``host_tools.night``; money in whole cents);
* its hands: each commitment's first 8 hex digits (as the box showed them) and whether it verifies
  (``host_tools.verify``): every hand for the last ``N`` nights, only those that do not verify (or have a note) before.

Sessions in a row with the same players are a night, settled as a whole too (``host_tools.night``: the chip value
carried to the night's next sessions, ``--chip-value`` setting or overriding it); ``--csv FILE`` writes the ledger
(every hand's result per player, the nets, the transfers). The log is read a session at a time.

The session's figures come from the hands replayed through the engines (``host_tools.replay``), so a
carried Turkish pot goes back to its owners at the end as on the box. A voided hand is shown as voided (its
chips went back). A hand that does not replay (tampered or damaged) or a damaged line is named, counts for
nobody, and its session is not settled (no nets, no payments: ``unsettled``), nor its night: the logged numbers are
never used. A last line cut short (a power cut while the box appended it) is named and left out.

Exit 0 when the page is written and every hand replays and verifies; 1 when it is written but a hand does
not replay or does not verify (named on stderr); 2 for a file that cannot be read, is not a hand log or holds
no hand (the reason in words), a folder or CSV file that cannot be written, or a chip value that is not money.
"""

import argparse
import base64
import html
import io
import os
import sys

from host_tools import FIRMWARE, drop_cut_last_line, folder_problem, plural, read_hand_log, run  # noqa: F401  (FIRMWARE: puts firmware/ on sys.path)
from host_tools.verify import seal_code

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 60em;
       color: #1d232a; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { border-bottom: 2px solid #8ab4d8; padding-bottom: .2em; margin-top: 2em; }
table { border-collapse: collapse; margin: .6em 0 1.2em; }
th, td { border: 1px solid #c8d2dc; padding: .25em .6em; text-align: right; }
th { background: #eef3f8; } td:first-child, th:first-child { text-align: left; }
.ok { color: #176d2c; font-weight: 600; } .bad { color: #a3161a; font-weight: 600; }
code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
img.chart { max-width: 100%; border: 1px solid #c8d2dc; }
.note { color: #59636e; font-size: .9em; }
table.settle td, table.hands td { text-align: left; } table.settle td:last-child { text-align: right; }
"""


MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">")     # one per seat (up to 10 players)
DASHES = ("-", "--", "-.", ":", (0, (5, 1, 1, 1)), (0, (3, 1, 1, 1, 1, 1)), (0, (1, 1)), (0, (8, 2)),
          (0, (4, 2, 1, 2, 1, 2)), (0, (2, 2)))


class ReportError(Exception):
    """The log cannot be read as hand logs; ``str(e)`` says why."""


def read_logs(lines):
    """``iter_logs`` as a list."""
    return list(iter_logs(lines))


def iter_logs(lines):
    """``[(line number, hand-log dict)]`` of the non-blank lines; a damaged line is ``(line number, reason)`` (str,
    in replay's words: not JSON, not a hand's object, or a field without its shape: ``host_tools.replay.read_line``,
    ``check_shape``), so the report names it and settles nothing across it; the first hand's line too, when it is a
    hand's object with a field without its shape (replay and verify name it as a hand that does not check).
    Raises ReportError when the first line is not a hand log (not JSON, or not a hand's JSON object with a game
    and a deck: replay's ``not a hand log (line 1 is ...)``), or when there is no hand at all. A generator: a long
    log is read a session at a time (``iter_sessions``), never all of it as dicts at once."""
    from host_tools.replay import NOT_A_HAND, ReplayError, check_shape, is_genesis, is_hand, not_a_log, read_line

    seen = False
    for no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        why = unread = None
        try:
            log = read_line(line)
        except ReplayError as exc:
            log, why, unread = None, str(exc), exc
        if why is None and is_genesis(log):     # a session's first line: no hand (its hands follow)
            continue
        if why is None and not is_hand(log):
            why = NOT_A_HAND
        if why is not None and not seen:        # the first line is not a hand: the file is something else
            raise ReportError(not_a_log(no, unread))
        if why is None:
            shaped = dict(log)
            if not isinstance(shaped.get("result"), dict):    # a voided hand has no result
                shaped["result"] = {}
            try:
                check_shape(shaped)
            except ReplayError as exc:
                why = str(exc)
        seen = True
        yield no, why if why is not None else log
    if not seen:
        raise ReportError("no hand in the log")


def split_sessions(logs):
    """``iter_sessions`` as a list."""
    return list(iter_sessions(logs))


def iter_sessions(logs):
    """The ``(line, log)`` pairs cut into sessions (each a list, given as it ends): a line starts a new one when its
    ``hand`` is 1 or its game or names differ from the previous line's (``host_tools.replay.same_session``); a
    damaged line (``(line, reason)``) stays in the session of the line before it, and damaged lines before the
    first hand that can be read are in that hand's session."""
    cur = []
    prev = None
    for no, log in logs:
        if prev is not None and not isinstance(log, str) and (
                log.get("hand") == 1 or log.get("game") != prev.get("game") or log.get("names") != prev.get("names")):
            yield cur
            cur = []
        cur.append((no, log))
        if not isinstance(log, str):
            prev = log
    if cur:
        yield cur


def _rebuys_in(log):
    """Chips bought in by each seat during the hand (rebuy actions), a list per seat."""
    n = len(log["names"])
    out = [0] * n
    for row in log.get("actions") or []:
        if isinstance(row, list) and len(row) >= 3 and row[1] == "rebuy" and type(row[0]) is int \
                and 0 <= row[0] < n and type(row[2]) is int:
            out[row[0]] += row[2]
    return out


TITLES = {"teen-patti": "Teen Patti", "turkish": "Turkish Poker", "indian": "Indian Poker"}
# the house rules that make a variant, per game: (rule, value, its name in a title)
VARIANTS = {
    "teen-patti": [("variant", v, t) for v, t in (("ak47", "AK-47"), ("joker-hunt", "Joker Hunt"),
                                                   ("best-of-four", "Best of Four"), ("best-of-five", "Best of Five"),
                                                   ("cobra", "Cobra"), ("999", "999"), ("in-out", "In-Out"))]
    + [("muflis", True, "Muflis")],
    "turkish": [("openers", "jacks", "jacks to open"), ("openers", "aces", "aces to open"),
                ("hi_lo", True, "high-low"), ("standard_ranking", True, "standard ranking")],
    "indian": [("low", True, "Low Indian"), ("two_cards", True, "two cards"), ("center", True, "center card"),
               ("party", True, "party mode"), ("ties", "suit-order", "suits break ties")],
}


def title(game, rules):
    """A session's game and variant in words (str): ``Teen Patti``, ``Teen Patti: AK-47, Muflis``, ``Turkish Poker:
    jacks to open``, ``Indian Poker: Low Indian``, ``Forehead Stud`` (Indian Poker's seven-card stud is its own
    game at the table: docs/indian.md). ``rules``: the house rules of its first hand (dict, or None)."""
    rules = rules if isinstance(rules, dict) else {}
    if game == "indian" and rules.get("stud") is True:
        return "Forehead Stud"
    name = TITLES.get(game, str(game))
    parts = [t for key, value, t in VARIANTS.get(game, ()) if rules.get(key) == value]
    return "%s: %s" % (name, ", ".join(parts)) if parts else name


def _hand_check(log, prev):
    """Replay one hand (``host_tools.replay.replay_hand``) and check its commitment and the cards shown against
    the replayed deal (``host_tools.verify``: the same checks as ``verify``, the hand played once). Returns
    ``(prev, check)``: the replay's ``(engine, table)`` (None when it does not replay) and ``check`` (a dict:
    ``verified``, ``reason``, ``commit``). A hand that does not replay is checked by ``verify`` alone (a voided hand
    verifies as far as it went: ``reason`` says it did not finish)."""
    from host_tools import replay, verify

    try:
        prev = replay.replay_hand(log, prev)
    except replay.ReplayError as exc:
        try:
            c, finished = verify.verify_hand(log)
            return exc, {"verified": True, "reason": "" if finished else "the hand did not finish", "commit": c}
        except verify.Mismatch as why:
            return exc, {"verified": False, "reason": str(why), "commit": log.get("commit") or ""}
    try:
        c = verify.check_commitment(log)
        verify.check_shown(log, prev[0])
        if isinstance(log.get("result"), dict) and log["result"].get("voided") is True:    # voided by the table
            return replay.ReplayError("voided"), {"verified": True, "reason": "the hand did not finish", "commit": c}
        return prev, {"verified": True, "reason": "", "commit": c}
    except verify.Mismatch as why:
        return prev, {"verified": False, "reason": str(why), "commit": log.get("commit") or ""}


def session_figures(session):
    """Everything the report shows of one session (a list of ``(line, log)``): a dict with ``game``, ``title``
    (``title``), ``names``, ``cents`` (the chip value the table set, 0 when not set: ``host_tools.night`` may
    carry or give one), ``hands`` (per hand: number, line, commitment, verified, reason, ``stacks`` and ``bought``
    (chips bought in) after it, ``delta`` (chips won or lost in it, per seat) and ``rebuy`` (chips bought in since
    the hand before, per seat), the last three None for a hand that does not replay), ``start`` (stacks before the
    first hand), ``players`` (per seat: name, played, won, showdowns, biggest, bought_in, rebuys, net), ``final``
    stacks, ``net_chips`` (per seat, None when a hand does not replay) and ``problems`` (hands that do not
    replay). ``night.settle_session`` adds the money and the transfers."""
    from dealerbox.engine.settle import nets

    goods = [log for _no, log in session if not isinstance(log, str)]
    first = goods[0] if goods else {"game": "damaged lines only", "names": [], "stacks": []}   # no players
    names = list(first["names"])
    n = len(names)
    players = [{"name": names[s], "played": 0, "won": 0, "showdowns": 0, "biggest": 0, "rebuys": 0}
               for s in range(n)]
    hands = []
    problems = []
    prev = None
    stacks = list(first["stacks"])
    bought = list(first.get("bought_in") or first["stacks"])
    carry = None
    cents = 0
    for no, log in session:
        if isinstance(log, str):                    # a damaged line: no hand can be read from it
            problems.append("line %d is damaged (%s)" % (no, log))
            hands.append({"hand": None, "line": no, "verified": False, "commit": "", "stacks": None, "bought": None,
                          "delta": None, "rebuy": None, "reason": "damaged: %s" % log})
            prev = None
            continue
        if type(log.get("cents")) is int and log["cents"] > 0:
            cents = log["cents"]
        before_bought = list(log.get("bought_in") or log["stacks"])
        for s in range(n):                          # rebuys between hands: the buy-ins grew
            if s < len(before_bought) and before_bought[s] > bought[s]:
                players[s]["rebuys"] += 1
        was = bought
        prev, hv = _hand_check(log, prev)
        hv["code"] = seal_code(hv["commit"], log.get("v")) if hv["commit"] else ""    # as verify prints it
        if isinstance(prev, Exception):
            exc, prev = prev, None
            voided = hv["verified"] and hv["reason"]        # verified as far as it went: it did not finish
            if voided:
                hv["reason"] = "voided: the hand did not finish (its chips went back)"
                stacks = list(log["stacks"])                # voided: every chip back, as it started
                after = list(stacks)
                rb = _rebuys_in(log)
                bought = [before_bought[s] + rb[s] for s in range(n)]
                carry = log.get("carry") if isinstance(log.get("carry"), list) else None   # still waiting
            else:                                           # its logged figures are not used: nothing confirms them
                problems.append("hand %s (line %d) does not replay: %s" % (log.get("hand", "?"), no, exc))
                why = "does not replay: %s" % exc          # (verify says the same of a changed result: once)
                hv["reason"] = why if hv["reason"] in ("", str(exc)) else "%s; %s" % (hv["reason"], why)
                after = None
            result = None
        else:
            e, table = prev
            stacks, bought, carry = list(table.stacks), list(table.bought_in), table.carry
            result = e.result
            after = list(stacks)
        for s in range(n):
            if after is None:                       # a hand that does not replay counts for nobody
                continue
            players[s]["rebuys"] += sum(1 for row in log.get("actions") or []
                                        if isinstance(row, list) and len(row) >= 3 and row[0] == s
                                        and row[1] == "rebuy")
            if log["stacks"][s] > 0 and result:
                players[s]["played"] += 1
        if result:
            got = [0] * n
            for a in result.get("awards") or []:
                if isinstance(a, list) and len(a) == 3 and type(a[1]) is int and 0 <= a[1] < n \
                        and type(a[2]) is int and a[2] > 0:
                    got[a[1]] += a[2]
            shown = result.get("shown")
            showdown = isinstance(shown, list) and sum(1 for x in shown if x) >= 2
            for s in range(n):
                if got[s]:
                    players[s]["won"] += 1
                    players[s]["showdowns"] += 1 if showdown else 0
                    players[s]["biggest"] = max(players[s]["biggest"], got[s])
        if after is None:
            hv.update({"bought": None, "delta": None, "rebuy": None})
        else:
            rebuy = [bought[s] - was[s] for s in range(n)]
            rb = _rebuys_in(log)
            start = [log["stacks"][s] + rb[s] for s in range(n)]
            hv.update({"bought": list(bought), "rebuy": rebuy, "delta": [after[s] - start[s] for s in range(n)]})
        hv.update({"hand": log.get("hand"), "line": no, "stacks": after})
        hands.append(hv)
    final = [stacks[s] + (carry[s] if carry else 0) for s in range(n)]
    net = None if problems else nets(stacks, bought, carry)     # a session stopped now: a carried pot goes back
    for s in range(n):
        players[s].update({"bought_in": None if problems else bought[s], "net": None if problems else net[s],
                           "money": None})
    return {"game": first["game"], "title": title(first["game"], first.get("rules")), "names": names, "cents": cents,
            "hands": hands, "start": list(first["stacks"]), "players": players, "final": final, "net_chips": net,
            "transfers": [], "problems": problems}


NO_CHART = "no chart: matplotlib is not installed (pip install 'dealerbox[report]')"


def night_series(figs, night):
    """What the chart draws of night ``night`` (indices of ``figs``): a dict with ``unit`` (``"money"`` when every
    session has a chip value, the figures then in money, else ``"chips"``), ``names`` (every player of the night, in
    the first session's order), ``lines`` ({name: (xs, ys)}: the player's running net of the night after every hand,
    x the hand's place in the night (0 before the first), a rebuy not counted, NaN after a hand that does not
    replay), ``rebuys`` ({name: [(x, y, chips)]}: where the player bought chips in, on the line, not a rise of it)
    and ``starts`` ([(x, session number, title)]: where each session starts)."""
    money = all(figs[k]["cents"] for k in night)
    names = list(figs[night[0]]["names"])
    lines = {name: ([0], [0.0]) for name in names}
    rebuys = {name: [] for name in names}
    starts = []
    x = 0
    base = dict.fromkeys(names, 0.0)                # each player's net of the night's sessions before this one
    for k in night:
        f = figs[k]
        unit = f["cents"] / 100 if money else 1
        starts.append((x, k + 1, f["title"]))
        last = dict.fromkeys(names, 0.0)
        for h in f["hands"]:
            x += 1
            for s, name in enumerate(f["names"]):
                if h["stacks"] is None:
                    y = float("nan")
                else:
                    y = base[name] + (h["stacks"][s] - h["bought"][s]) * unit
                    last[name] = y - base[name]
                    if h["rebuy"][s] > 0:
                        rebuys[name].append((x - 1, lines[name][1][-1], h["rebuy"][s]))
                lines[name][0].append(x)
                lines[name][1].append(y)
        for name in names:
            base[name] += last[name]
    return {"unit": "money" if money else "chips", "names": names, "lines": lines, "rebuys": rebuys,
            "starts": starts}


def chart(figs, nights=None, path=None):
    """A matplotlib figure of the nights ``nights`` (lists of indices of ``figs``; every night by default), one
    panel each: every player's running net over the night's hands (``night_series``: a rebuy is a marker on the
    line, never a rise), the sessions' starts marked: PNG bytes, also written to ``path`` when given; None (nothing
    written) when matplotlib is not installed."""
    try:
        import matplotlib
    except ImportError:
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from host_tools.night import group_nights

    nights = group_nights(figs) if nights is None else nights
    fig, axes = plt.subplots(len(nights), 1, figsize=(9, 3.6 * len(nights)), squeeze=False)
    for ax, night in zip((a[0] for a in axes), nights):
        d = night_series(figs, night)
        n = len(d["names"])
        for s, name in enumerate(d["names"]):
            # players with equal nets must not hide each other: each line its own dash pattern and marker,
            # and shifted by a small fraction of a hand (the hands stay at whole numbers on the axis)
            shift = (s - (n - 1) / 2) * min(0.06, 0.3 / max(n, 1))
            xs, ys = d["lines"][name]
            ax.plot([x + shift for x in xs], ys, marker=MARKERS[s % len(MARKERS)], markersize=4,
                    linestyle=DASHES[s % len(DASHES)], linewidth=1.4, label=name)
        pts = [(x, y) for name in d["names"] for x, y, _c in d["rebuys"][name]]
        if pts:
            ax.scatter([p[0] for p in pts], [p[1] for p in pts], s=90, marker="^", facecolors="none",
                       edgecolors="black", linewidths=1.2, zorder=5, label="rebuy (chips bought in)")
        if len(d["starts"]) > 1:
            ax.vlines([x for x, _k, _t in d["starts"][1:]], 0, 1, transform=ax.get_xaxis_transform(),
                      colors="grey", linestyles="dotted")
        ax.set_title("Night of session%s %s: %s" % (
            "s" if len(night) > 1 else "", ", ".join(str(k + 1) for k in night),
            "; ".join(figs[k]["title"] for k in night)), fontsize="medium")
        last = len(d["lines"][d["names"][0]][0]) - 1 if n else 0
        ax.set_xlabel("hand of the night")
        ax.set_xlim(-0.5, max(last, 1) + 0.5)                   # whole hands on the axis, however few
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        if d["unit"] == "chips":
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # chips are whole: no 100.5
        ax.set_ylabel("net (money)" if d["unit"] == "money" else "net (chips)")
        ax.grid(True, alpha=0.3)
        if n:                                 # (a session of damaged lines only has no player)
            ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0, fontsize="small")  # outside
    fig.tight_layout()                        # makes room for the legends right of the plots
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    plt.close(fig)
    data = buf.getvalue()
    if path:
        with open(path, "wb") as out:
            out.write(data)
    return data


UNSETTLED = "\u2014"      # a figure the report does not give: a hand of the session does not replay


def unsettled(f):
    """Why the session of ``f`` (``session_figures``) is not settled: the hands that do not replay, in words."""
    return ("Not settled: %s. The chips after %s rest on logged numbers the replay does not confirm (changed or "
            "damaged), so this report gives no nets and no payments for this session; the other figures count "
            "only the hands that replay (python -m host_tools.replay FILE names the first difference)."
            % ("; ".join(f["problems"]), "it" if len(f["problems"]) == 1 else "them"))


def _signed(n):
    return "%+d" % n if n else "0"


def _value_note(f):
    """Where the session's chip value comes from, in words (HTML-safe)."""
    from dealerbox.engine.settle import money

    how = {"box": "set on the box", "given": "given with --chip-value",
           "carried": "carried from session %s, as the table set it" % f.get("carried_from")}[f["cents_from"]]
    return "1 chip = %s (%s; the currency is the table's)" % (money(f["cents"]), how)


def _settle_table(tid, names, ts, in_money, problem):
    """The ``Who pays / Whom / Amount`` table (HTML lines)."""
    from dealerbox.engine.settle import money

    e = html.escape
    out = ['<table class="settle" id="%s"><tr><th>Who pays</th><th>Whom</th><th>%s</th></tr>'
           % (tid, "Amount" if in_money else "Chips")]
    for payer, payee, amount in ts:
        out.append("<tr><td>%s</td><td>%s</td><td>%s</td></tr>"
                   % (e(names[payer]), e(names[payee]), money(amount) if in_money else amount))
    if problem:
        out.append('<tr><td colspan="3">not settled (above)</td></tr>')
    elif not ts:
        out.append('<tr><td colspan="3">nobody owes anything</td></tr>')
    out.append("</table>")
    return out


def section_html(k, f, detail=True):
    """The HTML of session ``k`` (1, 2, ...) from ``session_figures`` (settled: ``night.settle_session``);
    ``detail``: every hand's deal listed, else only the hands that do not verify or have a note."""
    from dealerbox.engine.settle import money

    e = html.escape
    sid = "s%d" % k
    cents = f["cents"]
    out = ['<section id="%s">' % sid,
           "<h2>Session %d: %s, %s, %s</h2>" % (k, e(f["title"]), plural(len(f["names"]), "player"),
                                                 plural(len(f["hands"]), "hand"))]
    if cents:
        out.append('<p class="note">%s</p>' % html.escape(_value_note(f), quote=False))
    head = ["Player", "Hands played", "Hands won", "Showdowns won", "Biggest pot won", "Bought in", "Rebuys",
            "Net (chips)"] + (["Net (money)"] if cents else [])
    out.append('<table class="players" id="%s-players"><tr>%s</tr>' % (sid, "".join("<th>%s</th>" % h for h in head)))
    for p in f["players"]:
        if p["net"] is None:                    # a hand does not replay: no chips or money from its numbers
            cells = [e(p["name"]), p["played"], p["won"], p["showdowns"], p["biggest"], UNSETTLED, p["rebuys"],
                     UNSETTLED] + ([UNSETTLED] if cents else [])
        else:
            cells = [e(p["name"]), p["played"], p["won"], p["showdowns"], p["biggest"], p["bought_in"], p["rebuys"],
                     _signed(p["net"])] + ([money(p["money"], True)] if cents else [])
        out.append("<tr>%s</tr>" % "".join("<td>%s</td>" % c for c in cells))
    out.append("</table>")
    out.append("<h3>Settling up</h3>")
    if f["problems"]:
        out.append('<p class="bad" id="%s-unsettled">%s</p>' % (sid, e(unsettled(f))))
    out += _settle_table(sid + "-settle", f["names"], f["transfers"], bool(cents), f["problems"])
    out.append("<h3>The deals</h3>")
    shown = f["hands"] if detail else [h for h in f["hands"] if not h["verified"] or h["reason"]]
    if detail:
        out.append('<p class="note">The box showed each commitment before the first privacy gate; '
                   '<code>python -m host_tools.verify hands.log</code> checks them (docs/fairness.md).</p>')
    else:
        ok = sum(1 for h in f["hands"] if h["verified"])
        out.append('<p class="note">%s of %s verified; listed below: the hands that do not, or have a note (the '
                   "nights in detail list every hand; <code>python -m host_tools.verify hands.log</code> checks each)."
                   "</p>" % (ok, plural(len(f["hands"]), "hand")))
    out.append('<table class="hands" id="%s-hands"><tr><th>Hand</th><th>Commitment</th><th>Verified</th>'
               "<th>Note</th></tr>" % sid)
    for h in shown:
        ok = '<span class="ok">verified</span>' if h["verified"] else '<span class="bad">NOT verified</span>'
        out.append("<tr><td>%s</td><td><code>%s</code></td><td>%s</td><td>%s</td></tr>"
                   % (h["hand"] if h["hand"] is not None else "line %d" % h["line"], e(h.get("code", "")), ok,
                      e(h["reason"])))
    out.append("</table>")
    for p in f["problems"]:
        out.append('<p class="bad">%s</p>' % e(p))
    out.append("</section>")
    return "\n".join(out)


def night_html(n, figs, st):
    """The HTML of night ``n`` (1, 2, ...) of two sessions or more, settled together (``night.settle_night``)."""
    from dealerbox.engine.settle import money

    e = html.escape
    in_money = st["unit"] == "money"
    ks = [k + 1 for k in st["sessions"]]
    out = ['<div class="night" id="n%d">' % n,
           "<h2>Night %d: sessions %s settled together</h2>" % (n, ", ".join(map(str, ks))),
           '<p class="note">The same players in %d sessions in a row: %s.</p>' % (
               len(ks), e("; ".join(figs[k]["title"] for k in st["sessions"])))]
    if st["problem"]:
        out.append('<p class="bad" id="n%d-unsettled">Not settled together: %s.</p>' % (n, e(st["problem"])))
    else:
        head = ["Player"] + ["Session %d" % k for k in ks] + ["Night"]
        out.append('<table class="players" id="n%d-nets"><tr>%s</tr>' % (n, "".join("<th>%s</th>" % h for h in head)))
        for name, per, total in st["rows"]:
            cells = [e(name)] + [money(v, True) if in_money else _signed(v) for v in per + [total]]
            out.append("<tr>%s</tr>" % "".join("<td>%s</td>" % c for c in cells))
        out.append("</table>")
    out += _settle_table("n%d-settle" % n, st["names"], st["transfers"], in_money, st["problem"])
    out.append("</div>")
    return "\n".join(out)


def report_html(figs, nights, settled, source, cut=None, png=None, detail=3):
    """The whole page (str): a title, ``cut`` (the note on a last line cut short, or None), the chart of the last
    ``detail`` nights (``png``: its bytes, None when there is none), one section per session (every hand of the
    last ``detail`` nights), after each night of two sessions or more its settling up as a whole."""
    body = []
    first_detail = max(0, len(nights) - detail)
    for n, night in enumerate(nights):
        body += [section_html(k + 1, figs[k], n >= first_detail) for k in night]
        if len(night) > 1:
            body.append(night_html(n + 1, figs, settled[n]))
    if png:
        shown = "the last %s" % plural(min(detail, len(nights)), "night") if len(nights) > detail else "every night"
        img = ('<img class="chart" id="chart" alt="each player\'s net over the night" src="data:image/png;base64,%s">'
               '\n<p class="note">The chart: %s, each player\'s net after every hand (a triangle: chips bought in, '
               "not won; dotted: a new session).</p>\n" % (base64.b64encode(png).decode(), shown))
    else:
        img = '<p class="note" id="chart">%s.</p>\n' % NO_CHART
    nights_note = ('<p class="note">%s: sessions in a row with the same players are a night, settled together too '
                   "(the log has no dates).</p>\n" % plural(len(nights), "night")) if len(nights) < len(figs) else ""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Dealer Box: the night's "
            "report</title>\n<style>%s</style></head>\n<body>\n<h1>Dealer Box: the night's report</h1>\n"
            '<p class="note">From <code>%s</code>: %s.</p>\n%s%s%s%s\n</body></html>\n'
            % (CSS, html.escape(source), plural(len(figs), "session"), nights_note,
               '<p class="note" id="cut">%s</p>\n' % html.escape(cut) if cut else "", img, "\n".join(body)))


def write_report(lines, out_dir, source="hands.log", chip_value=None, csv_path=None, detail=3):
    """Read the log ``lines``, settle it (``host_tools.night``: per session and per night, ``chip_value`` in cents
    for every session when given), write ``report.html`` and ``stacks.png`` (the chart of the last ``detail``
    nights; none without matplotlib) into ``out_dir`` (made if needed), and the ledger to ``csv_path`` when given.
    Returns the list of ``session_figures``. Raises ReportError for a log that is not a hand log, OSError."""
    from host_tools import night

    lines, cut = drop_cut_last_line(lines)
    figs = [session_figures(s) for s in iter_sessions(iter_logs(lines))]
    nights = night.group_nights(figs)
    night.chip_values(figs, nights, chip_value)
    for f in figs:
        night.settle_session(f)
    settled = [night.settle_night(figs, n) for n in nights]
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "stacks.png")
    png = chart(figs, nights[-detail:], path) if detail > 0 else None
    if png is None and os.path.exists(path):
        os.remove(path)                     # (an earlier run's chart is not this log's)
    with open(os.path.join(out_dir, "report.html"), "w", encoding="utf-8") as f:
        f.write(report_html(figs, nights, settled, source, cut, png, detail))
    if csv_path:
        night.write_csv(csv_path, figs, nights, settled)
    return figs


def count(text):
    """``--nights N``: a whole number 0 or more (int); ValueError otherwise."""
    n = int(text)
    if n < 0:
        raise ValueError(text)
    return n


def _and(items):
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else "%s and %s" % (", ".join(items[:-1]), items[-1])


def main(argv=None):
    """Command line: ``report FILE [--out DIR] [--chip-value MONEY] [--csv FILE] [--nights N]``; returns the exit
    status."""
    from host_tools.night import parse_chip_value

    ap = argparse.ArgumentParser(prog="python -m host_tools.report",
                                 description="The night's report (HTML, a chart, the ledger as CSV) from a Dealer Box "
                                             "hand log.")
    ap.add_argument("log", metavar="FILE", help="the hand log (hands.log, copied off the box)")
    ap.add_argument("--out", metavar="DIR", default="report",
                    help="folder for report.html and stacks.png (default: report, in the current folder)")
    ap.add_argument("--chip-value", metavar="MONEY", default=None,
                    help="money per chip for every session (0.10, 2): sets it where the table set none, overrides "
                         "it where it did")
    ap.add_argument("--csv", metavar="FILE", default=None,
                    help="write the ledger there: every hand's result per player, the nets, who pays whom")
    ap.add_argument("--nights", metavar="N", type=count, default=3,
                    help="the last N nights in detail: the chart and every hand (default 3; the others summed up)")
    a = ap.parse_args(argv)
    try:
        cents = parse_chip_value(a.chip_value) if a.chip_value is not None else None
    except ValueError as exc:
        print("report: %s" % exc, file=sys.stderr)
        return 2
    lines = read_hand_log(a.log)
    if isinstance(lines, str):
        print(lines, file=sys.stderr)
        return 2
    cut = drop_cut_last_line(lines)[1]
    if cut:
        print("%s: %s" % (a.log, cut), file=sys.stderr)
    try:
        figs = write_report(lines, a.out, os.path.basename(a.log), cents, a.csv, a.nights)
    except ReportError as exc:
        print("%s: %s" % (a.log, exc), file=sys.stderr)
        return 2
    except OSError as exc:
        if a.csv and exc.filename == a.csv:
            print("report: --csv %s: cannot write it (%s)" % (a.csv, exc.strerror or exc), file=sys.stderr)
            return 2
        why = folder_problem(a.out) or "cannot write there (%s)" % (exc.strerror or exc)
        print("report: --out %s: %s" % (a.out, why), file=sys.stderr)
        return 2
    hands = sum(len(f["hands"]) for f in figs)
    png = os.path.join(a.out, "stacks.png")
    if not os.path.exists(png):
        print("report: %s" % (NO_CHART if a.nights else "no chart (--nights 0)"), file=sys.stderr)
    written = [os.path.join(a.out, "report.html")] + ([png] if os.path.exists(png) else []) + ([a.csv] if a.csv else [])
    print("wrote %s: %s, %s" % (_and(written), plural(len(figs), "session"), plural(hands, "hand")))
    rc = 0
    for k, f in enumerate(figs, 1):
        if f["problems"]:
            print("%s: session %d: %s" % (a.log, k, unsettled(f)), file=sys.stderr)
            rc = 1
        bad = [h for h in f["hands"] if not h["verified"] and h["hand"] is not None]   # (damaged: said above)
        if bad:
            print("%s: session %d: %s NOT verified (python -m host_tools.verify FILE says why)"
                  % (a.log, k, ", ".join("hand %s (line %d)" % (h["hand"], h["line"]) for h in bad)), file=sys.stderr)
            rc = 1
    return rc


if __name__ == "__main__":
    run(main)

"""The night's report from the box's hand log: ``python -m host_tools.report hands.log --out DIR``.

Writes (into ``DIR``; ``report/`` in the current folder without ``--out``, ignored by git at the repository's
root as ``/report/``) ``DIR/report.html``, one self-contained page (inline CSS, every chart embedded as a base64 PNG: it
opens in a browser with no network), and ``DIR/stacks.png`` (matplotlib: each player's stack after every
hand, one panel per session). Per session (a log may hold several: docs/hand-log.md, Sessions) the page has

* the chart of the stacks;
* per player: hands played (dealt in), hands won (got chips from a pot), showdowns won (won a hand that
  went to a showdown: two hands or more shown), the biggest pot won (chips from one hand), chips bought
  in (the starting chips and every rebuy) and the number of rebuys, the net in chips and, when the table
  set a chip value, in money;
* the settling up: who pays whom (``dealerbox.engine.settle``, at most players - 1 transfers, money in
  whole cents);
* every hand: its commitment's first 8 hex digits (as the box showed them) and whether it verifies
  (``host_tools.verify``).

The session's figures come from the hands replayed through the engines (``host_tools.replay``), so a
carried Turkish pot goes back to its owners at the end as on the box. A voided hand is shown as voided (its
chips went back). A hand that does not replay (tampered or damaged) or a damaged line is named, counts for
nobody, and its session is not settled (no nets, no payments: ``unsettled``): the logged numbers are never
used. A last line cut short (a power cut while the box appended it) is named and left out.

Exit 0 when the page is written and every hand replays and verifies; 1 when it is written but a hand does
not replay or does not verify (named on stderr); 2 for a file that cannot be read, is not a hand log or holds
no hand (the reason in words), or a folder that cannot be written.
"""

import argparse
import base64
import html
import io
import os
import sys

from host_tools import FIRMWARE, drop_cut_last_line, folder_problem, plural, read_hand_log  # noqa: F401  (FIRMWARE: puts firmware/ on sys.path)

GAME_NAMES = {"teen-patti": "Teen Patti", "turkish": "Turkish Poker", "indian": "Indian Poker"}

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
    """``[(line number, hand-log dict)]`` of the non-blank lines; a damaged line is ``(line number, reason)`` (str,
    in replay's words: not JSON, not a hand's object, or a field without its shape: ``host_tools.replay.read_line``,
    ``check_shape``), so the report names it and settles nothing across it; the first hand's line too, when it is a
    hand's object with a field without its shape (replay and verify name it as a hand that does not check).
    Raises ReportError when the first line is not a hand log (not JSON, or not a hand's JSON object with a game
    and a deck: replay's ``not a hand log (line 1 is ...)``), or when there is no hand at all."""
    from host_tools.replay import NOT_A_HAND, ReplayError, check_shape, is_genesis, is_hand, not_a_log, read_line

    out = []
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
        if why is not None and not out:         # the first line is not a hand: the file is something else
            raise ReportError(not_a_log(no, unread))
        if why is None:
            shaped = dict(log)
            if not isinstance(shaped.get("result"), dict):    # a voided hand has no result
                shaped["result"] = {}
            try:
                check_shape(shaped)
            except ReplayError as exc:
                why = str(exc)
        out.append((no, why if why is not None else log))
    if not out:
        raise ReportError("no hand in the log")
    return out


def split_sessions(logs):
    """The ``(line, log)`` pairs cut into sessions: a line starts a new one when its ``hand`` is 1 or its game
    or names differ from the previous line's (``host_tools.replay.same_session``); a damaged line (``(line,
    reason)``) stays in the session of the line before it, and damaged lines before the first hand that can be
    read are in that hand's session."""
    sessions = []
    prev = None
    for no, log in logs:
        if isinstance(log, str) or prev is None:
            if not sessions:
                sessions.append([])
        elif log.get("hand") == 1 or log.get("game") != prev.get("game") or log.get("names") != prev.get("names"):
            sessions.append([])
        sessions[-1].append((no, log))
        if not isinstance(log, str):
            prev = log
    return sessions


def _rebuys_in(log):
    """Chips bought in by each seat during the hand (rebuy actions), a list per seat."""
    n = len(log["names"])
    out = [0] * n
    for row in log.get("actions") or []:
        if isinstance(row, list) and len(row) >= 3 and row[1] == "rebuy" and type(row[0]) is int \
                and 0 <= row[0] < n and type(row[2]) is int:
            out[row[0]] += row[2]
    return out


def session_figures(session):
    """Everything the report shows of one session (a list of ``(line, log)``): a dict with ``game``,
    ``names``, ``cents`` (chip value, 0 when not set), ``hands`` (per hand: number, line, commitment,
    verified, reason, stacks after), ``start`` (stacks before the first hand), ``players`` (per seat: name,
    played, won, showdowns, biggest, bought_in, rebuys, net, money), ``final`` stacks, ``transfers``
    (``(payer, payee, amount)``, cents or chips) and ``problems`` (hands that do not replay)."""
    from dealerbox.engine.settle import nets, transfers

    from host_tools import replay, verify

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
            hands.append({"hand": None, "line": no, "verified": False, "commit": "", "stacks": None,
                          "reason": "damaged: %s" % log})
            prev = None
            continue
        if type(log.get("cents")) is int and log["cents"] > 0:
            cents = log["cents"]
        before_bought = list(log.get("bought_in") or log["stacks"])
        for s in range(n):                          # rebuys between hands: the buy-ins grew
            if s < len(before_bought) and before_bought[s] > bought[s]:
                players[s]["rebuys"] += 1
        try:
            c, finished = verify.verify_hand(log)
            hv = {"verified": True, "reason": "" if finished else "the hand did not finish", "commit": c}
        except verify.Mismatch as exc:
            hv = {"verified": False, "reason": str(exc), "commit": log.get("commit") or ""}
        try:
            prev = replay.replay_hand(log, prev)
            e, table = prev
            stacks, bought, carry = list(table.stacks), list(table.bought_in), table.carry
            result = e.result
            after = list(stacks)
            if isinstance(log.get("result"), dict) and log["result"].get("voided") is True:
                hv["reason"] = "voided: the hand did not finish (its chips went back)"
                result = None                               # voided by the table: nobody played it, nobody won
        except replay.ReplayError as exc:
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
            prev = None
            result = None
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
        hv.update({"hand": log.get("hand"), "line": no, "stacks": after})
        hands.append(hv)
    final = [stacks[s] + (carry[s] if carry else 0) for s in range(n)]
    if problems:                # the chips rest on logged numbers the replay does not confirm: no money from them
        for s in range(n):
            players[s].update({"bought_in": None, "net": None, "money": None})
        ts = []
    else:
        net = nets(stacks, bought, carry)          # a session stopped now: a carried pot goes back
        for s in range(n):
            players[s].update({"bought_in": bought[s], "net": net[s], "money": net[s] * cents if cents else None})
        ts = transfers([x * cents for x in net] if cents else net)
    return {"game": first["game"], "names": names, "cents": cents, "hands": hands, "start": list(first["stacks"]),
            "players": players, "final": final, "transfers": ts, "problems": problems}


def chart(figs, path=None, first=1):
    """A matplotlib figure of each session's stacks after every hand (one panel per session, ``figs`` a list of
    ``session_figures``, numbered from ``first``): PNG bytes; also written to ``path`` when given."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, axes = plt.subplots(len(figs), 1, figsize=(9, 3.6 * len(figs)), squeeze=False)
    for k, f in enumerate(figs):
        ax = axes[k][0]
        xs = list(range(len(f["hands"]) + 1))
        n = len(f["names"])
        for s, name in enumerate(f["names"]):
            # players with equal stacks must not hide each other: each line its own dash pattern and marker,
            # and shifted by a small fraction of a hand (the hands stay at whole numbers on the axis)
            shift = (s - (n - 1) / 2) * min(0.06, 0.3 / max(n, 1))
            ys = [f["start"][s]] + [float("nan") if h["stacks"] is None else h["stacks"][s] for h in f["hands"]]
            ax.plot([x + shift for x in xs], ys, marker=MARKERS[s % len(MARKERS)], markersize=4,
                    linestyle=DASHES[s % len(DASHES)], linewidth=1.4, label=name)
        ax.set_title("Session %d: %s" % (k + first, GAME_NAMES.get(f["game"], f["game"])))
        ax.set_xlabel("hand")
        ax.set_xlim(-0.5, max(len(xs) - 1, 1) + 0.5)             # whole hands on the axis, however few
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))      # chips are whole: no 100.5
        ax.set_ylabel("stack (chips)")
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


def section_html(k, f):
    """The HTML of session ``k`` (1, 2, ...) from ``session_figures``."""
    from dealerbox.engine.settle import money

    e = html.escape
    sid = "s%d" % k
    cents = f["cents"]
    out = ['<section id="%s">' % sid,
           "<h2>Session %d: %s, %s, %s</h2>" % (k, e(GAME_NAMES.get(f["game"], f["game"])),
                                                 plural(len(f["names"]), "player"), plural(len(f["hands"]), "hand"))]
    png = base64.b64encode(chart([f], first=k)).decode()
    out.append('<img class="chart" id="%s-chart" alt="each player\'s stack after every hand" '
               'src="data:image/png;base64,%s">' % (sid, png))
    if cents:
        out.append('<p class="note">1 chip = %s (the currency is the table\'s)</p>' % money(cents))
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
    out.append('<table class="settle" id="%s-settle"><tr><th>Who pays</th><th>Whom</th><th>%s</th></tr>'
               % (sid, "Amount" if cents else "Chips"))
    for payer, payee, amount in f["transfers"]:
        out.append("<tr><td>%s</td><td>%s</td><td>%s</td></tr>"
                   % (e(f["names"][payer]), e(f["names"][payee]), money(amount) if cents else amount))
    if f["problems"]:
        out.append('<tr><td colspan="3">not settled (above)</td></tr>')
    elif not f["transfers"]:
        out.append('<tr><td colspan="3">nobody owes anything</td></tr>')
    out.append("</table>")
    out.append("<h3>The deals</h3>")
    out.append('<p class="note">The box showed each commitment before the first privacy gate; '
               '<code>python -m host_tools.verify hands.log</code> checks them (docs/fairness.md).</p>')
    out.append('<table class="hands" id="%s-hands"><tr><th>Hand</th><th>Commitment</th><th>Verified</th>'
               "<th>Note</th></tr>" % sid)
    for h in f["hands"]:
        ok = '<span class="ok">verified</span>' if h["verified"] else '<span class="bad">NOT verified</span>'
        out.append("<tr><td>%s</td><td><code>%s</code></td><td>%s</td><td>%s</td></tr>"
                   % (h["hand"] if h["hand"] is not None else "line %d" % h["line"], e(h["commit"][:8]), ok,
                      e(h["reason"])))
    out.append("</table>")
    for p in f["problems"]:
        out.append('<p class="bad">%s</p>' % e(p))
    out.append("</section>")
    return "\n".join(out)


def report_html(figs, source, cut=None):
    """The whole page (str): a title, ``cut`` (the note on a last line cut short, or None), one section per
    session."""
    body = "\n".join(section_html(k + 1, f) for k, f in enumerate(figs))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Dealer Box: the night's "
            "report</title>\n<style>%s</style></head>\n<body>\n<h1>Dealer Box: the night's report</h1>\n"
            '<p class="note">From <code>%s</code>: %s.</p>\n%s%s\n</body></html>\n'
            % (CSS, html.escape(source), plural(len(figs), "session"),
               '<p class="note" id="cut">%s</p>\n' % html.escape(cut) if cut else "", body))


def write_report(lines, out_dir, source="hands.log"):
    """Read the log ``lines``, write ``report.html`` and ``stacks.png`` into ``out_dir`` (made if needed).
    Returns the list of ``session_figures``. Raises ReportError for a log that is not a hand log."""
    lines, cut = drop_cut_last_line(lines)
    sessions = split_sessions(read_logs(lines))
    figs = [session_figures(s) for s in sessions]
    os.makedirs(out_dir, exist_ok=True)
    chart(figs, os.path.join(out_dir, "stacks.png"))
    with open(os.path.join(out_dir, "report.html"), "w", encoding="utf-8") as f:
        f.write(report_html(figs, source, cut))
    return figs


def main(argv=None):
    """Command line: ``report FILE --out DIR``; returns the exit status."""
    ap = argparse.ArgumentParser(prog="python -m host_tools.report",
                                 description="The night's report (HTML and a stacks chart) from a Dealer Box "
                                             "hand log.")
    ap.add_argument("log", metavar="FILE", help="the hand log (hands.log, copied off the box)")
    ap.add_argument("--out", metavar="DIR", default="report",
                    help="folder for report.html and stacks.png (default: report, in the current folder)")
    a = ap.parse_args(argv)
    lines = read_hand_log(a.log)
    if isinstance(lines, str):
        print(lines, file=sys.stderr)
        return 2
    cut = drop_cut_last_line(lines)[1]
    if cut:
        print("%s: %s" % (a.log, cut), file=sys.stderr)
    try:
        figs = write_report(lines, a.out, os.path.basename(a.log))
    except ReportError as exc:
        print("%s: %s" % (a.log, exc), file=sys.stderr)
        return 2
    except OSError as exc:
        why = folder_problem(a.out) or "cannot write there (%s)" % (exc.strerror or exc)
        print("report: --out %s: %s" % (a.out, why), file=sys.stderr)
        return 2
    hands = sum(len(f["hands"]) for f in figs)
    print("wrote %s and %s: %s, %s" % (os.path.join(a.out, "report.html"), os.path.join(a.out, "stacks.png"),
                                       plural(len(figs), "session"), plural(hands, "hand")))
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
    sys.exit(main())

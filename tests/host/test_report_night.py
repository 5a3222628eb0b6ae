"""The night's settle-up in the report (issue 27, host_tools/night.py): sessions of the same players in a row
settled together and each on its own, with the fewest transfers; the chip value carried, given or overridden
(--chip-value); the ledger as CSV; each session titled with its game and variant; rebuys drawn as rebuys; the
older nights summed up (--nights); the bench lines."""

import csv
import itertools
import json
import re

import fair_support as fs
import pytest
from dealerbox.rng import SeededEntropy, randbelow
from test_report import _parse

from host_tools import night, report

FOUR = ["Anna", "Ben", "Carla", "Dev"]


def _night_logs():
    """Two sessions of the same four (Teen Patti at 0.10 a chip with a rebuy; Turkish, its seats in another order,
    with no chip value of its own), then Indian Poker of three others."""
    return (fs.session("teen-patti", 4, 6, 3, rebuy=(2, 1, 50), names=FOUR, cents=10)
            + fs.session("turkish", 4, 6, 4, names=["Dev", "Carla", "Ben", "Anna"])
            + fs.session("indian", 3, 4, 5, names=["Emre", "Fatma", "Gül"]))


def _nets(logs):
    """Each seat's net in chips of the session ``logs`` (the last hand's stacks less the buy-ins)."""
    last = logs[-1]
    return [last["result"]["stacks"][s] - last["bought_in"][s] - sum(
        a[2] for a in last["actions"] if a[0] == s and a[1] == "rebuy") for s in range(len(last["names"]))]


def _min_transfers(nets):
    """The fewest transfers that pay ``nets``, by brute force: the players owed or owing less the most zero-sum
    groups over every ordering (small tables only)."""
    vals = [v for v in nets if v]
    best = 0
    for perm in itertools.permutations(vals):
        groups, run = 0, 0
        for v in perm:
            run += v
            if run == 0:
                groups += 1
        best = max(best, groups)
    return len(vals) - best


def _pays(ts, n):
    got = [0] * n
    for p, q, a in ts:
        assert a > 0
        got[p] -= a
        got[q] += a
    return got


def test_fewest_transfers_beats_the_greedy_way_and_is_the_fewest():
    from dealerbox.engine.settle import transfers

    nets = [4, 3, -3, -2, -2]               # the box's way: 4 transfers; Ben-Carla and Anna-Dev-Emre: 3
    assert len(transfers(nets)) == 4
    assert night.fewest_transfers(nets) == [(3, 0, 2), (4, 0, 2), (2, 1, 3)]
    assert night.fewest_transfers([50, -20, -30, 10, -10]) == [(2, 0, 30), (1, 0, 20), (4, 3, 10)]   # the box's
    assert night.fewest_transfers([0, 0, 0]) == []
    src = SeededEntropy(27).read
    for _ in range(300):                    # random tables of 2 to 7: exact and the fewest
        n = 2 + randbelow(6, src)
        nets = [randbelow(41, src) - 20 for _ in range(n - 1)]
        nets.append(-sum(nets))
        ts = night.fewest_transfers(nets)
        assert _pays(ts, n) == nets
        assert len(ts) == _min_transfers(nets), nets


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    d = tmp_path_factory.mktemp("night")
    logs = _night_logs()
    (d / "hands.log").write_text(fs.lines(logs))
    assert report.main([str(d / "hands.log"), "--out", str(d / "out"), "--csv", str(d / "ledger.csv")]) == 0
    return d, logs


def test_the_same_players_are_settled_as_a_night_and_each_session_too(written):
    d, logs = written
    tp, tk, ind = logs[:6], logs[6:12], logs[12:]
    page = _parse((d / "out" / "report.html").read_text())
    # the Turkish session has no chip value: it is the night's 0.10, carried
    text = (d / "out" / "report.html").read_text()
    assert "1 chip = 0.10 (carried from session 1, as the table set it; the currency is the table's)" in text
    a, b = _nets(tp), _nets(tk)
    night_cents = {name: 10 * (a[FOUR.index(name)] + b[tk[0]["names"].index(name)]) for name in FOUR}
    assert sum(night_cents.values()) == 0 and any(night_cents.values())
    rows = page.tables["n1-nets"]
    assert rows[0] == ["Player", "Session 1", "Session 2", "Night"]
    from dealerbox.engine.settle import money
    assert rows[1:] == [[name, money(10 * a[s], True), money(10 * b[tk[0]["names"].index(name)], True),
                         money(night_cents[name], True)] for s, name in enumerate(FOUR)]
    settle = page.tables["n1-settle"][1:]
    paid = dict.fromkeys(FOUR, 0)
    for payer, payee, amount in settle:
        cents = int(amount.replace(".", ""))
        paid[payer] -= cents
        paid[payee] += cents
    assert paid == night_cents
    assert len(settle) == _min_transfers(list(night_cents.values()))
    # each session keeps its own settling up; the other players' session is a night of its own, not merged
    assert page.tables["s1-settle"][1:] and page.tables["s2-settle"][1:]
    assert "n2-settle" not in page.tables and page.sections == ["s1", "s2", "s3"]
    assert [r[0] for r in page.tables["s3-players"][1:]] == ["Emre", "Fatma", "Gül"]
    assert "Net (money)" not in page.tables["s3-players"][0]       # no chip value there: nothing carried across
    assert len(ind) == 4


def test_the_csv_ledger_holds_every_hand_the_nets_and_the_transfers(written):
    d, logs = written
    page = _parse((d / "out" / "report.html").read_text())
    with open(d / "ledger.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == ["record", "night", "session", "game", "hand", "player", "to", "chips", "money"]
    hands = [r for r in rows if r["record"] == "hand"]
    assert len(hands) == 6 * 4 + 6 * 4 + 4 * 3
    for k, (sess, names) in enumerate(((logs[:6], FOUR), (logs[6:12], logs[6]["names"]), (logs[12:], None)), 1):
        names = names or logs[12]["names"]
        nets = {r["player"]: int(r["chips"]) for r in rows if r["record"] == "net" and r["session"] == str(k)}
        assert nets == dict(zip(names, _nets(sess)))
        won = {n: sum(int(r["chips"]) for r in hands if r["session"] == str(k) and r["player"] == n) for n in names}
        assert won == nets                  # every hand's chips add up to the net (rebuys are not results)
        ts = [[r["player"], r["to"], r["money"] or r["chips"]] for r in rows
              if r["record"] == "transfer" and r["session"] == str(k)]
        assert ts == page.tables["s%d-settle" % k][1:]
    first = hands[0]
    assert (first["night"], first["session"], first["game"], first["hand"]) == ("1", "1", "Teen Patti", "1")
    assert first["money"] == "%.2f" % (int(first["chips"]) / 10) or first["money"].startswith("-")
    nn = [[r["player"], r["money"]] for r in rows if r["record"] == "night-net"]
    assert [[x[0], x[3]] for x in page.tables["n1-nets"][1:]] == [[p, m if m.startswith("-") or m == "0.00"
                                                                   else "+" + m] for p, m in nn]
    nt = [[r["player"], r["to"], r["money"]] for r in rows if r["record"] == "night-transfer"]
    assert nt == page.tables["n1-settle"][1:]
    assert {r["night"] for r in rows} == {"1", "2"}


def test_chip_value_sets_and_overrides(tmp_path, capsys):
    logs = fs.session("indian", 3, 4, 5) + fs.session("teen-patti", 3, 3, 8, names=["X", "Y", "Z"], cents=10)
    log = tmp_path / "hands.log"
    log.write_text(fs.lines(logs))
    assert report.main([str(log), "--out", str(tmp_path / "a"), "--chip-value", "0.25"]) == 0
    page = _parse((tmp_path / "a" / "report.html").read_text())
    from dealerbox.engine.settle import money
    for k, sess in ((1, logs[:4]), (2, logs[4:])):
        rows = page.tables["s%d-players" % k]
        assert rows[0][-1] == "Net (money)"
        assert [r[-1] for r in rows[1:]] == [money(25 * n, True) for n in _nets(sess)]   # set; overridden (0.10)
    assert "1 chip = 0.25 (given with --chip-value" in (tmp_path / "a" / "report.html").read_text()
    capsys.readouterr()
    for bad, why in (("abc", "money per chip, as 0.10 or 2"), ("0.105", "money has whole cents (two decimals at "
                                                                        "most)"), ("0", "a chip is worth more than 0")):
        assert report.main([str(log), "--out", str(tmp_path / "b"), "--chip-value", bad]) == 2
        assert capsys.readouterr().err == "report: --chip-value %s: %s\n" % (bad, why)
    assert night.parse_chip_value("2") == 200 and night.parse_chip_value("0,5") == 50


def test_a_night_with_and_without_a_chip_value_is_settled_per_session_only(tmp_path):
    logs = fs.session("indian", 3, 3, 5) + fs.session("teen-patti", 3, 3, 8, cents=10)     # P1..P3 twice
    log = tmp_path / "hands.log"
    log.write_text(fs.lines(logs))
    assert report.main([str(log), "--out", str(tmp_path / "o")]) == 0
    text = (tmp_path / "o" / "report.html").read_text()
    assert ("Not settled together: session 1 has no chip value, the others have one: chips of different sessions "
            "cannot be added up (give one with --chip-value).") in text
    page = _parse(text)
    assert page.tables["n1-settle"][1:] == [["not settled (above)"]]
    assert page.tables["s1-settle"][1:] and page.tables["s2-settle"][1:]


def test_each_session_is_titled_with_its_game_and_variant(tmp_path):
    assert report.title("indian", {"stud": True}) == "Forehead Stud"
    assert report.title("indian", {"stud": False, "low": True}) == "Indian Poker: Low Indian"
    assert report.title("teen-patti", {"variant": "ak47", "muflis": True}) == "Teen Patti: AK-47, Muflis"
    assert report.title("teen-patti", {"variant": "classic"}) == "Teen Patti"
    assert report.title("turkish", {"openers": "jacks", "hi_lo": True}) == "Turkish Poker: jacks to open, high-low"
    logs = fs.session("indian", 3, 2, 5, rules={"stud": True}) + fs.session("indian", 3, 2, 6, names=["A", "B", "C"])
    log = tmp_path / "hands.log"
    log.write_text(fs.lines(logs))
    assert report.main([str(log), "--out", str(tmp_path / "o")]) == 0
    heads = re.findall(r"<h2>(.*?)</h2>", (tmp_path / "o" / "report.html").read_text())
    assert heads == ["Session 1: Forehead Stud, 3 players, 2 hands", "Session 2: Indian Poker, 3 players, 2 hands"]


def test_a_rebuy_is_drawn_as_a_rebuy_not_a_win(tmp_path):
    logs = fs.session("teen-patti", 4, 6, 3, rebuy=(2, 1, 50), names=FOUR, cents=10)
    figs = report.write_report(fs.lines(logs).split("\n"), str(tmp_path / "o"))
    d = report.night_series(figs, [0])
    xs, ys = d["lines"]["Ben"]
    assert xs == list(range(7)) and d["unit"] == "money"
    want = [0.0] + [(x["result"]["stacks"][1] - x["bought_in"][1]) / 10 for x in logs]
    assert ys == pytest.approx(want)                    # the net: the 50 chips bought in are no rise of the line
    assert logs[2]["bought_in"][1] == 150 and logs[2]["stacks"][1] == logs[1]["result"]["stacks"][1] + 50
    assert d["rebuys"] == {"Anna": [], "Ben": [(2, pytest.approx(want[2]), 50)], "Carla": [], "Dev": []}
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    kept = []
    orig = plt.close
    plt.close = kept.append
    try:
        report.chart(figs)
    finally:
        plt.close = orig
    ax = kept[0].axes[0]
    marks = ax.collections[0].get_offsets().tolist()
    assert len(ax.get_lines()) == 4 and len(marks) == 1 and marks[0][0] == 2     # one rebuy marker, at hand 2
    assert "rebuy (chips bought in)" in [t.get_text() for t in ax.get_legend().get_texts()]
    plt.close(kept[0])


def test_older_nights_are_summed_up_and_the_last_ones_in_detail(tmp_path):
    logs = []
    for k in range(4):                                  # four nights, each of other players
        logs += fs.session("teen-patti", 3, 3, 10 + k, names=["N%d%s" % (k, c) for c in "abc"])
    log = tmp_path / "hands.log"
    log.write_text(fs.lines(logs))
    assert report.main([str(log), "--out", str(tmp_path / "o"), "--nights", "2"]) == 0
    text = (tmp_path / "o" / "report.html").read_text()
    page = _parse(text)
    assert [len(page.tables["s%d-hands" % k]) for k in (1, 2, 3, 4)] == [1, 1, 4, 4]
    assert text.count("3 of 3 hands verified; listed below: the hands that do not, or have a note") == 2
    assert "The chart: the last 2 nights" in text
    from PIL import Image
    img = Image.open(tmp_path / "o" / "stacks.png")
    assert img.size[1] == 2 * 360                       # two panels


def test_the_bench_prints_its_three_lines(tmp_path, capsys):
    from benchmarks import bench_report

    log = tmp_path / "hands.log"
    log.write_text(fs.lines(_night_logs()))
    bench_report.run(str(log))
    out = capsys.readouterr().out.splitlines()
    assert [ln.split(" = ")[0] for ln in out] == ["bench: report_cpu_s_10k_hands", "bench: report_peak_mb_10k_hands",
                                                 "bench: report_output_mb_10k_hands"]
    assert out[0].endswith(" s  (target: < 10 s of CPU, median of 3)")
    assert out[1].endswith(" MB  (target: < 200 MB (max RSS))")
    assert 0 < float(out[2].split(" = ")[1].split()[0]) < 5
    assert json.loads(log.read_text().splitlines()[0])["game"] == "teen-patti"

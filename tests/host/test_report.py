"""host_tools.report (the night's report): written from a log of several sessions of each game, opened in real
headless Chromium (the chart and the tables are in the page it renders), the PNG checked by its size and
as an image (Pillow), and every figure of the page checked against the hands replayed through the engines."""

import base64
import io
import json
import os
import shutil
import subprocess
from html.parser import HTMLParser

import fair_support as fs
import pytest
from dealerbox.engine.settle import money, transfers
from PIL import Image

from host_tools import replay, report, verify

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _logs():
    """Three sessions: Teen Patti at 0.10 a chip with a rebuy, Turkish at 0.25, Indian without a chip value."""
    return (fs.session("teen-patti", 4, 6, 3, rebuy=(2, 1, 50), names=["Anna", "Ben", "Carla", "Dev"], cents=10)
            + fs.session("turkish", 3, 6, 4, names=["Kristina", "Mehmet", "Ayse"], cents=25)
            + fs.session("indian", 4, 5, 5))


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    d = tmp_path_factory.mktemp("report")
    log = d / "hands.log"
    log.write_text(fs.lines(_logs()))
    out = d / "out"
    assert report.main([str(log), "--out", str(out)]) == 0
    return log, out


class Tables(HTMLParser):
    """Every table of a page by its id: a list of rows of cell texts; every img by its id: its src."""

    def __init__(self):
        HTMLParser.__init__(self)
        self.tables = {}
        self.imgs = {}
        self.sections = []
        self._t = self._row = self._cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self._t = self.tables.setdefault(a.get("id"), [])
        elif tag == "tr" and self._t is not None:
            self._row = []
            self._t.append(self._row)
        elif tag in ("td", "th") and self._row is not None:
            self._cell = ""
        elif tag == "img":
            self.imgs[a.get("id")] = a.get("src")
        elif tag == "section":
            self.sections.append(a.get("id"))

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._row.append(self._cell.strip())
            self._cell = None
        elif tag == "table":
            self._t = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data


def _parse(text):
    p = Tables()
    p.feed(text)
    return p


def expected(logs):
    """Each session's figures from the hands replayed through the engines (host_tools.replay), computed here
    on their own: per player [name, played, won, showdowns won, biggest pot, bought in, rebuys, net(, money)],
    the transfers, and each hand's [hand, commitment, verified]."""
    sessions = []
    prev = None
    for log in logs:
        if prev is None or not replay.same_session(log, prev):
            sessions.append({"logs": [], "won": {}, "rebuys": {}})
            prev = None
        cur = sessions[-1]
        before = prev[1].bought_in if prev else log["bought_in"]
        prev = replay.replay_hand(log, prev)
        e, t = prev
        cur["logs"].append(log)
        cur["table"] = t
        for s in range(t.n):
            st = cur["won"].setdefault(s, {"played": 0, "won": 0, "show": 0, "big": 0})
            st["played"] += 1 if e.dealt[s] else 0
            chips = sum(a[2] for a in e.result["awards"] if a[1] == s)
            if chips:
                st["won"] += 1
                st["big"] = max(st["big"], chips)
                st["show"] += 1 if len([h for h in e.result["shown"] if h]) > 1 else 0
            rb = (1 if log["bought_in"][s] > before[s] else 0) + \
                len([a for a in log["actions"] if a[0] == s and a[1] == "rebuy"])
            cur["rebuys"][s] = cur["rebuys"].get(s, 0) + rb
    out = []
    carried = 0             # a session without a chip value takes the one of the session before with the same players
    for k, cur in enumerate(sessions):
        t = cur["table"]
        if k and sorted(t.names) != sorted(sessions[k - 1]["table"].names):
            carried = 0
        cents = cur["logs"][0].get("cents", 0) or carried
        carried = cents
        t.stop()                                # the players stop: a carried pot goes back to its owners
        nets = [t.stacks[s] - t.bought_in[s] for s in range(t.n)]
        players = []
        for s in range(t.n):
            w = cur["won"][s]
            row = [t.names[s], str(w["played"]), str(w["won"]), str(w["show"]), str(w["big"]),
                   str(t.bought_in[s]), str(cur["rebuys"][s]), "%+d" % nets[s] if nets[s] else "0"]
            players.append(row + ([money(nets[s] * cents, True)] if cents else []))
        ts = transfers([n * cents for n in nets] if cents else nets)
        settle = [[t.names[p], t.names[q], money(a) if cents else str(a)] for p, q, a in ts]
        hands = [[str(log["hand"]), verify.seal_code(log["commit"], log.get("v")), "verified", ""]
                 for log in cur["logs"]]
        out.append({"players": players, "settle": settle, "hands": hands, "names": t.names,
                    "stacks": [list(log["result"]["stacks"]) for log in cur["logs"]]})
    return out


def test_every_figure_matches_the_replayed_log(written):
    log, out = written
    page = _parse((out / "report.html").read_text())
    logs = [__import__("json").loads(line) for line in log.read_text().splitlines()]
    want = expected(logs)
    assert page.sections == ["s1", "s2", "s3"] and len(want) == 3
    for k, w in enumerate(want, 1):
        players = page.tables["s%d-players" % k]
        assert players[0][:8] == ["Player", "Hands played", "Hands won", "Showdowns won", "Biggest pot won",
                                  "Bought in", "Rebuys", "Net (chips)"]
        assert players[1:] == w["players"], k
        assert page.tables["s%d-settle" % k][1:] == (w["settle"] or [["nobody owes anything"]])
        assert page.tables["s%d-hands" % k][1:] == w["hands"]
    # the figures are not all trivial: a rebuy, money, transfers, hands won at a showdown
    assert want[0]["players"][1][5:7] == ["150", "1"] and want[0]["players"][1][8].startswith("+")
    assert all(len(w["settle"]) >= 1 for w in want) and len(want[2]["players"][0]) == 8
    assert sum(int(r[3]) for w in want for r in w["players"]) > 5


def test_the_png_is_a_real_chart(written):
    _log, out = written
    data = (out / "stacks.png").read_bytes()
    assert 20000 < len(data) < 2000000
    img = Image.open(io.BytesIO(data))
    img.verify()
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG" and img.size[0] >= 600 and img.size[1] >= 3 * 300     # three panels
    assert len(img.convert("RGB").getcolors(1 << 20)) > 50                           # lines, text: not blank
    page = _parse((out / "report.html").read_text())
    src = page.imgs["chart"]                    # the page embeds the chart once (the nights' panels), as a PNG
    assert src.startswith("data:image/png;base64,")
    assert base64.b64decode(src.split(",", 1)[1]) == data


def test_the_report_is_self_contained(written):
    _log, out = written
    text = (out / "report.html").read_text()
    for ref in ("http://", "https://", "<script", "<link", "@import", "url("):
        assert ref not in text


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Chromium not installed (make test installs it)")
def test_chromium_renders_the_chart_and_the_tables(written, tmp_path):
    _log, out = written
    url = "file://" + str(out / "report.html")
    flags = FLAGS + ["--user-data-dir=" + str(tmp_path / "profile")]
    r = subprocess.run([CHROMIUM] + flags + ["--dump-dom", url], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    dom = _parse(r.stdout)
    assert dom.sections == ["s1", "s2", "s3"]
    assert dom.imgs["chart"].startswith("data:image/png;base64,")
    for k in (1, 2, 3):
        assert len(dom.tables["s%d-players" % k]) > 2 and len(dom.tables["s%d-hands" % k]) > 2
    shot = tmp_path / "shot.png"
    r = subprocess.run([CHROMIUM] + flags + ["--hide-scrollbars", "--window-size=1000,1400",
                                             "--screenshot=" + str(shot), url],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and shot.exists(), r.stderr[-2000:]
    img = Image.open(str(shot)).convert("RGB")
    assert img.size == (1000, 1400)
    assert len(img.getcolors(1 << 20)) > 100    # the page drew (text, the chart), not a blank or error page


def test_an_out_that_is_not_a_folder_says_so_in_words(tmp_path, capsys):
    # a fresh user: "--out /etc/passwd" said only "/etc/passwd: File exists"
    log = tmp_path / "hands.log"
    log.write_text(fs.lines(fs.session("indian", 3, 2, 1)))
    f = tmp_path / "passwd"
    f.write_text("x")
    assert report.main([str(log), "--out", str(f)]) == 2
    assert capsys.readouterr().err == "report: --out %s: not a folder\n" % f
    assert f.read_text() == "x"
    assert report.main([str(log), "--out", str(f / "o")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("report: --out %s: cannot make the folder (" % (f / "o")) and err.count("\n") == 1


def test_bad_input_is_a_clear_message(tmp_path, capsys):
    assert report.main([str(tmp_path / "missing.log"), "--out", str(tmp_path / "o")]) == 2
    assert capsys.readouterr().err == "%s: No such file or directory\n" % (tmp_path / "missing.log")
    other = tmp_path / "notes.txt"
    other.write_text("[1, 2]\n")
    assert report.main([str(other), "--out", str(tmp_path / "o")]) == 2
    assert "not a hand log (line 1 is not a hand's JSON object" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()
    logs = fs.session("indian", 3, 2, 1)
    logs[1]["stacks"] = [100, 100]              # a seat short
    bad = tmp_path / "bad.log"
    bad.write_text(fs.lines(logs))              # a later line: damaged, named, and the session is not settled
    assert report.main([str(bad), "--out", str(tmp_path / "o")]) == 1
    assert capsys.readouterr().err.startswith(
        '%s: session 1: Not settled: line 2 is damaged ("stacks" must be a list of chip counts (whole numbers 0 to '
        '1000000000), one per name: it has 2, but there are 3 names). The chips after it' % bad)
    page = _parse((tmp_path / "o" / "report.html").read_text())
    assert page.tables["s1-hands"][2] == ["line 2", "", "NOT verified", 'damaged: "stacks" must be a list of chip '
                                          'counts (whole numbers 0 to 1000000000), one per name: it has 2, but there '
                                          'are 3 names']
    assert page.tables["s1-settle"][1:] == [["not settled (above)"]]


UNSETTLED_TAIL = ("The chips after it rest on logged numbers the replay does not confirm (changed or damaged), so "
                  "this report gives no nets and no payments for this session; the other figures count only the "
                  "hands that replay (python -m host_tools.replay FILE names the first difference).")


def test_a_first_hand_with_a_field_of_the_wrong_type_is_marked_and_the_page_written(tmp_path, capsys):
    """The first line a hand's object with a field without its shape: replay and verify name it and exit 1; the
    report agrees (README: a hand that does not check is named, the page still written, exit 1), not 2 ("not a
    hand log") with no page: the hand is marked damaged in replay's words and its session not settled."""
    cases = (("hand", "one", '"hand" must be the hand\'s number in its session (1 to 4294967295), not "one"'),
             ("stacks", [-100, 100, 100, 100], '"stacks" must be a list of chip counts (whole numbers 0 to '
                                               '1000000000), one per name; "stacks"[0] is -100'),
             ("dealer", 99, '"dealer" must be the dealer\'s seat (0 to 3), not 99'),
             ("v", 3, 'unknown log version 3 ("v" must be 1 or 2)'),
             ("cents", "ten", '"cents" must be the chip value the box sets, in whole cents (1, 2, 5, 10, 20, 25, 50, '
                      '100, 200, 500 or 1000), not "ten"'),
             ("commit", "zz", '"commit" must be 64 hex digits (docs/fairness.md), not "zz"'),
             ("rules", "x", "the log has no house rules (a JSON object)"),
             ("names", [1, 2, 3, 4], '"names" must be a list of player names (strings); "names"[0] is 1'))
    good = fs.session("teen-patti", 4, 3, 3)
    log = tmp_path / "hands.log"
    for key, value, why in cases:
        logs = [dict(x) for x in good]
        logs[0][key] = value
        log.write_text(fs.lines(logs))
        capsys.readouterr()
        assert replay.main([str(log)]) == 1
        assert capsys.readouterr().err == "%s:1: %s\n" % (log, why)
        assert verify.main([str(log)]) == 1
        assert capsys.readouterr().out.splitlines()[1:] == [
            "hand 2: verified %s" % good[1]["commit"][:8], "hand 3: verified %s" % good[2]["commit"][:8],
            "1 of 3 hands do NOT verify"]
        out = tmp_path / ("o-" + key)
        assert report.main([str(log), "--out", str(out)]) == 1
        got = capsys.readouterr()
        assert got.out == "wrote %s and %s: 1 session, 3 hands\n" % (out / "report.html", out / "stacks.png")
        assert got.err == "%s: session 1: Not settled: line 1 is damaged (%s). %s\n" % (log, why, UNSETTLED_TAIL)
        page = _parse((out / "report.html").read_text())
        assert page.tables["s1-hands"][1:] == [
            ["line 1", "", "NOT verified", "damaged: " + why],
            ["2", good[1]["commit"][:8], "verified", ""], ["3", good[2]["commit"][:8], "verified", ""]]
        assert page.tables["s1-settle"][1:] == [["not settled (above)"]]
        assert [r[5] for r in page.tables["s1-players"][1:]] == ["\u2014"] * 4      # no buy-ins from numbers
        assert (out / "stacks.png").stat().st_size > 5000
    log.write_text(fs.lines([dict(good[0], names=[1, 2, 3, 4])]))      # the only line: the page has no player
    capsys.readouterr()
    assert report.main([str(log), "--out", str(tmp_path / "one")]) == 1
    why = '"names" must be a list of player names (strings); "names"[0] is 1'
    assert capsys.readouterr().err == "%s: session 1: Not settled: line 1 is damaged (%s). %s\n" % (
        log, why, UNSETTLED_TAIL)
    page = _parse((tmp_path / "one" / "report.html").read_text())
    assert page.tables["s1-hands"][1:] == [["line 1", "", "NOT verified", "damaged: " + why]]
    assert page.tables["s1-players"][1:] == []
    assert replay.main([str(log)]) == 1 and verify.main([str(log)]) == 1


def test_a_tampered_hand_is_marked_not_verified(tmp_path, capsys):
    logs = fs.session("teen-patti", 3, 3, 8)
    d = logs[1]["deck"]
    d[40], d[41] = d[41], d[40]
    log = tmp_path / "hands.log"
    log.write_text(fs.lines(logs))
    assert report.main([str(log), "--out", str(tmp_path / "o")]) == 1       # written, and a hand does not check
    assert capsys.readouterr().err == ("%s: session 1: hand 2 (line 2) NOT verified (python -m host_tools.verify "
                                       "FILE says why)\n" % log)
    page = _parse((tmp_path / "o" / "report.html").read_text())
    rows = page.tables["s1-hands"][1:]
    assert [r[2] for r in rows] == ["verified", "NOT verified", "verified"]
    assert rows[1][3].startswith("the commitment %s does not match" % logs[1]["commit"][:8])
    assert verify.main([str(log)]) == 1


def test_a_simulator_log_of_each_game(tmp_path):
    """The box's own log: three sessions played by the simulator (the whole app, key presses), two of them
    with a chip value; the report's figures are the replayed log's, and every hand verifies."""
    import json
    log = fs.sim_log(tmp_path / "store", tmp_path)
    every = [json.loads(line) for line in open(log)]
    logs = [x for x in every if not replay.is_genesis(x)]       # the hands (each session opened by a genesis line)
    assert len(every) - len(logs) == 3
    assert [g for g in ("teen-patti", "turkish", "indian") if any(x["game"] == g for x in logs)] == \
        ["teen-patti", "turkish", "indian"] and len(logs) >= 9
    assert {x.get("cents") for x in logs} == {10, None}
    assert verify.main([log]) == 0
    out = tmp_path / "out"
    assert report.main([log, "--out", str(out)]) == 0
    page = _parse((out / "report.html").read_text())
    want = expected(logs)
    assert page.sections == ["s1", "s2", "s3"]
    assert want[0]["hands"][0][1] == verify.seal_code(logs[0]["commit"])     # the code verify prints and the box
    assert len(want[0]["hands"][0][1]) == 19                                # shows: 16 digits in groups of four
    for k, w in enumerate(want, 1):
        assert page.tables["s%d-players" % k][1:] == w["players"]
        assert page.tables["s%d-settle" % k][1:] == (w["settle"] or [["nobody owes anything"]])
        assert page.tables["s%d-hands" % k][1:] == w["hands"]
    assert (out / "stacks.png").stat().st_size > 20000


def test_a_voided_hand_is_shown_as_voided_and_left_out_of_the_figures(tmp_path):
    logs = fs.session("turkish", 3, 4, 4, cents=10)
    whole = [dict(x) for x in logs]
    from host_tools.replay import play_action, start_hand

    e, _t = start_hand(logs[3])                 # voided as the box voids it (a restart mid-hand, "Void hand")
    play_action(e, 1, logs[3]["actions"][0])
    e.void_hand()
    voided = json.loads(json.dumps(e.log))
    log = tmp_path / "hands.log"
    log.write_text(fs.lines(logs[:3] + [voided]))
    assert report.main([str(log), "--out", str(tmp_path / "o")]) == 0
    page = _parse((tmp_path / "o" / "report.html").read_text())
    rows = page.tables["s1-hands"][1:]
    assert [r[2] for r in rows] == ["verified"] * 4
    assert rows[3][3] == "voided: the hand did not finish (its chips went back)"
    assert [r[1] for r in page.tables["s1-players"][1:]] == ["3", "3", "3"]     # the voided hand not played
    want = expected(whole[:3])[0]
    assert page.tables["s1-players"][1:] == want["players"]
    assert "does not replay" not in (tmp_path / "o" / "report.html").read_text()


def test_a_tampered_result_is_named_and_the_report_still_written(tmp_path):
    logs = fs.session("teen-patti", 3, 3, 8)
    logs[2]["result"]["awards"] = [[0, 7, "x"]]
    logs[2]["result"]["stacks"] = [1, 2]
    log = tmp_path / "hands.log"
    log.write_text(fs.lines(logs))
    assert report.main([str(log), "--out", str(tmp_path / "o")]) == 1
    text = (tmp_path / "o" / "report.html").read_text()
    assert "hand 3 (line 3) does not replay: result &#x27;awards&#x27; differs" in text


def test_a_changed_result_is_not_verified_and_its_reason_given_once(tmp_path, capsys):
    """verify refuses a hand whose result replay refuses (the same check): the page marks it NOT verified, and
    the note gives the reason once, not verify's and replay's same words twice."""
    logs = fs.session("teen-patti", 3, 2, 3)
    logs[0]["result"]["stacks"][0] = -5
    log = tmp_path / "hands.log"
    log.write_text(fs.lines(logs))
    assert report.main([str(log), "--out", str(tmp_path / "o")]) == 1
    rows = _parse((tmp_path / "o" / "report.html").read_text()).tables["s1-hands"][1:]
    why = "result 'stacks' differs: log says [-5, 99, 103], replay gives [98, 99, 103]"
    assert rows[0][2:] == ["NOT verified", "does not replay: " + why]
    assert rows[1][2:] == ["verified", ""]
    assert capsys.readouterr().err.splitlines()[1] == ("%s: session 1: hand 1 (line 1) NOT verified (python -m "
                                                       "host_tools.verify FILE says why)" % log)


def test_without_out_the_report_goes_to_report_in_the_current_folder_which_git_ignores(tmp_path, monkeypatch,
                                                                                        capsys):
    from host_tools import ROOT
    log = tmp_path / "hands.log"
    log.write_text(fs.lines(fs.session("teen-patti", 3, 2, 3)))
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert report.main([str(log)]) == 0
    assert capsys.readouterr().out == "wrote report/report.html and report/stacks.png: 1 session, 2 hands\n"
    assert sorted(os.listdir(tmp_path / "report")) == ["report.html", "stacks.png"]
    with open(os.path.join(ROOT, ".gitignore")) as f:
        ignored = f.read().split("\n")
    assert "/report/" in ignored and "/sim-out/" in ignored
    if shutil.which("git") and os.path.exists(os.path.join(ROOT, ".git")):
        r = subprocess.run(["git", "check-ignore", "report/report.html"], cwd=ROOT, capture_output=True, text=True)
        assert r.returncode == 0 and r.stdout == "report/report.html\n"

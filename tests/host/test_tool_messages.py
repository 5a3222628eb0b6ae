"""What a fresh user meets with the host tools: a hand log whose last line a power cut left short, a hand whose
result was changed (the report never settles up from it), an empty log (the same exit status everywhere), a
script that names no button, a resumed session in the simulator's summary, singular and plural, the stacks
chart's lines and legend, handrank's Turkish deck, pi's --help in plain text, the developer tools' bad arguments
(mpyframes, golden). Exact outputs and exit statuses."""

import io
import json

import fair_support as fs
import pytest
from test_report import _parse

from host_tools import ROOT, drop_cut_last_line, pi, replay, report, sim, verify


def _write(tmp_path, text, name="hands.log"):
    p = tmp_path / name
    p.write_text(text)
    return p


def _tool(capsys, main, argv):
    capsys.readouterr()
    rc = main(argv)
    out = capsys.readouterr()
    return rc, out.out, out.err


# 1. the last line cut short --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def five():
    """Five hands of Teen Patti at 0.10 a chip."""
    return fs.session("teen-patti", 3, 5, 11, cents=10)


def test_every_cut_of_a_line_is_cut_short_and_nothing_else_is(five):
    turkish = fs.session("turkish", 3, 2, 14, names=["Ay\u015fe", "Mehmet", "Kristina"])[1]   # draws, \u escapes
    for line in (json.dumps(five[0]), json.dumps(turkish)):
        hand = '"hand": %d,' % json.loads(line)["hand"]
        for k in range(1, len(line)):
            _lines, note = drop_cut_last_line(["", line[:k]])
            assert note == "the last line (line 2) is cut short: %s is left out" % (
                hand[1:-1].replace('": ', " ") if hand in line[:k] else "its hand"), (k, line[:k][-20:])
    line = json.dumps(five[0])
    for whole in ([line], [line, ""], ["{not json"], ["[1, 2"], ["hello"], [line + "}"], [], ["", " "]):
        assert drop_cut_last_line(whole) == (whole, None), whole
    assert drop_cut_last_line([line[:-40], line]) == ([line[:-40], line], None)   # not the last line: damaged


def test_a_cut_last_line_is_named_and_the_complete_hands_are_checked(tmp_path, capsys, five):
    text = fs.lines(five)
    cut = _write(tmp_path, text[:-41])                      # the newline and 40 characters of hand 5 lost
    whole = _write(tmp_path, fs.lines(five[:4]), "four.log")
    note = "%s: the last line (line 5) is cut short: hand 5 is left out\n" % cut

    rc, out, err = _tool(capsys, replay.main, [str(cut)])
    assert (rc, err) == (0, note)
    assert json.loads(out) == json.loads(_tool(capsys, replay.main, [str(whole)])[1])
    assert len(json.loads(out)["hands"]) == 4

    rc, out, err = _tool(capsys, verify.main, [str(cut)])
    assert (rc, err) == (0, note)
    assert out.splitlines() == ["hand %d: verified %s" % (h["hand"], h["commit"][:8]) for h in five[:4]]

    rc, out, err = _tool(capsys, report.main, [str(cut), "--out", str(tmp_path / "r")])
    assert (rc, err) == (0, note)
    assert out == "wrote %s and %s: 1 session, 4 hands\n" % (tmp_path / "r" / "report.html",
                                                               tmp_path / "r" / "stacks.png")
    page = (tmp_path / "r" / "report.html").read_text()
    assert '<p class="note" id="cut">the last line (line 5) is cut short: hand 5 is left out</p>' in page
    report.main([str(whole), "--out", str(tmp_path / "w")])
    assert _parse(page).tables == _parse((tmp_path / "w" / "report.html").read_text()).tables


def test_a_log_of_one_cut_line_has_no_hand(tmp_path, capsys, five):
    cut = _write(tmp_path, json.dumps(five[0])[:-40])
    note = "%s: the last line (line 1) is cut short: hand 1 is left out\n" % cut
    for main, extra in ((replay.main, []), (verify.main, []), (report.main, ["--out", str(tmp_path / "r")])):
        assert _tool(capsys, main, [str(cut)] + extra) == (2, "", note + "%s: no hand in the log\n" % cut)


# 2. a hand that does not replay never feeds the money ------------------------------------------------------

def test_a_changed_result_is_named_and_no_money_is_settled_from_it(tmp_path, capsys, five):
    log = dict(five[0], result=dict(five[0]["result"], stacks=list(five[0]["result"]["stacks"])))
    log["result"]["stacks"][0] += 1
    path = _write(tmp_path, fs.lines([log]))
    rc, _out, err = _tool(capsys, replay.main, [str(path)])
    assert rc == 1 and err.startswith("%s:1: result 'stacks' differs" % path)
    want, got = five[0]["result"]["stacks"], log["result"]["stacks"]
    differs = "result 'stacks' differs: log says %s, replay gives %s" % (got, want)
    # the deck is untouched, but the stacks are not the deal's: verify refuses it in replay's words (one check)
    assert _tool(capsys, verify.main, [str(path)]) == (1, "hand 1 (line 1): NOT verified: %s\n1 of 1 hand does NOT "
                                                          "verify\n" % differs, "")
    rc, out, err = _tool(capsys, report.main, [str(path), "--out", str(tmp_path / "r")])
    why = ("Not settled: hand 1 (line 1) does not replay: result 'stacks' differs: log says %s, replay gives %s. "
           "The chips after it rest on logged numbers the replay does not confirm (changed or damaged), so this "
           "report gives no nets and no payments for this session; the other figures count only the hands that "
           "replay (python -m host_tools.replay FILE names the first difference)." % (got, want))
    assert rc == 1 and out.endswith(": 1 session, 1 hand\n")
    assert err == ("%s: session 1: %s\n%s: session 1: hand 1 (line 1) NOT verified (python -m host_tools.verify FILE "
                   "says why)\n" % (path, why, path))
    page = _parse((tmp_path / "r" / "report.html").read_text())
    assert page.tables["s1-settle"][1:] == [["not settled (above)"]]
    assert [r[5:] for r in page.tables["s1-players"][1:]] == [["\u2014", "0", "\u2014", "\u2014"]] * 3
    assert [r[1:4] for r in page.tables["s1-players"][1:]] == [["0", "0", "0"]] * 3   # nothing counted from it
    assert page.tables["s1-hands"][1][2:] == ["NOT verified", "does not replay: " + differs]    # the reason once
    text = (tmp_path / "r" / "report.html").read_text()
    assert '<p class="bad" id="s1-unsettled">' in text and "pays" not in text.split("Settling up")[1].split(
        "</table>")[0].replace("Who pays", "")


def test_a_changed_hand_in_the_middle_stops_the_money_of_its_session_only(tmp_path, capsys, five):
    other = fs.session("indian", 3, 3, 12, cents=25)
    logs = [json.loads(json.dumps(x)) for x in five + other]
    logs[2]["result"]["stacks"][1] += 5                     # hand 3 of the Teen Patti session
    path = _write(tmp_path, fs.lines(logs))
    rc, _out, err = _tool(capsys, report.main, [str(path), "--out", str(tmp_path / "r")])
    assert rc == 1 and err.startswith("%s: session 1: Not settled: hand 3 (line 3) does not replay: " % path)
    assert err.count("\n") == 2                             # session 2 is fine
    assert err.splitlines()[1] == ("%s: session 1: hand 3 (line 3) NOT verified (python -m host_tools.verify FILE says "
                                   "why)" % path)
    figs = report.write_report(fs.lines(logs).split("\n"), str(tmp_path / "r2"))
    assert [p["net"] for p in figs[0]["players"]] == [None] * 3 and figs[0]["transfers"] == []
    assert [h["stacks"] is None for h in figs[0]["hands"]] == [False, False, True, False, False]
    nets = [p["net"] for p in figs[1]["players"]]
    assert sum(nets) == 0 and any(nets)                     # a clean session: nets add to 0 and are settled
    assert sum(a for _p, _q, a in figs[1]["transfers"]) == sum(x * 25 for x in nets if x > 0)


def test_nets_of_clean_sessions_add_to_zero(tmp_path, five):
    figs = report.write_report(fs.lines(five + fs.session("turkish", 4, 6, 13, cents=5)).split("\n"),
                               str(tmp_path / "r"))
    for f in figs:
        assert f["problems"] == [] and sum(p["net"] for p in f["players"]) == 0 and f["transfers"]


# 3. an empty log: exit 2 everywhere ------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["", "\n\n  \n"])
def test_an_empty_log_is_exit_2_in_every_tool(tmp_path, capsys, text):
    path = _write(tmp_path, text)
    for main, extra in ((replay.main, []), (verify.main, []), (report.main, ["--out", str(tmp_path / "r")])):
        assert _tool(capsys, main, [str(path)] + extra) == (2, "", "%s: no hand in the log\n" % path)
    assert not (tmp_path / "r").exists()


# 4. a script that names no button -------------------------------------------------------------------------

@pytest.mark.parametrize("text,what", [("", "empty"), ("# only a note\n\n   # and another\n", "only comments")])
def test_a_script_naming_no_button_is_exit_2(tmp_path, capsys, text, what):
    script = _write(tmp_path, text, "s.keys")
    assert _tool(capsys, sim.main, ["--script", str(script)]) == (
        2, "", "python -m host_tools.sim: error: --script %s names no button (it is %s): write the presses as "
               "button words, e.g. ok down*3 long-ok\n" % (script, what))


# 5. the simulator says what it resumed ---------------------------------------------------------------------

def test_the_summary_names_the_resumed_session(tmp_path, capsys):
    store = tmp_path / "box"
    first = _write(tmp_path, sim.SETUP + "ok\n", "first.keys")      # a Teen Patti session, saved at its deal
    assert _tool(capsys, sim.main, ["--store", str(store), "--script", str(first), "--seed", "3"])[0] == 0
    ok = _write(tmp_path, "ok\n", "ok.keys")
    rc, out, err = _tool(capsys, sim.main, ["--game", "turkish", "--players", "3", "--store", str(store),
                                            "--script", str(ok), "--seed", "3"])
    assert rc == 0 and err == ("a saved Teen Patti session is offered first; --game/--players apply if you "
                               "choose New session\n")
    assert out.splitlines()[-1] == (
        "Dealer Box simulator: resumed the saved teen-patti session (--game turkish --players 3 apply only to a "
        "new session), script %s: 1 press, 2 frames" % ok)
    rc, out, _err = _tool(capsys, sim.main, ["--store", str(store), "--script", str(ok), "--seed", "3"])
    assert rc == 0 and out.splitlines()[-1].startswith("Dealer Box simulator: resumed the saved teen-patti "
                                                       "session, script")
    stay = _write(tmp_path, "down\n", "stay.keys")                 # moves on the resume screen, chooses nothing
    rc, out, _err = _tool(capsys, sim.main, ["--players", "4", "--store", str(store), "--script", str(stay)])
    assert rc == 0 and out.splitlines()[-1].startswith(
        "Dealer Box simulator: still offering the saved teen-patti session (--players 4 applies only to a new "
        "session), script %s: 1 press" % stay)
    new = _write(tmp_path, "up ok\n", "new.keys")                   # UP wraps to New session
    rc, out, _err = _tool(capsys, sim.main, ["--game", "turkish", "--store", str(store), "--script", str(new),
                                             "--seed", "3"])
    assert rc == 0 and out.splitlines()[-1].startswith("Dealer Box simulator: turkish, a new session, script")
    assert _tool(capsys, sim.main, ["--game", "turkish", "--store", str(tmp_path / "fresh"), "--script",
                                    str(ok)])[1].splitlines()[-1] == (
        "Dealer Box simulator: turkish, script %s: 1 press, 2 frames" % ok)


# 6. singular and plural ------------------------------------------------------------------------------------

def test_one_session_of_one_hand_reads_right(tmp_path, capsys, five):
    path = _write(tmp_path, fs.lines(five[:1]))
    rc, out, _err = _tool(capsys, report.main, [str(path), "--out", str(tmp_path / "r")])
    assert rc == 0 and out.endswith(": 1 session, 1 hand\n")
    text = (tmp_path / "r" / "report.html").read_text()
    assert "<h2>Session 1: Teen Patti, 3 players, 1 hand</h2>" in text and ": 1 session.</p>" in text
    assert "1 hands" not in text and "1 sessions" not in text
    bad = dict(five[0], deck=list(reversed(five[0]["deck"])))
    path = _write(tmp_path, fs.lines([bad]))
    rc, out, _err = _tool(capsys, verify.main, [str(path)])
    assert rc == 1 and out.splitlines()[-1] == "1 of 1 hand does NOT verify"
    log = dict(five[0], actions=[])
    rc, _out, err = _tool(capsys, replay.main, [str(_write(tmp_path, fs.lines([log])))])
    assert rc == 1 and err.endswith(": the hand does not end after its 0 actions\n")
    log = dict(five[0], actions=five[0]["actions"][:1])
    rc, _out, err = _tool(capsys, replay.main, [str(_write(tmp_path, fs.lines([log])))])
    assert rc == 1 and err.endswith(": the hand does not end after its 1 action\n")


# 7. the stacks chart ---------------------------------------------------------------------------------------

def test_the_chart_keeps_equal_stacks_apart_the_legend_outside_and_whole_chips(tmp_path, monkeypatch):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figs = report.write_report(fs.lines(fs.session("indian", 4, 3, 5)).split("\n"), str(tmp_path / "r"))
    kept = []
    monkeypatch.setattr(plt, "close", kept.append)
    report.chart(figs)
    fig = kept[0]
    ax = fig.axes[0]
    lines = ax.get_lines()
    assert len(lines) == 4
    assert len({ln.get_marker() for ln in lines}) == 4 and len({str(ln.get_linestyle()) for ln in lines}) == 4
    xs = [tuple(ln.get_xdata()) for ln in lines]
    assert len(set(xs)) == 4                                # shifted: equal stacks never share their points
    assert all(abs(x - round(x)) <= 0.1 for pts in xs for x in pts)
    fig.canvas.draw()
    legend = ax.get_legend().get_window_extent()
    assert legend.x0 >= ax.get_window_extent().x1           # right of the plot area, covering no point
    for ticks, (lo, hi) in ((ax.get_yticks(), ax.get_ylim()), (ax.get_xticks(), ax.get_xlim())):
        ticks = [t for t in ticks if lo <= t <= hi]
        assert ticks and all(t == int(t) for t in ticks)
    plt.close(fig)
    kept.clear()
    one = report.write_report(fs.lines(fs.session("indian", 4, 1, 5)).split("\n"), str(tmp_path / "r1"))
    report.chart(one)                                       # one hand: still whole hands on the x axis
    ax = kept[0].axes[0]
    kept[0].canvas.draw()
    assert [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]] == [0, 1]
    plt.close(kept[0])


# 8. handrank: Turkish needs its deck -----------------------------------------------------------------------

def test_handrank_shows_the_turkish_deck_as_required(capsys):
    from host_tools import handrank
    usage = ("usage: python -m host_tools.handrank --game {teen-patti,indian,poker} [--house NAME ...]\n"
             "       python -m host_tools.handrank --game turkish --deck {24,28,32,36} [--house NAME ...]\n")
    assert handrank.build_parser().format_usage() == usage
    err = io.StringIO()
    assert handrank.main(["--game", "turkish"], io.StringIO("As Ks Qs Js Ts\n"), io.StringIO(), err) == 2
    assert err.getvalue() == "handrank: turkish needs --deck 24, 28, 32 or 36 (2, 3, 4 or 5 players)\n"
    readme = open(ROOT + "/README.md").read()
    assert "--game turkish --deck {24,28,32,36}" in readme and "[--deck N]" not in readme


# 9. pi --help in plain text --------------------------------------------------------------------------------

def test_pi_help_is_plain_text(capsys):
    with pytest.raises(SystemExit) as ex:
        pi.main(["--help"])
    out = capsys.readouterr().out
    assert ex.value.code == 0 and "``" not in out
    assert "Dealer Box on a Raspberry Pi (Zero 2 W, 3, 4, 5): the board\ndealerbox.boards.pi, the app" in out


def test_bench_has_help_and_names_a_word_that_matches_no_bench(capsys):
    from host_tools import bench

    assert bench.main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: python -m host_tools.bench [WORD ...]\n") and "bench_memory, bench_ui" in out
    assert bench.main(["nosuch"]) == 2
    assert capsys.readouterr().err == ("python -m host_tools.bench: error: no bench named like nosuch; the benches are "
                                       "bench_memory, bench_ui, bench_eval, bench_flash, bench_commit, bench_lang, "
                                       "bench_report, bench_press, bench_boot, bench_power\n")


# the developer tools: a bad argument is one line, never a traceback nor a file written ----------------------

def test_mpyframes_names_a_file_it_cannot_read(tmp_path, capsys):
    from host_tools import mpyframes
    cut = tmp_path / "cut.mpy"
    cut.write_bytes(b"M\x06\x00\x1f\x05")
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    for path, line in ((tmp_path / "none.mpy", "%s: No such file or directory" % (tmp_path / "none.mpy")),
                       (text, "%s: not a version 6 .mpy file" % text),
                       (cut, "%s: cut short (not a whole .mpy file)" % cut)):
        assert _tool(capsys, mpyframes.main, [str(path)]) == (2, "", "mpyframes: %s\n" % line)
    with pytest.raises(SystemExit) as e:
        mpyframes.main([])
    assert e.value.code == 2 and "usage: python -m host_tools.mpyframes [-h] mpy [mpy ...]" in capsys.readouterr().err


def test_golden_help_writes_nothing(capsys, monkeypatch):
    from host_tools import golden
    monkeypatch.setattr(golden, "OUT", "/nonexistent-dealerbox/golden_lang.py")     # a write would fail loudly
    for argv, code in ((["--help"], 0), (["--bogus"], 2)):
        with pytest.raises(SystemExit) as e:
            golden.main(argv)
        assert e.value.code == code and "usage: python -m host_tools.golden [-h]" in "".join(capsys.readouterr())

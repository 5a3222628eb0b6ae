"""host_tools.replay (issue 4): a session's hand logs replay; a tampered or illegal log exits non-zero
naming the first bad line."""

import json
import os
import subprocess
import sys

from dealerbox.engine.base import Action
from dealerbox.engine.table import Table
from dealerbox.games.teenpatti import TeenPatti
from dealerbox.rng import SeededEntropy

import host_tools
from host_tools.replay import main


def _session():
    t = Table(["Anna", "Ben", "Carla"], 50)
    e = TeenPatti(t, {"variant": "joker-hunt"}, entropy=SeededEntropy(11))
    lines = []
    e.start_hand()
    for a in (Action("blind", 2), Action("see"), Action("chaal", 4), Action("pack"), Action("show", 2)):
        e.apply(a)
    lines.append(json.dumps(e.log))
    e.start_hand()
    for a in (Action("pack"), Action("blind", 1), Action("blind", 2), Action("see"), Action("chaal", 4),
              Action("pack")):
        e.apply(a)
    lines.append(json.dumps(e.log))
    return lines, t


class _Run:
    def __init__(self, returncode, stdout, stderr):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


def _run(tmp_path, lines, capsys):
    p = tmp_path / "hands.jsonl"
    p.write_text("\n".join(lines) + "\n")
    capsys.readouterr()
    rc = main([str(p)])
    out = capsys.readouterr()
    return _Run(rc, out.out, out.err)


def test_command_line_usage():
    r = subprocess.run([sys.executable, "-m", "host_tools.replay"], capture_output=True, text=True,
                       cwd=host_tools.ROOT)
    assert r.returncode == 2 and "usage: python -m host_tools.replay FILE" in r.stderr


def test_help_unreadable_and_empty_files(tmp_path, capsys):
    assert main(["--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: python -m host_tools.replay FILE")
    assert main(["--nope"]) == 2
    assert capsys.readouterr().err == "replay: unknown option --nope\nusage: python -m host_tools.replay FILE\n"
    assert main(["a.log", "b.log"]) == 2
    assert capsys.readouterr().err.startswith("replay: one FILE expected, got 2 arguments\n")
    bad = tmp_path / "bin.log"
    bad.write_bytes(b"\xff\xfe{}\n")
    assert main([str(bad)]) == 2
    assert capsys.readouterr().err == "%s: not a hand log (not UTF-8 text at byte 0)\n" % bad
    empty = tmp_path / "empty.log"
    empty.write_text("")
    assert main([str(empty)]) == 2               # as verify and report: no hand to check
    assert capsys.readouterr().err == "%s: no hand in the log\n" % empty


def test_replay_prints_final_stacks_and_awards(tmp_path, capsys):
    lines, t = _session()
    first = json.loads(lines[0])
    assert first["wild"] == json.loads(lines[0])["wild"] and 0 <= first["wild"] <= 12
    r = _run(tmp_path, lines, capsys)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["stacks"] == t.stacks and sum(out["stacks"]) == 150
    assert out["names"] == ["Anna", "Ben", "Carla"]
    assert [h["line"] for h in out["hands"]] == [1, 2]
    assert out["hands"][1]["awards"] == json.loads(lines[1])["result"]["awards"]


def test_a_new_session_begun_with_no_hand_yet_replays_the_hands_before(tmp_path, capsys):
    """The log ends with the next session's first line (its genesis: no hand dealt yet): the hands before still
    replay (exit 0, as verify and report); it said "no hand in the log" (exit 2)."""
    lines, t = _session()
    genesis = json.dumps({"v": 2, "genesis": True, "game": "teen-patti", "names": ["Anna", "Ben", "Carla"],
                          "stacks": [50, 50, 50], "prev": "0" * 64})
    r = _run(tmp_path, lines + [genesis], capsys)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert [h["line"] for h in out["hands"]] == [1, 2] and out["stacks"] == t.stacks


def test_tampered_result_names_the_line(tmp_path, capsys):
    lines, _ = _session()
    log = json.loads(lines[1])
    log["result"]["stacks"][0] += 5
    r = _run(tmp_path, [lines[0], json.dumps(log)], capsys)
    assert r.returncode == 1
    assert ":2: result 'stacks' differs" in r.stderr


def test_illegal_action_names_the_line_and_action(tmp_path, capsys):
    lines, _ = _session()
    log = json.loads(lines[0])
    log["actions"][2] = [2, "chaal", 9]
    r = _run(tmp_path, [json.dumps(log), lines[1]], capsys)
    assert r.returncode == 1
    assert r.stderr.endswith('.jsonl:1: action 3 [2, "chaal", 9]: illegal: chaal is 4 to 8 chips, not 9\n')


def test_wrong_seat_deck_and_chaining_are_caught(tmp_path, capsys):
    lines, _ = _session()
    log = json.loads(lines[0])
    log["actions"][0][0] = 2
    r = _run(tmp_path, [json.dumps(log)], capsys)
    assert r.returncode == 1 and "is not the one to act" in r.stderr
    log = json.loads(lines[0])
    log["deck"][0], log["deck"][5] = log["deck"][5], log["deck"][0]
    r = _run(tmp_path, [json.dumps(log)], capsys)
    assert r.returncode == 1 and r.stderr.startswith(str(tmp_path / "hands.jsonl") + ":1:")
    log = json.loads(lines[1])
    log["stacks"][0] += 10
    log["stacks"][1] -= 10
    r = _run(tmp_path, [lines[0], json.dumps(log)], capsys)
    assert r.returncode == 1 and ":2: seat 0 starts with" in r.stderr
    r = _run(tmp_path, [lines[0], "{not json"], capsys)
    assert r.returncode == 1 and ":2: not JSON" in r.stderr
    r = _run(tmp_path, [lines[1], lines[0][:-40], lines[1]], capsys)    # cut short, but not the last line: damaged
    assert r.returncode == 1 and ":2: not JSON: Unterminated string" in r.stderr
    r = _run(tmp_path, [lines[0][:-40], lines[1]], capsys)     # the first line damaged: not a hand log, as verify
    assert r.returncode == 2 and r.stderr == "%s: not a hand log (line 1 is not JSON)\n" % (tmp_path / "hands.jsonl")
    r = _run(tmp_path, [lines[0][:-40]], capsys)                # the only line cut short: no hand to replay
    p = tmp_path / "hands.jsonl"
    assert r.returncode == 2 and r.stderr == ("%s: the last line (line 1) is cut short: hand 1 is left out\n"
                                              "%s: no hand in the log\n" % (p, p))


def test_a_file_that_is_not_a_hand_log_exits_2_as_verify_and_report(tmp_path, capsys):
    # a fresh user: "garbage" and [1,2,3] exited 1 here but 2 in verify and report (README: 2 for "not a hand log")
    obj = "not a hand's JSON object with a game and a deck"
    for text, why in (("garbage", "not JSON"), ("[1,2,3]", obj), ("\n  \n42", obj), ("{}", obj), ("null", obj)):
        p = tmp_path / "garbage.log"
        p.write_text(text + "\n")
        capsys.readouterr()
        assert main([str(p)]) == 2
        line = 3 if text.startswith("\n") else 1
        assert capsys.readouterr().err == "%s: not a hand log (line %d is %s)\n" % (p, line, why)


def test_a_log_without_deck_or_rules_says_so(tmp_path, capsys):
    # review finding 7: "deck": null is a log without its deck, not a missing entropy source
    lines, _ = _session()
    log = json.loads(lines[0])
    log["deck"] = None
    r = _run(tmp_path, [json.dumps(log)], capsys)
    assert r.returncode == 1
    assert r.stderr == "%s:1: the log has no deck (the cards in dealt order), so the hand cannot be dealt again\n" % (
        tmp_path / "hands.jsonl")
    log = json.loads(lines[0])
    log["rules"] = None
    r = _run(tmp_path, [json.dumps(log)], capsys)
    assert r.returncode == 1 and r.stderr.endswith(":1: the log has no house rules (a JSON object)\n")


def test_a_turkish_dead_hand_must_carry_into_the_next_line(tmp_path, capsys):
    from dealerbox.games.turkish import Turkish

    t = Table(["A", "B"], 20)
    e = Turkish(t, {}, entropy=SeededEntropy(3))
    lines = []
    while len(lines) < 3:
        e.start_hand()
        while e.phase != "over":
            kinds = [o.kind for o in e.legal_actions()]
            if "check" in kinds:
                e.apply(Action("check"))
            elif "fold" in kinds:
                e.apply(Action("fold"))
            else:
                e.apply(Action("draw", 0, []))
        lines.append(json.dumps(e.log))
    assert json.loads(lines[0])["result"]["dead"] and json.loads(lines[1])["carry"] == [1, 1]
    r = _run(tmp_path, lines, capsys)
    assert r.returncode == 0, r.stderr
    log = json.loads(lines[1])
    del log["carry"]
    r = _run(tmp_path, [lines[0], json.dumps(log)], capsys)
    assert r.returncode == 1 and ":2: the hand carries None, but the previous hand left [1, 1] carried" in r.stderr


def test_a_reader_that_stops_early_ends_the_output_quietly(tmp_path):
    """``replay FILE | head``: the pipe closed before the output is written - no BrokenPipe traceback, nothing on
    stderr; the same for verify (a line per hand) and report's messages."""
    import fair_support as fs

    log = tmp_path / "hands.log"
    log.write_text(fs.lines(fs.session("teen-patti", 4, 40, 3)))
    env = dict(os.environ, PYTHONUNBUFFERED="1")    # each line written as printed: the first one finds the pipe shut
    for tool in ("replay", "verify"):
        p = subprocess.Popen([sys.executable, "-m", "host_tools." + tool, str(log)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, cwd=host_tools.ROOT, env=env)
        p.stdout.close()                    # the reader gone before the first line
        err = p.stderr.read()
        assert (tool, p.wait(), err) == (tool, 1, b"")      # stopped there (1), in silence

"""host_tools.replay on Forehead Stud (Indian Poker's house rule ``stud``): a session's hand logs replay to the
same stacks and awards, a tampered best five is named, and an Indian log written before the rule existed
(no ``stud`` in its rules) still replays."""

import json

from dealerbox.engine.base import Action
from dealerbox.engine.table import Table
from dealerbox.games.indian import Indian
from dealerbox.rng import SeededEntropy

import host_tools  # noqa: F401
from host_tools.replay import main


def _stud_session():
    t = Table(["Anna", "Ben", "Carla"], [40, 25, 60])
    e = Indian(t, {"stud": True, "ante": 1, "bet": 2}, entropy=SeededEntropy(2004))
    lines = []
    for _ in range(3):
        e.start_hand()
        k = 0
        while e.phase != "over":
            opts = e.legal_actions()
            o = opts[[1, 0, 0, 1, 0][k % 5] % len(opts)]       # bets and calls, sometimes a raise
            if o.kind == "fold":
                o = opts[0]
            e.apply(Action(o.kind, o.min))
            k += 1
        lines.append(json.dumps(e.log))
    return lines, t


def _run(tmp_path, lines, capsys):
    p = tmp_path / "stud.jsonl"
    p.write_text("\n".join(lines) + "\n")
    capsys.readouterr()
    rc = main([str(p)])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_a_stud_session_replays(tmp_path, capsys):
    lines, t = _stud_session()
    logs = [json.loads(x) for x in lines]
    assert all(x["rules"]["stud"] is True for x in logs)
    assert [x["result"]["how"] for x in logs].count("showdown") >= 1
    shown = [x["result"] for x in logs if x["result"]["how"] == "showdown"][0]
    assert len([s for s in shown["shown"] if s]) >= 2 and all(len(s) == 7 for s in shown["shown"] if s)
    rc, out, err = _run(tmp_path, lines, capsys)
    assert rc == 0, err
    got = json.loads(out)
    assert got["stacks"] == t.stacks and sum(got["stacks"]) == 125
    assert [h["awards"] for h in got["hands"]] == [x["result"]["awards"] for x in logs]


def test_a_tampered_best_five_is_named(tmp_path, capsys):
    lines, _ = _stud_session()
    i = [n for n, x in enumerate(lines) if json.loads(x)["result"]["how"] == "showdown"][0]
    log = json.loads(lines[i])
    s = [n for n, b in enumerate(log["result"]["best"]) if b][0]
    log["result"]["best"][s] = list(reversed(log["result"]["best"][s]))
    lines[i] = json.dumps(log)
    rc, out, err = _run(tmp_path, lines, capsys)
    assert rc == 1 and ":%d: result 'best' differs" % (i + 1) in err


def test_an_indian_log_from_before_forehead_stud_replays(tmp_path, capsys):
    t = Table(["Anna", "Ben"], 30)
    e = Indian(t, {}, entropy=SeededEntropy(3))
    e.start_hand()
    e.apply(Action("bet", 1))
    e.apply(Action("call", 1))
    log = json.loads(json.dumps(e.log))
    del log["rules"]["stud"]                                # written by the firmware before the rule
    rc, out, err = _run(tmp_path, [json.dumps(log)], capsys)
    assert rc == 0, err
    assert json.loads(out)["stacks"] == t.stacks

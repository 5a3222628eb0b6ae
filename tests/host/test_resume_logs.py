"""The hand log after a resume from an older save, through replay, verify and report (the tester's finding on
issue 13): the tester's session (``--seed 7``: hand 1 played to its end, P2 wins 14 at the show, hand 2 one blind
in; tests/core/test_store_resume.py), then the newest save damaged. The box now brings hand 1 back as logged and
never logs it again; a log written by earlier firmware, which dealt hand 1 again, is read with the repeat dropped."""

import gc
import json
import re

from app_util import OK, Rig, act
from dealerbox.lang import said
from dealerbox.store.saves import Store
from test_store_resume import _next_hand, _session

from host_tools import drop_repeats, replay, report, verify


def _lines(path):
    return [ln for ln in path.read_text().split("\n") if ln]


def _resumed_store(tmp_path):
    """The tester's store (hand 1 ended, hand 2 one blind in) with its newest save damaged, resumed (hand 1 comes
    back ended as logged), then hand 2 dealt again and played to its end. Returns the folder (a Path)."""
    import pathlib
    import shutil

    d = pathlib.Path(shutil.move(_session(), str(tmp_path / "S")))     # out of /tmp, into pytest's folder
    first = _lines(d / "hands.log")
    assert len(first) == 1 and json.loads(first[0])["result"]["stacks"] == [96, 108, 98, 98]
    p = d / "session.json"
    data = bytearray(p.read_bytes())
    data[data.find(b'"stacks":[95,107') + 10] = ord("4")
    p.write_bytes(bytes(data))
    gc.collect()
    rig = Rig(seed=9, store=Store(str(d)))
    assert said(rig.app.screen.report).endswith(   # hand 2's blind: hand 2's deal was in the damaged save
        "the session goes on from the end of hand 1. 1 saved action after that save is lost.")
    rig.press(OK)                   # the report, read first
    rig.press(OK)                   # Resume
    _next_hand(rig)
    for _ in range(12):             # hand 2: the blinds, then everyone packs but the last
        if rig.app.engine.phase == "over":
            break
        act(rig, "pack" if len(rig.app.engine.log["actions"]) >= 4 else "blind")
    assert rig.app.engine.phase == "over"
    logs = [json.loads(ln) for ln in _lines(d / "hands.log")]
    assert [lg["hand"] for lg in logs] == [1, 2]                   # hand 1 once, then a new deal for hand 2
    assert logs[0] == json.loads(first[0]) and logs[1]["commit"] != logs[0]["commit"]
    assert logs[1]["stacks"] == [96, 108, 98, 98]                  # hand 2 from hand 1's logged end
    return d


def test_a_damaged_newest_save_leaves_one_line_per_hand_for_replay_verify_and_report(tmp_path, capsys):
    d = _resumed_store(tmp_path)
    capsys.readouterr()
    log = str(d / "hands.log")
    assert replay.main([log]) == 0
    cap = capsys.readouterr()
    out = json.loads(cap.out)
    assert [h["line"] for h in out["hands"]] == [1, 2] and out["hands"][0]["stacks"] == [96, 108, 98, 98]
    assert cap.err == ""
    assert verify.main([log]) == 0
    assert capsys.readouterr().out.count(": verified ") == 2
    figs = report.write_report(_lines(d / "hands.log"), str(tmp_path / "R"), "hands.log")
    assert len(figs) == 1 and len(figs[0]["hands"]) == 2


def _v1(line):
    """A hand-log line as earlier firmware wrote it (version 1: no cut, no chain, the commitment without prev)."""
    log = json.loads(line)
    assert log["cut"] == 0
    for k in ("prev", "cut"):
        del log[k]
    log["v"] = 1
    log["commit"] = verify.commitment(log["hand"], log["game"], log["deck"], bytes.fromhex(log["salt"]))
    return json.dumps(log)


def test_a_hand_logged_twice_by_earlier_firmware_is_read_once(tmp_path, capsys):
    """hands.log as earlier firmware left it: hand 1, hand 1 dealt again after the resume and played the same way
    (the same commitment), then hand 2."""
    d = _resumed_store(tmp_path)
    hand1, hand2 = [_v1(ln) for ln in _lines(d / "hands.log")]
    path = tmp_path / "old.log"
    path.write_text(hand1 + "\n" + hand1 + "\n" + hand2 + "\n")
    capsys.readouterr()
    lines = path.read_text().split("\n")
    assert len(report.split_sessions(report.read_logs(lines))) == 2    # what the report counted before
    assert len(report.write_report(drop_repeats(lines, "old.log"), str(tmp_path / "R"), "old.log")) == 1
    assert capsys.readouterr().err == ("old.log:1: hand 1 is logged again on line 2 (the same deal, replayed at "
                                       "a resume): line 2 is used\n")
    assert replay.main([str(path)]) == 0
    cap = capsys.readouterr()
    out = json.loads(cap.out)
    assert [h["line"] for h in out["hands"]] == [2, 3] and out["stacks"] == out["hands"][1]["stacks"]
    assert cap.err.endswith("old.log:1: hand 1 is logged again on line 2 (the same deal, replayed at a resume): "
                            "line 2 is used\n")
    assert verify.main([str(path)]) == 0
    assert capsys.readouterr().out.count(": verified ") == 2
    assert report.main([str(path), "--out", str(tmp_path / "R2")]) == 0
    assert re.search(r": 1 sessions?, 2 hands", capsys.readouterr().out)
    figs = report.write_report(drop_repeats(lines, "old.log"), str(tmp_path / "R3"), "old.log")
    nets = [p["net"] for p in figs[0]["players"]]
    assert nets == [s - 100 for s in json.loads(hand2)["result"]["stacks"]]


def test_drop_repeats_keeps_every_other_line_and_its_number():
    a = json.dumps({"game": "teen-patti", "hand": 1, "commit": "a" * 64})
    b = json.dumps({"game": "teen-patti", "hand": 2, "commit": "b" * 64})
    lines = [a, "not json {\"commit\"", b, b, "", a]
    err = []

    class W:
        def write(self, s):
            err.append(s)

    # only the next hand log repeats a hand (the seeded simulator deals the same hands in two sessions)
    assert drop_repeats(lines, "x", W()) == [a, "not json {\"commit\"", "", b, "", a]
    assert "".join(err) == "x:3: hand 2 is logged again on line 4 (the same deal, replayed at a resume): " \
        "line 4 is used\n"
    assert drop_repeats([a, b], "x", W()) == [a, b]

"""host_tools.verify (docs/fairness.md): every hand's commitment recomputed from the logged deck and salt,
the hand dealt again from that deck; a changed deck, salt or dealt card names the hand; a hand that did not
finish verifies as far as it went; old logs and bad input get a clear message."""

import hashlib
import html
import json

import fair_support as fs
from dealerbox.engine.base import commitment as box_commitment

from host_tools import replay, verify


def _logs():
    return (fs.session("teen-patti", 4, 4, 3, rebuy=(2, 1, 50)) + fs.session("turkish", 3, 5, 4)
            + fs.session("indian", 4, 3, 5))


def _run(tmp_path, capsys, logs, name="hands.log"):
    path = tmp_path / name
    path.write_text(fs.lines(logs))
    capsys.readouterr()
    rc = verify.main([str(path)])
    out = capsys.readouterr()
    return rc, out.out.splitlines(), out.err


def test_the_hash_is_the_documented_layout_on_both_sides():
    salt = bytes(range(16))
    deck = list(range(51, -1, -1))
    want = hashlib.sha256(b"DBX1" + (3).to_bytes(4, "big") + bytes([10]) + b"teen-patti" + bytes([52])
                          + bytes(deck) + salt).hexdigest()
    assert verify.commitment(3, "teen-patti", deck, salt) == want == box_commitment(3, "teen-patti", deck, salt)


def test_every_hand_of_each_game_verifies(tmp_path, capsys):
    logs = _logs()
    rc, out, err = _run(tmp_path, capsys, logs)
    assert rc == 0 and err == ""
    assert out == ["hand %d: verified %s" % (log["hand"], log["commit"][:8]) for log in logs]
    assert len(out) == 12 and any(a[1] == "draw" for log in logs for a in log["actions"])


def _tampered(tmp_path, capsys, i, change):
    logs = _logs()
    change(logs[i])
    rc, out, _err = _run(tmp_path, capsys, logs)
    assert rc == 1
    bad = [line for line in out if "NOT verified" in line]
    assert len(bad) == 1 and out[-1] == "1 of 12 hands do NOT verify"
    return logs[i], bad[0]


def test_a_changed_deck_fails_naming_the_hand(tmp_path, capsys):
    def swap(log):
        d = log["deck"]
        d[20], d[21] = d[21], d[20]     # cards nobody was dealt: only the commitment can tell
    log, line = _tampered(tmp_path, capsys, 2, swap)
    assert line.startswith("hand 3 (line 3): NOT verified: the commitment %s does not match" % log["commit"][:8])


def test_a_changed_salt_fails_naming_the_hand(tmp_path, capsys):
    def salt(log):
        log["salt"] = log["salt"][:-1] + ("0" if log["salt"][-1] != "0" else "1")
    log, line = _tampered(tmp_path, capsys, 5, salt)
    assert line.startswith("hand 2 (line 6): NOT verified: the commitment %s does not match" % log["commit"][:8])


def test_a_changed_shown_card_fails_naming_the_hand_and_the_seat(tmp_path, capsys):
    logs = _logs()
    i = next(k for k in range(len(logs)) if logs[k]["game"] == "indian" and logs[k]["result"]["shown"][1])
    def shown(log):
        card = log["result"]["shown"][1][0]
        log["result"]["shown"][1][0] = (card + 4) % 52
    log, line = _tampered(tmp_path, capsys, i, shown)
    from dealerbox.cards import format_cards
    dealt = format_cards(logs[i]["result"]["shown"][1])
    assert line.startswith("hand %d (line %d): NOT verified: the cards shown for seat 1 (P2) are "
                           % (log["hand"], i + 1)) and line.endswith("but the committed deck dealt %s" % dealt)


def test_a_changed_dealt_card_with_a_new_commitment_still_fails(tmp_path, capsys):
    """A forger who changes a dealt card and recomputes the hash cannot match the photographed seal: the
    log verifies against itself, but its commitment's first 8 digits are no longer those shown."""
    def forge(log):
        d = log["deck"]
        d[0], d[30] = d[30], d[0]
    log, line = _tampered(tmp_path, capsys, 0, forge)
    assert line.startswith("hand 1 (line 1): NOT verified: the commitment")
    before = log["commit"]
    log["commit"] = verify.commitment(log["hand"], log["game"], log["deck"], bytes.fromhex(log["salt"]))
    assert log["commit"][:8] != before[:8]


def test_a_hand_that_did_not_finish_is_refused_as_replay_refuses_it(tmp_path, capsys):
    """verify is at least as strict as replay (issue 24): a hand whose actions do not end it and that is not voided
    the box's way (``"voided": true``) is refused in replay's words; the box never logs such a hand."""
    logs = _logs()
    cut = next(log for log in logs if log["game"] == "turkish" and any(a[1] == "draw" for a in log["actions"]))
    k = [a[1] for a in cut["actions"]].index("draw") + 1
    cut["actions"] = cut["actions"][:k]         # stopped just after the first draw
    cut["result"] = None
    cut["void"] = True
    other = next(log for log in logs if log["game"] == "indian")
    other["actions"] = other["actions"][:1]     # a result object of its own, not the box's voided one
    other["result"] = {"void": True}
    rc, out, _err = _run(tmp_path, capsys, logs)
    j = logs.index(other)
    assert out[j] == "hand %d (line %d): NOT verified: the hand does not end after its 1 action" % (other["hand"],
                                                                                                   j + 1)
    i = logs.index(cut)
    assert rc == 1 and out[i] == "hand %d (line %d): NOT verified: the hand does not end after its %d actions" % (
        cut["hand"], i + 1, k)


def test_an_illegal_action_fails_naming_the_hand(tmp_path, capsys):
    def act(log):
        log["actions"][0][0] = (log["actions"][0][0] + 1) % len(log["names"])
    _log, line = _tampered(tmp_path, capsys, 0, act)
    assert line.startswith("hand 1 (line 1): NOT verified: action 1 [")
    assert "is not the one to act" in line


def test_an_old_log_without_commitment_replays_but_does_not_verify(tmp_path, capsys):
    logs = fs.session("teen-patti", 3, 3, 8)
    for log in logs:
        del log["commit"], log["salt"]
    path = tmp_path / "old.log"
    path.write_text(fs.lines(logs))
    assert replay.main([str(path)]) == 0
    rc, out, _err = _run(tmp_path, capsys, logs, "old.log")
    assert rc == 1 and out[0] == ("hand 1 (line 1): NOT verified: no commitment in the log "
                                  "(written before the box committed to its deals)")


def test_bad_input_is_a_clear_message(tmp_path, capsys):
    assert verify.main([str(tmp_path / "missing.log")]) == 2
    assert capsys.readouterr().err == "%s: No such file or directory\n" % (tmp_path / "missing.log")
    other = tmp_path / "notes.txt"
    other.write_text("shopping: milk\n")
    assert verify.main([str(other)]) == 2
    assert capsys.readouterr().err == "%s: not a hand log (line 1 is not JSON)\n" % other     # as replay says
    binary = tmp_path / "x.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    assert verify.main([str(binary)]) == 2
    assert "not a hand log (not UTF-8" in capsys.readouterr().err
    empty = tmp_path / "empty.log"
    empty.write_text("\n")
    assert verify.main([str(empty)]) == 2 and "no hand in the log" in capsys.readouterr().err
    assert verify.main([]) == 2 and "one FILE expected" in capsys.readouterr().err
    assert verify.main(["--x"]) == 2 and "unknown option --x" in capsys.readouterr().err
    logs = fs.session("indian", 3, 2, 1)
    text = fs.lines(logs) + "{not json\n"
    path = tmp_path / "torn.log"
    path.write_text(text)
    assert verify.main([str(path)]) == 1
    got = capsys.readouterr()
    assert got.out.splitlines()[2:] == ["2 hands verify; line 3 is not a hand"]
    assert got.err == ("%s:3: not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)\n"
                       % path)


def test_the_command_line_runs(tmp_path):
    import subprocess
    import sys
    path = tmp_path / "hands.log"
    path.write_text(json.dumps(fs.session("turkish", 2, 1, 2)[0]) + "\n")
    r = subprocess.run([sys.executable, "-m", "host_tools.verify", str(path)], capture_output=True, text=True,
                       cwd=str(__import__("host_tools").ROOT))
    assert r.returncode == 0 and r.stdout.startswith("hand 1: verified ") and r.stderr == ""


def test_impossible_stacks_are_refused_with_replays_words(tmp_path, capsys):
    """A stack edited (negative, or chips from nowhere) or chips not conserved: verify refuses the hand with
    the reason replay gives (one shared check, host_tools.replay.check_result / check_chips / check_chain)."""
    def negative(logs):
        logs[0]["result"]["stacks"][0] = -5
    def from_nowhere(logs):
        logs[1]["stacks"][0] += 10                      # hand 2 starts with 10 chips nobody bought in
    def not_conserved(logs):
        logs[0]["bought_in"][0] += 10                   # the buy-ins no longer add up to the chips on the table
    def bought_back(logs):
        logs[1]["bought_in"][0] -= 2                    # (a log of earlier firmware without "bought_in" read so)
        logs[1]["stacks"][0] -= 2
    for change, line, why in (
            (negative, 1, "result 'stacks' differs: log says [-5, 99, 103], replay gives [98, 99, 103]"),
            (from_nowhere, 2, "seat 0 starts with 108 chips, but the previous hand left 98 and 0 were bought in "
                              "between"),
            (bought_back, 2, 'seat 0 has 98 bought in, but 100 by the previous hand ("bought_in" never goes down)'),
            (not_conserved, 1, 'the hand starts with 300 chips in the stacks and the pot, but 310 were bought in '
                               '("stacks", "carry" and "bought_in" do not add up)')):
        logs = fs.session("teen-patti", 3, 2, 3)
        change(logs)
        path = tmp_path / "hands.log"
        path.write_text(fs.lines(logs))
        capsys.readouterr()
        assert replay.main([str(path)]) == 1
        assert capsys.readouterr().err == "%s:%d: %s\n" % (path, line, why)
        rc, out, err = _run(tmp_path, capsys, logs)
        assert rc == 1 and err == ""
        assert out[line - 1] == "hand %d (line %d): NOT verified: %s" % (line, line, why)
        assert out[-1] == "1 of 2 hands do NOT verify"


def test_a_null_line_is_not_a_hand_not_bad_json(tmp_path, capsys):
    """``null`` is JSON, just not a hand: verify says so in replay's words for ``{}``, first line or later."""
    obj = "not a hand's JSON object with a game and a deck"
    good = fs.lines(fs.session("teen-patti", 3, 1, 3))
    path = tmp_path / "hands.log"
    for text in ("null\n", "[1]\n", "{}\n"):
        path.write_text(text + good)
        capsys.readouterr()
        assert verify.main([str(path)]) == 2
        assert capsys.readouterr().err == "%s: not a hand log (line 1 is %s)\n" % (path, obj)
        assert replay.main([str(path)]) == 2
        assert capsys.readouterr().err == "%s: not a hand log (line 1 is %s)\n" % (path, obj)
    path.write_text(good + "null\n" + good)
    capsys.readouterr()
    assert verify.main([str(path)]) == 1
    assert capsys.readouterr().err == "%s:2: %s\n" % (path, obj)
    assert replay.main([str(path)]) == 1
    assert capsys.readouterr().err == "%s:2: %s\n" % (path, obj)


def test_a_line_that_is_not_a_hand_is_named_and_not_counted_as_one(tmp_path, capsys):
    """Garbage between hands: named on stderr with its line number (FILE:LINE: reason, as replay names it), the
    hands counted exactly (it is none of them), exit 1."""
    logs = _logs()
    text = fs.lines(logs).splitlines()
    text[3:3] = ["garbage", "null"]                     # lines 4 and 5; the 12 hands around them
    path = tmp_path / "hands.log"
    path.write_text("\n".join(text) + "\n")
    capsys.readouterr()
    rc = verify.main([str(path)])
    got = capsys.readouterr()
    out = got.out.splitlines()
    assert rc == 1 and len(out) == 13 and sum(" verified " in x for x in out) == 12
    assert out[-1] == "12 hands verify; lines 4 and 5 are not hands"
    assert got.err == ("%s:4: not JSON: Expecting value: line 1 column 1 (char 0)\n"
                       "%s:5: not a hand's JSON object with a game and a deck\n" % (path, path))
    logs[0]["result"]["stacks"][0] += 1                 # and with a hand that does not verify
    text[0] = json.dumps(logs[0])
    path.write_text("\n".join(text) + "\n")
    capsys.readouterr()
    assert verify.main([str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "1 of 12 hands do NOT verify; lines 4 and 5 are not hands"
    assert verify.summary(1, 0, [7]) == "1 hand verifies; line 7 is not a hand"
    assert verify.summary(3, 0, []) is None


def test_a_finished_hand_without_its_result_is_refused_with_replays_words(tmp_path, capsys):
    """``"result"`` removed, ``null`` or ``[]`` on a hand whose actions end it: replay refuses it, and verify
    refuses it in the same words (``host_tools.replay.check_result``), not ``hand 1: verified``; the report's
    Verified column says NOT verified beside the one reason."""
    from host_tools import report
    good = fs.session("teen-patti", 4, 3, 3)
    not_object = '"result" must be the hand\'s result (a JSON object), not '
    for change, why in ((lambda x: x.pop("result"), not_object + "missing"),
                        (lambda x: x.update(result=None), not_object + "null"),
                        (lambda x: x.update(result=[]), not_object + "[]")):
        logs = [dict(x) for x in good]
        change(logs[0])
        path = tmp_path / "hands.log"
        path.write_text(fs.lines(logs))
        capsys.readouterr()
        assert replay.main([str(path)]) == 1
        assert capsys.readouterr().err == "%s:1: %s\n" % (path, why)
        rc, out, err = _run(tmp_path, capsys, logs)
        assert rc == 1 and err == ""
        assert out == ["hand 1 (line 1): NOT verified: " + why, "hand 2: verified " + good[1]["commit"][:8],
                       "hand 3: verified " + good[2]["commit"][:8], "1 of 3 hands do NOT verify"]
        out_dir = tmp_path / "o"
        assert report.main([str(path), "--out", str(out_dir)]) == 1
        capsys.readouterr()
        page = (out_dir / "report.html").read_text()
        rows = [r.strip() for r in page.split("<tr>") if r.startswith("<td>1</td>")]
        assert rows == ['<td>1</td><td><code>%s</code></td><td><span class="bad">NOT verified</span></td><td>does '
                        'not replay: %s</td></tr>' % (good[0]["commit"][:8], html.escape(why))]


def test_a_hand_number_the_box_cannot_count_is_refused_alike(tmp_path, capsys):
    """``"hand"`` is held in 4 bytes of the commitment (1 to 4294967295, as the box's ``commitment`` allows):
    replay and verify accept the last one and refuse the next, or 10**30, in the same words naming the limit."""
    log = fs.session("teen-patti", 3, 1, 3)[0]
    path = tmp_path / "hands.log"
    for hand, ok in ((4294967295, True), (4294967296, False), (10 ** 30, False)):
        log = dict(log, hand=hand)
        log["commit"] = verify.commitment(hand % (1 << 32) or 1, log["game"], log["deck"], bytes.fromhex(log["salt"]))
        path.write_text(fs.lines([log]))
        capsys.readouterr()
        why = '"hand" must be the hand\'s number in its session (1 to 4294967295), not %d' % hand
        assert replay.main([str(path)]) == (0 if ok else 1)
        assert capsys.readouterr().err == ("" if ok else "%s:1: %s\n" % (path, why))
        rc, out, err = _run(tmp_path, capsys, [log])
        assert rc == (0 if ok else 1) and err == ""
        assert out == (["hand 4294967295: verified " + log["commit"][:8]] if ok
                       else ["line 1: NOT verified: " + why, "1 of 1 hand does NOT verify"])


def test_a_commitment_that_is_not_hex_digits_is_refused_alike(tmp_path, capsys):
    """``"commit"`` / ``"salt"`` not lowercase hex digits of their length: replay and verify give the same words
    (one check, ``host_tools.replay.check_hex``); replay refused only a wrong length before, verify worded it
    without the docs' name."""
    good = fs.session("teen-patti", 3, 1, 3)[0]
    path = tmp_path / "hands.log"
    for key, value in (("commit", "zz"), ("commit", "g" * 64), ("commit", good["commit"].upper()),
                       ("salt", "x" * 32), ("salt", 7)):
        log = dict(good, **{key: value})
        text = json.dumps(value)                # as the log reads, cut to 40 characters
        why = '"%s" must be %d hex digits (docs/fairness.md), not %s' % (
            key, 64 if key == "commit" else 32, text if len(text) <= 40 else text[:37] + "...")
        path.write_text(fs.lines([log]))
        capsys.readouterr()
        assert replay.main([str(path)]) == 1
        assert capsys.readouterr().err == "%s:1: %s\n" % (path, why)
        rc, out, err = _run(tmp_path, capsys, [log])
        assert rc == 1 and err == "" and out == ["hand 1 (line 1): NOT verified: " + why, "1 of 1 hand does NOT verify"]

"""The ledger the table can trust (issue 24): a chained hand log (each line's "prev" the SHA-256 of the line before
it), a 64-bit seal covering the deal and the line before, the cut. A tampered log - a line deleted, inserted, moved,
edited, a player renamed, two nights spliced, a stack, a buy-in, an action, a card or the cut changed - is refused by
verify naming the line; the untouched log verifies and prints the codes the table saw."""

import json
import os

import fair_support as fs
import pytest
from dealerbox.engine.base import seal_code
from dealerbox.store.saves import Store

from host_tools import replay, verify


def _night(tmp_path, name="box", seed=3, game="teen-patti", hands=5, rules=None):
    """One box's hands.log after a session of ``hands`` hands (and its lines as text)."""
    d = str(tmp_path / name)
    os.mkdir(d)
    store = Store(d)
    logs = fs.chained(game, 4, hands, seed, store, rules=rules, rebuy=(2, 1, 50))
    with open(d + "/hands.log") as f:
        text = f.read().splitlines()
    return logs, text


def _verify(tmp_path, capsys, text, name="tampered.log"):
    path = tmp_path / name
    path.write_text("".join(ln + "\n" for ln in text))
    capsys.readouterr()
    rc = verify.main([str(path)])
    out = capsys.readouterr()
    return rc, out.out.splitlines()


def _first_bad(out):
    bad = [ln for ln in out if "NOT verified" in ln]
    assert bad, out
    return bad[0]


def test_a_chained_night_verifies_and_prints_the_codes_the_table_saw(tmp_path, capsys):
    logs, text = _night(tmp_path)
    assert [log["v"] for log in logs] == [2] * 5 and logs[0]["prev"] == "0" * 64
    for i in range(1, 5):
        assert logs[i]["prev"] == verify.line_hash(text[i - 1])
    rc, out = _verify(tmp_path, capsys, text)
    assert rc == 0
    assert out == ["hand %d: verified %s" % (i + 1, seal_code(logs[i]["commit"])) for i in range(5)]
    assert all(len(seal_code(log["commit"]).replace(" ", "")) == 16 for log in logs)     # 64 bits on screen
    assert replay.main([str(tmp_path / "tampered.log")]) == 0


def test_the_deal_is_the_sealed_deck_cut_and_the_wild_rank_the_cards_at_the_cut(tmp_path):
    logs, _text = _night(tmp_path, game="teen-patti", rules={"variant": "joker-hunt"})
    assert [log["cut"] for log in logs] == [0, 7, 19, 33, 0]
    for log in logs:
        sealed = verify.sealed_deck(log)
        c = log["cut"]
        assert log["deck"] == sealed[c:] + sealed[:c]
        assert log["wild"] == log["deck"][-1] >> 2
        assert verify.commitment(log["hand"], log["game"], sealed, bytes.fromhex(log["salt"]), log["prev"]) \
            == log["commit"]


def _edit(i, f):
    def change(text):
        log = json.loads(text[i])
        f(log)
        text[i] = json.dumps(log)
    return change


def _first_card_swap(log):
    log["deck"][0], log["deck"][1] = log["deck"][1], log["deck"][0]


def _stack(log):
    log["stacks"][0] += 5
    log["bought_in"][0] += 5


def _buy_in(log):
    log["bought_in"][2] += 10


def _action(log):
    a = log["actions"][0]
    a[1] = "pack" if a[1] != "pack" else "chaal"


def _cut(log):
    log["cut"] = (log["cut"] + 1) % len(log["deck"])


def _cut_and_deck(log):       # the cut changed and the deck made to match it: the commitment gives it away
    deck = verify.sealed_deck(log)
    log["cut"] = (log["cut"] + 1) % len(deck)
    log["deck"] = deck[log["cut"]:] + deck[:log["cut"]]


TAMPER = {
    "delete": (lambda t: t.pop(2), 3, "the chain breaks"),
    "insert": (lambda t: t.insert(2, t[1]), 3, "the chain breaks"),
    "insert a copy of the last": (lambda t: t.append(t[-1]), 6, "the chain breaks"),
    "reorder": (lambda t: t.insert(1, t.pop(2)), 2, "the chain breaks"),
    "edit a result": (_edit(1, lambda log: log["result"]["stacks"].reverse()), 2, "result"),
    "rename on one line": (_edit(1, lambda log: log["names"].__setitem__(0, "Eve")), 2,
                           'seat 0 is "Eve" on hand 2 but "P1" on the hand before: a player\'s name was changed'),
    "rename on the last line": (_edit(4, lambda log: log["names"].__setitem__(0, "Eve")), 5,
                                'seat 0 is "Eve" on hand 5 but "P1" on the hand before'),
    "a stack": (_edit(3, _stack), 4, ""),
    "a buy-in": (_edit(3, _buy_in), 4, ""),
    "an action": (_edit(1, _action), 2, ""),
    "a card": (_edit(2, _first_card_swap), 3, "commitment"),
    "the cut": (_edit(2, _cut), 3, "commitment"),
    "the cut and the deck": (_edit(2, _cut_and_deck), 4, "the chain breaks"),   # (no card shown: the next line)
    "the last line edited": (_edit(4, _stack), 5, ""),
}


@pytest.mark.parametrize("how", sorted(TAMPER))
def test_a_tampered_log_is_refused_naming_the_line(tmp_path, capsys, how):
    change, line, words = TAMPER[how]
    _logs, text = _night(tmp_path)
    change(text)
    rc, out = _verify(tmp_path, capsys, text)
    bad = _first_bad(out)
    assert rc == 1 and "(line %d)" % line in bad and words in bad, (how, out)


def test_two_nights_spliced_are_refused_where_the_second_starts(tmp_path, capsys):
    _a, night1 = _night(tmp_path, "box1", seed=3)
    _b, night2 = _night(tmp_path, "box2", seed=4)
    rc, out = _verify(tmp_path, capsys, night1 + night2[1:])    # night 2 without its first hand
    assert rc == 1 and "(line 6)" in _first_bad(out) and "the chain breaks" in _first_bad(out)
    rc, out = _verify(tmp_path, capsys, night1[:3] + night2)    # a night from another box after hand 3
    assert rc == 1 and "(line 4)" in _first_bad(out) and "the chain breaks" in _first_bad(out)


def test_a_log_cut_at_its_start_is_refused_or_said(tmp_path, capsys):
    _logs, text = _night(tmp_path)
    rc, out = _verify(tmp_path, capsys, text[1:])           # hand 1 deleted: hand 2 starts the file
    assert rc == 1 and out[0] == ("hand 2 (line 1): NOT verified: the log starts in the middle of a session: the "
                                  "line before it (an earlier hand of its session) is not in the file")


def test_a_second_session_chains_to_the_first(tmp_path, capsys):
    d = str(tmp_path / "box")
    os.mkdir(d)
    store = Store(d)
    first = fs.chained("teen-patti", 3, 2, 5, store)
    second = fs.chained("indian", 4, 2, 6, store)
    with open(d + "/hands.log") as f:
        text = f.read().splitlines()
    assert second[0]["prev"] == verify.line_hash(text[len(first) - 1])
    rc, out = _verify(tmp_path, capsys, text)
    assert rc == 0 and len(out) == 4
    rc, out = _verify(tmp_path, capsys, text[:1] + text[2:])      # the first session's last hand deleted
    assert rc == 1 and "(line 2)" in _first_bad(out)


def test_old_logs_still_verify_beside_chained_ones(tmp_path, capsys):
    old = fs.session("turkish", 3, 3, 4)
    rc, out = _verify(tmp_path, capsys, [json.dumps(log) for log in old])
    assert rc == 0 and out == ["hand %d: verified %s" % (log["hand"], log["commit"][:8]) for log in old]


def _downgraded(line, change):
    """A version 2 line edited by ``change`` and written as version 1 (no "prev", no "cut"), its commitment made
    again as version 1's: what a forger writes to step out of the chain."""
    log = json.loads(line)
    change(log)
    del log["prev"], log["cut"]
    log["v"] = 1
    log["commit"] = verify.commitment(log["hand"], log["game"], log["deck"], bytes.fromhex(log["salt"]))
    return json.dumps(log)


def test_a_chained_log_downgraded_to_version_1_from_a_line_on_is_refused_there(tmp_path, capsys):
    """Hands 3 to 5 renamed and written as version 1 (each with its own new 32-bit seal): the chain is not checked
    on version 1 lines, so this verified (and replayed) before. The box never writes a version 1 line after a
    version 2 one: verify refuses the first of them."""
    _logs, text = _night(tmp_path)
    forged = text[:2] + [_downgraded(ln, lambda log: log["names"].__setitem__(0, "Eve")) for ln in text[2:]]
    rc, out = _verify(tmp_path, capsys, forged)
    assert rc == 1 and out[:2] == ["hand 1: verified %s" % seal_code(_logs[0]["commit"]),
                                   "hand 2: verified %s" % seal_code(_logs[1]["commit"])]
    assert out[2] == ("hand 3 (line 3): NOT verified: a version 1 line after a version 2 line (the box writes "
                      "version 2 from then on): the line was rewritten outside the chain")
    rc, out = _verify(tmp_path, capsys, text[:4] + [_downgraded(text[4], lambda log: None)])   # the last line only
    assert rc == 1 and out[4].startswith("hand 5 (line 5): NOT verified: a version 1 line after a version 2 line")


def test_the_chip_value_changed_on_the_last_line_is_refused(tmp_path, capsys):
    """The chip value (money per chip) is the table's for a whole session (set before its first deal); the report
    settles with the last hand's. Raised from 10 to 100 cents on the last line only (no seal covers the last line's
    fields) it verified and replayed before, and the money owed grew tenfold."""
    d = str(tmp_path / "box")
    os.mkdir(d)
    logs = fs.chained("teen-patti", 3, 3, 5, Store(d), cents=10)
    assert [log["cents"] for log in logs] == [10, 10, 10]
    with open(d + "/hands.log") as f:
        text = f.read().splitlines()
    text[2] = json.dumps(dict(json.loads(text[2]), cents=100))
    rc, out = _verify(tmp_path, capsys, text)
    assert rc == 1 and out[2] == ("hand 3 (line 3): NOT verified: the chip value is 100 cents, but 10 on the hand "
                                  "before in its session (the table sets it once, before the session's first deal)")
    assert replay.main([str(tmp_path / "tampered.log")]) == 1


def test_an_action_row_with_a_number_for_its_cards_is_refused_in_words(tmp_path, capsys):
    """A 4th item of an action row that is not a list of card positions (``[1, "blind", 1, 1]``): replay and verify
    ended in a TypeError traceback (Action.to_list); now both name the action as malformed."""
    _logs, text = _night(tmp_path)
    log = json.loads(text[1])
    row = log["actions"][0] = log["actions"][0][:3] + [1]
    text[1] = json.dumps(log)
    rc, out = _verify(tmp_path, capsys, text)
    said = "action 1 %s: malformed action (a row is [seat, kind, amount])" % json.dumps(row)
    assert rc == 1 and out[1] == "hand 2 (line 2): NOT verified: " + said
    assert replay.main([str(tmp_path / "tampered.log")]) == 1
    assert capsys.readouterr().err == "%s:2: %s\n" % (tmp_path / "tampered.log", said)


def test_a_hand_that_does_not_follow_the_one_before_is_said_in_the_tables_words():
    h = {"game": "teen-patti", "names": ["Anna", "Ben"], "deck": [], "hand": 13}
    said = {
        "missing": (dict(h, hand=12 - 3), "hands 10 to 12 are missing (the line before is hand 9)"),
        "one missing": (dict(h, hand=11), "hand 12 is missing (the line before is hand 11)"),
        "twice": (dict(h), "hand 13 is in the log twice (the line before is hand 13 too)"),
        "out of order": (dict(h, hand=15), "hand 13 comes after hand 15: the hands are out of order"),
        "another game": (dict(h, game="turkish", hand=12),
                         'hand 13 is a hand of "teen-patti", but the hand before it was "turkish": hands of two '
                         "sessions were put together"),
        "renamed": (dict(h, names=["Anna", "Bea"], hand=12),
                    'seat 1 is "Ben" on hand 13 but "Bea" on the hand before: a player\'s name was changed'),
        "a seat more": (dict(h, names=["Anna"], hand=12),
                        'seat 1 is "Ben" on hand 13 but null on the hand before: a player\'s name was changed'),
        "after the start": ({"v": 2, "genesis": True, "game": "teen-patti"},
                            "hand 13 comes right after its session's start: hands 1 to 12 are missing"),
    }
    for how in said:
        before, words = said[how]
        assert verify.not_following(h, before) == words, how
    assert verify.not_following(dict(h, hand=2), said["after the start"][0]) == \
        "hand 2 comes right after its session's start: hand 1 is missing"


def test_the_hands_the_table_dropped_are_a_cut_verify_knows_from_hands_tip(tmp_path, capsys):
    """Two sessions on a box, the first moved to an older file when it ended, then "Drop old hands": the kept log
    verifies, its first line chaining to hands.tip; a log whose start was cut further, or a tip edited, is refused."""
    d = str(tmp_path / "box")
    os.mkdir(d)
    store = Store(d)
    fs.chained("teen-patti", 3, 3, 5, store)
    os.rename(d + "/hands.log", d + "/hands.2.log")     # (what a session's end does to a log of 128 KB or more)
    fs.chained("teen-patti", 3, 4, 6, store)
    with open(d + "/hands.2.log") as f:
        first = f.read().splitlines()
    assert store.drop_hands() == (3, sum(len(ln) + 1 for ln in first)) and sorted(os.listdir(d)) == [
        "hands.log", "hands.tip"]
    tip = verify.line_hash(first[-1])
    with open(d + "/hands.tip") as f:
        assert f.read() == tip
    capsys.readouterr()
    assert verify.main([d + "/hands.log"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "line 1: the chain goes on from the hands the table dropped on the box (hands.tip %s)" % tip[:16]
    assert len(out) == 5
    with open(d + "/hands.log") as f:
        kept = f.read().splitlines()
    with open(d + "/hands.tip", "w") as f:
        f.write(verify.line_hash(kept[1]))              # a drop the power interrupted: its line still in the file
    assert verify.main([d + "/hands.log"]) == 0
    assert "hands.tip names a line of this file" in capsys.readouterr().out.splitlines()[0]
    with open(d + "/hands.tip", "w") as f:
        f.write("ab" * 32)                              # not the line the file starts after
    assert verify.main([d + "/hands.log"]) == 1
    assert capsys.readouterr().out.splitlines()[0] == (
        "hand 1 (line 1): NOT verified: the log starts after lines the box never dropped: its first line chains to "
        "%s, but the last line the table dropped is abababababababab (hands.tip): lines were removed from its start, "
        "or the older files are missing (make logs copies them into all-hands.log)" % tip[:16])
    os.remove(d + "/hands.tip")                         # no tip beside it: said, as before
    assert verify.main([d + "/hands.log"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "line 1: the chain goes on from a line not in this file (prev %s: older hands dropped)" % tip[:16])

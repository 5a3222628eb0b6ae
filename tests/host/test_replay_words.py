"""The three hand-log tools (replay, verify, report) refuse a damaged hand log in the same words and with the same
exit status: one check and one sentence each, in host_tools/replay.py (docs/hand-log.md)."""

import copy
import json

import fair_support as fs

from host_tools import replay, report, verify

UNSETTLED_TAIL = ("The chips after %s rest on logged numbers the replay does not confirm (changed or damaged), so "
                  "this report gives no nets and no payments for this session; the other figures count only the "
                  "hands that replay (python -m host_tools.replay FILE names the first difference).")
NOT_VERIFIED = "%s: session 1: hand 1 (line 1) NOT verified (python -m host_tools.verify FILE says why)\n"
CENTS = ('"cents" must be the chip value the box sets, in whole cents (1, 2, 5, 10, 20, 25, 50, 100, 200, 500 or '
         '1000), not %s')


def _good():
    """Three hands of Teen Patti at 0.25 a chip, as the box logs them."""
    return fs.session("teen-patti", 4, 3, 3, cents=25)


def _tools(tmp_path, capsys, text):
    """Run the three tools on ``text`` (a hands.log): ``{tool: (exit status, stdout, stderr)}`` and the page (or
    None when the report wrote none)."""
    path = tmp_path / "hands.log"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    out = {}
    for name, run in (("replay", lambda: replay.main([str(path)])), ("verify", lambda: verify.main([str(path)])),
                      ("report", lambda: report.main([str(path), "--out", str(tmp_path / "o")]))):
        capsys.readouterr()
        rc = run()
        got = capsys.readouterr()
        out[name] = (rc, got.out, got.err)
    page = tmp_path / "o" / "report.html"
    return path, out, page.read_text() if page.exists() else None


def _hand_1_does_not_replay(tmp_path, capsys, change, why):
    """Line 1's hand damaged by ``change``: replay, verify and the report's stderr give ``why`` word for word, and
    each exits 1 (verify and report go on with hands 2 and 3)."""
    good = _good()
    logs = copy.deepcopy(good)
    change(logs[0])
    path, out, page = _tools(tmp_path, capsys, fs.lines(logs))
    assert out["replay"] == (1, "", "%s:1: %s\n" % (path, why))
    assert out["verify"] == (1, "hand 1 (line 1): NOT verified: %s\nhand 2: verified %s\nhand 3: verified %s\n"
                                "1 of 3 hands do NOT verify\n" % (why, good[1]["commit"][:8], good[2]["commit"][:8]),
                             "")
    return path, out, page


def test_an_illegal_action_is_worded_alike_as_the_log_reads_it(tmp_path, capsys):
    """``pack`` with an amount: replay printed the row with Python's quotes, verify without ``illegal:``."""
    def pack(log):
        log["actions"][0] = [log["actions"][0][0], "pack", 10 ** 30]
    seat = _good()[0]["actions"][0][0]
    why = 'action 1 [%d, "pack", 1000000000000000000000000000000]: illegal: pack takes no amount' % seat
    path, out, page = _hand_1_does_not_replay(tmp_path, capsys, pack, why)
    assert out["report"][0] == 1
    assert out["report"][2] == ("%s: session 1: Not settled: hand 1 (line 1) does not replay: %s. %s\n"
                                % (path, why, UNSETTLED_TAIL % "it") + NOT_VERIFIED % path)
    assert page is not None and "does not replay: %s" % why.replace('"', "&quot;") in page


def test_a_bad_house_rule_is_worded_alike(tmp_path, capsys):
    """A boot of -5: replay said ``cannot start the hand``, verify ``cannot be dealt from the committed deck``."""
    why = "the hand cannot be dealt: boot is a whole number 1 to 100000, not -5"
    path, out, _page = _hand_1_does_not_replay(tmp_path, capsys, lambda log: log["rules"].update(boot=-5), why)
    assert out["report"][0] == 1
    assert out["report"][2] == ("%s: session 1: Not settled: hand 1 (line 1) does not replay: %s. %s\n"
                                % (path, why, UNSETTLED_TAIL % "it") + NOT_VERIFIED % path)


def test_a_removed_result_is_worded_as_a_null_one(tmp_path, capsys):
    """``"result"`` removed said ``missing 'result'``, ``null`` the whole sentence: now one sentence."""
    for change, what in ((lambda log: log.pop("result"), "missing"), (lambda log: log.update(result=None), "null")):
        why = '"result" must be the hand\'s result (a JSON object), not %s' % what
        path, out, _page = _hand_1_does_not_replay(tmp_path, capsys, change, why)
        assert out["report"][0] == 1
        assert out["report"][2] == ("%s: session 1: Not settled: hand 1 (line 1) does not replay: %s. %s\n"
                                    % (path, why, UNSETTLED_TAIL % "it") + NOT_VERIFIED % path)


def test_a_number_too_long_for_a_hand_log_is_said_plainly(tmp_path, capsys):
    """A 5000-digit number: Python's advice (``use sys.set_int_max_str_digits()``) is no reason for the reader."""
    good = _good()
    lines = fs.lines(good).split("\n")
    lines[1] = lines[1].replace('"hand": 2', '"hand": ' + "9" * 5000, 1)
    assert len(lines[1]) > 5000
    why = "the line has a number too long to be a hand log's (more than 4300 digits)"
    path, out, page = _tools(tmp_path, capsys, "\n".join(lines))
    assert out["replay"] == (1, "", "%s:2: %s\n" % (path, why))
    assert out["verify"] == (1, "hand 1: verified %s\nhand 3: verified %s\n2 hands verify; line 2 is not a hand\n"
                             % (good[0]["commit"][:8], good[2]["commit"][:8]), "%s:2: %s\n" % (path, why))
    assert out["report"][0] == 1
    assert out["report"][2] == ("%s: session 1: Not settled: line 2 is damaged (%s). %s\n"
                                % (path, why, UNSETTLED_TAIL % "it"))
    assert page is not None and "sys.set_int_max_str_digits" not in page
    lines = fs.lines(good).split("\n")          # the first line: the file is no hand log (exit 2, no page)
    lines[0] = lines[0].replace('"hand": 1', '"hand": ' + "9" * 5000, 1)
    (tmp_path / "o" / "report.html").unlink()
    path, out, page = _tools(tmp_path, capsys, "\n".join(lines))
    said = "%s: not a hand log (line 1 has a number too long to be a hand log's)\n" % path
    assert out == {"replay": (2, "", said), "verify": (2, "", said), "report": (2, "", said)} and page is None


def test_a_line_that_is_not_utf8_is_named_and_the_other_hands_checked(tmp_path, capsys):
    """Noise bytes written into the middle of hands.log (not UTF-8): the line is named alike by the three tools and
    the hands around it are still checked (before, the whole file was "not a hand log")."""
    good = _good()
    lines = fs.lines(good).encode().split(b"\n")
    lines.insert(1, b"XXXX\x00\xffZZ")
    path, out, page = _tools(tmp_path, capsys, b"\n".join(lines))
    assert out["replay"][0] == 1 and out["replay"][2] == "%s:2: not UTF-8 text\n" % path
    assert out["verify"] == (1, "".join("hand %d: verified %s\n" % (h["hand"], h["commit"][:8]) for h in good)
                             + "3 hands verify; line 2 is not a hand\n", "%s:2: not UTF-8 text\n" % path)
    assert out["report"][0] == 1 and out["report"][2] == ("%s: session 1: Not settled: line 2 is damaged (not UTF-8 "
                                                          "text). %s\n" % (path, UNSETTLED_TAIL % "it"))
    assert page is not None


def test_a_chip_value_the_box_cannot_set_is_refused_alike(tmp_path, capsys):
    """``"cents"`` off the box's ladder (dealerbox.ui.settings.CENTS_LADDER, 1 to 1000 cents): all three tools
    accepted 10**30 and the report printed ``1 chip = 10000000000000000000000000000.00``."""
    good = _good()
    for cents in (10 ** 30, 3, 0, 1001, True, "25", 25.0):
        logs = copy.deepcopy(good)
        logs[1]["cents"] = cents
        why = CENTS % json.dumps(cents)
        path, out, page = _tools(tmp_path, capsys, fs.lines(logs))
        assert out["replay"] == (1, "", "%s:2: %s\n" % (path, why)), cents
        assert out["verify"] == (1, "hand 1: verified %s\nhand 2 (line 2): NOT verified: %s\nhand 3: verified %s\n"
                                    "1 of 3 hands do NOT verify\n" % (good[0]["commit"][:8], why,
                                                                       good[2]["commit"][:8]), ""), cents
        assert out["report"][0] == 1 and out["report"][2] == (
            "%s: session 1: Not settled: line 2 is damaged (%s). %s\n" % (path, why, UNSETTLED_TAIL % "it"))
        assert page is not None and "1 chip = 0.25 " in page and "1 chip = 1000" not in page
    for cents, shown in ((1, "0.01"), (1000, "10.00")):       # the ends of the ladder check
        logs = [dict(log, cents=cents) for log in good]
        path, out, page = _tools(tmp_path, capsys, fs.lines(logs))
        assert [out[t][0] for t in ("replay", "verify", "report")] == [0, 0, 0]
        assert out["verify"][2] == out["report"][2] == ""
        assert page is not None and "1 chip = %s (set on the box; the currency is the table's)" % shown in page


def _damaged(path, why):
    """The report's stderr for line 1 refused before it is dealt (a field out of its shape)."""
    return "%s: session 1: Not settled: line 1 is damaged (%s). %s\n" % (path, why, UNSETTLED_TAIL % "it")


def _not_dealt(path, why):
    """The report's stderr for line 1 whose deal replay refuses."""
    return ("%s: session 1: Not settled: hand 1 (line 1) does not replay: %s. %s\n" % (path, why, UNSETTLED_TAIL % "it")
            + NOT_VERIFIED % path)


def test_a_game_that_is_no_name_is_worded_alike(tmp_path, capsys):
    """``"game": null`` (or 5): verify had its own check, ``"game" must be the game's name, not null``; now replay's
    (host_tools.replay.check_game)."""
    for game in (None, 5):
        why = '"game" must be a game\'s name (teen-patti, turkish or indian), not %s' % json.dumps(game)
        path, out, _page = _hand_1_does_not_replay(tmp_path, capsys, lambda log, game=game: log.update(game=game), why)
        assert out["report"][0] == 1 and out["report"][2] == _damaged(path, why)


def test_a_deck_that_is_no_list_is_worded_alike(tmp_path, capsys):
    """``"deck": null``: verify said ``"deck" must be the list of card numbers 0-51 in dealt order``, and the same for
    a card off the deck; now replay's (host_tools.replay.check_deck)."""
    for change, why in (
            (lambda log: log.update(deck=None),
             "the log has no deck (the cards in dealt order), so the hand cannot be dealt again"),
            (lambda log: log["deck"].__setitem__(1, 52),
             '"deck" must be a list of card numbers 0-51 (rank*4 + suit); "deck"[1] is 52')):
        path, out, _page = _hand_1_does_not_replay(tmp_path, capsys, change, why)
        assert out["report"][0] == 1 and out["report"][2] == _damaged(path, why)


def test_a_deck_that_is_not_the_games_whole_deck_is_worded_alike(tmp_path, capsys):
    """A card dealt twice, or the deck cut to 3 cards: verify said the commitment does not match; the deck is checked
    by the deal first (replay's start_hand), as replay and report check it. 52 cards for Teen Patti, 32 for Turkish
    Poker; an unknown game is the deal's refusal too."""
    def twice(log):
        log["deck"][1] = log["deck"][0]
    for change, why in (
            (twice, "the hand cannot be dealt: the deck is not a full 52-card deck"),
            (lambda log: log.update(deck=log["deck"][:3]),
             "the hand cannot be dealt: the deck is not a full 52-card deck"),
            (lambda log: log.update(game="chess"), "unknown game 'chess'")):
        path, out, _page = _hand_1_does_not_replay(tmp_path, capsys, change, why)
        assert out["report"][0] == 1 and out["report"][2] == _not_dealt(path, why)
    good = fs.session("turkish", 4, 2, 3)
    logs = copy.deepcopy(good)
    logs[0]["deck"][5] = logs[0]["deck"][4]
    why = "the hand cannot be dealt: the deck is not a full 32-card deck"
    path, out, _page = _tools(tmp_path, capsys, fs.lines(logs))
    assert out["replay"] == (1, "", "%s:1: %s\n" % (path, why))
    assert out["verify"] == (1, "hand 1 (line 1): NOT verified: %s\nhand 2: verified %s\n1 of 2 hands do NOT verify\n"
                             % (why, good[1]["commit"][:8]), "")
    assert out["report"][0] == 1 and out["report"][2] == _not_dealt(path, why)
    logs = copy.deepcopy(good)                  # a full deck in another order: the commitment says it was changed
    logs[0]["deck"][4], logs[0]["deck"][5] = logs[0]["deck"][5], logs[0]["deck"][4]
    _path, out, _page = _tools(tmp_path, capsys, fs.lines(logs))
    assert out["verify"][0] == 1
    assert out["verify"][1].startswith("hand 1 (line 1): NOT verified: the commitment %s does not match the deck and "
                                       "salt of the log" % good[0]["commit"][:8])


def test_a_stack_the_box_cannot_hold_names_the_stacks(tmp_path, capsys):
    """``"stacks"`` of 10**30 on the first hand: all three said ``action 1: chips not conserved``; a stack is at most
    the box's MAX_CHIPS (dealerbox.ui.snapcheck: a larger one is a damaged save), so the field is named."""
    for key, value in (("stacks", 10 ** 30), ("stacks", 10 ** 9 + 1), ("bought_in", 10 ** 30)):
        def change(log, key=key, value=value):
            log[key][0] = value
        why = ('"%s" must be a list of chip counts (whole numbers 0 to 1000000000), one per name; "%s"[0] is %d'
               % (key, key, value))
        path, out, _page = _hand_1_does_not_replay(tmp_path, capsys, change, why)
        assert out["report"][0] == 1 and out["report"][2] == _damaged(path, why)
    logs = fs.session("teen-patti", 4, 3, 3, chips=250000000)    # 10**9 chips on the table: no stack can pass it
    assert sum(logs[0]["stacks"]) == 10 ** 9 and max(logs[-1]["result"]["stacks"]) > 250000000
    _path, out, _page = _tools(tmp_path, capsys, fs.lines(logs))
    assert [out[t][0] for t in ("replay", "verify", "report")] == [0, 0, 0]
    assert out["verify"][2] == out["report"][2] == ""

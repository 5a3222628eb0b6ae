"""host_tools.replay across sessions (issue 7 follow-up): the store keeps ``hands.log`` when a new session
starts, so one log holds several sessions with the same default names; every hand log carries its number in
the session (``"hand"``) and a line with ``"hand": 1`` starts a new session. Logs of earlier firmware (no
``"hand"``) replay as before. Shapes of the log's fields are checked with a reason naming the field."""

import json

from dealerbox.engine.base import Action
from dealerbox.engine.table import Table
from dealerbox.games.indian import Indian
from dealerbox.games.teenpatti import TeenPatti
from dealerbox.rng import SeededEntropy

from host_tools.replay import ReplayError, main, replay_lines
from host_tools.sim import SETUP as SIM_SETUP
from host_tools.sim import main as sim_main

SETUP = SIM_SETUP + """ok*40         # four Turkish hands, nobody opens (each one a dead hand)
"""


def _two_sim_sessions(tmp_path):
    """Two Turkish sessions of P1..P3 run by the simulator into one store; returns the log's lines as dicts."""
    store = tmp_path / "bx"
    first = tmp_path / "first.txt"
    first.write_text(SETUP)
    again = tmp_path / "again.txt"
    again.write_text("up ok         # the saved session (mid-hand) is offered: up wraps to New session\n" + SETUP)
    for script in (first, again):
        assert sim_main(["--game", "turkish", "--players", "3", "--store", str(store), "--seed", "5",
                         "--script", str(script)]) == 0
    return store / "hands.log"


def _lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_two_sessions_of_the_simulator_replay(tmp_path, capsys):
    log = _two_sim_sessions(tmp_path)
    hands = _lines(log)
    assert [h["hand"] for h in hands] == [1, 2, 3, 4, 1, 2, 3, 4]
    assert [h["stacks"] for h in hands[3:5]] == [[97, 97, 97], [100, 100, 100]]
    assert all(h["names"] == ["P1", "P2", "P3"] for h in hands)
    capsys.readouterr()
    assert main([str(log)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [h["line"] for h in out["hands"]] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert out["stacks"] == [96, 96, 96] and out["names"] == ["P1", "P2", "P3"]


def test_a_missing_or_repeated_hand_of_a_session_is_named(tmp_path):
    hands = _lines(_two_sim_sessions(tmp_path))
    lines = [json.dumps(h) for h in hands]
    try:
        replay_lines(lines[:5] + lines[6:])
    except ReplayError as exc:
        assert (exc.line, str(exc)) == (6, "hand 3 follows hand 1 of the same session (a hand is missing or repeated)")
    else:
        raise AssertionError("a missing hand replayed")
    try:
        replay_lines(lines[:6] + lines[5:])
    except ReplayError as exc:
        assert (exc.line, str(exc)) == (7, "hand 2 follows hand 2 of the same session (a hand is missing or repeated)")
    else:
        raise AssertionError("a repeated hand replayed")


def test_logs_of_earlier_firmware_without_hand_numbers_still_replay(tmp_path):
    hands = _lines(_two_sim_sessions(tmp_path))
    for h in hands:
        del h["hand"]
    lines = [json.dumps(h) for h in hands]
    out = replay_lines(lines[:4])
    assert out["stacks"] == [96, 96, 96] and [h["line"] for h in out["hands"]] == [1, 2, 3, 4]
    try:   # as before the key: without it, the same names chain, and a new session cannot be told apart
        replay_lines(lines)
    except ReplayError as exc:
        assert (exc.line, str(exc)) == (5, "seat 0 starts with 100 chips, but the previous hand left 96 and 0 were "
                                           "bought in between")
    else:
        raise AssertionError("two sessions without hand numbers chained")


def test_another_game_with_the_same_names_starts_a_new_session():
    t = Table(["Anna", "Ben"], 20)
    e = TeenPatti(t, {}, entropy=SeededEntropy(2))
    e.start_hand()
    e.apply(Action("pack"))
    tp = dict(e.log)
    t2 = Table(["Anna", "Ben"], 20)
    e2 = Indian(t2, {}, entropy=SeededEntropy(2))
    e2.start_hand()
    while e2.phase != "over":
        e2.apply(Action("fold") if any(o.kind == "fold" for o in e2.legal_actions()) else Action("check"))
    ind = dict(e2.log)
    for log in (tp, ind):
        assert log["hand"] == 1
        del log["hand"]                     # earlier firmware: only the game tells the sessions apart
    out = replay_lines([json.dumps(tp), json.dumps(ind)])
    assert out["stacks"] == t2.stacks and sum(t2.stacks) == 40


def test_the_hand_number_counts_the_session_and_survives_a_snapshot():
    t = Table(["Anna", "Ben", "Carla"], 50)
    e = TeenPatti(t, {}, entropy=SeededEntropy(11))
    numbers = []
    for _ in range(3):
        e.start_hand()
        numbers.append(e.log["hand"])
        e2 = type(e).from_state(Table.from_state(t.to_state()), json.loads(json.dumps(e.to_state())))
        assert e2.log["hand"] == e.hand_no and e2.hand_no == e.hand_no
        while e.phase != "over":
            e.apply(Action("pack"))
    assert numbers == [1, 2, 3]
    assert list(e.log)[:4] == ["v", "game", "hand", "rules"]


def _bad(lines, line=1):
    try:
        replay_lines(lines)
    except ReplayError as exc:
        assert exc.line == line
        return str(exc)
    raise AssertionError("replayed")


def _log():
    t = Table(["Anna", "Ben", "Carla"], 50)
    e = TeenPatti(t, {"variant": "joker-hunt"}, entropy=SeededEntropy(11))
    e.start_hand()
    for a in (Action("blind", 2), Action("see"), Action("chaal", 4), Action("pack"), Action("show", 2)):
        e.apply(a)
    return json.loads(json.dumps(e.log))


def _with(**changes):
    log = _log()
    log.update(changes)
    return [json.dumps(log)]


def test_wrong_shapes_are_named_in_words():
    deck = _log()["deck"]
    cases = [
        ({"names": None}, '"names" must be a list of player names (strings), not null'),
        ({"names": ["Anna", 2, "Carla"]}, '"names" must be a list of player names (strings); "names"[1] is 2'),
        ({"stacks": 5}, '"stacks" must be a list of chip counts (whole numbers 0 to 1000000000), one per name, not 5'),
        ({"stacks": [50, -1, 50]}, '"stacks" must be a list of chip counts (whole numbers 0 to 1000000000), one per '
                                   'name; "stacks"[1] is -1'),
        ({"stacks": [50, 50]}, '"stacks" must be a list of chip counts (whole numbers 0 to 1000000000), one per name: '
                               'it has 2, but there are 3 names'),
        ({"bought_in": [50, 50.5, 50]}, '"bought_in" must be a list of chip counts (whole numbers 0 to 1000000000), '
                                        'one per name; "bought_in"[1] is 50.5'),
        ({"bought_in": [50, True, 50]}, '"bought_in" must be a list of chip counts (whole numbers 0 to 1000000000), '
                                        'one per name; "bought_in"[1] is true'),
        ({"deck": ["As"] + deck[1:]}, '"deck" must be a list of card numbers 0-51 (rank*4 + suit); "deck"[0] is "As"'),
        ({"deck": deck[:51] + [52]}, '"deck" must be a list of card numbers 0-51 (rank*4 + suit); "deck"[51] is 52'),
        ({"dealer": True}, '"dealer" must be the dealer\'s seat (0 to 2), not true'),
        ({"dealer": 3}, '"dealer" must be the dealer\'s seat (0 to 2), not 3'),
        ({"v": True}, 'unknown log version true ("v" must be 1 or 2)'),
        ({"v": 1.0}, 'unknown log version 1.0 ("v" must be 1 or 2)'),
        ({"v": 3}, 'unknown log version 3 ("v" must be 1 or 2)'),
        ({"v": 2}, 'the log has no "prev" (a version 2 line has "prev", "salt", "commit" and "cut")'),
        ({"hand": 0}, '"hand" must be the hand\'s number in its session (1 to 4294967295), not 0'),
        ({"hand": "1"}, '"hand" must be the hand\'s number in its session (1 to 4294967295), not "1"'),
        ({"game": None}, '"game" must be a game\'s name (teen-patti, turkish or indian), not null'),
        ({"wild": True}, '"wild" must be the wild rank (0-12) or null, not true'),
        ({"carry": [1, 1]}, '"carry" must be the chips carried per seat (whole numbers 0 to 1000000000) or null: it '
                            'has 2, but there are 3 names'),
        ({"result": None}, '"result" must be the hand\'s result (a JSON object), not null'),
        ({"names": "x" * 60}, '"names" must be a list of player names (strings), not "' + "x" * 36 + "..."),
    ]
    for change, why in cases:
        assert _bad(_with(**change)) == why, change
    log = _log()
    log["actions"][0] = [True, "blind", 2]
    assert _bad([json.dumps(log)]) == ('action 1 [true, "blind", 2]: malformed action (a row is [seat, kind, amount])')
    for kind in ("bl\u0002ind", "", "blind!"):       # a kind is a word of letters (a control character ends a code)
        log["actions"][0] = [0, kind, 2]
        assert _bad([json.dumps(log)]).endswith(": malformed action (a row is [seat, kind, amount])"), kind
    assert _bad(['{"v": 1, "game": "turkish"}']) == ('the log has no "rules" (a hand log line has "game", "rules", '
                                                     '"names", "stacks", "dealer", "deck" and "actions")')
    log = _log()
    del log["deck"]
    assert _bad([json.dumps(log)]).startswith('the log has no "deck" (')


def test_deep_nesting_and_a_byte_order_mark(tmp_path, capsys):
    assert _bad(["[" * 100000 + "]" * 100000]) == "not JSON: nested too deeply (a hand log is a few levels deep)"
    p = tmp_path / "bom.log"
    p.write_bytes(b"\xef\xbb\xbf" + json.dumps(_log()).encode() + b"\n")
    capsys.readouterr()
    assert main([str(p)]) == 0
    assert json.loads(capsys.readouterr().out)["hands"][0]["line"] == 1

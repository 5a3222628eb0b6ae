"""host_tools.hostboard.parse_script (the simulator's --script): a repeat count has a ceiling, so a typo such as
``right*99999999999`` is refused with the word and its line instead of filling the memory; a byte order mark at
the start of a script file is not a word."""

from dealerbox.ui import buttons as btn

from host_tools.hostboard import MAX_REPEAT, parse_script
from host_tools.sim import main as sim_main


def _error(text, name=None):
    try:
        parse_script(text, name)
    except ValueError as exc:
        return str(exc)
    raise AssertionError("accepted %r" % text)


def test_repeat_counts_have_a_ceiling():
    assert MAX_REPEAT == 10000
    assert parse_script("right*10000") == [(btn.RIGHT, False)] * 10000
    assert parse_script("long-ok*007") == [(btn.OK, True)] * 7
    assert _error("ok\nright*99999999999") == "line 2: repeat count too large in 'right*99999999999' (at most 10000)"
    assert _error("ok # x\n\nup right*10001", "s.txt") == \
        "s.txt:3: repeat count too large in 'right*10001' (at most 10000)"
    assert _error("right*" + "9" * 5000).startswith("line 1: repeat count too large in 'right*999")
    for word in ("right*0", "right*000", "right*\u00b2", "right*-3", "right*", "right*3*4", "right*x"):
        assert _error(word) == "line 1: bad repeat in %r (a count of 1 or more: right*3)" % word


def test_the_simulator_refuses_a_huge_count_in_one_line(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("ok ok\ndown right*99999999999\n")
    assert sim_main(["--script", str(script)]) == 2
    err = capsys.readouterr().err
    assert err == "python -m host_tools.sim: error: %s:2: repeat count too large in 'right*99999999999' " \
                  "(at most 10000)\n" % script


def test_a_byte_order_mark_starts_a_script(tmp_path, capsys):
    script = tmp_path / "bom.txt"
    script.write_bytes(b"\xef\xbb\xbfok ok\n")
    assert sim_main(["--script", str(script), "--seed", "3"]) == 0
    assert "script %s: 2 presses" % script in capsys.readouterr().out


def test_button_names():
    from host_tools.hostboard import name_to_button

    assert name_to_button("OK") == btn.OK and name_to_button("left") == btn.LEFT
    try:
        name_to_button("menu")
    except ValueError as exc:
        assert str(exc) == "no button 'menu' (use up, down, left, right, ok)"
    else:
        raise AssertionError("accepted 'menu'")

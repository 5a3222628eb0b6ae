"""Setup, hints and redraws (review findings 6, 8, 9, 10, 11): single-rule edits survive the preset
screen ("Custom"); every action word has a label; the rebuy screen has a "Done" row and the name editor
hints delete; a press that changes nothing draws nothing; the resume screen reports a damaged save.
Both interpreters."""

from app_util import DOWN, LEFT, OK, RIGHT, UP, ReportStore, Rig, act, setup
from dealerbox.reason import Reason
from dealerbox.ui import modes
from dealerbox.ui.modes import action_label


def to_rules(rig):
    for _ in range(6):          # game, players, names -> Done, chips, boot, betting
        if rig.app.mode == modes.M_NAMES:
            rig.press(DOWN, 12)
        rig.press(OK)
    assert rig.app.mode == modes.M_PRESET
    rig.press(OK)
    assert rig.app.mode == modes.M_RULES


def test_single_rule_edit_survives_the_preset_screen():
    rig = Rig(seed=1)
    app = rig.app
    to_rules(rig)
    rig.press(DOWN, 4)                               # Show rule: 004 -> 000
    rig.press(RIGHT)
    assert app.cfg["rules"]["show"] == "000" and app.cfg["preset"] == "custom"
    rig.press(LEFT, long=True)                       # back to the preset screen
    assert app.mode == modes.M_PRESET
    assert app.screen.rows[-1] == ("Custom (your edits)", None) and app.screen.sel == len(app.screen.rows) - 1
    rig.press(OK)
    assert app.mode == modes.M_RULES and app.cfg["rules"]["show"] == "000"
    rig.press(LEFT, long=True)
    rig.press(UP, 5)                                 # the default preset, chosen on purpose
    rig.press(OK)
    assert app.cfg["rules"]["show"] == "004" and app.cfg["preset"] == "default"
    rig.press(LEFT, long=True)
    assert ("Custom (your edits)", None) not in app.screen.rows


def test_boot_raised_above_the_chaal_cap_keeps_the_rules_valid():
    rig = Rig(seed=1)
    app = rig.app
    for _ in range(5):          # game, players, names -> Done, chips, boot
        if app.mode == modes.M_NAMES:
            rig.press(DOWN, 12)
        rig.press(OK)
    assert app.mode == modes.M_STRUCT
    rig.press(DOWN)                                  # Chaal cap: none -> 1
    rig.press(RIGHT)
    assert app.cfg["rules"]["stake_cap"] == 1
    rig.press(LEFT, long=True)                       # back to the boot: 1 -> 2
    rig.press(RIGHT)
    assert app.cfg["rules"]["boot"] == 2 and app.cfg["rules"]["stake_cap"] == 0
    rig.press(OK)
    rig.press(DOWN)
    rig.press(RIGHT)                                 # the cap skips 1 (below the boot)
    assert app.cfg["rules"]["stake_cap"] == 2
    rig.press(OK, 3)                                 # preset, single rules, summary
    assert app.mode == modes.M_SUMMARY and ("Boot 2", None) in app.screen.rows


def test_action_words_have_labels():
    for kind in ("see", "chaal", "blind", "pack", "show", "sideshow", "accept", "refuse", "check", "open", "bet",
                 "call", "raise", "fold", "draw", "rebuy", "look", "karanlik"):
        assert action_label(kind) != kind and len(action_label(kind)) <= 15, kind
    assert action_label("karanlik") == "Karanlik blind" and action_label("look") == "Look at cards"


def test_press_that_changes_nothing_draws_nothing():
    rig = Rig(seed=1)
    app = rig.app
    rig.press(DOWN, 3)                               # the last row: the language, after the three games
    n = rig.frames
    rig.press(DOWN, 3)
    rig.press(LEFT)
    assert rig.frames == n and not app.dirty
    rig.press(UP)
    assert rig.frames == n + 1
    rig.press(UP, 3)                                 # first row after two: the next UP changes nothing
    assert rig.frames == n + 3
    rig.press(OK)
    rig.press(LEFT, 10)                              # players: down to 2, then nothing more
    assert app.cfg["players"] == 2 and rig.frames == n + 4 + 2


def test_rebuy_done_row_and_name_editor_hint():
    rig = Rig(seed=33)
    app = rig.app
    rig.press(OK)
    rig.press(OK)
    rig.press(UP)
    rig.press(OK)
    assert app.mode == modes.M_NAME and "hold\x17 delete" in app.screen.hint and "OK done" in app.screen.title
    rig = Rig(seed=33)
    setup(rig, "teen-patti", 3)
    app = rig.app
    while app.mode != modes.M_BETWEEN:               # everyone packs to the last seat
        if app.mode == modes.M_TURN:
            act(rig, "pack")
        else:
            rig.press(OK)
    rig.press(UP, 5)
    rig.press(DOWN, 2)                               # Rebuy
    rig.press(OK)
    assert app.mode == modes.M_REBUY and app.screen.rows[-1] == ("Done", None)
    rig.press(DOWN, 3)
    assert app.screen.sel == 3 and app.screen.hint == "OK back"
    rig.press(OK)
    assert app.mode == modes.M_BETWEEN


def saved_snapshot():
    rig = Rig(seed=2)
    setup(rig, "teen-patti", 3)
    return rig.app.snapshot()


def test_resume_screen_reports_a_damaged_save():
    snap = saved_snapshot()
    rig = Rig(seed=2, store=ReportStore(snap, [Reason("Save damaged (%s): the one before it is used.", "empty")]))
    app = rig.app
    assert app.mode == modes.M_RESUME
    # the report first, on a screen of its own from its first line; OK goes on to the choices
    assert app.screen.title == "Read this first" and app.screen.sel == -1 and app.screen.top == 0
    assert app.screen.rows == [("Save damaged", None), ("  (empty): the one", None), ("  before it is used.", None)]
    rig.press(OK)
    # the save is in the middle of a hand: the restart is announced, continue (selected) or void
    assert app.screen.title == "Restart mid-hand!" and app.screen.rows[0] == ("Hand 1 was in play", None)
    assert app.screen.rows[-3:] == [("Continue hand", None), ("Void hand", None), ("New session", None)]
    assert app.screen.sel == len(app.screen.rows) - 3
    rig.press(OK)
    assert app.mode == modes.M_GATE and app.table.n == 3
    rig = Rig(seed=2, store=ReportStore(snap, []))          # nothing found wrong: no report
    assert rig.app.screen.rows[0][0] == "Hand 1 was in play"
    # nothing usable: the report, then only "New session"
    rig = Rig(seed=2, store=ReportStore(None, [Reason("Save damaged: %s", "no usable save")]))
    app = rig.app
    assert app.mode == modes.M_RESUME and app.screen.rows == [("Save damaged: no", None), ("  usable save", None),
                                                         ("New session", None)]
    rig.press(DOWN)
    rig.press(OK)
    assert app.mode == modes.M_GAME


def test_a_report_with_a_long_word_is_wrapped_not_looped_on():
    """A word longer than a row (a path in an OS error) is cut where the row ends; every character is kept."""
    rig = Rig(seed=2, store=ReportStore(None, [Reason("Save unreadable: %s", OSError(
        "[Errno 21] Is a directory: '/data/hands.log/x/y'"))]))
    rows = [r[0] for r in rig.app.screen.rows]
    assert rows == ["Save unreadable:", "  [Errno 21] Is a", "  directory:", "  '/data/hands.log/x", "  /y'"]
    assert max(len(r) for r in rows) <= 20
    # too long to show beside "New session": on a screen of its own, read first (UP/DOWN scroll it), then OK
    assert rig.app.screen.title == "Read this first" and rig.app.screen.sel == -1
    rig.press(OK)
    assert [r[0] for r in rig.app.screen.rows] == ["New session"] and rig.app.screen.title == "No saved session"

"""Forehead Stud on the screens (Indian Poker's rule row "Game", docs/indian.md): the row is not offered above 7
players (test_ui_fits_stud.py: every screen fits at 7 players, the variant's most: 7 cards each of 52), the
summary lines, the save's check, no allocation on a redraw, and golden frames (hashes as in
tests/core/test_ui_frames.py, the same on CPython and MicroPython; each picture checked by eye when frozen)
of the rule row, the summary, a turn of the last round (six others' four forehead cards each, "????" for the
own and the own three hole cards) and the showdown (the best five and the hand in words)."""

from app_util import DOWN, LEFT, LONG, OK, RIGHT, UP, Rig, act, select, setup
from dealerbox.ui import modes, settings
from test_ui_frames import frame_hash, lit

STUD_ROW = 5        # the "Game" row of Indian Poker's single house rules (settings.GAME_ROWS)


def test_the_row_and_the_preset_are_off_above_seven_players():
    rig = Rig(seed=3)
    rig.app.cfg["names"] = list(LONG)
    setup(rig, "indian", 8, rule_rights={STUD_ROW: 1})
    assert rig.app.cfg["rules"]["stud"] is False                # no "Forehead Stud" to step to at 8
    assert settings.rule_choices("indian", "stud", 100, {"players": 7, "rules": {}}) == [False, True]
    cfg = {"players": 8, "rules": {"stud": True}}
    assert settings.fit_stud(cfg) is True and cfg["rules"]["stud"] is False


def test_summary_lines():
    d = {"stud": True, "ante": 2, "bet": 5}
    assert settings.describe("indian", d) == [
        "Ante 2, bet 5", "Fixed limit", "Cap 4 bets a round", "Bet 10 from round 3", "Forehead Stud",
        "4 forehead + 3 hole", "5 betting rounds", "Best 5 of 7 cards", "Poker hand ranking", "Ties split the pot"]
    for line in settings.describe("indian", d):
        assert len(line) <= 21                              # one line of the screen each
    assert settings.describe("indian", {"stud": True, "structure": "pot"})[1:3] == ["Pot limit", "Forehead Stud"]
    assert settings.label("indian", "stud") == "Game" and settings.value_text("indian", True, "stud") == "Forehead Stud"
    assert settings.value_text("indian", False, "stud") == "Indian Poker"


def walk_stud():
    """(name, hash, lit pixels) of the frames; the rig driven by presses only."""
    out = []
    rig = Rig(seed=5)
    app = rig.app

    def snap(name):
        rig.draw()
        out.append((name, frame_hash(rig.buf), lit(rig.buf)))

    app.cfg["names"] = list(LONG)
    rig.press(DOWN, 2)
    rig.press(OK)                                   # Indian Poker
    rig.press(LEFT, 10)
    rig.press(RIGHT, 5)                             # 7 players
    rig.press(OK)
    rig.press(DOWN, 12)
    rig.press(OK)                                   # names, chips, ante, betting, preset as they are
    rig.press(OK)
    rig.press(OK)
    rig.press(OK)
    rig.press(OK)
    assert app.mode == modes.M_RULES
    rig.press(DOWN, STUD_ROW)
    rig.press(RIGHT)
    snap("stud-rule-row")
    assert app.cfg["players"] == 7 and app.cfg["rules"]["stud"] is True
    rig.press(OK)
    assert app.mode == modes.M_SUMMARY
    rig.press(DOWN, 8)
    snap("stud-summary")
    rig.press(UP, 20)
    rig.press(OK)
    rig.press(OK)                                   # the seal
    while app.engine.rounds < 5 or app.mode != modes.M_GATE:
        if app.mode == modes.M_GATE:
            rig.press(OK)
        select(rig, "check")
        rig.press(OK)
    rig.press(OK)
    assert app.mode == modes.M_TURN and app.screen.up_count == 4 and len(app.screen.shown[app.screen.viewer]) == 3
    snap("stud-turn-last-round")
    while app.mode in (modes.M_GATE, modes.M_TURN):
        if app.mode == modes.M_GATE:
            rig.press(OK)
        select(rig, "check")
        rig.press(OK)
    assert app.mode == modes.M_SHOWDOWN
    snap("stud-showdown")
    rig.press(LEFT)
    return out


GOLDEN_STUD = [
    ('stud-rule-row', 2180451116, 2808),
    ('stud-summary', 1663756225, 2162),
    ('stud-turn-last-round', 1299865455, 3478),
    ('stud-showdown', 3997072018, 2363),
]


def test_stud_frames_match_golden():
    got = walk_stud()
    assert [g[0] for g in got] == [g[0] for g in GOLDEN_STUD]
    for g, want in zip(got, GOLDEN_STUD):
        assert g == want, (g, want)


def test_a_saved_stud_session_is_checked():
    """The save's validation (ui/snapcheck.py) continues a Forehead Stud session and refuses its rules out of range."""
    from dealerbox.ui.snapcheck import check
    rig = Rig(seed=8)
    setup(rig, "indian", 3, rule_rights={STUD_ROW: 1})
    app = rig.app
    rig.press(OK)
    select(rig, "check")
    rig.press(OK)
    snap = app.snapshot()
    assert snap["cfg"]["rules"]["stud"] is True and check(snap) is None
    snap["cfg"]["rules"]["low"] = True
    assert str(check(snap)) == "house rules out of range (Forehead Stud plays poker hands: not with Low Indian)"
    snap["cfg"]["rules"]["low"] = False
    snap["cfg"]["rules"]["stud"] = "yes"
    assert str(check(snap)) == "house rules out of range (stud is on or off (true/false), not 'yes')"


def test_redrawing_the_stud_screens_allocates_nothing():
    """Under MicroPython (the unix port's ``micropython.mem_total``): drawing a Forehead Stud turn of the last
    round (six others' forehead cards) and its showdown again allocates 0 bytes, as every screen of the box
    (tests/host/test_redraw_alloc.py plays the other games; the box plays one game a session, so this one is
    measured here, in a heap of its own)."""
    import gc

    import micropython
    from support import MICROPYTHON
    total = getattr(micropython, "mem_total", None)
    rig = Rig(seed=5)
    setup(rig, "indian", 7, rule_rights={STUD_ROW: 1})
    app = rig.app
    measured = []
    up = None
    while app.mode in (modes.M_GATE, modes.M_TURN):
        if app.mode == modes.M_GATE:
            rig.press(OK)
        if app.engine.rounds == 5 and not measured:
            measured.append(_draw_cost(rig, gc, total, MICROPYTHON))
        up = app.screen.up_count
        select(rig, "check")
        rig.press(OK)
    assert app.mode == modes.M_SHOWDOWN and up == 4
    measured.append(_draw_cost(rig, gc, total, MICROPYTHON))
    assert measured == [0, 0]


def _draw_cost(rig, gc, total, mp):
    """Bytes allocated by 5 redraws of the current screen (0 where the port cannot count them)."""
    rig.draw()
    if not (mp and total):
        return 0
    gc.collect()
    t = total()
    for _ in range(5):
        rig.draw()
    return total() - t


def test_a_folded_seats_forehead_card_is_struck_through_on_the_others_turns():
    # a new user: "folded players' cards stay on everyone's turn screen with no folded mark"
    from dealerbox.ui import foreheads
    for rights in (None, {STUD_ROW: 1}):
        rig = Rig(seed=5)
        setup(rig, "indian", 3, rule_rights=rights)
        app = rig.app
        bettor = app.engine.to_act
        act(rig, "bet")
        folder = app.engine.to_act
        act(rig, "fold")
        struck = []
        real = foreheads._struck
        foreheads._struck = lambda cv, x, w, got=struck: got.append((x, cv.y, w))
        try:
            rig.press(OK)                           # the third seat's turn, drawn once
            assert app.mode == modes.M_TURN and app.screen.viewer not in (bettor, folder)
        finally:
            foreheads._struck = real
        k = 0 if folder < bettor else 1             # the folder's place among the two others (seat order)
        x = (1 + k * 43, 20, 40) if rights is None else (1 + k * 64, 20, 62)
        assert struck == [x], (rights, struck)      # the folder's card struck through, not the bettor's

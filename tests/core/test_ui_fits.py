"""Every screen fits the 128x64 frame at its longest content: 10 players (5 in Turkish Poker), names of the
longest length allowed (``MAX_NAME`` letters), the largest starting chips and a stack of 6 digits. The canvas
counts every glyph cut by an edge and every text that runs into the next one (``Canvas.clipped``); each
frame drawn on the way must count none. Every test runs in each language the box has a table for
(``lang_util.present``: English, and French, Italian, German, Turkish once their tables are there), the
language named in the failure. Runs under pytest and under MicroPython (tests/mp_run.py)."""

from app_util import DOWN, LEFT, LONG, OK, RIGHT, UP, ReportStore, Rig, every_setup_value, setup
from autoplay_util import _choose
from dealerbox.reason import Reason
from dealerbox.rng import SeededEntropy
from dealerbox.ui import modes
from lang_util import in_language, present

BIG_STACK = 999999


class FitRig(Rig):
    """A rig that checks each frame it draws for clipped text and keeps what it found."""

    def __init__(self, seed, store=None):
        self.bad = []
        self.frames_checked = 0
        Rig.__init__(self, seed=seed, store=store)

    def draw(self):
        Rig.draw(self)
        app = self.app
        self.frames_checked += 1
        if app.canvas.clipped:
            rows = app.screen.rows[app.screen.top:app.screen.top + 5] if app.screen.rows else []
            sc = app.screen
            self.bad.append((app.mode, sc.title, getattr(sc, "info", ""), sc.msg, sc.hint, rows))


def _between_tour(rig):
    """Every item of the between-hands menu once (and back), the table menu from a gate too."""
    app = rig.app
    for i in range(1, len(modes.BETWEEN_ITEMS) - 1):
        rig.press(UP, 6)
        rig.press(DOWN, i)
        rig.press(OK)
        if app.mode == modes.M_REBUY:
            rig.press(RIGHT, 12)                    # the largest rebuy
            rig.press(DOWN, 12)
            rig.press(OK)                           # "Done"
        else:
            rig.press(DOWN, 30)                     # scroll to the end of the list
            rig.press(OK)
        assert app.mode == modes.M_BETWEEN, app.mode
    rig.press(UP, 6)


def _play(rig, game, players, hands, seed, rule_rights=None):
    rig.app.cfg["names"] = list(LONG)
    setup(rig, game, players, chips=10000, rule_rights=rule_rights)
    app = rig.app
    app.table.stacks[0] += BIG_STACK - app.table.stacks[0]
    app.table.bought_in[0] = BIG_STACK
    read = SeededEntropy(seed).read
    played = 0
    toured = False
    for _ in range(3000):
        m = app.mode
        if m == modes.M_END:
            break
        if m == modes.M_TURN:
            kinds = [o.kind for o in app.engine.legal_actions()]
            shown = [o.kind for o in app.screen.opts]
            pick = _choose(kinds, read)
            rig.press(RIGHT, (shown.index(pick) - app.screen.oi) % len(shown))
            if pick == "draw":
                rig.press(UP)
            else:
                rig.press(UP, 30, long=True)        # the largest amount
            rig.press(OK)
            if app.screen.armed:
                rig.press(OK)
            if app.mode == modes.M_TURN and app.screen.msg and app.engine.to_act is not None:
                rig.press(RIGHT)
        elif m == modes.M_GATE and not toured and played == 0:
            rig.press(OK, long=True)                # the table menu
            rig.press(DOWN, 2)
            rig.press(OK)                           # Rules in force
            rig.press(DOWN, 30)
            rig.press(OK)                           # back to the menu, on "Rules"
            rig.press(UP, 2)
            rig.press(OK)                           # back to game
            toured = True
        elif m == modes.M_BETWEEN:
            played += 1
            if played == 1:
                _between_tour(rig)
            if played >= hands:
                rig.press(DOWN, 5)
                rig.press(OK)
            rig.press(OK)
        elif m in (modes.M_SHOWDOWN, modes.M_AWARDS, modes.M_STANDINGS, modes.M_END, modes.M_SETTLE):
            rig.press(DOWN, 12)                     # every line of a long list
            rig.press(OK)
        else:
            rig.press(OK)
    assert played >= 1


def fits(game, players, seed, rule_rights=None):
    """Play ``game`` at ``players`` through every screen (``_play``; ``rule_rights`` as for ``app_util.setup``: a
    house rule's row -> RIGHT presses) in every language present; no frame may clip. Returns the English run's
    rig. Each game has a module of its own (test_ui_fits_*.py): under MicroPython each runs in a fresh heap, as the
    box plays one game."""
    rigs = [in_language(code, _fits, game, players, seed, code, rule_rights) for code in present()]
    return rigs[0]


def _fits(game, players, seed, code, rule_rights):
    rig = FitRig(seed)
    _play(rig, game, players, 3, seed, rule_rights)
    assert rig.frames_checked > 50
    assert not rig.bad, (code, rig.bad[:4])
    return rig


def test_setup_screens_fit_with_every_value_of_every_rule():
    for code in present():
        in_language(code, _setup_fits, code)


def _setup_fits(code):
    rig = FitRig(7)                                 # the language row and the list of languages
    rig.press(DOWN, 5)
    rig.press(OK)
    assert rig.app.mode == modes.M_LANG
    rig.press(DOWN, 5)
    rig.press(LEFT)
    moves = len(present()) - 1 - present().index(code)     # the list opens on the language spoken
    assert rig.app.mode == modes.M_GAME and rig.frames_checked == 6 + moves   # each press drew
    assert not rig.bad, (code, rig.bad)
    for gi in range(3):
        rig = FitRig(7)
        app = rig.app
        app.cfg["names"] = list(LONG)
        every_setup_value(rig, gi)
        assert rig.frames_checked > 60
        assert not rig.bad, (code, rig.bad[:4])


def _long_table():
    """A FitRig whose 10-player Teen Patti table, every name of the longest, is set up (at its first gate)."""
    rig = FitRig(2)
    rig.app.cfg["names"] = list(LONG)
    setup(rig, "teen-patti", 10, chips=10000)
    return rig


def test_resume_screens_fit_and_open_on_their_first_line():
    for code in present():
        in_language(code, _resume_fits, code)


def _resume_fits(code):
    rig = _long_table()
    live = rig.app.snapshot()
    cfg = rig.app.cfg
    rig = None
    cut = Reason("truncated (%d of %d bytes)", 8, 15)
    for report in (None, [Reason("Save damaged: %s", "used the previous one")],
                   [Reason("Save damaged (%s): the one before it is used.", cut),
                    Reason("A partial hand log (%d bytes) was removed.", 37)]):
        r = FitRig(2, store=ReportStore(live, report))
        app = r.app
        assert app.mode == modes.M_RESUME and app.screen.top == 0, (app.screen.top, app.screen.rows)
        if report is not None:          # the report first, on a screen of its own from its first line
            assert app.screen.sel == -1 and (code != "en" or app.screen.title == "Read this first")
            r.press(DOWN, 3)
            r.press(UP, 3)
            assert app.screen.top == 0
            r.press(OK)
        s = app.screen
        assert s.saved_live and s.sel < 5 and (code != "en" or s.title == "Restart mid-hand!")
        r.press(DOWN, 3)
        r.press(UP, 3)
        assert not r.bad, (code, r.bad[:4])
    for game, players in (("teen-patti", 10), ("turkish", 5), ("indian", 10)):
        saved = {"v": 1, "cfg": {"game": game}, "table": {"names": LONG[:players]}, "hand_no": 12}
        r = FitRig(2, store=ReportStore(None, None))
        r.app.cfg = cfg
        from dealerbox.ui.offer import ResumeScreen
        offer = ResumeScreen(r.app)
        offer.saved = saved
        r.app.go(offer)
        r.draw()
        if code == "en":
            assert r.app.screen.title == "Saved: " + {"teen-patti": "Teen Patti", "turkish": "Turkish Poker",
                                                "indian": "Indian Poker"}[game]
            assert r.app.screen.rows[0] == ("%d players, hand 12" % players, None)
        assert not r.bad, (code, r.bad[:4])


def test_the_not_saved_notice_and_gate_fit_with_every_reason():
    """"Not saved: flash error 21" (25 letters) ran off the 21 of the title bar: a reason too long for it goes on the
    notice's footer under the title "Not saved", and the gate's title is "Not saved"; "Not saved: flash full" fits
    and stays. Every language, errno 28 (the flash full), 21 and 110."""
    for code in present():
        in_language(code, _not_saved_fits, code)


def _not_saved_fits(code):
    rig = _long_table()
    app = rig.app
    assert app.mode == modes.M_GATE
    said = []
    drawn = rig.frames_checked
    for errno in (28, 21, 110):
        app.unsaved = None
        app.not_saved(OSError(errno))       # a write failed: the notice
        rig.draw()
        assert app.mode == modes.M_NOSAVE
        said.append((app.screen.title, app.screen.hint))
        rig.press(OK)                               # "Keep playing": the gate, its title says it
        assert app.mode == modes.M_GATE
        said.append(app.screen.title)
    assert rig.frames_checked == drawn + 6       # each notice and each gate drawn
    assert not rig.bad, (code, rig.bad)
    if code == "en":
        assert said == [("Not saved: flash full", "Free room: old logs"), "Not saved: flash full",
                        ("Not saved", "flash error 21"), "Not saved", ("Not saved", "flash error 110"), "Not saved"]


def test_the_canvas_counts_clipped_text():
    import framebuf
    from dealerbox.ui import widgets
    from dealerbox.ui.canvas import Canvas
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    cv = Canvas(fb)
    cv.text("x" * 21, 1, 0)
    assert cv.clipped == 0                          # 1 + 21 * 6 - 1 = 126: fits
    cv.text("x" * 22, 1, 10)
    assert cv.clipped == 1                          # the 22nd letter is cut at x 127
    cv.clear()
    widgets.rows_list(cv, [("Muhammad: karanlik", 5000)], -1, 0)
    assert cv.clipped == 1                          # the number runs into the label
    cv.clear()
    cv.text("y", 0, 58)
    assert cv.clipped == 1                          # past the bottom edge

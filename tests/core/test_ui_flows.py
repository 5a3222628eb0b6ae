"""The flows a table gets right first time (issue 14): Pack last and asked twice when chips are at stake, End
session asked twice, the between-hands cursor kept after Rules/Standings, names with the sources' letters and
kept across sessions (the Turkish draw's new hand: test_ui_draw.py, a heap of its own under MicroPython). Runs
under pytest and under MicroPython (tests/mp_run.py)."""

from app_util import DOWN, LEFT, OK, RIGHT, UP, Rig, act, name_presses, setup
from dealerbox.ui import modes


def test_pack_is_last_and_asked_twice_once_chips_beyond_the_boot_are_in():
    rig = Rig(seed=7)
    setup(rig, "teen-patti", 3)
    app = rig.app
    rig.press(OK)                                   # the first player's turn
    kinds = [o.kind for o in app.screen.opts]
    assert kinds[0] == "see" and kinds[-1] == "pack", kinds
    assert kinds[app.screen.oi] == "blind"                 # the default: the blind bet; LEFT sees the cards
    act(rig, "blind")                               # 1 more chip in: beyond the boot
    for _ in range(2):
        act(rig, "blind")
    rig.press(OK)                                   # the first player again, 2 chips in (boot 1 + blind 1)
    seat = app.screen.viewer
    stack = app.table.stacks[seat]
    rig.press(LEFT, 2)                              # blind (the default) -> see -> pack, the last
    assert app.screen.opts[app.screen.oi].kind == "pack"
    rig.press(OK)
    assert app.mode == modes.M_TURN and app.screen.armed and app.screen.msg == "Pack? OK again"
    rig.press(RIGHT)                                # anything else: no pack
    assert not app.screen.armed and app.screen.msg == "" and app.screen.opts[app.screen.oi].kind == "see"
    rig.press(LEFT)
    rig.press(OK)
    rig.press(OK)                                   # asked twice: packed
    assert app.mode == modes.M_GATE and app.engine.to_act != seat and app.table.stacks[seat] == stack


def test_pack_at_the_boot_alone_is_not_asked_again():
    rig = Rig(seed=7)
    setup(rig, "teen-patti", 3)
    app = rig.app
    rig.press(OK)
    seat = app.screen.viewer
    rig.press(LEFT, 2)                              # see -> pack (the last)
    assert app.screen.opts[app.screen.oi].kind == "pack"
    rig.press(OK)
    assert app.mode == modes.M_GATE and not app.engine.is_live(seat)


def _to_between(rig):
    app = rig.app
    for _ in range(200):
        if app.mode == modes.M_BETWEEN:
            return
        if app.mode == modes.M_TURN:
            kinds = [o.kind for o in app.screen.opts]
            rig.press(RIGHT, (kinds.index("pack") - app.screen.oi) % len(kinds))
            rig.press(OK)
            if app.screen.armed:
                rig.press(OK)
        else:
            rig.press(OK)
    raise AssertionError("no end of hand")


def test_between_hands_cursor_stays_and_end_session_is_asked_twice():
    rig = Rig(seed=7)
    setup(rig, "teen-patti", 3)
    app = rig.app
    _to_between(rig)
    rig.press(DOWN, 3)                              # Rules
    rig.press(OK)
    assert app.mode == modes.M_RULESVIEW
    rig.press(OK)
    assert app.mode == modes.M_BETWEEN and modes.BETWEEN_ITEMS[app.screen.sel] == "Rules"
    rig.press(UP, 2)                                # Standings
    rig.press(OK)
    rig.press(OK)
    assert app.mode == modes.M_BETWEEN and modes.BETWEEN_ITEMS[app.screen.sel] == "Standings"
    rig.press(DOWN, 4)                              # End session
    rig.press(OK)
    assert app.mode == modes.M_BETWEEN and app.screen.armed and app.screen.msg == "End session? OK again"
    rig.press(UP)                                   # not ended: the menu as it was
    assert app.mode == modes.M_BETWEEN and not app.screen.armed and app.screen.msg == ""
    rig.press(OK)
    assert app.mode == modes.M_BETWEEN and app.screen.armed
    rig.press(OK)
    assert app.mode == modes.M_END


def test_names_with_the_sources_letters_and_few_presses():
    from dealerbox.ui import font
    rig = Rig(seed=7)
    app = rig.app
    rig.press(OK)
    rig.press(OK)                                   # names, the cursor on "Done"
    assert app.mode == modes.M_NAMES and app.screen.sel == 4
    rig.press(UP, 4)
    rig.press(OK)
    assert app.mode == modes.M_NAME and app.screen.edit == "P1"    # from the seat's name
    rig.press(LEFT, long=True)
    rig.press(LEFT, long=True)
    rig.press(UP)
    assert app.screen.edit == "A"                  # an empty name: from the first capital
    before = rig.frames
    rig.press(RIGHT)                                # "Aa": the letter before, small
    rig.press(UP, long=True)                        # 10 letters on: "k"
    rig.press(UP, 3)
    rig.press(RIGHT)                                # "Ann": the double letter for free
    assert app.screen.edit == "Ann" and rig.frames - before == 6
    rig.press(OK)
    assert app.cfg["names"][0] == "Ann"
    rig.press(OK)                                   # seat 2
    name_presses(rig, "Ayşe")
    rig.press(OK)
    name_presses(rig, "Gökçe")
    rig.press(OK)
    name_presses(rig, "İĞÇÑßı")
    assert app.cfg["names"][1:4] == ["Ayşe", "Gökçe", "İĞÇÑßı"]
    for name in app.cfg["names"][1:4]:
        for ch in name:
            assert font.has(ord(ch)), ch
    assert not font.has(ord("\u0416"))              # a letter the font lacks is drawn as a hollow box



def test_a_name_typed_once_is_offered_at_the_next_session():
    from dealerbox.store.saves import Store
    from store_util import _tmpdir
    d = _tmpdir()
    rig = Rig(seed=7, store=Store(d))
    app = rig.app
    setup(rig, "teen-patti", 3, names=["Ayşe", "Ben"])
    assert Store(d).load_names()[1] == ["Ayşe", "Ben"]
    assert Store(d).load_names() == (app.cfg["names"], ["Ayşe", "Ben"])
    rig = Rig(seed=8, store=Store(d))                   # the next boot: the session is on the store
    app = rig.app
    assert Store(d).load_names()[1] == ["Ayşe", "Ben"]
    assert app.mode == modes.M_RESUME and app.cfg is None   # a save offered: no config made (no setup code loaded)
    rig.press(DOWN, 2)                                 # (continue, void) New session
    rig.press(OK)
    assert app.mode == modes.M_GAME and app.cfg["names"][:3] == ["Ayşe", "Ben", "P3"]
    rig.press(OK)
    rig.press(OK)                                      # the names
    rig.press(UP, 12)
    rig.press(DOWN, 2)
    assert app.mode == modes.M_NAMES and app.screen.hint == "\x1c seat \x18name OK edit"
    rig.press(RIGHT)                                   # seat 3: the names remembered, newest first
    assert app.cfg["names"][2] == "Ayşe"
    rig.press(RIGHT)
    assert app.cfg["names"][2] == "Ben"
    rig.press(RIGHT)
    assert app.cfg["names"][2] == "Ayşe"
    rig.press(RIGHT)
    rig.press(UP)
    rig.press(OK)                                      # seat 2 "Ben": edited to a new name
    name_presses(rig, "Zoé")
    assert app.cfg["names"][:3] == ["Ayşe", "Zoé", "Ben"]
    rig.press(DOWN, 12)
    for _ in range(7):                                 # on to the summary, then deal
        rig.press(OK)
    assert app.mode == modes.M_SEAL
    assert Store(d).load_names()[1] == ["Ayşe", "Zoé", "Ben"]


def _pack_to(rig, hand=None):
    """Every seat packs until the session's end (``M_END``), or until deal ``hand`` is over."""
    app = rig.app
    for _ in range(400):
        if app.mode == modes.M_END or hand and app.engine.hand_no == hand and app.engine.phase == "over":
            return
        if app.mode in (modes.M_GATE, modes.M_TURN):
            act(rig, "pack")
        else:
            rig.press(OK)
    raise AssertionError(app.mode)


def test_a_new_session_of_the_same_game_does_not_end_at_the_last_ones_deal():
    """Seeds 003/004: the deals agreed are the session's own. A session of 5 deals, then a new one of the same game
    set to 10: it went on to its end screen after deal 5 (the last session's "last hand" kept in the config)."""
    from dealerbox.ui import settings

    rig = Rig(seed=3)
    app = rig.app
    length = len(settings.single_keys("teen-patti"))      # the single rules' row of the session's length
    setup(rig, "teen-patti", 2, rule_rights={length: 1})  # 5 deals
    _pack_to(rig)
    assert app.mode == modes.M_END and app.engine.hand_no == 5 and app.cfg["last_hand"] == 5
    rig.press(OK)                                       # a new session: the game screen, Teen Patti kept
    assert app.mode == modes.M_GAME and "last_hand" not in app.cfg
    setup(rig, "teen-patti", 2, rule_rights={length: 1})  # 5 -> 10 deals
    assert app.cfg["hands"] == 10
    _pack_to(rig, hand=5)
    for _ in range(6):
        if app.mode in (modes.M_GATE, modes.M_SEAL, modes.M_END):
            break
        rig.press(OK)
    assert app.mode == modes.M_SEAL and app.engine.hand_no == 5     # deal 6 is sealed: the session goes on
    _pack_to(rig)
    assert app.engine.hand_no == 10

"""The table's hands (issue 25): take back a mis-press, the table view, a misdeal, OK through from power-on in every
game, the chip value both ways, a finished session not offered again, all-in called all-in. Runs under pytest and
MicroPython."""

from app_util import DOWN, LEFT, OK, RIGHT, UP, Rig, act, select, setup
from dealerbox.engine.base import Action
from dealerbox.ui import modes
from dealerbox.ui.tableview import TableScreen
from teenpatti_support import game as tp_game


def _to_gate(rig):
    for _ in range(5):
        if rig.app.mode == modes.M_GATE:
            return
        rig.press(OK)
    assert rig.app.mode == modes.M_GATE, rig.app.mode


def _state(app):
    es = app.engine.to_state(True)
    es["log"].pop("undone", None)
    return es, app.table.to_state(True)


def _hand(seed, mispress):
    """A Teen Patti hand of 4 at ``seed``: P1 blind 1, then (``mispress``) P2 a blind chaal of 2 taken back at P3's
    gate and played again as a blind of 1; then everyone blind 1 until the pot cap ends it. Returns the app, the
    state before the mis-press and after the take-back, and the gate's title after it."""
    rig = Rig(seed=seed)
    setup(rig, "teen-patti", 4)
    app = rig.app
    act(rig, "blind", 1)
    _to_gate(rig)
    before = _state(app)
    said = None
    after = None
    if mispress:
        seat = app.engine.to_act
        act(rig, "blind", 2)                            # meant 1
        _to_gate(rig)
        assert app.engine.to_act != seat and app.screen.undo is not None
        rig.press(LEFT)
        assert app.screen.armed and app.screen.msg == "Take back? OK again"
        rig.press(OK)
        assert app.mode == modes.M_GATE and app.engine.to_act == seat
        said = app.screen.title
        after = _state(app)
    for _ in range(400):
        if app.engine.phase == "over":
            break
        _to_gate(rig)
        act(rig, "blind", 1)
    return app, before, after, said


def test_a_taken_back_action_restores_the_exact_state_and_the_log_is_the_one_without_it():
    app, before, after, said = _hand(11, True)
    seat = before[0]["to_act"]
    assert said == "Undo: P%d: blind 2" % (seat + 1)    # ("Taken back: P2: blind 2" is longer than the title bar)
    assert after == before                          # stacks, pots, turn, the whole hand (its log too)
    log = app.engine.log
    assert log["undone"] == [[seat, "blind", 2]]
    clean, _b, _a, _s = _hand(11, False)
    plain = dict(log)
    del plain["undone"]
    assert plain == clean.engine.log                # the same deal, seal and actions as without the mis-press
    assert app.table.stacks == clean.table.stacks


def test_take_back_only_until_the_next_player_acts_and_any_other_key_keeps_it():
    rig = Rig(seed=12)
    setup(rig, "teen-patti", 3)
    app = rig.app
    assert app.screen.undo is None                  # the first gate: nothing to take back
    rig.press(LEFT)
    assert not app.screen.armed
    act(rig, "blind", 1)
    _to_gate(rig)
    rig.press(LEFT)
    rig.press(RIGHT)                                # anything else: kept
    assert not app.screen.armed and app.screen.msg == "" and len(app.engine.log["actions"]) == 1
    rig.press(OK)                                   # the next player acts: no take-back from there on
    act(rig, "blind", 1)
    _to_gate(rig)
    rig.press(OK)
    rig.press(OK, long=True)                        # left through the gate: a new gate, nothing to take back
    rig.press(OK)
    assert app.mode == modes.M_GATE and len(app.engine.log["actions"]) == 2


def test_the_table_view_shows_each_seat_without_a_card():
    rig = Rig(seed=13)
    setup(rig, "teen-patti", 4, names=["Ann", "Bo", "Cy", "Dev"])
    app = rig.app
    first = app.engine.to_act
    act(rig, "see")                                 # seen: the same player again
    act(rig, "chaal", 2)
    act(rig, "pack")
    if app.mode == modes.M_TURN:                    # a pack asked twice
        rig.press(OK)
    _to_gate(rig)
    rig.press(DOWN)
    assert app.mode == modes.M_TABLE
    rig.draw()
    assert app.canvas.ncards == 0                   # no card drawn, face up or down
    e = app.engine
    names = app.table.names
    rows = [r[0] for r in app.screen.rows]
    for s in range(4):
        state = "seen" if s == first else "packed" if not e.is_live(s) else "blind"
        mark = "\x18" if s == e.to_act else " "
        assert rows[s] == "%s%s %s" % (mark, names[s], state), rows
        assert app.screen.rows[s][1] == "%d/%d" % (app.table.stacks[s], e.pb.contributed[s])
    assert app.screen.title == "Table: stack/put in"
    rig.press(OK)
    assert app.mode == modes.M_GATE
    rig.press(OK, long=True)                        # the table menu: "The table" too
    rig.press(DOWN, 3)
    rig.press(OK)
    assert app.mode == modes.M_TABLE
    rig.press(LEFT)
    assert app.mode == modes.M_MENU and app.screen.sel == modes.T_TABLE


class _Hand:
    """What the table view reads of an app: the engine and the table."""

    def __init__(self, e, t):
        self.engine = e
        self.table = t


def _states(e, t):
    """Each seat's state on the table view (the last word of its row's label)."""
    sc = TableScreen(_Hand(e, t))
    sc.build()
    return [label.split(" ")[-1] for label, _v in sc.rows]


def test_seat_states_all_in_and_folded():
    e, t = tp_game(["Ah Kd 9c", "Qs Qh 3d", "7c 7d 2s"], [100, 13, 50], {"boot": 5})
    e.apply(Action("blind", 10))
    e.apply(Action("blind", 8))                     # P2's last chips
    assert _states(e, t) == ["blind", "all-in", "blind"]
    e, t = tp_game(["Ah Kd 9c", "Qs Qh 3d", "7c 7d 2s"], [100, 100, 100], {"boot": 5})
    seat = e.to_act
    e.apply(Action("pack"))
    assert _states(e, t)[seat] == "packed" and e.phase != "over"


def test_a_misdeal_is_asked_twice_gives_every_chip_back_and_the_same_dealer_deals_again():
    rig = Rig(seed=3)
    setup(rig, "teen-patti", 4)
    app = rig.app
    dealer = app.table.dealer
    bought = list(app.table.bought_in)
    act(rig, "blind", 2)
    _to_gate(rig)
    rig.press(OK, long=True)
    rig.press(DOWN, 4)
    assert app.mode == modes.M_MENU and app.screen.rows[4][0] == "Misdeal"
    rig.press(OK)
    assert app.screen.armed and app.screen.msg == "Misdeal? OK again"
    rig.press(UP)                                   # anything else: the hand goes on
    assert not app.screen.armed and app.engine.phase != "over"
    rig.press(DOWN)
    rig.press(OK)
    rig.press(OK)
    assert app.mode == modes.M_AWARDS and app.screen.rows[0] == ("Misdeal: hand voided", None)
    log = app.engine.log
    assert log["misdeal"] is True and log["result"]["voided"] is True and log["commit"]
    assert app.table.stacks == bought               # every chip back, the boot too
    rig.press(OK)
    rig.press(OK)
    assert app.mode == modes.M_BETWEEN and app.screen.sel == modes.B_NEXT
    rig.press(OK)
    assert app.mode == modes.M_SEAL
    rig.press(OK)                                   # the seal and the cut: not cut
    assert app.engine.hand_no == 2 and app.engine.log["dealer"] == dealer    # the same dealer deals again


def test_the_table_menu_after_a_hand_offers_no_misdeal():
    rig = Rig(seed=4)
    setup(rig, "teen-patti", 2)
    app = rig.app
    for _ in range(50):
        if app.mode == modes.M_TURN:
            select(rig, "pack")
            rig.press(OK)
            if app.screen.armed:
                rig.press(OK)
        elif app.engine.phase == "over":
            break
        else:
            rig.press(OK)
    rig.press(OK, long=True)
    assert app.mode == modes.M_MENU and [r[0] for r in app.screen.rows] == ["Back to game", "Standings", "Rules"]


def _ok_through(game_row):
    rig = Rig(seed=21 + game_row)
    app = rig.app
    rig.press(DOWN, game_row)
    modes_seen = set()
    for _ in range(4000):
        rig.press(OK)
        modes_seen.add(app.mode)
        if app.engine is not None and app.engine.hand_no >= 3:
            break
    return app, modes_seen


def test_ok_through_from_power_on_plays_hands_in_every_game():
    for row, game in ((0, "teen-patti"), (1, "turkish"), (2, "indian")):
        app, seen = _ok_through(row)
        assert app.cfg["game"] == game and app.engine.hand_no >= 3, (game, app.mode)
        assert app.table.names == ["P1", "P2", "P3", "P4"]          # the defaults, no name typed
        assert modes.M_NAME not in seen and modes.M_SHOWDOWN in seen or modes.M_AWARDS in seen


def test_the_chip_value_goes_both_ways_on_the_summary():
    rig = Rig(seed=5)
    app = rig.app
    for _ in range(8):
        rig.press(OK)
    assert app.mode == modes.M_SUMMARY and app.cfg["cents"] == 0
    rig.press(RIGHT, 3)
    assert app.cfg["cents"] == 5
    rig.press(LEFT)
    assert app.cfg["cents"] == 2 and app.mode == modes.M_SUMMARY
    rig.press(LEFT, 3)                              # past off: the largest (10.00)
    assert app.cfg["cents"] == 1000 and app.mode == modes.M_SUMMARY
    rig.press(LEFT, long=True)                      # a long LEFT goes back
    assert app.mode == modes.M_RULES


def test_all_in_is_called_all_in():
    from dealerbox.ui.modes import describe
    names = ["Ben", "Anna"]
    assert describe(names, 0, Action("chaal", 82), [], True) == "Ben: all-in 82"
    assert describe(names, 0, Action("chaal", 82), [], False) == "Ben: chaal 82"


class _Bar:
    """What the action bar reads of a turn screen: the option shown, its amount, the viewer's stack."""

    def __init__(self, app, option, amount, stack):
        self.app = app
        self.opts = [option]
        self.oi = 0
        self.amount = amount
        self.viewer = 0
        self.marks = 0
        app.table.stacks[0] = stack


def test_the_action_bar_says_all_in_when_the_amount_is_the_whole_stack():
    # issue 25: "betting the whole stack shows 'Chaal 82'": said before it is made, a short call or chaal too
    from dealerbox.engine.base import Option
    from dealerbox.ui import screens
    rig = Rig(seed=3)
    setup(rig, "teen-patti", 2)
    said = []
    real = screens._action
    screens._action = lambda cv, label, amount: said.append((label, amount))
    try:
        for option, amount, stack in ((Option("chaal", 2, 10), 10, 10), (Option("chaal", 2, 10), 9, 10),
                                      (Option("call", 6, 6), 6, 6), (Option("show", 4, 4), 4, 4),
                                      (Option("pack"), 0, 5)):
            screens._action_bar(_Bar(rig.app, option, amount, stack), rig.app.canvas)
    finally:
        screens._action = real
    assert said == [("All-in", 10), ("Chaal", 9), ("All-in", 6), ("Show", 4), ("Pack", None)]


def _pack_round(rig):
    """Play on by packing (asked twice when chips are in) and OK elsewhere, until the hand is over or the session."""
    app = rig.app
    for _ in range(60):
        if app.mode in (modes.M_BETWEEN, modes.M_END):
            return
        if app.mode == modes.M_TURN:
            select(rig, "pack")
            rig.press(OK)
            if app.screen.armed:
                rig.press(OK)
        else:
            rig.press(OK)


def test_a_session_of_five_deals_announces_the_last_and_ends_with_the_settle_up():
    from dealerbox.ui import settings
    rig = Rig(seed=31)
    setup(rig, "teen-patti", 3, rule_rights={len(settings.single_keys("teen-patti")): 1})   # 5 deals
    app = rig.app
    assert app.cfg["hands"] == 5 and app.cfg["minutes"] == 0
    said = []
    for _ in range(5):
        said.append(app.last)
        _pack_round(rig)
        if app.mode == modes.M_BETWEEN:
            rig.press(UP, 6)
            rig.press(OK)                           # Next hand
            rig.press(OK)                           # the seal and the cut: not cut
    assert said == ["Hand 1 dealt", "Hand 2 dealt", "Hand 3 dealt", "Hand 4 dealt", "Last hand: 5 dealt"]
    assert app.mode == modes.M_END and app.engine.hand_no == 5 and app.table.stopped
    assert app.screen.title == "Session over: net" and ("Who gives chips:", None) in app.screen.rows


def _misdeal(rig):
    """From a gate: the table menu (a long OK), "Misdeal", OK twice, then on to the next hand's seal and its deal."""
    app = rig.app
    _to_gate(rig)
    rig.press(OK, long=True)
    rig.press(DOWN, 4)
    rig.press(OK)
    rig.press(OK)
    assert app.engine.log["misdeal"] is True and app.engine.phase == "over"
    _pack_round(rig)
    assert app.mode == modes.M_BETWEEN, app.mode
    rig.press(UP, 6)
    rig.press(OK)                                   # Next hand
    rig.press(OK)                                   # the seal and the cut: not cut


def test_a_misdeal_is_no_deal_of_the_sessions_length_and_a_voided_last_hand_is_dealt_again():
    # seed 003: "la donne est nulle et le même donneur redistribue": 5 deals agreed, 2 of them voided: 7 dealt
    from dealerbox.ui import settings
    rig = Rig(seed=31)
    setup(rig, "teen-patti", 3, rule_rights={len(settings.single_keys("teen-patti")): 1})   # 5 deals
    app = rig.app
    said = []
    for hand in range(1, 8):
        said.append(app.last)
        if hand in (2, 6):
            _misdeal(rig)
            continue
        _pack_round(rig)
        if app.mode == modes.M_BETWEEN:
            rig.press(UP, 6)
            rig.press(OK)
            rig.press(OK)
    assert said == ["Hand 1 dealt", "Hand 2 dealt", "Hand 3 dealt", "Hand 4 dealt", "Hand 5 dealt",
                    "Last hand: 6 dealt", "Last hand: 7 dealt"]
    assert app.mode == modes.M_END and app.engine.hand_no == 7 and app.cfg["voided"] == 2


class _Clock:
    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def test_a_session_by_time_survives_a_power_cut_and_ends_at_the_right_hand():
    from app_util import Rig as _Rig
    from dealerbox.rng import SeededEntropy
    from dealerbox.store.saves import Store
    from dealerbox.ui import app as appmod
    from dealerbox.ui import settings
    from store_util import _tmpdir

    class ClockRig(_Rig):
        def __init__(self, seed, store, clock):
            import framebuf
            self.buf = bytearray(1024)
            self.fb = framebuf.FrameBuffer(self.buf, 128, 64, framebuf.MONO_VLSB)
            self.app = appmod.App(SeededEntropy(seed), store=store, clock=clock)
            self.frames = 0
            self.draw()

    d = _tmpdir()
    clock = _Clock()
    rig = ClockRig(41, Store(d), clock)
    setup(rig, "teen-patti", 3, rule_rights={len(settings.single_keys("teen-patti")): 7})     # 60 min
    app = rig.app
    assert app.cfg["minutes"] == 60 and app.last == "Hand 1 dealt"
    clock.now = 40 * 60000                          # a 40-minute hand
    _pack_round(rig)
    rig.press(UP, 6)
    rig.press(OK)                                   # hand 2: 40 min played, another 40 would pass the hour
    rig.press(OK)                                   # the seal and the cut: not cut
    assert app.last == "Last hand: 2 dealt" and app.snapshot()["ms"] == 40 * 60000
    rig.press(OK)
    act(rig, "blind", 1)                            # the power goes in the middle of the last hand
    rig = app = None
    clock = _Clock()                                # the box's clock starts again from 0
    clock.now = 7
    rig = ClockRig(42, Store(d), clock)
    app = rig.app
    assert app.mode == modes.M_RESUME and app.screen.saved_live
    rig.press(OK)                                   # Continue hand
    assert app.played_ms() == 40 * 60000 and app.cfg["last_hand"] == 2
    clock.now += 5 * 60000
    assert app.played_ms() == 45 * 60000
    _pack_round(rig)
    assert app.mode == modes.M_END and app.engine.hand_no == 2


def test_forehead_stud_tags_tell_every_seat_apart():
    from dealerbox.ui.foreheads import stud_tags
    assert stud_tags(["Sam", "Sara", "Sal", "P4", "P5", "Bo", "B"]) == ["Sa", "Sr", "Sl", "P4", "P5", "Bo", "B"]
    assert stud_tags(["Ann", "Ann2", "An"]) == ["An", "A2", "An"[:1] + "3"]

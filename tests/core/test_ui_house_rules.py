"""House rules on the setup screens (issue 14): a pot cap is never offered at or below what the boots put in
(every hand would end at the deal); the new house rules' rows. Driven by presses. Both interpreters."""

from app_util import DOWN, LEFT, OK, RIGHT, UP, Rig
from dealerbox.ui import modes, settings


def _to(rig, mode, players=4, boot_rights=0):
    app = rig.app
    rig.press(OK)                                    # Teen Patti
    assert app.mode == modes.M_PLAYERS
    rig.press(LEFT, 10)
    rig.press(RIGHT, players - 2)
    rig.press(OK)
    rig.press(DOWN, 12)
    rig.press(OK)                                    # names: Done
    rig.press(OK)                                    # chips 100
    assert app.mode == modes.M_BOOT
    rig.press(RIGHT, boot_rights)
    while app.mode != mode:
        rig.press(OK)


def test_the_pot_cap_is_offered_only_above_what_the_boots_put_in():
    assert settings.rule_choices("teen-patti", "pot_cap", 100)[:4] == [0, 1, 2, 5]
    cfg = {"players": 10, "rules": {"boot": 5}}
    assert settings.rule_choices("teen-patti", "pot_cap", 100, cfg)[:4] == [0, 100, 200, 500]
    cfg = {"players": 4, "rules": {"boot": 5}}
    assert settings.rule_choices("teen-patti", "pot_cap", 100, cfg)[:3] == [0, 50, 100]
    rig = Rig(seed=3)
    app = rig.app
    _to(rig, modes.M_STRUCT, players=10, boot_rights=2)          # boot 5: the boots put in 50
    assert app.cfg["rules"]["boot"] == 5
    rig.press(UP, 10)
    rig.press(DOWN, settings.betting_keys("teen-patti").index("pot_cap"))
    rig.press(RIGHT)
    assert app.cfg["rules"]["pot_cap"] == 100                    # not 1, 2, 5, 10, 20 or 50
    rig.press(LEFT)
    assert app.cfg["rules"]["pot_cap"] == 0
    rig.press(LEFT)                                              # wraps to the top of the ladder
    assert app.cfg["rules"]["pot_cap"] == 1000


def test_raising_the_boot_moves_a_pot_cap_above_the_boots():
    rig = Rig(seed=3)
    app = rig.app
    _to(rig, modes.M_STRUCT, players=4)
    rig.press(UP, 10)
    rig.press(DOWN, settings.betting_keys("teen-patti").index("pot_cap"))
    rig.press(RIGHT)
    assert app.cfg["rules"]["pot_cap"] == 5                      # boot 1 x 4 players = 4
    rig.press(LEFT, long=True)                                   # back to the boot
    assert app.mode == modes.M_BOOT
    rig.press(RIGHT)                                             # boot 2: 8 in boots
    assert app.cfg["rules"]["boot"] == 2 and app.cfg["rules"]["pot_cap"] == 10


def test_joker_hunt_shows_the_wild_rank_on_the_gate_the_turn_and_the_showdown():
    from app_util import select, setup
    from dealerbox.ui.modes import wild_info, wild_name

    assert wild_name(8) == "10" and wild_name(5) == "7" and wild_name(12) == "A"
    assert wild_info(17, "2", 5) == "Pot 17 stake 2 wild 7"
    assert wild_info(170, "20", 8) == "Pot 170 st 20 wild 10"
    assert wild_info(17000, "3.5", 8) == "Pot 17000  wild 10"
    rig = Rig(seed=5)
    setup(rig, "teen-patti", 2, rule_rights={0: 2})                # Variant: classic -> AK47 -> Joker Hunt
    app = rig.app
    e = app.engine
    assert app.cfg["rules"]["variant"] == "joker-hunt" and e.wild is not None
    w = wild_name(e.wild)
    assert app.mode == modes.M_GATE and app.screen.info == "Pot 2 stake 1 wild " + w
    rig.press(OK)
    assert app.mode == modes.M_TURN and app.screen.info == "Pot 2 stake 1 wild " + w
    select(rig, "blind")
    rig.press(OK)                                                  # blind 1
    while app.mode != modes.M_TURN:
        rig.press(OK)
    select(rig, "show")                                            # a blind player asks for the show: 1
    rig.press(OK)
    assert app.mode == modes.M_SHOWDOWN and app.screen.title == "Showdown  wild " + w


def test_the_new_house_rules_on_the_rules_screen_and_the_summary_in_words():
    from app_util import setup

    d = {"forced": "two-blinds", "higher_limits": True}
    lines = settings.describe("teen-patti", d)
    assert lines[-2:] == ["Blinds: half + boot", "Chaal: no upper limit"]
    for f, line in (("half", "Ante: half the boot"), ("quarter", "Ante: quarter of boot"),
                    ("dealer", "Dealer antes for all"), ("one-blind", "One blind: the boot"),
                    ("half-blind", "One blind: half boot")):
        got = settings.describe("teen-patti", {"forced": f})
        assert got[-1] == line and len(line) <= 21, got
    assert "Ante" not in " ".join(settings.describe("teen-patti", {}))
    keys = settings.single_keys("teen-patti")
    rig = Rig(seed=7)
    setup(rig, "teen-patti", 4, stake=2, rule_rights={keys.index("forced"): 6, keys.index("higher_limits"): 1})
    app = rig.app
    assert app.cfg["rules"]["forced"] == "two-blinds" and app.cfg["rules"]["higher_limits"] is True
    e = app.engine
    assert e.pot_total() == 3 and app.table.stacks == [100, 99, 98, 100] and e.to_act == 3   # P1 deals
    assert settings.forced_chips("teen-patti", app.cfg["rules"], 4) == 3
    assert settings.rule_choices("teen-patti", "pot_cap", 100, app.cfg)[:3] == [0, 5, 10]

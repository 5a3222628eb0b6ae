"""Settling up (dealerbox.engine.settle), on both interpreters: nets in chips (a carried pot given back),
money in whole cents, who pays whom in at most players - 1 transfers, the rule for nets that do not sum
to zero, money text."""

from dealerbox.engine.settle import balance, money, nets, transfers


def _paid(ts, n):
    got = [0] * n
    for payer, payee, amount in ts:
        assert amount > 0 and payer != payee
        got[payer] -= amount
        got[payee] += amount
    return got


def test_nets_count_every_rebuy_and_a_carried_pot():
    # Anna bought in 100 then rebought 50 (150), Ben 100, Carla 100; a dead pot of 6 carried (2 each)
    assert nets([160, 70, 114], [150, 100, 100]) == [10, -30, 14]
    assert nets([158, 68, 112], [150, 100, 100], [2, 2, 2]) == [10, -30, 14]


def test_greedy_largest_debtor_to_largest_creditor():
    # 4 players, 0.10 a chip: +50, -30, +10, -30 chips -> cents
    cents = [n * 10 for n in (50, -30, 10, -30)]
    assert transfers(cents) == [(1, 0, 300), (3, 0, 200), (3, 2, 100)]
    assert _paid(transfers(cents), 4) == cents


def test_nobody_owes_and_two_players():
    assert transfers([0, 0, 0]) == []
    assert transfers([-125, 125]) == [(0, 1, 125)]


def test_at_most_players_minus_one_transfers():
    cases = ([5, -1, -1, -1, -1, -1], [-7, 3, 2, 1, 1, 0, 0, 0, 0, 0], [1, 1, 1, 1, -4], [-5, 5, -5, 5])
    for cents in cases:
        ts = transfers(cents)
        assert len(ts) <= len(cents) - 1 and _paid(ts, len(cents)) == cents, cents


def test_nets_that_do_not_sum_to_zero_are_balanced_by_the_documented_rule():
    # 3 cents more owed to the creditors than the debtors pay: each cent off the largest creditor left,
    # 50 -> 49 -> 48 (seat 0), then 48 against 48: the lower seat, 47
    assert balance([50, -51, 48, -44]) == [47, -51, 48, -44]
    assert balance([50, -52, 50, -44]) == [48, -52, 48, -44]
    # 2 cents more paid than owed: the largest debtor left pays a cent less, twice
    assert balance([30, -20, -12]) == [30, -18, -12]
    assert balance([30, -16, -16]) == [30, -15, -15]
    assert balance([7, 5, 7]) == [0, 0, 0]                    # nobody to pay: nothing to receive
    assert balance([10, -10]) == [10, -10]
    ts = transfers([50, -51, 48, -44])
    assert _paid(ts, 4) == [47, -51, 48, -44] and len(ts) <= 3


def test_money_text():
    assert [money(c) for c in (0, 5, 10, 405, -50, -12345, 100000)] == \
        ["0.00", "0.05", "0.10", "4.05", "-0.50", "-123.45", "1000.00"]
    assert [money(c, True) for c in (0, 5, -5)] == ["0.00", "+0.05", "-0.05"]
    assert [money(c, True, ",") for c in (405, -50)] == ["+4,05", "-0,50"]


def _to_between(rig, seed):
    """Play seeded legal choices until a hand is over with chips moved, at the between-hands menu."""
    from app_util import OK, RIGHT, UP
    from autoplay_util import _choose
    from dealerbox.rng import SeededEntropy
    from dealerbox.ui import modes
    app = rig.app
    read = SeededEntropy(seed).read
    for _ in range(600):
        if app.mode == modes.M_BETWEEN and app.table.stacks != app.table.bought_in:
            return
        if app.mode == modes.M_TURN:
            kinds = [o.kind for o in app.engine.legal_actions()]    # the engine's order: the same picks
            shown = [o.kind for o in app.screen.opts]
            rig.press(RIGHT, (shown.index(_choose(kinds, read)) - app.screen.oi) % len(shown))
        if app.mode == modes.M_BETWEEN:
            rig.press(UP, 6)
        rig.press(OK)
        if app.screen.armed:                           # a pack with chips in the pot: asked twice
            rig.press(OK)
    raise AssertionError("no hand with a winner")


def test_settle_up_between_hands_counts_a_rebuy():
    from app_util import DOWN, OK, UP, Rig, setup
    from dealerbox.ui import modes
    rig = Rig(seed=2)
    setup(rig, "teen-patti", 3, money=5)            # 1 chip = 0.20
    app = rig.app
    _to_between(rig, 5)
    rig.press(DOWN, 4)
    rig.press(OK)
    assert app.mode == modes.M_SETTLE and app.screen.title == "If we stop now"
    before = list(app.screen.rows)
    t = app.table
    nets = [t.stacks[s] - t.bought_in[s] for s in range(3)]
    assert sorted(int(r[1].split(" ")[0]) for r in before[:3]) == sorted(nets)
    rig.press(OK)
    assert app.mode == modes.M_BETWEEN and modes.BETWEEN_ITEMS[app.screen.sel] == "Settle up"
    rig.press(UP, 2)                                 # Rebuy
    rig.press(OK)
    assert app.mode == modes.M_REBUY
    rig.press(OK)                                    # the first player buys the starting chips again
    assert t.bought_in[0] == 200 and t.stacks[0] == 100 + nets[0] + 100
    rig.press(OK, long=True)                         # back to the menu: nobody out of chips, on "Next hand"
    assert app.mode == modes.M_BETWEEN and app.screen.sel == modes.B_NEXT
    rig.press(DOWN, 4)
    rig.press(OK)
    assert app.mode == modes.M_SETTLE
    assert app.screen.rows == before                        # the rebuy is counted: the same nets, the same transfers
    assert before[3] == ("Who pays whom:", None)
    owed = {}
    for name, value in before[:3]:
        chips, text = value.split(" ")
        owed[name] = int(chips) * 20
        assert text == ("+" if int(chips) > 0 else "") + money(int(chips) * 20)
    for label, amount in before[4:]:
        payer, payee = label.split("\x18")
        cents = int(amount.replace(".", ""))
        owed[payer] += cents
        owed[payee] -= cents
    assert 1 <= len(before) - 4 <= 2 and all(v == 0 for v in owed.values())



def test_money_shows_the_language_s_decimal_mark():
    """In a language whose table gives "," for the decimal mark (French, Italian, German, Turkish) the chip value
    and every amount of settling up read "0,20", never "0.20"."""
    from app_util import Rig, setup
    from dealerbox import lang
    from dealerbox.ui import settings
    from dealerbox.ui.settling import settle_rows
    from langpack import use_table
    rig = Rig(seed=2)
    setup(rig, "teen-patti", 3, money=5)            # 1 chip = 0.20
    _to_between(rig, 5)
    use_table("xx", {".": ","})
    try:
        assert settings.chip_value_text(20) == "0,20" and settings.chip_value_text(1000) == "10,00"
        rows = []
        settle_rows(rig.app, rows, True)
    finally:
        lang.use("en")
    texts = [v.split(" ")[1] for _, v in rows[:3]] + [v for _, v in rows[4:]]
    assert len(texts) >= 4 and all("," in m and "." not in m for m in texts), texts
    assert settings.chip_value_text(20) == "0.20"

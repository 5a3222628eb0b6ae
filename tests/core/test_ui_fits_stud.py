"""Every screen of a Forehead Stud session (Indian Poker's rule row "Game") fits the frame at its longest content
(test_ui_fits.py says how) at the variant's most players: 7 (7 cards each of the 52)."""

from test_ui_fits import fits

STUD_ROW = 5        # the "Game" row of Indian Poker's single house rules (settings.GAME_ROWS)


def test_stud_screens_fit_at_seven_players():
    rig = fits("indian", 7, 5, rule_rights={STUD_ROW: 1})
    assert rig.app.cfg["rules"]["stud"] is True and rig.app.engine.rules["stud"] is True

"""The language choice on the Pico board (boards/pico.py, boards/loop.py, ui/langpick.py) with the fake ``machine``
of tests/host/test_hardware_board.py: every table opened in place (a table is a file read from flash), a second
one as the first, no restart; the next boot speaks the last one chosen. Stand-in tables as in
tests/core/test_ui_language.py."""

from dealerbox import lang
from dealerbox.boards import loop
from dealerbox.store.saves import Store
from dealerbox.ui import buttons as B
from dealerbox.ui import langpick, modes
from test_hardware_board import _main_module, make_board
from test_ui_language import Tables

PRESS = 60      # ms held
GAP = 100       # ms released after


def _presses(m, clock, buttons):
    """The buttons pressed one after another (short presses); returns the loop steps that play them all."""
    timeline = [(0, ())]
    t = 50
    for b in buttons:
        timeline += [(t, (b,)), (t + PRESS, ())]
        t += PRESS + GAP
    m.play(clock, timeline)
    return (t + 200) // loop.SAMPLE_MS


def test_a_second_table_is_opened_in_place_on_the_pico_and_kept_for_the_next_boot(tmp_path):
    main = _main_module()
    t = Tables()
    try:
        b, m = make_board(tmp_path=tmp_path)
        app = main["make_app"](b)
        assert app.mode == modes.M_GAME and lang.code == "en"
        # the language row, its list, Français
        loop.run(b, app, B.Debouncer(), steps=_presses(m, b.time, [B.DOWN] * 3 + [B.OK, B.DOWN, B.OK]))
        assert lang.code == "fr" and app.mode == modes.M_GAME
        assert app.screen.rows[langpick.row()] == ("Langue", "Français")
        assert Store(str(tmp_path)).load_prefs() == {"lang": "fr"}
        # Deutsch: opened in place like the first, the frame shows it at once
        loop.run(b, app, B.Debouncer(), steps=_presses(m, b.time, [B.OK, B.DOWN, B.OK, B.OK, B.OK]))
        assert lang.code == "de" and app.mode == modes.M_GAME and app.screen.sel == langpick.row()
        assert app.screen.rows[langpick.row()] == ("Sprache", "Deutsch")
        assert Store(str(tmp_path)).load_prefs() == {"lang": "de"}
        # the next boot: a fresh interpreter (English), the same flash
        lang.use("en")
        b2, m2 = make_board(tmp_path=tmp_path)
        app2 = main["make_app"](b2)
        assert lang.code == "de" and app2.mode == modes.M_GAME
        assert app2.screen.rows[langpick.row()] == ("Sprache", "Deutsch")
    finally:
        t.close()

"""The language choice on the Pico board (boards/pico.py, boards/loop.py, ui/langpick.py) with the fake ``machine``
of tests/host/test_hardware_board.py: one table loaded at a time. The first non-English table is imported in
place; choosing another one keeps it on the flash and soft-resets the board before any frame, and the box comes
back speaking it on the game screen's language row. Stand-in tables as in tests/core/test_ui_language.py."""

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


def test_a_second_table_restarts_the_pico_and_it_comes_back_in_that_language(tmp_path):
    main = _main_module()
    t = Tables()
    try:
        b, m = make_board(tmp_path=tmp_path)
        app = main["make_app"](b)
        assert app.mode == modes.M_GAME and lang.code == "en"
        # the language row, its list, Français: the first table, imported in place
        loop.run(b, app, B.Debouncer(), steps=_presses(m, b.time, [B.DOWN] * 3 + [B.OK, B.DOWN, B.OK]))
        assert app.one_table is True and m.soft_resets == 0
        assert lang.code == "fr" and app.mode == modes.M_GAME and app.rows[-1] == ("Langue", "Français")
        assert Store(str(tmp_path)).load_prefs() == {"lang": "fr"}
        shows = b.display.shows
        # Deutsch: a second table is not imported beside the first; the board restarts before any frame
        loop.run(b, app, B.Debouncer(), steps=_presses(m, b.time, [B.OK, B.DOWN, B.OK, B.OK, B.OK]))
        assert m.soft_resets == 1 and b.messages[-1] == "restarting in the language chosen"
        assert lang.code == "fr" and langpick.imported() == ["fr"]
        assert b.display.shows == shows + 1 + 2   # run's first frame, then the list open and on Deutsch only
        assert Store(str(tmp_path)).load_prefs() == {"lang": "de", "then": "setup"}
        # the soft reset: a fresh interpreter (English, no table), the same flash
        lang.use("en")
        del langpick._loaded[:]
        b2, m2 = make_board(tmp_path=tmp_path)
        app2 = main["make_app"](b2)
        assert lang.code == "de" and langpick.imported() == ["de"]
        assert app2.mode == modes.M_GAME and app2.sel == langpick.row() and app2.rows[-1] == ("Sprache", "Deutsch")
        loop.run(b2, app2, B.Debouncer(), steps=5)
        assert b2.display.shows == 1 and m2.soft_resets == 0
        assert Store(str(tmp_path)).load_prefs() == {"lang": "de"}
    finally:
        t.close()


def test_a_board_without_soft_reset_switches_in_place():
    """The simulator's and the Pi's boards have no ``soft_reset``: ``run`` leaves ``one_table`` off and every table
    is imported in place (CPython has the memory)."""
    from dealerbox.ui.app import App

    from host_tools.hostboard import HostBoard

    t = Tables()
    try:
        hb = HostBoard(seed=1)
        hb.display = None
        hb.buttons = lambda: 0
        hb.ticks_ms = lambda: 0
        hb.ticks_diff = lambda a, b: a - b
        hb.sleep_ms = lambda ms: None
        app = App(hb.entropy, store=None)
        loop.run(hb, app, B.Debouncer(), steps=1)
        assert not getattr(app, "one_table", False)
        for code in ("fr", "de", "en", "fr"):
            langpick.choose(app, code)
            assert not getattr(app, "restart", False) and app.mode == modes.M_GAME and lang.code == code
        assert langpick.imported() == ["fr", "de"]
    finally:
        t.close()

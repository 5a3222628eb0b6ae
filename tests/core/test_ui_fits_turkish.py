"""Every screen of a turkish session fits the frame at its longest content (test_ui_fits.py says how)."""

from test_ui_fits import fits


def test_turkish_screens_fit_at_five_players():
    fits("turkish", 5, 4)

"""Every screen of a indian session fits the frame at its longest content (test_ui_fits.py says how)."""

from test_ui_fits import fits


def test_indian_screens_fit_at_ten_players():
    fits("indian", 10, 5)

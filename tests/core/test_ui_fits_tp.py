"""Every screen of a teen-patti session fits the frame at its longest content (test_ui_fits.py says how)."""

from test_ui_fits import fits


def test_teen_patti_screens_fit_at_ten_players():
    fits("teen-patti", 10, 3)

"""A full scripted session of teen-patti through the app, by button presses only (both interpreters)."""

import dealerbox.games.teenpatti  # noqa: F401  (compiled first, while the heap is unfragmented)
from app_session_util import play_session


def test_teen_patti_session():
    assert play_session("teen-patti", 3, 11, 4) >= 4

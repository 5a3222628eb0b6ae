"""A full scripted session of indian through the app, by button presses only (both interpreters)."""

import dealerbox.games.indian  # noqa: F401  (compiled first, while the heap is unfragmented)
from app_session_util import play_session


def test_indian_session():
    assert play_session("indian", 4, 13, 4) >= 4

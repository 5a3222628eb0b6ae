"""A full scripted session of turkish through the app, by button presses only (both interpreters)."""

import dealerbox.games.turkish  # noqa: F401  (compiled first, while the heap is unfragmented)
from app_session_util import play_session


def test_turkish_session():
    assert play_session("turkish", 3, 12, 3) >= 3

"""What the app keeps loaded during an Indian Poker session (see test_app_memory.py), both interpreters."""

from test_app_memory import _session


def test_indian_session_loads_only_its_game_and_drops_setup():
    _session("indian", 3, 32)

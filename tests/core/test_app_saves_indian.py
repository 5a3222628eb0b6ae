"""Saves across an Indian Poker session (see test_app_saves.py), both interpreters."""

from test_app_saves import session


def test_indian_saves_read_back_as_deep_copies_and_a_new_session_starts_at_setup():
    session("indian", 3, 32)

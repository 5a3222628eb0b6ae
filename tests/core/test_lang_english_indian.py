"""No English left on the play screens of Indian Poker (issue 16, ``pseudo_util.play``). Both interpreters (a
module of its own: a fresh heap under MicroPython, as the box plays one game)."""

from pseudo_util import play


def test_indian_play_screens_say_no_english():
    play("indian", 10, 5)

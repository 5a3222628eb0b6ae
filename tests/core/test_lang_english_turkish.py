"""No English left on the play screens of Turkish Poker (issue 16, ``pseudo_util.play``), the draw's too. Both
interpreters (a module of its own: a fresh heap under MicroPython, as the box plays one game)."""

from dealerbox.ui import modes
from pseudo_util import play


def test_turkish_play_screens_say_no_english():
    rig = play("turkish", 5, 4)
    assert modes.M_DRAWN in rig.modes

"""No English left on the play screens of Teen Patti (issue 16, ``pseudo_util.play``), the sideshow's too. Both
interpreters (a module of its own: a fresh heap under MicroPython, as the box plays one game)."""

from app_util import OK, act, select, setup
from dealerbox import lang
from dealerbox.ui import modes
from pseudo_util import LangRig, check, play, use_pseudo


def test_teen_patti_play_screens_say_no_english():
    play("teen-patti", 10, 3)


def test_the_sideshow_screens_say_no_english():
    use_pseudo()
    try:
        rig = LangRig(3)
        names = ["Ann", "Kristina", "Bo", "Dev"]
        setup(rig, "teen-patti", 4, names=names)
        app = rig.app
        for k in ["see", "chaal", "see", "chaal", "see", "chaal", "see", "chaal"]:
            act(rig, k)
        rig.press(OK)
        select(rig, "sideshow")
        rig.press(OK)                           # Kristina asks Ann: Ann's gate, her answer screen
        rig.press(OK)
        assert app.screen.asked_by == "Kristina"
        act(rig, "accept")
        assert app.mode == modes.M_PEEK
        rig.press(OK)
        rig.press(OK)
        assert app.mode == modes.M_PEEK
        rig.press(OK)
        assert app.mode == modes.M_GATE
        check(rig, names, 15)
    finally:
        lang.use("en")

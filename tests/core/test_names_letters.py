"""Names as players write them (issues 14 and 16): "Ayşe", "Jérôme", "Müller", "İlkay" typed with button presses
in the name editor, dealt, written to the hand log (UTF-8) and brought back by a resume, letter for letter."""

import json

from dealerbox.store.saves import Store
from store_util import _clean, _tmpdir

NAMES = ["Ayşe", "Jérôme", "Müller", "İlkay"]


def _read(path):
    f = open(path, "rb")
    try:
        return f.read()
    finally:
        f.close()


def test_the_editor_offers_every_letter_after_the_plain_ones():
    from dealerbox.ui import font, settings

    first = settings.NAME_CHARS     # the first letter's ring; a later position's: the same from its first small letter
    later = first[first.find("a"):] + first[:first.find("a")]
    assert settings.edit_char("A*", 1, 1) == "Ab" and settings.edit_char("*", 0, 1) == "B"   # where each ring starts
    for chars in (first, later):
        for ch in chars:
            assert font.has(ord(ch)), ch
    # the plain letters first (A-Z as the first letter, a-z after it), then the accented ones by their plain letter
    assert first.startswith("ABCDEFGHIJKLMNOPQRSTUVWXYZÀÂÄÁÆÇÉÈÊËĞİÎÏÌÍÑÖÔÒÓŒŞÜÛÙÚŸ")
    assert later.startswith("abcdefghijklmnopqrstuvwxyzàâäáæçéèêëğıîïìíñöôòóœşüûùúÿß")
    for ch in "àâæçéèêëîïôœùûüÿìíòóúäößğışÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸÌÍÒÓÚÄÖĞİŞ":
        assert ch in first + later, ch
    # a new position starts from the letter before it, small: "É" -> "é", "İ" -> "i" (the Turkish pairs: İ i, I ı)
    assert settings.next_letter("J\u00c9") == "\u00e9" and settings.next_letter("\u0130") == "i"
    assert settings.next_letter("Ay\u015f") == "\u015f" and settings.next_letter("I") == "i"
    from dealerbox import lang
    lang.use("tr")
    try:
        assert settings.next_letter("I") == "\u0131" and settings.next_letter("\u0130") == "i"
        assert settings.next_letter("Ay") == "y"
    finally:
        lang.use("en")


def test_names_with_accents_are_typed_logged_and_resumed():
    import gc

    from app_util import OK, Rig, act, setup
    from dealerbox.ui import modes

    d = _tmpdir()
    try:
        rig = Rig(seed=7, store=Store(d))
        setup(rig, "teen-patti", 4, names=NAMES)            # typed by UP/DOWN/RIGHT presses in the editor
        app = rig.app
        assert app.cfg["names"][:4] == NAMES and app.table.names == NAMES
        for _ in range(3):                                   # three pack: the fourth player wins hand 1
            act(rig, "pack")
        assert app.engine.phase == "over"
        raw = _read(d + "/hands.log")
        lines = [ln for ln in raw.decode("utf-8").split("\n") if ln]
        assert len(lines) == 2 and json.loads(lines[0])["genesis"] is True      # the session's genesis, then hand 1
        assert json.loads(lines[0])["names"] == json.loads(lines[1])["names"] == NAMES
        for _ in range(10):                                  # on to hand 2, one action in
            if app.engine.hand_no == 2 and app.mode == modes.M_GATE:
                break
            rig.press(OK)
        act(rig, "blind")
        before = app.snapshot()
        rig = app = None
        gc.collect()
        again = Rig(seed=9, store=Store(d))                  # a restart mid-hand: continue
        b = again.app
        assert b.mode == modes.M_RESUME and b.screen.saved_live
        again.press(OK)
        assert b.mode == modes.M_GATE and b.snapshot() == before
        assert b.table.names == NAMES and b.screen.gate_name in NAMES
        assert Store(d).load_names()[1][:4] == NAMES         # offered again at the next session
    finally:
        _clean(d)


def test_a_name_another_seat_has_is_refused_with_the_reason():
    # a fresh user: OK, OK on every seat gave three players "A" and the gate "Pass the box to A"
    from app_util import DOWN, LEFT, OK, RIGHT, UP, Rig, name_presses
    from dealerbox import lang
    from dealerbox.ui import modes

    rig = Rig(seed=1)
    app = rig.app
    rig.press(UP, 3)
    rig.press(OK)                                   # Teen Patti
    rig.press(LEFT, 10)
    rig.press(RIGHT, 1)
    rig.press(OK)                                   # 3 players
    assert app.mode == modes.M_NAMES and app.screen.sel == 3     # on "Done": OK goes on with P1, P2, P3
    rig.press(UP, 3)
    rig.press(OK)
    assert app.mode == modes.M_NAME and app.screen.edit == "P1"   # the editor starts from the seat's name
    name_presses(rig, "A")                          # seat 1: "A"
    assert app.cfg["names"][:3] == ["A", "P2", "P3"] and app.screen.sel == 1
    rig.press(OK)
    assert app.mode == modes.M_NAME and app.screen.edit == "P2"
    while app.screen.edit:
        rig.press(LEFT, long=True)
    rig.press(UP)                                   # "A"
    assert app.screen.edit == "A"
    hint = rig.frames
    rig.press(OK)                                   # seat 2: "A" again: refused, the editor stays open
    assert app.mode == modes.M_NAME and app.screen.msg == "Seat 1 has that name" and rig.frames == hint + 1
    assert app.cfg["names"][:3] == ["A", "P2", "P3"]
    rig.press(UP)                                   # any other key: the hint again
    assert app.screen.edit == "B" and app.screen.msg == ""
    rig.press(OK)
    assert app.mode == modes.M_NAMES and app.cfg["names"][:3] == ["A", "B", "P3"]
    lang.use("fr")
    try:
        rig.press(OK)                               # seat 3
        while app.screen.edit:
            rig.press(LEFT, long=True)
        rig.press(UP)
        rig.press(OK)                               # "A": seat 1's, refused in French
        assert app.screen.edit == "A" and app.screen.msg == "Nom pris: place 1" and app.mode == modes.M_NAME
    finally:
        lang.use("en")
    rig.press(LEFT, long=True)                      # an empty name is the seat's default
    rig.press(OK)
    assert app.mode == modes.M_NAMES and app.cfg["names"][:3] == ["A", "B", "P3"]
    app.screen.known = ["Cem",
            "A"]                        # names of earlier sessions (RIGHT): another seat's too, to swap
    rig.press(UP)                                   # from Done back to seat 3
    assert app.screen.sel == 2
    rig.press(RIGHT)
    rig.press(RIGHT)
    assert app.cfg["names"][:3] == ["A", "B", "A"]
    rig.press(DOWN)
    rig.press(OK)                                   # Done: refused, on the second seat of the name
    assert app.mode == modes.M_NAMES and app.screen.sel == 2 and app.screen.msg == "Seat 1 has that name"
    rig.press(UP, 2)
    assert app.screen.sel == 0 and app.screen.msg == ""
    rig.press(RIGHT)                                # seat 1: Cem
    rig.press(DOWN, 3)
    rig.press(OK)
    assert app.mode == modes.M_CHIPS and app.cfg["names"][:3] == ["Cem", "B", "A"]

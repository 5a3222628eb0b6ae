"""The language choice (issue 16, ui/langpick.py): the "Language" row of the game screen and its list, the choice
kept in the store's ``prefs.json`` and spoken at the next boot before the first frame, damaged or unknown values
falling back to English, and one table at a time on a board that restarts for a second one. Both interpreters.

The tables here are stand-ins (table files in a folder of their own, ``Tables``) so that the plumbing is tested
before and whatever the real tables hold; ``langpick._found`` says which ones the box "has"."""

import os

from app_util import DOWN, LEFT, OK, RIGHT, UP, Rig, setup
from dealerbox import lang
from dealerbox.store.saves import PREFS, Store
from dealerbox.ui import langpick, modes, settings
from store_util import _clean, _tmpdir, _write

WORDS = {"fr": {"Language": "Langue"}, "de": {"Language": "Sprache"}}


class Tables:
    """Stand-in table files for fr and de (``lang.use`` reads them from a temporary folder: ``lang.table_dir``), offered
    with English; ``close`` puts everything back (English spoken)."""

    def __init__(self, present=("en", "fr", "de")):
        from langpack import image
        self.where = lang.table_dir
        self.dir = _tmpdir()
        for c in ("fr", "de"):
            _write(self.dir + "/" + c + ".bin", image(WORDS[c], lang.key_hash))
        lang.table_dir = (lambda d: lambda: d)(self.dir + "/")
        langpick._found = present

    def close(self):
        lang.use("en")
        lang.table_dir = self.where
        langpick._found = None
        _clean(self.dir)


def _pick(rig, name):
    """From the game screen: the language row, OK, the language named ``name`` in the list, OK."""
    app = rig.app
    rig.press(DOWN, 5)
    assert app.screen.sel == langpick.row() == len(settings.GAMES)
    rig.press(OK)
    assert app.mode == modes.M_LANG
    rig.press(UP, 5)
    while app.screen.rows[app.screen.sel][0] != name:
        before = app.screen.sel
        rig.press(DOWN)
        assert app.screen.sel != before, (name, app.screen.rows)


def test_the_game_screen_offers_the_languages_present_each_in_its_own_name():
    t = Tables()
    d = _tmpdir()
    try:
        rig = Rig(seed=1, store=Store(d))
        app = rig.app
        assert app.mode == modes.M_GAME
        assert app.screen.rows[langpick.row()] == ("Language", "English")
        assert len(app.screen.rows) == len(settings.GAMES) + 2      # (and the hands kept, the room left)
        _pick(rig, "Deutsch")
        assert app.screen.rows == [("English", None), ("Français", None), ("Deutsch", None)]
        assert app.screen.title == "Language"
        n = rig.frames
        rig.press(OK)                               # chosen: the very next frame speaks German
        assert rig.frames == n + 1 and lang.code == "de"
        assert app.mode == modes.M_GAME and app.screen.sel == langpick.row()
        assert app.screen.rows[langpick.row()] == ("Sprache", "Deutsch")
        assert Store(d).load_prefs() == {"lang": "de"}
        rig.press(RIGHT)                            # RIGHT opens the list too, on the language spoken
        assert app.mode == modes.M_LANG and app.screen.sel == 2 and app.screen.title == "Sprache"
        rig.press(UP)
        rig.press(LEFT)                             # back, nothing changed
        assert app.mode == modes.M_GAME and lang.code == "de" and Store(d).load_prefs() == {"lang": "de"}
        rig.press(UP, 5)
        rig.press(OK)                               # the games are as they were: Teen Patti
        assert app.mode == modes.M_PLAYERS and app.cfg["game"] == "teen-patti"
    finally:
        t.close()
        _clean(d)


def test_the_choice_is_spoken_at_the_next_boot_before_the_first_frame():
    t = Tables()
    d = _tmpdir()
    try:
        rig = Rig(seed=1, store=Store(d))
        _pick(rig, "Français")
        rig.press(OK)
        setup(rig, "indian", 3)                     # a session is saved
        lang.use("en")                              # the power goes: the box starts in English
        rig = Rig(seed=1, store=Store(d))
        assert lang.code == "fr" and rig.app.mode == modes.M_RESUME
        while rig.app.screen.rows[rig.app.screen.sel][0] != "New session":
            rig.press(DOWN)
        rig.press(OK)                               # New session: the game screen, in French
        assert rig.app.mode == modes.M_GAME and rig.app.screen.rows[langpick.row()] == ("Langue", "Français")
    finally:
        t.close()
        _clean(d)


def test_a_damaged_or_unknown_choice_falls_back_to_english():
    t = Tables(("en", "de"))
    d = _tmpdir()
    try:
        for data in (b'{"lang": "xx"}', b'{"lang": "fr"}', b'{"lang": 7}', b'{"lang', b"\xff\xfe[]", b"[1, 2]",
                     b'{"then": "setup"}'):
            lang.use("de")                      # whatever was spoken before: the file decides
            _write(d + "/" + PREFS, data)
            rig = Rig(seed=1, store=Store(d))
            assert lang.code == "en", data      # fr: a table this box does not have
            assert rig.app.mode == modes.M_GAME and rig.app.screen.rows[langpick.row()] == ("Language", "English")
        os.remove(d + "/" + PREFS)
        lang.use("de")
        Rig(seed=1, store=Store(d))             # no choice kept: the language is left as it is
        assert lang.code == "de"
    finally:
        t.close()
        _clean(d)


def test_prefs_are_written_whole_and_a_torn_file_reads_as_none():
    d = _tmpdir()
    try:
        s = Store(d)
        assert s.load_prefs() is None
        s.save_prefs({"lang": "it"})
        assert sorted(os.listdir(d)) == ["prefs.json"] and Store(d).load_prefs() == {"lang": "it"}
        _write(d + "/" + PREFS, b'{"lang": "i')
        assert Store(d).load_prefs() == {}
    finally:
        _clean(d)


def test_every_board_switches_tables_in_place_and_the_next_boot_offers_the_saved_session():
    """A table is a file read from flash: a second language (French, then German) is opened in place like the first,
    no restart; the store keeps the last choice, and the next boot speaks it and offers the saved session."""
    t = Tables()
    d = _tmpdir()
    try:
        rig = Rig(seed=1, store=Store(d))
        assert rig.app.mode == modes.M_GAME
        for name, code, row in (("Français", "fr", ("Langue", "Français")), ("Deutsch", "de", ("Sprache", "Deutsch")),
                                ("English", "en", ("Language", "English")), ("Deutsch", "de", ("Sprache", "Deutsch"))):
            _pick(rig, name)
            rig.press(OK)
            assert lang.code == code and rig.app.mode == modes.M_GAME and rig.app.screen.sel == langpick.row()
            assert rig.app.screen.rows[langpick.row()] == row and Store(d).load_prefs() == {"lang": code}
        setup(Rig(seed=2, store=Store(d)), "turkish", 2)  # a session saved (the box boots in German)
        lang.use("en")                              # the power goes
        rig = Rig(seed=1, store=Store(d))
        assert lang.code == "de" and rig.app.mode == modes.M_RESUME and rig.app.screen.saved is not None
    finally:
        t.close()
        _clean(d)


def test_without_tables_only_english_is_offered_and_nothing_is_written():
    langpick._found = ("en",)
    d = _tmpdir()
    try:
        rig = Rig(seed=1, store=Store(d))
        rig.press(DOWN, 5)
        rig.press(OK)
        assert rig.app.mode == modes.M_LANG and rig.app.screen.rows == [("English", None)]
        rig.press(OK)
        assert rig.app.mode == modes.M_GAME and lang.code == "en" and os.listdir(d) == []
    finally:
        langpick._found = None
        _clean(d)


def test_the_tables_present_are_found_as_files_in_the_tables_folder():
    got = langpick.present()
    base = lang.__file__.rsplit("/", 1)[0] + "/tables"
    names = os.listdir(base)
    assert got[0] == "en"
    for c in lang.codes()[1:]:
        assert (c in got) == (c + ".bin" in names), (c, names)


def test_the_choice_survives_a_power_cut_at_every_block_write():
    """``Store.save_prefs`` on littlefs2 (the Pico's filesystem, in RAM: tests/core/powercut_util.py) with the power
    going at every block write, lost or torn: the box boots with the choice before or after, whole, never a
    damaged one (MicroPython only: ``vfs``)."""
    from support import MICROPYTHON, skip
    if not MICROPYTHON:
        skip("needs MicroPython's vfs.VfsLfs2 (run by tests/mp_run.py)")
    from powercut_util import PowerCut
    kept = [None]
    pc = PowerCut(boot=lambda st: st.load_prefs(), current=lambda: kept[0])
    try:
        for prefs in ({"lang": "fr"}, {"lang": "de", "then": "setup"}, {"lang": "de"}, {"lang": "tr"}):
            kept[0] = prefs
            pc._step(lambda st, p=prefs: st.save_prefs(p), [], None)
        # every cut point tried, lost and torn; each came back as the choice before (the write that commits the
        # rename was the one cut) and the uninterrupted write as the one after (the harness checks both)
        assert pc.steps == 4 and pc.writes >= 8 and pc.cuts == 2 * pc.writes == pc.before + pc.after
    finally:
        pc.close()
    print("language choice: %d cut points, %d came back as before, %d as after" % (pc.cuts, pc.before, pc.after))


def test_a_restart_mark_of_the_earlier_firmware_is_ignored():
    """``{"lang": "de", "then": "setup"}``, kept by the firmware that restarted the Pico for a second table: the boot
    speaks German and goes on as usual, the saved session offered; the file is left as it is."""
    t = Tables()
    d = _tmpdir()
    try:
        rig = Rig(seed=2, store=Store(d))
        setup(rig, "turkish", 2)
        Store(d).save_prefs({"lang": "de", "then": "setup"})
        rig = Rig(seed=1, store=Store(d))
        assert lang.code == "de" and rig.app.mode == modes.M_RESUME and rig.app.screen.saved is not None
        assert Store(d).load_prefs() == {"lang": "de", "then": "setup"}
    finally:
        t.close()
        _clean(d)


def test_a_damaged_table_chosen_in_the_list_gives_english_and_says_so_on_the_screen():
    """The list offers Français (its file is there) but the file is damaged: English is spoken and kept, and the
    game screen's footer says "Français unreadable" (the REPL line alone is wiped by the next frame)."""
    t = Tables()
    d = _tmpdir()
    try:
        _write(t.dir + "/fr.bin", b"DBT1 not a table")
        rig = Rig(seed=1, store=Store(d))
        _pick(rig, "Français")
        rig.press(OK)
        app = rig.app
        assert lang.code == "en" and app.mode == modes.M_GAME
        assert app.screen.rows[langpick.row()] == ("Language", "English")
        assert app.screen.msg == "Français unreadable"
        assert Store(d).load_prefs() == {"lang": "en"}
    finally:
        t.close()
        _clean(d)

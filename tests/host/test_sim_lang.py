"""``make sim ARGS="--lang CODE"`` (host_tools/sim.py): the language from the first frame, kept in ``--store`` as the
setup's choice; a bad code or a table not there yet: one line, exit 2, no traceback. Stand-in tables as in
tests/core/test_ui_language.py."""

import os
import subprocess
import sys

from dealerbox import lang
from dealerbox.store.saves import Store
from test_ui_language import Tables

from host_tools import ROOT
from host_tools.sim import main as sim_main


def test_a_bad_code_is_named_with_every_code_exit_2():
    r = subprocess.run([sys.executable, "-m", "host_tools.sim", "--lang", "german"], capture_output=True, text=True,
                       cwd=ROOT, stdin=subprocess.DEVNULL, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == ("python -m host_tools.sim: error: --lang german: not a language code; the codes are "
                        "en (English), fr (Français), it (Italiano), de (Deutsch), tr (Türkçe)\n")


def test_a_language_whose_table_is_not_there_yet_says_so(capsys):
    t = Tables(("en", "de"))
    try:
        assert sim_main(["--lang", "it"]) == 2
        assert capsys.readouterr().err == (
            "python -m host_tools.sim: error: --lang it: the Italiano table (firmware/dealerbox/lang/tables/it.bin) "
            "is not there yet; the box has en (English), de (Deutsch)\n")
        assert lang.code == "en"
    finally:
        t.close()


def test_a_damaged_table_is_said_before_the_screen_exit_2(capsys):
    """``--lang fr`` with ``fr.bin`` cut short: the reason in one line on stderr before the terminal is taken (a line
    printed later would be wiped by the first frame), exit 2, English still spoken."""
    t = Tables()
    try:
        with open(t.dir + "/fr.bin", "r+b") as f:
            f.truncate(20)
        assert sim_main(["--lang", "fr"]) == 2
        assert capsys.readouterr().err == (
            "python -m host_tools.sim: error: --lang fr: %sfr.bin is damaged: 20 bytes, not 26; the box would speak "
            "English\n" % (t.dir + "/"))
        assert lang.code == "en"
    finally:
        t.close()


def test_the_language_speaks_from_the_first_frame_and_is_kept_in_the_store(tmp_path, capsys):
    t = Tables()
    try:
        script = tmp_path / "s.keys"
        script.write_text("down*3\n")
        store = tmp_path / "store"
        assert sim_main(["--lang", "fr", "--store", str(store), "--script", str(script)]) == 0
        assert lang.code == "fr" and Store(str(store)).load_prefs() == {"lang": "fr"}
        lang.use("en")
        assert sim_main(["--store", str(store), "--script", str(script)]) == 0    # kept: French again
        assert lang.code == "fr"
        lang.use("en")
        assert sim_main(["--lang", "de", "--script", str(script)]) == 0           # no store: nothing kept
        assert lang.code == "de" and Store(str(store)).load_prefs() == {"lang": "fr"}
    finally:
        t.close()


def _pi_speaks_german(tmp_path, code):
    """``python -m host_tools.pi --lang CODE`` on a fake Pi board (CODE: German in any case): the board speaks German
    and keeps it."""
    from pi_fakes import FakeTime, make_board

    from host_tools import pi as launcher
    made = {}

    def make(config_file, store_root):
        b, fake = make_board(tmp_path, time=FakeTime(stop_after=50))
        made.update(board=b)
        return b

    assert launcher.main(["--data", str(tmp_path), "--lang", code], make_board=make) == 0
    assert lang.code == "de" and made["board"].store.load_prefs() == {"lang": "de"}


def test_the_pi_launcher_takes_the_language_too(tmp_path, capsys):

    from host_tools import pi as launcher

    assert launcher.main(["--data", str(tmp_path), "--lang", "xx"], make_board=None) == 2
    assert capsys.readouterr().err.startswith("dealerbox: --lang xx: not a language code; the codes are en (English), ")
    t = Tables()
    try:
        _pi_speaks_german(tmp_path, "de")
    finally:
        t.close()


def test_screenshots_write_one_set_per_language_with_a_table(tmp_path, capsys):
    from host_tools import screenshots

    t = Tables(("en", "de"))
    try:
        assert screenshots.main([str(tmp_path)]) == 0
        assert lang.code == "en"
    finally:
        t.close()
    english = sorted(f for f in os.listdir(tmp_path) if f.endswith(".png"))
    assert len(english) == 29 and "29-language.png" in english and "01-game.png" in english
    assert sorted(os.listdir(tmp_path / "de")) == english
    assert (tmp_path / "de" / "01-game.png").read_bytes() != (tmp_path / "01-game.png").read_bytes()  # "Sprache"
    assert (tmp_path / "de" / "17-showdown.png").read_bytes() == (tmp_path / "17-showdown.png").read_bytes()
    assert capsys.readouterr().out.splitlines() == [
        "screenshots written to %s: 29 files (English)" % tmp_path,
        "screenshots written to %s: 29 files (Deutsch)" % (tmp_path / "de")]


def test_a_code_in_any_case_is_the_language_an_unknown_one_still_lists_the_codes(tmp_path, capsys):
    """``--lang FR`` is ``fr`` (sim and the Pi launcher: ``hostboard.lang_code``); ``--lang XX`` is still refused
    with the list of codes."""

    from host_tools.hostboard import lang_code, why_not

    assert lang_code(" FR ") == "fr" and why_not("De") is None
    t = Tables()
    try:
        script = tmp_path / "s.keys"
        script.write_text("down*3\n")
        store = tmp_path / "store"
        assert sim_main(["--lang", "FR", "--store", str(store), "--script", str(script)]) == 0
        assert lang.code == "fr" and Store(str(store)).load_prefs() == {"lang": "fr"}
        lang.use("en")
        capsys.readouterr()
        assert sim_main(["--lang", "XX", "--script", str(script)]) == 2
        assert capsys.readouterr().err == ("python -m host_tools.sim: error: --lang XX: not a language code; the codes "
                                           "are en (English), fr (Français), it (Italiano), de (Deutsch), tr "
                                           "(Türkçe)\n")
        _pi_speaks_german(tmp_path, "DE")
    finally:
        lang.use("en")
        t.close()

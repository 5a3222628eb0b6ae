"""The screenshots command line: --help, one optional DIR, a clear line when DIR cannot be used."""

import os

import pytest

from host_tools import screenshots


def test_help_prints_usage_and_writes_nothing(tmp_path, capsys, monkeypatch):
    # a fresh user: --help made a folder named "--help" and wrote PNGs into it
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exc:
        screenshots.main(["--help"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.startswith("usage: python -m host_tools.screenshots [-h] [DIR]")
    assert os.listdir(tmp_path) == []


def test_a_bad_option_or_two_folders_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for argv in (["--nope"], ["a", "b"]):
        with pytest.raises(SystemExit) as exc:
            screenshots.main(argv)
        assert exc.value.code == 2
        assert "usage: python -m host_tools.screenshots" in capsys.readouterr().err
    assert os.listdir(tmp_path) == []


def test_a_file_as_dir_says_so_in_one_line(tmp_path, capsys):
    # a fresh user: "screenshots /etc/passwd" showed a FileExistsError traceback
    f = tmp_path / "passwd"
    f.write_text("x")
    assert screenshots.main([str(f)]) == 2
    assert capsys.readouterr().err == "screenshots: %s: not a folder\n" % f
    under = f / "shots"
    assert screenshots.main([str(under)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("screenshots: %s: cannot make the folder (" % under) and err.count("\n") == 1


def test_a_table_that_cannot_be_read_is_refused_before_anything_is_written(tmp_path, capsys):
    """A fresh user: with ``fr.bin`` damaged the French folder got English pictures and exit 0; then the English set
    was written, an English line printed and an empty ``fr/`` left before the refusal. Now every table is checked
    first: one line on stderr naming the table and what is wrong, exit 2, no folder made, nothing on stdout (the
    stand-in tables of tests/core/test_ui_language.py)."""
    from dealerbox import lang
    from test_ui_language import Tables

    for present in (("fr",), ("en", "fr"), ("en", "de", "fr")):
        t = Tables(present)
        try:
            with open(t.dir + "/fr.bin", "r+b") as f:
                f.truncate(20)
            out = tmp_path / "shots"
            assert screenshots.main([str(out)]) == 2
            got = capsys.readouterr()
            assert got.err == ("screenshots: the Français table cannot be read (%s/fr.bin is damaged: 20 bytes, not "
                               "26): no screenshots written\n" % t.dir)
            assert got.out == "" and not out.exists()
            assert lang.code == "en"
        finally:
            t.close()

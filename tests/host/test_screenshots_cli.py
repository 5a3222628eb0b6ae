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

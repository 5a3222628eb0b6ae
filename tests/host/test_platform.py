"""Host-side platform checks (issue 2): the build and the simulator placeholder run."""

import subprocess
import sys

from host_tools import build


def test_every_firmware_file_compiles_for_armv6m(tmp_path):
    ok, bad, size = build.compile_all(str(tmp_path))
    assert bad == []
    assert "dealerbox/cards.py" in ok and size > 0


def test_sim_runs_with_seed():
    r = subprocess.run([sys.executable, "-m", "host_tools.sim", "--seed", "1"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "teen-patti" in r.stdout


def _build(out):
    return subprocess.run([sys.executable, "-m", "host_tools.build", "--out", str(out)], capture_output=True, text=True)


def test_build_never_empties_a_folder_it_did_not_make(tmp_path):
    keep = tmp_path / "mine"
    keep.mkdir()
    (keep / "notes.txt").write_text("precious")
    r = _build(keep)
    assert r.returncode == 1
    assert "not empty and was not made by this tool" in r.stderr
    assert (keep / "notes.txt").read_text() == "precious"
    out = tmp_path / "out"
    for _ in range(2):  # a folder it made is rebuilt in place
        r = _build(out)
        assert r.returncode == 0, r.stderr
    assert (out / "dealerbox" / "cards.mpy").exists() and (out / "main.py").exists()

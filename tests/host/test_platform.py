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

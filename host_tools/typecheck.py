"""Type-check ``firmware/`` against the MicroPython RP2040 stubs (``make lint``).

The stub distribution ``micropython-rp2-rpi-pico-stubs`` installs loose ``.pyi``
files into site-packages, which mypy will not read from there; this copies the
files its RECORD lists into ``build/mp-stubs`` and runs mypy with the
MicroPython stdlib stubs as the typeshed. Exit status is mypy's.
"""

import os
import shutil
import subprocess
import sys
import sysconfig
from importlib import metadata

from host_tools import FIRMWARE, ROOT

STUBS = os.path.join(ROOT, "build", "mp-stubs")


def stage_stubs():
    """Copy the rp2 board stubs into build/mp-stubs; return that folder."""
    dist = metadata.distribution("micropython-rp2-rpi-pico-stubs")
    shutil.rmtree(STUBS, ignore_errors=True)
    for f in dist.files or []:
        if str(f).endswith(".pyi"):
            dst = os.path.join(STUBS, str(f))
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy(f.locate(), dst)
    return STUBS


def main():
    stubs = stage_stubs()
    site = sysconfig.get_paths()["purelib"]  # holds stdlib/ from micropython-stdlib-stubs
    env = dict(os.environ, MYPYPATH=stubs)
    cmd = [
        sys.executable, "-m", "mypy", "--custom-typeshed-dir", site, "--python-version", "3.11",
        "--no-site-packages", "--explicit-package-bases", "--check-untyped-defs",
        "--config-file", os.path.join(ROOT, "host_tools", "mypy-firmware.ini"), ".",
    ]
    return subprocess.run(cmd, cwd=FIRMWARE, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())

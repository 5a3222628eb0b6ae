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
    """Copy the rp2 board stubs (and the ``_mpy_shed`` helpers they import) into build/mp-stubs.

    Returns the sorted top-level module names staged.
    """
    shutil.rmtree(STUBS, ignore_errors=True)
    names = set()
    for dist_name, keep in (("micropython-rp2-rpi-pico-stubs", lambda f: True),
                            ("micropython-stdlib-stubs", lambda f: f.startswith("_mpy_shed/"))):
        for f in metadata.distribution(dist_name).files or []:
            rel = str(f)
            if rel.endswith(".pyi") and keep(rel):
                dst = os.path.join(STUBS, rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy(f.locate(), dst)
                names.add(rel.split("/")[0].replace(".pyi", ""))
    return sorted(names)


def write_config(stub_modules):
    """build/mypy.ini: host_tools/mypy-firmware.ini plus ignore_errors for the staged stubs themselves."""
    with open(os.path.join(ROOT, "host_tools", "mypy-firmware.ini")) as f:
        text = f.read()
    mods = ",".join("%s,%s.*" % (m, m) for m in stub_modules)
    text += "\n# generated: the board stubs have errors of their own; check our code only\n"
    text += "[mypy-%s]\nignore_errors = True\n" % mods
    path = os.path.join(ROOT, "build", "mypy.ini")
    with open(path, "w") as f:
        f.write(text)
    return path


def main():
    config = write_config(stage_stubs())
    site = sysconfig.get_paths()["purelib"]  # holds stdlib/ from micropython-stdlib-stubs
    env = dict(os.environ, MYPYPATH=STUBS)
    cmd = [
        sys.executable, "-m", "mypy", "--custom-typeshed-dir", site, "--python-version", "3.11",
        "--no-site-packages", "--explicit-package-bases", "--check-untyped-defs",
        "--config-file", config, "--cache-dir", os.path.join(ROOT, "build", "mypy-cache"), ".",
    ]
    return subprocess.run(cmd, cwd=FIRMWARE, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())

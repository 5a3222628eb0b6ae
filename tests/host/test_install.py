"""Installing the host side (issue 27): ``pip install <clone>`` into a throwaway venv gives a ``dealerbox`` command that
works from any folder; the Raspberry Pi's requirements bring no matplotlib, numpy or Pillow; the licence is stated."""

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata

from host_tools import ROOT

HEAVY_HOST = {"matplotlib", "numpy", "pillow"}      # what the Pi never imports


def _clone(dst):
    """Copy the repository's files (tracked, and new ones not ignored: what a clone of this commit holds) to ``dst``;
    without git, the folder less what the Makefile and the tools make (.venv, build, caches)."""
    try:
        r = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=ROOT,
                           capture_output=True)
    except FileNotFoundError:               # (no git on the machine)
        r = subprocess.CompletedProcess([], 1)
    if r.returncode:
        shutil.copytree(ROOT, dst, ignore=shutil.ignore_patterns(".git", ".venv", "build", "__pycache__", "*.egg-info",
                                                                 ".*_cache", "sim-out", "report"))
        return
    for rel in filter(None, r.stdout.decode().split("\0")):
        src = os.path.join(ROOT, rel)
        if os.path.isfile(src):
            os.makedirs(os.path.join(dst, os.path.dirname(rel)), exist_ok=True)
            shutil.copy2(src, os.path.join(dst, rel))


def _run(argv, cwd, stdin=None):
    return subprocess.run(argv, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=300)


def test_pip_install_of_the_clone_gives_the_dealerbox_command(tmp_path):
    """A fresh venv, ``pip install --no-deps <clone>`` (the build backend from the configured index), then, from a
    folder that is not the clone: ``dealerbox --help``, the simulator writing a night's hand log, verify, replay,
    handrank and the report (its page and CSV without matplotlib, which is the extra ``report``)."""
    src, venv, work = tmp_path / "clone", tmp_path / "venv", tmp_path / "elsewhere"
    _clone(src)
    work.mkdir()
    base = getattr(sys, "_base_executable", sys.executable)
    r = _run([base, "-m", "venv", str(venv)], tmp_path)
    assert r.returncode == 0, r.stderr
    r = _run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-deps", str(src)], tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    exe = str(venv / "bin" / "dealerbox")

    r = _run([exe, "--help"], work)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("usage: dealerbox COMMAND [ARGS ...]")
    for name in ("sim", "replay", "verify", "report", "handrank", "pi"):
        assert re.search(r"^  %s +\S" % name, r.stdout, re.M), name
    r = _run([exe, "--version"], work)
    assert r.stdout == "dealerbox 1.0.0\n"
    r = _run([exe, "deal"], work)
    assert r.returncode == 2 and r.stderr.startswith("dealerbox: no command 'deal'; the commands are sim, replay")

    keys = str(src / "docs" / "night.keys")
    r = _run([exe, "sim", "--store", "night", "--script", keys, "--seed", "7"], work)
    assert r.returncode == 0, r.stderr
    with open(work / "night" / "hands.log") as f:
        assert len(f.read().splitlines()) == 5          # the session's genesis line; docs/night.keys plays four hands
    r = _run([exe, "verify", "night/hands.log"], work)
    assert r.returncode == 0, r.stderr
    assert [ln.split(":")[0] for ln in r.stdout.splitlines()[:5]] == ["line 1", "hand 1", "hand 2", "hand 3", "hand 4"]
    r = _run([exe, "replay", "night/hands.log"], work)
    assert r.returncode == 0, r.stderr
    r = _run([exe, "handrank", "--game", "teen-patti"], work, stdin="As Ks Qs\nAs Ad Ah vs 2c 3d 5h\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "pure_sequence\t2060" and r.stdout.splitlines()[1] == "first"
    r = _run([exe, "report", "night/hands.log", "--out", "rep", "--csv", "rep/ledger.csv"], work)
    assert r.returncode == 0, r.stderr
    assert "no chart: matplotlib is not installed (pip install 'dealerbox[report]')" in r.stderr
    assert os.path.getsize(work / "rep" / "report.html") > 1000
    with open(work / "rep" / "ledger.csv") as f:
        assert f.readline().startswith("record,")
    r = _run([exe, "sim", "--script", keys, "--png", "frames"], work)
    assert r.returncode == 2 and "--png needs Pillow: pip install 'dealerbox[sim]'" in r.stderr

    # what was installed: the core as the package dealerbox (the language tables in it), the stand-ins for
    # MicroPython's modules only inside host_tools (a real package named micropython is not shadowed)
    site = _run([str(venv / "bin" / "python"), "-c", "import dealerbox, sys; print(dealerbox.__file__)"], work)
    pkg = os.path.dirname(site.stdout.strip())
    assert pkg.startswith(str(venv)) and os.path.isfile(os.path.join(pkg, "lang", "tables", "fr.bin"))
    r = _run([str(venv / "bin" / "python"), "-c", "import micropython"], work)
    assert "No module named 'micropython'" in r.stderr
    r = _run([str(venv / "bin" / "python"), "-m", "host_tools.handrank", "--game", "indian"], work, stdin="As\n")
    assert r.returncode == 0 and r.stdout.count("\t") == 1         # python -m host_tools.X works there too


def _closure(names, extras=()):
    """The distributions (lower-case names) that installing ``names`` brings, read from the installed metadata of
    this venv (the markers evaluated for this interpreter, extras only as asked)."""
    from packaging.requirements import Requirement

    seen = set()
    todo = [(n, set(extras)) for n in names]
    while todo:
        name, want = todo.pop()
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key in seen:
            continue
        seen.add(key)
        for line in metadata.requires(name) or []:
            req = Requirement(line)
            env_ok = req.marker is None or any(req.marker.evaluate({"extra": e}) for e in (want or {""}))
            if env_ok:
                todo.append((req.name, set(req.extras)))
    return seen


def _pinned(path):
    """{lower-case name: version} of a requirements file, following ``-r`` includes."""
    out = {}
    with open(path) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if line.startswith("-r "):
                out.update(_pinned(os.path.join(os.path.dirname(path), line[3:].strip())))
            elif line:
                name, ver = line.split("==")
                out[re.sub(r"[-_.]+", "-", name).lower()] = ver
    return out


def test_the_pi_requirements_bring_no_matplotlib_numpy_or_pillow():
    """requirements-pi.txt (what the Pi installs) and the extra ``pi`` resolve, through the installed packages'
    own requirements, to a set without matplotlib, numpy or Pillow, and every package of it is pinned in
    requirements-pi.txt; requirements.txt (the Makefile's .venv) takes it in, with the simulator's and the report's."""
    pi = _pinned(os.path.join(ROOT, "requirements-pi.txt"))
    assert {"adafruit-blinka", "adafruit-circuitpython-ssd1306"} <= set(pi)
    resolved = _closure(list(pi))
    assert not resolved & HEAVY_HOST, resolved & HEAVY_HOST
    assert resolved <= set(pi), "not pinned in requirements-pi.txt: %s" % sorted(resolved - set(pi))

    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)["project"]
    extras = project["optional-dependencies"]
    from packaging.requirements import Requirement
    pi_extra = _closure([Requirement(r).name for r in extras["pi"]])
    assert not pi_extra & HEAVY_HOST and pi_extra <= set(pi)
    assert project["dependencies"] == []
    assert [Requirement(r).name for r in extras["sim"]] == ["Pillow"]
    assert [Requirement(r).name for r in extras["report"]] == ["matplotlib"]

    host = _pinned(os.path.join(ROOT, "requirements.txt"))
    assert set(pi) <= set(host) and {"pillow", "matplotlib", "numpy"} <= set(host)
    assert all(host[k] == v for k, v in pi.items())


def test_the_licence_is_stated_everywhere():
    with open(os.path.join(ROOT, "LICENSE")) as f:
        assert f.readline() == "MIT License\n"
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE", "NOTICE"]
    with open(os.path.join(ROOT, "package.json")) as f:
        assert json.load(f)["license"] == "MIT"
    with open(os.path.join(ROOT, "NOTICE")) as f:
        notice = f.read()
    assert "glcdfont" in notice and "Software License Agreement (BSD License)" in notice

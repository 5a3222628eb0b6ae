"""``mpremote mip install`` from the repository (issue 27): the README's command, run through mpremote's own mip code
(mpremote/mip.py, the package in the venv) against package.json, onto a fake board that keeps the files written;
the network is faked too (the repository's files for GitHub, a stand-in for micropython-lib's ssd1306)."""

import io
import json
import os
import re
import shlex

from mpremote import main as mpremote_main
from mpremote import mip

from host_tools import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
DRIVER = b"# micropython-lib's ssd1306, compiled (a stand-in)"
DRIVER_HASH = "0f1e2d3c"


class FakeBoard:
    """The transport mip talks to: a board's filesystem as a dict {path: bytes} and a set of folders, paths as
    littlefs reads them (``//main.py`` is ``/main.py``); ``sys.path`` as the rp2 port's; mpy version 6."""

    def __init__(self):
        self.files = {}
        self.dirs = {"/"}

    @staticmethod
    def norm(path):
        return re.sub("/+", "/", path)

    def exec(self, code):
        return b""

    def eval(self, expr):
        if expr == "sys.path":
            return ["", ".frozen", "/lib"]
        if "_mpy" in expr:
            return 6
        raise AssertionError("unexpected eval %r" % expr)

    def fs_exists(self, path):
        p = self.norm(path)
        return p in self.dirs or p in self.files

    def fs_mkdir(self, path):
        p = self.norm(path)
        assert p.rsplit("/", 1)[0] or "/" in self.dirs, "mkdir %s: no parent" % p
        self.dirs.add(p)

    def fs_writefile(self, path, data, progress_callback=None):
        p = self.norm(path)
        assert (p.rsplit("/", 1)[0] or "/") in self.dirs, "write %s: no folder" % p
        self.files[p] = bytes(data)

    def fs_hashfile(self, path, algo):
        raise FileNotFoundError(path)


class State:
    def __init__(self, board):
        self.transport = board

    def did_action(self):
        pass

    def ensure_raw_repl(self):
        pass


def _fake_urlopen(owner_repo, served):
    """urlopen for mip: GitHub's raw files of ``owner_repo`` are the repository's, micropython-lib's index gives the
    stand-in driver; every URL asked is appended to ``served``."""
    raw = "https://raw.githubusercontent.com/%s/HEAD/" % owner_repo
    index = "https://micropython.org/pi/v2/"

    def urlopen(url):
        served.append(url)
        if url.startswith(raw):
            with open(os.path.join(ROOT, url[len(raw):]), "rb") as f:
                return io.BytesIO(f.read())
        if url == index + "package/6/ssd1306/latest.json":
            return io.BytesIO(json.dumps({"hashes": [["ssd1306.mpy", DRIVER_HASH]], "version": "0.1.0"}).encode())
        if url == index + "file/%s/%s" % (DRIVER_HASH[:2], DRIVER_HASH):
            return io.BytesIO(DRIVER)
        raise AssertionError("mip asked for %s" % url)
    return urlopen


def _readme_command():
    """The ``mpremote mip install ...`` line of the README (its arguments after ``mpremote``)."""
    with open(os.path.join(ROOT, "README.md")) as f:
        lines = [ln.split("#")[0].strip() for ln in f if ln.strip().startswith("mpremote mip install")]
    assert len(lines) == 1, lines
    return shlex.split(lines[0])[1:]


def _install(argv, monkeypatch):
    """Run mpremote's mip with ``argv`` (``["mip", "install", ...]``) on a fake board; returns (board, urls)."""
    args = mpremote_main.argparse_mip().parse_args(argv[1:])
    package = args.packages[0]
    assert package.startswith("github:")
    served = []
    monkeypatch.setattr(mip.urllib.request, "urlopen", _fake_urlopen(package[len("github:"):], served))
    board = FakeBoard()
    mip.do_mip(State(board), args)
    return board, served


def _firmware_files():
    """{board path: bytes} of every file in firmware/ (what the box runs: the sources and the language tables)."""
    out = {}
    for dirpath, dirnames, files in os.walk(FIRMWARE):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for name in files:
            if name.endswith((".py", ".bin")):
                path = os.path.join(dirpath, name)
                with open(path, "rb") as f:
                    out["/" + os.path.relpath(path, FIRMWARE).replace(os.sep, "/")] = f.read()
    return out


def test_the_readme_mip_line_installs_the_box_at_the_root(monkeypatch):
    argv = _readme_command()
    assert argv[:2] == ["mip", "install"] and argv[argv.index("--target") + 1] == "/"
    board, served = _install(argv, monkeypatch)
    want = _firmware_files()
    assert "/main.py" in want and "/dealerbox/lang/tables/fr.bin" in want and len(want) > 60
    want["/ssd1306.mpy"] = DRIVER                  # the display driver from micropython-lib, beside them
    assert sorted(board.files) == sorted(want)
    assert all(board.files[p] == want[p] for p in want)        # byte for byte the repository's files
    assert {"/dealerbox", "/dealerbox/ui", "/dealerbox/lang/tables"} <= board.dirs
    assert served[0].endswith("/HEAD/package.json")


def test_without_target_main_py_would_land_in_lib(monkeypatch):
    """Why the README says ``--target /``: mip's default is the first ``/lib`` of sys.path, where main.py never
    runs at boot."""
    argv = [a for a in _readme_command() if a not in ("--target", "/")]
    board, _served = _install(argv, monkeypatch)
    assert "/lib/main.py" in board.files and "/main.py" not in board.files


def test_the_wokwi_project_opens_the_wiring_and_takes_the_deploy():
    """hardware/wokwi.toml (Wokwi for VS Code) beside diagram.json: it runs the firmware put in hardware/wokwi/
    (ignored by git) and serves the board's REPL on the port the README's deploy line names, which deploy takes
    as a port (not refused as missing)."""
    import tomllib

    from host_tools import deploy

    with open(os.path.join(ROOT, "hardware", "wokwi.toml"), "rb") as f:
        w = tomllib.load(f)["wokwi"]
    assert w["version"] == 1 and w["firmware"] == w["elf"] == "wokwi/firmware.uf2"
    with open(os.path.join(ROOT, "hardware", "diagram.json")) as f:
        parts = {p["type"] for p in json.load(f)["parts"]}
    assert {"wokwi-pi-pico", "board-ssd1306", "wokwi-pushbutton"} <= parts
    port = "port:rfc2217://localhost:%d" % w["rfc2217ServerPort"]
    with open(os.path.join(ROOT, "README.md")) as f:
        assert "make deploy PORT=%s" % port in f.read()
    assert deploy.missing_port(port, []) is None
    with open(os.path.join(ROOT, ".gitignore")) as f:
        assert "/hardware/wokwi/" in f.read().split("\n")

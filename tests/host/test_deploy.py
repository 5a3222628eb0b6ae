"""host_tools/deploy.py (``make deploy``), package.json (``mpremote mip install``) and manifest.py (freezing)."""

import json
import os
import subprocess
import sys

from host_tools import ROOT, deploy
from host_tools.build import firmware_sources

MP = os.path.join(os.path.dirname(sys.executable), "micropython")


def _fake_build(tmp_path):
    b = tmp_path / "mpy"
    (b / "dealerbox").mkdir(parents=True)
    (b / "main.py").write_text("start()\n")
    (b / "dealerbox" / "cards.mpy").write_bytes(b"M\x06")
    return str(b)


def test_no_board_fails_with_a_clear_message(tmp_path):
    r = subprocess.run([sys.executable, "-m", "host_tools.deploy", "--port", "/dev/nonexistent-dealerbox",
                        "--build", _fake_build(tmp_path)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 1
    assert "deploy: checking the board on /dev/nonexistent-dealerbox" in r.stdout
    err = r.stderr
    assert err.startswith("deploy: no MicroPython board answers on /dev/nonexistent-dealerbox: mpremote: failed to "
                          "access /dev/nonexistent-dealerbox")
    assert "Is the Pico plugged in by USB" in err and "make deploy PORT=/dev/ttyACM0" in err
    assert "Traceback" not in err


def test_port_from_the_environment(tmp_path):
    env = dict(os.environ, PORT="/dev/nonexistent-from-env")
    r = subprocess.run([sys.executable, "-m", "host_tools.deploy", "--build", _fake_build(tmp_path)],
                       capture_output=True, text=True, cwd=ROOT, timeout=300, env=env)
    assert r.returncode == 1
    assert "no MicroPython board answers on /dev/nonexistent-from-env" in r.stderr


def test_missing_build_is_explained(tmp_path):
    r = subprocess.run([sys.executable, "-m", "host_tools.deploy", "--port", "/dev/null",
                        "--build", str(tmp_path / "nothing")], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 1
    assert "no compiled firmware in" in r.stderr and "python -m host_tools.build" in r.stderr
    assert "no compiled firmware in %s: " % (tmp_path / "nothing") in r.stderr


def test_build_paths_are_shown_as_given():
    for given in ("/nonexistent", "nothing/here", "../elsewhere"):
        msg = deploy.deploy("/dev/null", given, run=None, say=None)
        assert msg.startswith("no compiled firmware in %s: " % given), msg
    msg = deploy.deploy("/dev/null", deploy.BUILD + "-missing", run=None, say=None)
    assert msg.startswith("no compiled firmware in %s-missing: " % deploy.BUILD)
    assert deploy._shown(deploy.BUILD) == os.path.join("build", "mpy")


def test_deploy_steps_in_order_with_a_fake_mpremote(tmp_path):
    build = _fake_build(tmp_path)
    calls, said = [], []

    def run(argv, cwd):
        calls.append((argv[3:], cwd))
        return 0, ("rp2\n" if "sys.platform" in " ".join(argv) else ""), ""

    assert deploy.deploy("/dev/ttyACM0", build, run=run, say=said.append) == 0
    assert [c[0][:3] for c in calls] == [
        ["connect", "/dev/ttyACM0", "exec"], ["connect", "/dev/ttyACM0", "mip"], ["connect", "/dev/ttyACM0", "exec"],
        ["connect", "/dev/ttyACM0", "cp"], ["connect", "/dev/ttyACM0", "reset"]]
    assert calls[1][0][2:] == ["mip", "install", "ssd1306"]
    assert calls[2][0][3] == deploy.RM_TREE % "/dealerbox"
    assert calls[3] == (["connect", "/dev/ttyACM0", "cp", "-r", "dealerbox", ":", "+", "cp", "main.py", ":main.py"],
                        build)
    assert said[-1] == "deploy: done; the box starts (REPL: mpremote connect /dev/ttyACM0 repl)"
    # --no-driver skips the download
    calls.clear()
    assert deploy.deploy("/dev/ttyACM0", build, driver=False, run=run, say=said.append) == 0
    assert "mip" not in [c[0][2] for c in calls]


def test_deploy_stops_at_the_first_failure_and_warns_on_another_board(tmp_path):
    build = _fake_build(tmp_path)
    said = []

    def run(argv, cwd):
        if "mip" in argv:
            return 1, "", "Installing ssd1306 (latest) to /lib\nmpremote: no network\n"
        return 0, "esp32\n", ""

    r = deploy.deploy("COM3", build, run=run, say=said.append)
    assert r == "installing the ssd1306 driver (mpremote mip install ssd1306) failed: mpremote: no network"
    assert "deploy: warning: the board says sys.platform = 'esp32', not 'rp2' (a Pico)" in said
    assert not any("copying" in s for s in said)


def test_dry_run_prints_the_commands(tmp_path):
    said = []
    assert deploy.deploy("/dev/ttyACM1", _fake_build(tmp_path), dry_run=True, say=said.append) == 0
    assert "  mpremote connect /dev/ttyACM1 mip install ssd1306" in said
    assert "  mpremote connect /dev/ttyACM1 reset" in said


def test_remove_tree_snippet_runs_on_micropython(tmp_path):
    """The code deploy runs on the board to remove the old /dealerbox, under the real MicroPython."""
    root = tmp_path / "dealerbox"
    (root / "ui").mkdir(parents=True)
    (root / "cards.py").write_text("x = 1\n")
    (root / "ui" / "app.mpy").write_bytes(b"M")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "session.json").write_text("{}")
    code = deploy.RM_TREE % str(root) + deploy.RM_TREE % str(tmp_path / "not-there")
    r = subprocess.run([MP, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert sorted(os.listdir(tmp_path)) == ["data"]  # the session is kept
    assert (tmp_path / "data" / "session.json").read_text() == "{}"


def test_package_json_lists_the_firmware_for_mip():
    with open(os.path.join(ROOT, "package.json")) as f:
        text = f.read()
    assert text == deploy.package_json_text(), (
        "package.json is out of date with firmware/: run `python -m host_tools.deploy --write-package`")
    d = json.loads(text)
    assert d["deps"] == [["ssd1306", "latest"]]
    assert sorted(dst for dst, _src in d["urls"]) == sorted(firmware_sources())
    for dst, src in d["urls"]:
        assert src == "firmware/" + dst and os.path.exists(os.path.join(ROOT, src))
    assert ["main.py", "firmware/main.py"] in d["urls"]


def test_manifest_freezes_the_firmware_and_the_driver():
    calls = []

    def rec(kind):
        return lambda *a, **k: calls.append((kind, a, k))

    env = {k: rec(k) for k in ("include", "require", "package", "module", "freeze", "metadata")}
    with open(os.path.join(ROOT, "manifest.py")) as f:
        exec(compile(f.read(), "manifest.py", "exec"), env)
    assert ("require", ("ssd1306",), {}) in calls
    assert ("include", ("$(PORT_DIR)/boards/manifest.py",), {}) in calls
    assert ("package", ("dealerbox",), {"base_path": "firmware"}) in calls
    assert ("module", ("main.py",), {"base_path": "firmware"}) in calls
    assert os.path.isdir(os.path.join(ROOT, "firmware", "dealerbox"))
    assert os.path.isfile(os.path.join(ROOT, "firmware", "main.py"))

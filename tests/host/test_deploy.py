"""host_tools/deploy.py (``make deploy``), package.json (``mpremote mip install``) and manifest.py (freezing)."""

import json
import os
import subprocess
import sys

from host_tools import ROOT, deploy
from host_tools.build import firmware_data, firmware_sources

MP = os.path.join(os.path.dirname(sys.executable), "micropython")


_BUILT = []     # the firmware compiled once for this module's tests (build.compile_all, main.py as source)


def _fake_build(tmp_path):
    """A copy of a whole build (what ``python -m host_tools.build`` leaves) in ``tmp_path/mpy``."""
    import shutil
    import tempfile

    from host_tools import build
    if not _BUILT:
        d = tempfile.mkdtemp(prefix="deploy-test-")
        assert build.compile_all(d)[1] == []
        shutil.copy(os.path.join(ROOT, "firmware", "main.py"), d)
        _BUILT.append(d)
    b = str(tmp_path / "mpy")
    shutil.copytree(_BUILT[0], b)
    return b


def test_a_build_that_would_not_start_is_not_copied(tmp_path):
    """A language table damaged or missing, a module's .mpy missing or not importable, is refused before anything
    is run on the board (the box's own check, ``lang.use``, run on the build under MicroPython)."""
    build = _fake_build(tmp_path)
    assert deploy.deploy("/dev/ttyACM0", build, run=None, say=lambda s: None, dry_run=True) == 0
    fr = os.path.join(build, "dealerbox", "lang", "tables", "fr.bin")
    with open(fr, "rb") as f:
        table = f.read()
    with open(fr, "wb") as f:
        f.write(table[:200] + b"ZZZZ" + table[204:])       # a language table damaged (in firmware/ or the build)
    incomplete = ("the compiled firmware in %s is incomplete (%s): run `python -m host_tools.build` again "
                  "(make deploy does)")
    msg = deploy.deploy("/dev/ttyACM0", build, run=None, say=None, dry_run=True)
    assert msg == incomplete % (build, "dealerbox/lang/tables/fr.bin is damaged: its CRC-32 is not its head's")
    os.remove(fr)                                           # or missing: French would leave the board silently
    assert deploy.deploy("/dev/ttyACM0", build, run=None, say=None, dry_run=True) == incomplete % (
        build, "dealerbox/lang/tables/fr.bin is missing")
    with open(fr, "wb") as f:
        f.write(table)
    os.remove(os.path.join(build, "dealerbox", "lang", "__init__.mpy"))
    assert deploy.deploy("/dev/ttyACM0", build, run=None, say=None, dry_run=True) == incomplete % (
        build, "dealerbox/lang/__init__.mpy is missing")
    with open(os.path.join(build, "dealerbox", "lang", "__init__.mpy"), "wb") as f:
        f.write(b"M\x06 not a module")                    # there, but not a module MicroPython imports
    msg = deploy.deploy("/dev/ttyACM0", build, run=None, say=None, dry_run=True)
    assert msg.startswith("the compiled firmware in %s is incomplete (its dealerbox/lang does not import (" % build)


def test_no_board_fails_with_a_clear_message(tmp_path):
    r = subprocess.run([sys.executable, "-m", "host_tools.deploy", "--port", "/dev/nonexistent-dealerbox",
                        "--build", _fake_build(tmp_path)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 1
    assert "deploy: checking the board on /dev/nonexistent-dealerbox" in r.stdout
    err = r.stderr
    # issue 14: a port that does not exist is said so, with the ports there are (this machine's: any list)
    assert err.startswith("deploy: no serial port /dev/nonexistent-dealerbox: is the Pico plugged in? ports found: ")
    assert "Plug the Pico in by USB" in err and "make deploy PORT=..." in err
    assert "in use" not in err and "Traceback" not in err


def test_port_from_the_environment(tmp_path):
    env = dict(os.environ, PORT="/dev/nonexistent-from-env")
    r = subprocess.run([sys.executable, "-m", "host_tools.deploy", "--build", _fake_build(tmp_path)],
                       capture_output=True, text=True, cwd=ROOT, timeout=300, env=env)
    assert r.returncode == 1
    assert "deploy: no serial port /dev/nonexistent-from-env: is the Pico plugged in?" in r.stderr


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


def test_the_copy_step_names_the_build_folder_used(tmp_path, capsys):
    """``--build X`` copies X/dealerbox, and says so (it said build/mpy/dealerbox whatever the folder)."""
    build = _fake_build(tmp_path)
    said = []
    assert deploy.deploy("/dev/ttyACM1", build, dry_run=True, say=said.append) == 0
    assert said[said.index("deploy: copying %s/dealerbox and main.py" % build) + 1] == (
        "  mpremote connect /dev/ttyACM1 cp -r dealerbox : + cp main.py :main.py (in %s)" % build)
    assert deploy.main(["--dry-run", "--port", "/dev/ttyACM1", "--build", build]) == 0
    assert "deploy: copying %s/dealerbox and main.py\n" % build in capsys.readouterr().out
    assert [w for w, _argv, _cwd in deploy.steps("COM3") if w.startswith("copying")] == [
        "copying %s and main.py" % os.path.join("build", "mpy", "dealerbox")]      # the default, as the README


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
    assert sorted(dst for dst, _src in d["urls"]) == sorted(firmware_sources() + firmware_data())
    assert "dealerbox/lang/tables/fr.bin" in firmware_data()       # the language tables: data files, read by the box
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
    # the language tables: one module each, its bytes the table file's (what makemanifest freezes)
    tables = [(a[0], k["base_path"]) for kind, a, k in calls if kind == "module" and a[0] != "main.py"]
    codes = sorted(n[:-4] for n in os.listdir(TABLES) if n.endswith(".bin"))
    assert [m for m, _base in tables] == ["dealerbox_table_%s.py" % c for c in codes] and "fr" in codes
    for (mod, base), code in zip(tables, codes):
        env = {}
        with open(os.path.join(base, mod)) as f:
            exec(f.read(), env)
        with open(os.path.join(TABLES, code + ".bin"), "rb") as f:
            assert env["T"] == f.read()


TABLES = os.path.join(ROOT, "firmware", "dealerbox", "lang", "tables")


def test_a_frozen_build_speaks_from_its_frozen_tables(tmp_path):
    """The firmware as a frozen build has it: no table file anywhere, the tables as manifest.py's modules. Under
    MicroPython the language list offers every language, and each speaks its table's texts (the same as the
    files give on CPython)."""
    import shutil

    from dealerbox import lang

    src = tmp_path / "fw"
    shutil.copytree(os.path.join(ROOT, "firmware"), src, ignore=shutil.ignore_patterns("*.bin", "__pycache__"))
    env = {"include": lambda *a, **k: None, "require": lambda *a, **k: None, "package": lambda *a, **k: None,
           "module": lambda *a, **k: None}
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with open("manifest.py") as f:
            exec(compile(f.read(), "manifest.py", "exec"), env)
        frozen = tmp_path / "frozen"
        frozen.mkdir()
        env["table_modules"](str(frozen))
    finally:
        os.chdir(cwd)
    with open(os.path.join(ROOT, "translations", "fr.py"), encoding="utf-8") as f:
        keys = sorted(k for k in __import__("ast").literal_eval(f.read().split("T = ", 1)[1]) if "%" not in k)[:5]
    want = {}
    for code in ("fr", "tr"):
        lang.use(code)
        want[code] = [lang.tr(k).replace("\n", "|") for k in keys]
    lang.use("en")
    assert want["fr"] != keys
    code = ("from dealerbox import lang\nfrom dealerbox.ui import langpick\nprint(langpick.present())\n"
            "for c in ('fr', 'tr'):\n    lang.use(c)\n    for k in %r:\n"
            "        print(lang.tr(k).replace('\\n', '|'))\n" % (keys,))
    r = subprocess.run([MP, "-X", "heapsize=1M", "-c", code], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, MICROPYPATH="%s:%s" % (src, frozen)), cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    out = r.stdout.split("\n")[:-1]                # (not splitlines: "\x1c", a glyph of the box, would split)
    assert out[0] == "('en', 'fr', 'it', 'de', 'tr')"
    assert out[1:] == want["fr"] + want["tr"]


PICO = ("/dev/ttyACM0", "Board in FS mode")
UART = ("/dev/ttyS0", None)
IN_USE = "mpremote: failed to access {0} (it may be in use by another program)\n"


def _fails(err):
    """A fake mpremote whose every command fails with ``err`` on stderr ({0}: the port); records the calls."""
    calls = []

    def run(argv, cwd):
        calls.append(argv[3:])
        return 1, "", err.format(argv[4])
    return run, calls


def test_a_port_that_does_not_exist_is_said_so_with_the_ports_found(tmp_path):
    # issue 14: not "it may be in use by another program" for a port that is not there
    build = _fake_build(tmp_path)
    run, calls = _fails(IN_USE)
    said = []
    msg = deploy.deploy("/dev/ttyXYZ", build, run=run, say=said.append, ports=lambda: [PICO, UART])
    assert msg.splitlines()[0] == ("no serial port /dev/ttyXYZ: is the Pico plugged in? ports found: "
                                   "/dev/ttyACM0 (Board in FS mode), /dev/ttyS0")
    assert "in use" not in msg
    assert said == ["deploy: checking the board on /dev/ttyXYZ"] and len(calls) == 1   # stops at the check
    msg = deploy.deploy("/dev/ttyACM1", build, run=run, say=said.append, ports=lambda: [])
    assert msg.splitlines()[0] == "no serial port /dev/ttyACM1: is the Pico plugged in? ports found: none"
    msg = deploy.deploy("port:/dev/ttyUSB3", build, run=run, say=said.append, ports=lambda: [UART])
    assert msg.splitlines()[0] == "no serial port /dev/ttyUSB3: is the Pico plugged in? ports found: /dev/ttyS0"
    msg = deploy.deploy("COM4", build, run=run, say=said.append, ports=lambda: [("COM3", "USB")])
    assert msg.splitlines()[0] == "no serial port COM4: is the Pico plugged in? ports found: COM3 (USB)"


def test_a_port_that_exists_but_does_not_answer_may_be_in_use(tmp_path):
    build = _fake_build(tmp_path)
    run, calls = _fails(IN_USE)
    for port, ports in (("/dev/ttyACM0", [PICO]), ("COM3", [("COM3", "USB")]), ("/dev/null", []),
                        ("port:/dev/ttyACM0", [PICO])):
        msg = deploy.deploy(port, build, run=run, say=lambda s: None, ports=lambda ports=ports: ports)
        assert msg.splitlines()[0] == "no MicroPython board answers on %s: %s" % (
            port, IN_USE.format(port).strip()), port
        assert "  - Is another program (a serial monitor, Thonny) holding the port? Close it." in msg.splitlines()
    # mpremote's other forms are left to mpremote's own answer
    run, calls = _fails("mpremote: no device with serial number E6614\n")
    msg = deploy.deploy("id:E6614", build, run=run, say=lambda s: None, ports=lambda: [])
    assert msg.splitlines()[0] == ("no MicroPython board answers on id:E6614: "
                                   "mpremote: no device with serial number E6614")


def test_auto_with_no_usb_port_and_with_a_busy_one(tmp_path):
    build = _fake_build(tmp_path)
    run, calls = _fails("mpremote: no device found\n")
    msg = deploy.deploy("auto", build, run=run, say=lambda s: None, ports=lambda: [UART])
    assert msg.splitlines()[0] == "no USB serial port: is the Pico plugged in? ports found: /dev/ttyS0"
    msg = deploy.deploy("auto", build, run=run, say=lambda s: None, ports=lambda: [PICO, UART])
    assert msg.splitlines()[0] == "no MicroPython board answers on any USB serial port: mpremote: no device found"


def test_the_port_list_is_asked_only_when_the_board_does_not_answer(tmp_path):
    def run(argv, cwd):
        return 0, "rp2\n", ""

    def ports():
        raise AssertionError("ports listed on a deploy that worked")

    build = _fake_build(tmp_path)
    assert deploy.deploy("/dev/ttyACM0", build, run=run, say=lambda s: None, ports=ports) == 0
    assert deploy.deploy("/dev/ttyXYZ", build, dry_run=True, say=lambda s: None, ports=ports) == 0


def test_serial_ports_reads_pyserial(monkeypatch):
    from serial.tools import list_ports

    class P:
        def __init__(self, device, vid, product):
            self.device, self.vid, self.product = device, vid, product

    monkeypatch.setattr(list_ports, "comports", lambda: [
        P("/dev/ttyS0", None, None), P("/dev/ttyACM0", 0x2E8A, "Board in FS mode"), P("/dev/ttyUSB0", 0x1A86, None)])
    assert deploy.serial_ports() == [
        ("/dev/ttyACM0", "Board in FS mode"), ("/dev/ttyS0", None), ("/dev/ttyUSB0", "USB")]

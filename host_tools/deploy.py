"""Put the firmware, precompiled, onto a Pico over USB with mpremote (``make deploy``).

    python -m host_tools.deploy [--port PORT] [--no-driver] [--dry-run] [--build DIR]
    python -m host_tools.deploy --write-package     # regenerate package.json from firmware/

``make deploy`` first runs ``python -m host_tools.build`` (mpy-cross -march=armv6m into
``build/mpy``), then this, which:

1. checks that a MicroPython board answers on ``PORT`` (``--port``, else the ``PORT``
   environment variable, else mpremote's ``auto``: the first USB serial device), and
   stops with a clear message when none does: a port that does not exist is named with
   the ports that do (``no serial port /dev/ttyACM1: is the Pico plugged in? ports found:
   /dev/ttyACM0 (Board in FS mode)``); a port that exists but does not answer may be held
   by another program;
2. installs micropython-lib's display driver: ``mpremote mip install ssd1306``;
3. removes the previous ``/dealerbox`` from the board (so no stale module shadows a new one;
   the saved session in ``/data`` and ``/config.json`` are kept);
4. copies ``build/mpy/dealerbox`` (the .mpy files) and ``main.py`` to the board;
5. resets the board, which boots into the box.

Exit status 0 on success, 1 with a message on stderr otherwise.
"""

import argparse
import json
import os
import subprocess
import sys

from host_tools import FIRMWARE, ROOT
from host_tools.build import firmware_data, firmware_sources

MPREMOTE = [sys.executable, "-m", "mpremote"]
BUILD = os.path.join(ROOT, "build", "mpy")
PACKAGE_JSON = os.path.join(ROOT, "package.json")
TIMEOUT = 120  # seconds for one mpremote command (mip downloads from the internet)

# Runs on the board: remove a folder (the old firmware package) and everything in it.
RM_TREE = """import os
def rm(p):
    try:
        m = os.stat(p)[0]
    except OSError:
        return
    if m & 0x4000:
        for n in os.listdir(p):
            rm(p + '/' + n)
        os.rmdir(p)
    else:
        os.remove(p)
rm(%r)
"""

NO_BOARD = """no MicroPython board answers {where}: {detail}
  - Is the Pico plugged in by USB (a data cable, not a charge-only one)?
  - Is MicroPython on it? Hold BOOTSEL, plug it in, copy the RPI_PICO .uf2 from
    https://micropython.org/download/RPI_PICO/ onto the RPI-RP2 drive (README: Deploy to a Pico).
  - Is another program (a serial monitor, Thonny) holding the port? Close it.
  - Is a hand being played on the box? Its REPL ignores Ctrl-C while a hand is live (docs/security.md):
    finish the hand, or hold DOWN while plugging the box in (service: the app does not start).
  - Choose the port: make deploy PORT=/dev/ttyACM0 (Windows: PORT=COM3); list them: mpremote devs"""

NO_PORT = """no serial port {port}: is the Pico plugged in? ports found: {found}
  - Plug the Pico in by USB (a data cable, not a charge-only one): it appears as a new port
    (Linux /dev/ttyACM0, macOS /dev/cu.usbmodem..., Windows COM3).
  - Choose the port: make deploy PORT=... (one of the ports found), or leave PORT out for the first USB one."""

NO_USB_PORT = """no USB serial port: is the Pico plugged in? ports found: {found}
  - Plug the Pico in by USB (a data cable, not a charge-only one): it appears as a new port
    (Linux /dev/ttyACM0, macOS /dev/cu.usbmodem..., Windows COM3).
  - Is MicroPython on it? Hold BOOTSEL, plug it in, copy the RPI_PICO .uf2 from
    https://micropython.org/download/RPI_PICO/ onto the RPI-RP2 drive (README: Deploy to a Pico)."""


def serial_ports():
    """The serial ports this computer has, as mpremote sees them: a sorted list of (device, USB or None).

    ``device`` is what ``PORT=`` takes (``/dev/ttyACM0``, ``COM3``); the second item is the USB
    product name (``Board in FS mode`` for a Pico running MicroPython), ``"USB"`` for a USB device
    without one, None for a port that is not USB (``/dev/ttyS0``).
    """
    from serial.tools import list_ports  # pyserial, installed with mpremote

    out = []
    for p in list_ports.comports():
        usb = None if p.vid is None else (p.product or "USB")
        out.append((p.device, usb))
    return sorted(out)


def _found(ports):
    """The ports found, for a message: ``/dev/ttyACM0 (Board in FS mode), /dev/ttyS0`` or ``none``."""
    if not ports:
        return "none"
    return ", ".join(d if usb is None else "%s (%s)" % (d, usb) for d, usb in ports)


def missing_port(port, ports, exists=os.path.exists):
    """The message for a ``port`` that is not there (str), or None when it is (or cannot be told).

    ``ports``: ``serial_ports()``. ``auto`` is missing when no port is USB; a named port when it is
    neither among ``ports`` nor a path that exists (``port:PATH`` is PATH; ``id:SERIAL`` and URLs such
    as ``rfc2217://`` are left to mpremote).
    """
    if port == "auto":
        return None if any(usb for _d, usb in ports) else NO_USB_PORT.format(found=_found(ports))
    if port.startswith("id:") or "://" in port:
        return None
    dev = port[len("port:"):] if port.startswith("port:") else port
    if any(d == dev for d, _usb in ports) or exists(dev):
        return None
    return NO_PORT.format(port=dev, found=_found(ports))


def package_json():
    """The ``package.json`` for ``mpremote mip install`` from this repository (a dict).

    Lists every firmware source and data file (``urls``: [device path, repository path]) and the
    ``ssd1306`` dependency from micropython-lib. Install to the board's root so that
    ``main.py`` runs at boot: ``mpremote mip install --target / github:OWNER/REPO``.
    """
    urls = [[rel, "firmware/" + rel] for rel in firmware_sources() + firmware_data()]
    return {"urls": urls, "deps": [["ssd1306", "latest"]], "version": "1.0.0", "license": "MIT"}


def package_json_text():
    """``package.json`` as written to the repository: one [device path, repository path] per line."""
    d = package_json()
    urls = ",\n".join("    " + json.dumps(u) for u in d["urls"])
    return '{\n  "urls": [\n%s\n  ],\n  "deps": %s,\n  "version": %s,\n  "license": %s\n}\n' % (
        urls, json.dumps(d["deps"]), json.dumps(d["version"]), json.dumps(d["license"]))


def steps(port, build=BUILD, driver=True):
    """The mpremote commands of a deploy: list of (what, argv, cwd)."""
    con = MPREMOTE + ["connect", port]
    out = [("checking the board on %s" % port, con + ["exec", "import sys; print(sys.platform)"], None)]
    if driver:
        out.append(("installing the ssd1306 driver (mpremote mip install ssd1306)", con + ["mip", "install", "ssd1306"],
                    None))
    out.append(("removing the previous /dealerbox", con + ["exec", RM_TREE % "/dealerbox"], None))
    out.append(("copying %s and main.py" % os.path.join(_shown(build), "dealerbox"),
                con + ["cp", "-r", "dealerbox", ":", "+", "cp", "main.py", ":main.py"], build))
    out.append(("resetting the board", con + ["reset"], None))
    return out


def _run(argv, cwd=None):
    try:
        r = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return 1, "", "mpremote gave no answer within %d s" % TIMEOUT
    return r.returncode, r.stdout, r.stderr


def _detail(out, err):
    text = (err.strip() or out.strip() or "no answer").splitlines()
    return text[-1] if text else "no answer"


def _shown(path):
    """``path`` as the user gave it; the default build folder as ``build/mpy``."""
    return os.path.relpath(path, ROOT) if path == BUILD else path


def build_problem(build):
    """Why the compiled firmware in ``build`` is not whole (str), or None: a ``.mpy`` of a firmware module or a data
    file of firmware/ (a language table) missing there, or the box's own check of a table failing on it
    (``tables_problem``)."""
    for rel in firmware_sources():
        mpy = rel[:-3] + ".mpy"
        if rel != "main.py" and not os.path.isfile(os.path.join(build, mpy)):
            return "%s is missing" % mpy
    for rel in firmware_data():
        if not os.path.isfile(os.path.join(build, rel)):
            return "%s is missing" % rel
    return tables_problem(build)


_TABLES = """from dealerbox import lang
w = None
for c in lang.codes()[1:]:
    try:
        lang.use(c)
    except ValueError as e:
        w = str(e)
        break
print('tables: ' + ('ok' if w is None else w))
"""


def tables_problem(build):
    """Why the compiled firmware in the folder ``build`` would not speak one of its languages (str), or None: the
    box's own check (``lang.use`` of every language table) run on that build under the real MicroPython as the box
    imports it (``sys.path == [""]`` in ``build``); a ``lang`` that does not import is named too."""
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    r = subprocess.run([mp, "-c", _TABLES], cwd=build, env={"MICROPYPATH": ""}, capture_output=True, text=True,
                       timeout=60)
    out = r.stdout.strip().splitlines()
    if r.returncode == 0 and out and out[-1].startswith("tables: "):
        return None if out[-1] == "tables: ok" else out[-1][len("tables: "):]
    err = (r.stderr or r.stdout).strip().splitlines()
    return "its dealerbox/lang does not import (%s)" % (err[-1] if err else "exit status %d" % r.returncode)


def deploy(port, build=BUILD, driver=True, dry_run=False, run=_run, say=print, ports=serial_ports):
    """Run the deploy steps; returns 0 on success or an error message (str).

    ``run(argv, cwd)`` runs one mpremote command, returning (status, stdout, stderr); ``ports()`` lists
    the serial ports (``serial_ports``), asked only when the board does not answer, to tell a port
    that does not exist from one that is busy.
    """
    if not os.path.exists(os.path.join(build, "main.py")) or not os.path.isdir(os.path.join(build, "dealerbox")):
        return ("no compiled firmware in %s: run `python -m host_tools.build` first (make deploy does)"
                % _shown(build))
    why = build_problem(build)
    if why is not None:     # a board given it would lose a language silently
        return ("the compiled firmware in %s is incomplete (%s): run `python -m host_tools.build` again (make deploy "
                "does)" % (_shown(build), why))
    for i, (what, argv, cwd) in enumerate(steps(port, build, driver)):
        say("deploy: " + what)
        if dry_run:
            where = " (in %s)" % _shown(cwd) if cwd else ""
            say("  " + " ".join(argv[2:]).replace("\n", "\\n") + where)
            continue
        rc, out, err = run(argv, cwd)
        if i == 0:
            if rc:
                missing = missing_port(port, ports())
                if missing:
                    return missing
                where = "on any USB serial port" if port == "auto" else "on " + port
                return NO_BOARD.format(where=where, detail=_detail(out, err))
            platform = out.strip().splitlines()[-1] if out.strip() else "?"
            if platform != "rp2":
                say("deploy: warning: the board says sys.platform = %r, not 'rp2' (a Pico)" % platform)
        elif rc:
            return "%s failed: %s" % (what, _detail(out, err))
    if not dry_run:
        say("deploy: done; the box starts (REPL: mpremote connect %s repl)" % port)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.deploy", description=__doc__.split("\n")[0])
    ap.add_argument("--port", default=os.environ.get("PORT") or "auto",
                    help="serial port of the Pico (default: $PORT, else the first USB serial device)")
    ap.add_argument("--no-driver", action="store_true", help="skip `mip install ssd1306` (offline, already there)")
    ap.add_argument("--dry-run", action="store_true", help="print the mpremote commands, run nothing")
    ap.add_argument("--build", default=BUILD, help="compiled firmware (python -m host_tools.build --out)")
    ap.add_argument("--write-package", action="store_true", help="regenerate package.json from firmware/ and exit")
    a = ap.parse_args(argv)
    if a.write_package:
        with open(PACKAGE_JSON, "w") as f:
            f.write(package_json_text())
        print("wrote package.json: %d files" % len(package_json()["urls"]))
        return 0
    if not os.path.isdir(FIRMWARE):
        print("deploy: no firmware/ folder", file=sys.stderr)
        return 1
    r = deploy(a.port, a.build, not a.no_driver, a.dry_run)
    if r:
        print("deploy: " + r, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

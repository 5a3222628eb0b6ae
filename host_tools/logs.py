"""Copy the hand logs off a board over USB: ``python -m host_tools.logs [--port PORT] [DIR]`` (``make logs``).

One command for the table's record (issue 24, docs/device.md "Room"): it lists ``/data`` on the board, copies every
hand log there (``hands.log``, ``hands.1.log`` of earlier firmware, and the files the box set aside for study,
``hands.log.bad``) into ``DIR`` (default ``logs/``, created) with ``mpremote cp``, and says what it copied and how
to check it (``python -m host_tools.verify DIR/hands.log``). Nothing on the board is changed. The port as for
``make deploy`` (``PORT=...``; default mpremote's ``auto``). Exit 0 when at least one log was copied, 1 when the
board has none, 2 when no board answers (the same words as ``make deploy``).
"""

import argparse
import os
import sys

from host_tools.deploy import MPREMOTE, NO_BOARD, _detail, _run, missing_port, serial_ports

DATA = "/data"
LOGS = ("hands.log", "hands.1.log", "hands.log.bad")
LIST = "import os\ntry:\n print(' '.join(os.listdir(%r)))\nexcept OSError:\n print('')" % DATA


def copy_logs(port, out, run=_run, say=print, ports=serial_ports):
    """Copy the hand logs of the board on ``port`` into folder ``out``; returns the exit status (0, 1, 2)."""
    con = MPREMOTE + ["connect", port]
    rc, text, err = run(con + ["exec", LIST])
    if rc:
        missing = missing_port(port, ports())
        say(missing or NO_BOARD.format(where="on any USB serial port" if port == "auto" else "on " + port,
                                       detail=_detail(text, err)))
        return 2
    there = text.strip().splitlines()[-1].split() if text.strip() else []
    names = [n for n in LOGS if n in there]
    if not names:
        say("logs: no hand log on the board (%s holds: %s)" % (DATA, ", ".join(there) or "nothing"))
        return 1
    os.makedirs(out, exist_ok=True)
    argv = list(con)
    for n in names:
        argv += ["cp", ":%s/%s" % (DATA, n), os.path.join(out, n), "+"]
    rc, text, err = run(argv[:-1])
    if rc:
        say("logs: copying failed: %s" % _detail(text, err))
        return 2
    for n in names:
        p = os.path.join(out, n)
        say("logs: %s (%d bytes)" % (p, os.path.getsize(p) if os.path.exists(p) else 0))
    say("logs: check them with: python -m host_tools.verify %s" % os.path.join(out, "hands.log"))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.logs", description=__doc__.split("\n")[0])
    ap.add_argument("--port", default=os.environ.get("PORT") or "auto", help="the board's serial port (default auto)")
    ap.add_argument("dir", nargs="?", default="logs", help="the folder the logs are copied into (default logs/)")
    a = ap.parse_args(argv)
    return copy_logs(a.port, a.dir)


if __name__ == "__main__":
    sys.exit(main())

"""Copy the hand logs off a board over USB: ``python -m host_tools.logs [--port PORT] [DIR]`` (``make logs``).

One command for the table's record (issue 24, docs/device.md "Room"): it lists ``/data`` on the board, copies every hand
log there (``hands.log``, the older sessions' ``hands.<n>.log`` and earlier firmware's ``hands.1.log``, the file the box
set aside for study, ``hands.log.bad``, and ``hands.tip``, the last line the table dropped) into ``DIR`` (default
``logs/``, created) with ``mpremote cp``, joins the hand files in their chain's order into ``DIR/all-hands.log`` when
there are older ones, and says what it copied and how to check it (``python -m host_tools.verify DIR/hands.log``, or
``DIR/all-hands.log``: ``verify`` reads the ``hands.tip`` beside it). Nothing on the board is changed. The port as for
``make deploy`` (``PORT=...``; default mpremote's ``auto``). Exit 0 when at least one log was copied, 1 when the board
has none, 2 when no board answers (the same words as ``make deploy``)."""

import argparse
import os
import sys

from host_tools.deploy import MPREMOTE, NO_BOARD, _detail, _run, missing_port, serial_ports

DATA = "/data"
LOGS = ("hands.log", "hands.1.log", "hands.log.bad", "hands.tip")
ALL = "all-hands.log"       # the hand files joined in their chain's order, when the board holds older ones


def hand_files(names):
    """The board's files of hands among ``names``, oldest first (``Store.older`` then ``hands.log``): ``hands.1.log``,
    ``hands.2.log``, ... by number, ``hands.log`` last."""
    nums = sorted(int(n[6:-4]) for n in names if n[:6] == "hands." and n[-4:] == ".log" and n[6:-4].isdigit())
    return ["hands.%d.log" % k for k in nums] + (["hands.log"] if "hands.log" in names else [])
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
    chain = hand_files(there)
    names = chain + [n for n in LOGS if n in there and n not in chain]
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
    check = os.path.join(out, "hands.log")
    if len(chain) > 1:          # older files: one chain, joined in its order (the copies stay as they were)
        check = os.path.join(out, ALL)
        with open(check, "wb") as dst:
            for n in chain:
                with open(os.path.join(out, n), "rb") as src:
                    dst.write(src.read())
        say("logs: %s (%s joined, oldest first)" % (check, " + ".join(chain)))
    say("logs: check them with: python -m host_tools.verify %s" % check)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.logs", description=__doc__.split("\n")[0])
    ap.add_argument("--port", default=os.environ.get("PORT") or "auto", help="the board's serial port (default auto)")
    ap.add_argument("dir", nargs="?", default="logs", help="the folder the logs are copied into (default logs/)")
    a = ap.parse_args(argv)
    return copy_logs(a.port, a.dir)


if __name__ == "__main__":
    sys.exit(main())

"""The ``dealerbox`` command (installed by ``pip install .``): one command, a subcommand per host tool.

    dealerbox sim [--game ...] [--store DIR] ...      the box in the simulator (host_tools.sim)
    dealerbox replay FILE                             replay a hand log (host_tools.replay)
    dealerbox verify FILE                             check every deal against its commitment (host_tools.verify)
    dealerbox report FILE [--out DIR] [--csv FILE]    the night's report (host_tools.report)
    dealerbox handrank --game GAME                    rank hands, settle disputes (host_tools.handrank)
    dealerbox pi [--data DIR]                         the box on a Raspberry Pi (host_tools.pi)

Each subcommand is the tool's own ``main`` with the rest of the arguments (``dealerbox report -h`` is
``python -m host_tools.report -h``, which keeps working), and its exit status. Importing ``host_tools`` puts the
CPython stand-ins for ``micropython`` and ``framebuf`` on ``sys.path`` (and ``firmware/`` in a checkout; an
installed copy has the core as the package ``dealerbox``), so the command works from any folder.
Exit status 2 with the list of subcommands for an unknown one; 0 for ``-h``/``--help``, ``--version``.
"""

import importlib
import sys

COMMANDS = (
    ("sim", "host_tools.sim", "the box in the simulator (terminal, key scripts, PNG frames with Pillow)"),
    ("replay", "host_tools.replay", "replay a hand log: every action and result, the final stacks"),
    ("verify", "host_tools.verify", "check every deal of a hand log against the commitment the box showed"),
    ("report", "host_tools.report", "the night's report: HTML, the stacks chart (matplotlib), the ledger as CSV"),
    ("handrank", "host_tools.handrank", "rank hands of a game, or say which of two wins"),
    ("pi", "host_tools.pi", "run the box on a Raspberry Pi (Blinka and Adafruit's SSD1306 driver)"),
)


def version():
    """The installed distribution's version (str), or ``"(not installed)"`` when run from a checkout."""
    from importlib import metadata

    try:
        return metadata.version("dealerbox")
    except metadata.PackageNotFoundError:
        return "(not installed)"


def usage():
    """The help text (str): the usage line and one line per subcommand."""
    width = max(len(c[0]) for c in COMMANDS)
    rows = "\n".join("  %-*s  %s" % (width, name, what) for name, _mod, what in COMMANDS)
    return ("usage: dealerbox COMMAND [ARGS ...]\n\nDealer Box on the computer: the simulator, the hand-log tools and "
            "the Raspberry Pi board.\n\ncommands:\n%s\n\n'dealerbox COMMAND -h' tells a command's arguments." % rows)


def main(argv=None):
    """Run ``dealerbox COMMAND ARGS``: the subcommand's ``main(ARGS)``; returns the exit status (int)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:
        print(usage(), file=sys.stderr)
        return 2
    if argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    if argv[0] in ("-V", "--version"):
        print("dealerbox %s" % version())
        return 0
    for name, module, _what in COMMANDS:
        if argv[0] == name:
            rc = importlib.import_module(module).main(argv[1:])
            return rc if isinstance(rc, int) else 0
    print("dealerbox: no command %r; the commands are %s\n%s" % (
        argv[0], ", ".join(c[0] for c in COMMANDS), usage().split("\n")[0]), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

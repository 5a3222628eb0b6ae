"""Dealer Box on a Raspberry Pi (Zero 2 W, 3, 4, 5): the board ``dealerbox.boards.pi``, the app, the run loop.

    python -m host_tools.pi [--data DIR] [--config FILE] [--lang CODE]

Run from the repository's root (the systemd unit ``hardware/pi/dealerbox.service`` does):
importing ``host_tools`` puts ``firmware/`` and the CPython stand-ins for MicroPython's
``micropython`` and ``framebuf`` on ``sys.path``, so the core is the very same as on the
Pico. ``--data``: the folder of the saved session and the hand log (default
/var/lib/dealerbox); ``--config``: the JSON configuration (default
/etc/dealerbox/config.json; optional); ``--lang``: the language to speak (en, fr, it, de, tr), kept in
the data folder as the setup's "Language" row keeps it (a code that is not a language, or whose table is
not there yet, is refused with status 2). What the board found is printed (the journal, under
systemd); a board that cannot run (no Blinka, not a Pi, no GPIO) says what to check and
exits with status 1; an unexpected error shows on the screen and restarts after a press
(exit status 3, systemd starts it again). Ctrl-C or SIGTERM stops it, the display off.
"""

import argparse
import signal
import sys

import host_tools  # noqa: F401  (firmware/ and the shims on sys.path)


def make_app(board):
    """The UI's App on this board: entropy from os.urandom, the SD-card store, the board's clock."""
    from dealerbox.ui.app import App

    return App(board.entropy, store=board.store, clock=board.ticks_ms)


def plain(text):
    """``text`` of a docstring as plain words for ``--help``: the RST literal marks (double backticks) taken off."""
    return text.replace("``", "")


def _stop(signum, frame):
    raise KeyboardInterrupt


def main(argv=None, make_board=None):
    """Build the board (``make_board(config_file=, store_root=)``, default ``PiBoard``) and run the box.

    Returns the exit status: 0 when stopped (Ctrl-C, SIGTERM), 1 when the board cannot run."""
    from dealerbox.boards import loop
    from dealerbox.boards.pi import CONFIG_FILE, STORE_ROOT, PiBoard, StartError

    ap = argparse.ArgumentParser(prog="python -m host_tools.pi", description=plain(__doc__.split("\n")[0]))
    ap.add_argument("--data", default=STORE_ROOT, help="folder of the saved session and hand log (default %(default)s)")
    ap.add_argument("--config", default=CONFIG_FILE, help="JSON configuration, optional (default %(default)s)")
    ap.add_argument("--lang", default=None, metavar="CODE",
                    help="speak this language (en, fr, it, de, tr), kept as the setup's choice")
    a = ap.parse_args(argv)
    if a.lang is not None:
        from host_tools.hostboard import lang_code, why_not
        why = why_not(a.lang)
        if why is not None:
            print("dealerbox: --lang %s: %s" % (a.lang, why), file=sys.stderr)
            return 2
        a.lang = lang_code(a.lang)      # any case: --lang FR is fr
    if make_board is None:
        make_board = PiBoard
    try:
        board = make_board(config_file=a.config, store_root=a.data)
    except StartError as e:
        print("dealerbox: %s" % e, file=sys.stderr)
        return 1
    except OSError as e:  # the data folder: missing parent, no permission
        print("dealerbox: cannot use %s (%s): check --data and its permissions" % (a.data, e), file=sys.stderr)
        return 1
    if a.lang is not None:      # kept as the setup's language row keeps it: the app speaks it from its first frame
        try:
            board.store.save_prefs({"lang": a.lang})
        except OSError as e:
            board.say("cannot keep the language in %s (%s): speaking it this time only" % (a.data, e))
        from dealerbox.ui import langpick
        langpick.speak(a.lang)
    signal.signal(signal.SIGTERM, _stop)
    try:
        loop.main(board, make_app)
    except KeyboardInterrupt:
        board.say("stopped")
    finally:
        board.stop_sampling()       # the buttons' thread ends with the box
        if board.display is not None:
            try:
                board.display.poweroff()
            except Exception as e:  # the display may be what failed
                board.say("cannot switch the display off: %s" % e)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The Dealer Box simulator (``make sim``): the very same app as on the box, on a computer.

    python -m host_tools.sim [--game teen-patti|turkish|indian] [--players N] [--seed N]
                             [--script FILE] [--png DIR] [--store DIR] [--demo]

* In a terminal: the 128x64 screen drawn with half-block characters, keys mapped to the
  five buttons (printed under the screen), ``q`` quits and restores the terminal.
* ``--script FILE``: button presses from a file (``host_tools.hostboard.parse_script``:
  ``ok  long-ok  right*3  # comment``), run without a terminal; the last frame is printed.
* ``--png DIR``: every frame drawn is also written as ``DIR/frame_0001.png`` ... (Pillow).
* ``--seed N`` fixes the deal (SeededEntropy); ``--store DIR`` keeps the session and the
  hand logs in DIR (the box's power-cut-safe store), so a later run offers "resume".
* Without a terminal (CI, a pipe) and without ``--script`` it runs a scripted demo (a
  session of Teen Patti, or of ``--game``) and exits 0.
"""

import argparse
import os
import sys

from dealerbox.ui.app import App
from dealerbox.ui.settings import GAMES

import host_tools  # noqa: F401  (puts firmware/ on sys.path)
from host_tools.hostboard import KEY_HELP, KEYS, HostBoard, parse_script

DEMO_SEED = 2024
# The demo: setup with the defaults (game, players, names, chips, boot, betting, preset,
# rules, summary), then a hand played by the defaults and a few other choices.
DEMO = """
ok            # game (preselected)
ok            # players
down*9 ok     # names: Done
ok ok         # chips, boot/ante
down*9 ok     # betting: Done
ok            # preset
down*20 ok    # single house rules: Done
down*3 ok     # summary: deal
ok left ok    # gate, a turn: see cards (Teen Patti) or another action
ok ok ok ok ok ok ok ok ok ok ok ok
ok ok ok ok ok ok ok ok ok ok ok ok
right ok ok right ok ok ok ok ok ok ok ok ok ok ok ok ok ok
ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok
"""


def make_app(board, game=None, players=None):
    """The app on ``board`` with ``game``/``players`` preselected on the setup screens."""
    app = App(board.entropy, store=board.store)
    if game is not None and app.mode != 1:  # not on the resume screen
        app.choose(game, players)
    return app


class Recorder:
    """Draws the app into the board when dirty and writes each frame as a PNG when asked."""

    def __init__(self, board, app, png_dir=None):
        self.board = board
        self.app = app
        self.png_dir = png_dir
        self.frames = 0
        if png_dir:
            os.makedirs(png_dir, exist_ok=True)

    def refresh(self, force=False):
        """Redraw if the app is dirty (or ``force``); returns True when a frame was drawn."""
        if not (self.app.dirty or force):
            return False
        self.app.draw(self.board.fb)
        self.frames += 1
        if self.png_dir:
            self.board.save_png(os.path.join(self.png_dir, "frame_%04d.png" % self.frames))
        return True


def run_script(app, rec, presses, out=sys.stdout):
    """Feed ``presses`` (list of (button, long)) to ``app``, drawing after each; prints the last frame."""
    rec.refresh(force=True)
    for b, long in presses:
        app.press(b, long)
        rec.refresh()
    out.write(rec.board.text_frame() + "\n")
    return 0


def _read_key(fd):
    ch = os.read(fd, 1).decode(errors="ignore")
    if ch == "\x1b":
        seq = ch + os.read(fd, 2).decode(errors="ignore")
        return seq
    return ch


def run_terminal(app, rec):
    """Interactive: draw in the terminal, read keys until ``q``; the terminal is always restored."""
    import termios
    import tty
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    out = sys.stdout
    try:
        tty.setcbreak(fd)
        out.write("\x1b[?25l\x1b[2J")
        rec.refresh(force=True)
        while True:
            out.write("\x1b[H" + rec.board.text_frame() + "\n" + KEY_HELP + "\x1b[K\n")
            out.flush()
            k = _read_key(fd)
            if k in ("q", "Q", "\x03", "\x04"):
                break
            ev = KEYS.get(k)
            if ev is not None:
                app.press(ev[0], ev[1])
                rec.refresh()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        out.write("\x1b[?25h\n")
        out.flush()
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.sim", description="Dealer Box simulator")
    ap.add_argument("--game", choices=GAMES, default=None, help="preselect the game (default: Teen Patti)")
    ap.add_argument("--players", type=int, default=None, help="preselect the number of players")
    ap.add_argument("--seed", type=int, default=None, help="fix the deal (default: os.urandom)")
    ap.add_argument("--script", default=None, help="file of button presses to play, no terminal")
    ap.add_argument("--png", default=None, metavar="DIR", help="write every frame as a PNG into DIR")
    ap.add_argument("--store", default=None, metavar="DIR", help="keep the session and hand logs in DIR")
    ap.add_argument("--demo", action="store_true", help="run the scripted demo even in a terminal")
    a = ap.parse_args(argv)
    interactive = a.script is None and not a.demo and sys.stdin.isatty() and sys.stdout.isatty()
    seed = a.seed
    if seed is None and not interactive:
        seed = DEMO_SEED
    board = HostBoard(seed=seed, store_dir=a.store)
    app = make_app(board, a.game, a.players)
    rec = Recorder(board, app, a.png)
    game = a.game or "teen-patti"
    if a.script is not None:
        with open(a.script, encoding="utf-8") as f:
            presses = parse_script(f.read())
        run_script(app, rec, presses)
        print("Dealer Box simulator: %s, script %s: %d presses, %d frames" % (game, a.script, len(presses),
                                                                              rec.frames))
        return 0
    if not interactive:
        presses = parse_script(DEMO)
        run_script(app, rec, presses)
        print("Dealer Box simulator demo: %s, seed %d: %d presses, %d frames" % (game, seed, len(presses),
                                                                                 rec.frames))
        return 0
    return run_terminal(app, rec)


if __name__ == "__main__":
    sys.exit(main())

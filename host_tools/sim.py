"""The Dealer Box simulator (``make sim``): the very same app as on the box, on a computer.

    python -m host_tools.sim [--game teen-patti|turkish|indian] [--players N] [--seed N]
                             [--script FILE] [--png DIR] [--store DIR] [--lang CODE] [--demo]

* In a terminal: the 128x64 screen drawn with half-block characters, keys mapped to the
  five buttons (printed under the screen), ``q`` quits and restores the terminal.
* ``--script FILE``: button presses from a file (``host_tools.hostboard.parse_script``:
  ``ok  long-ok  right*3  # comment``), run without a terminal; the last frame is printed.
* ``--png DIR``: every frame drawn is also written as ``DIR/frame_0001.png`` ... (Pillow); the frames of
  an earlier run in DIR (files named ``frame_NNNN.png``) are removed first, and the summary says how many.
* ``--seed N`` (0 to 2**32-1) fixes the deal (SeededEntropy); ``--store DIR`` keeps the session
  and the hand logs in DIR (the box's power-cut-safe store), so a later run offers "resume" (then
  ``--game``/``--players`` apply only if "New session" is chosen, and the simulator says so; the summary
  line after a script or the demo names the session that ran: ``resumed the saved teen-patti session
  (--game turkish applies only to a new session)``, ``turkish, a new session``: ``what_ran``).
* ``--lang CODE`` (en, fr, it, de, tr: ``dealerbox.lang.LANGS``; any case, ``FR`` is ``fr``) speaks that language
  from the first frame, and with ``--store`` keeps it there as the setup's "Language" row does (a later run
  without ``--lang`` speaks it too); a code of a language whose table ``firmware/dealerbox/lang/tables/CODE.bin``
  is not there yet is refused, naming the languages there are (docs/languages.md).
* A bad argument (players out of the game's range, a script that cannot be read or names no button,
  a ``--png``/``--store`` folder that cannot be made, a seed out of range) gives one line on stderr
  and exit status 2. A terminal too small for the screen gets a half-size (braille) screen, or a
  message with the size needed (wrapped between words); a resize redraws at once (SIGWINCH, and
  the size is checked twice a second); Ctrl-C quits cleanly.
* A run that ends with the last write to ``--store`` failed (the flash full, a write error: the app's "Not
  saved" notice, ``App.unsaved``) says so in one line on stderr (``unsaved_note``); the exit status is unchanged.
* Without a terminal (CI, a pipe) and without ``--script`` it runs a scripted demo (a
  session of Teen Patti, or of ``--game``) and exits 0.
"""

import argparse
import os
import sys

from dealerbox.ui import modes
from dealerbox.ui.app import App
from dealerbox.ui.settings import GAMES, game_label, player_range

import host_tools  # noqa: F401  (puts firmware/ on sys.path)
from host_tools.hostboard import KEY_HELP, KEYS, HostBoard, parse_script

DEMO_SEED = 2024
SEED_MAX = 2 ** 32 - 1
FULL = (WIDTH_FULL, HEIGHT_FULL) = (130, 35)     # the bordered half-block screen and the key help
SMALL = (66, 19)                                  # the braille half-size screen
# Setup with the defaults (game, players, names, chips, boot, betting, preset, rules, summary) to the
# first deal: the start of the demo, and of scripts that play on from there (tests).
SETUP = """
ok            # game (preselected)
ok            # players
down*9 ok     # names: Done
ok ok         # chips, boot/ante
down*9 ok     # betting: Done
ok            # preset
down*20 ok    # single house rules: Done
down*3 ok     # summary: deal
"""
# The demo: the setup, then a hand played by the defaults and a few other choices.
DEMO = SETUP + """ok           # the deal's seal (its commitment), then the first gate
ok left ok    # gate, a turn: see cards (Teen Patti) or another action
ok ok ok ok ok ok ok ok ok ok ok ok
ok ok ok ok ok ok ok ok ok ok ok ok
right ok ok right ok ok ok ok ok ok ok ok ok ok ok ok ok ok
ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok ok
"""


class UsageError(Exception):
    """A bad command line: one line for the user, exit status 2."""


def make_app(board, game=None, players=None, out=None):
    """The app on ``board`` with ``game``/``players`` preselected on the setup screens. With a saved session
    the resume screen comes first: the choice is kept for "New session" (and said on ``out``)."""
    app = App(board.entropy, store=board.store)
    if game is None and players is None:
        return app
    if app.mode == modes.M_RESUME:
        if out is not None and app.screen.saved is not None:
            out.write("a saved %s session is offered first; --game/--players apply if you choose New session\n"
                      % game_label(app.screen.saved["cfg"]["game"]))
        app.pending = (game or "teen-patti", players)
    else:
        choose(app, game or "teen-patti", players)
    return app


def choose(app, game, players=None):
    """Preselect ``game`` (and ``players``, clamped to its range) on the setup screens of ``app`` (its first one
    shown): what ``--game``/``--players`` ask."""
    from dealerbox.ui import setup_flow

    app.set_config(setup_flow.new_config(app.cfg, game, players))
    app.go(setup_flow.GameScreen(app))


def press(app, b, long):
    """One button event; after "New session" on the resume screen, the --game/--players choice is applied.
    What was chosen on the resume screen is kept in ``app.sim_chose``: "resumed" or "new" (``what_ran``)."""
    was = app.mode
    app.press(b, long)
    if was == modes.M_RESUME and app.mode != modes.M_RESUME:
        app.sim_chose = "new" if app.mode == modes.M_GAME else "resumed"
        pending = getattr(app, "pending", None)
        app.pending = None
        if pending is not None and app.mode == modes.M_GAME:
            choose(app, pending[0], pending[1])


def what_ran(app, a):
    """The session the run played, for the summary line: for a new session the game chosen on its screens, else
    the game of ``--game`` (default teen-patti); for a saved session that was resumed (or is still offered), that
    session's game, and that ``--game``/``--players`` (``a``, the arguments) apply only to a new one; a boot screen
    that only says what the store found wrong (no save could be used) says so."""
    game = (app.cfg or {}).get("game") or a.game or "teen-patti"   # the game chosen on the screens, if one was
    chose = getattr(app, "sim_chose", None)
    if chose == "new":
        return "%s, a new session" % game
    if chose is None and app.mode != modes.M_RESUME:
        return game
    saved = app.cfg["game"] if chose == "resumed" else ((app.screen.saved or {}).get("cfg") or {}).get("game")
    if saved is None:       # only what the store found wrong is shown: no saved session could be used
        return "still on the boot screen (no saved session could be used)"
    said = [x for x in ("--game %s" % a.game if a.game else "",
                        "--players %d" % a.players if a.players is not None else "") if x]
    return "%s the saved %s session%s" % ("resumed" if chose == "resumed" else "still offering", saved,
                                          " (%s %s only to a new session)" % (" ".join(said), "apply" if len(said) > 1
                                                                              else "applies") if said else "")


class Recorder:
    """Draws the app into the board when dirty and writes each frame as a PNG when asked."""

    def __init__(self, board, app, png_dir=None):
        self.board = board
        self.app = app
        self.png_dir = png_dir
        self.frames = 0

    def refresh(self, force=False):
        """Redraw if the app is dirty (or ``force``); returns True when a frame was drawn. Tells the board when a
        hand goes live or ends (``usb_interrupt``: the box's USB REPL is off meanwhile; the host board records it)."""
        live = self.app.hand_live()
        if live != getattr(self, "live", None):
            self.live = live
            self.board.usb_interrupt(not live)
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
        press(app, b, long)
        rec.refresh()
    out.write(rec.board.text_frame() + "\n")
    return 0


def read_keys(fd, wait=0.05):
    """The keys typed on the terminal ``fd`` (waits for one): characters and escape sequences (arrows:
    ``"\\x1b[A"``...), in order. Bytes that arrive together are read together and split here, so a lone Esc
    is a key of its own and never swallows the next key."""
    import select
    data = os.read(fd, 1)
    while select.select([fd], [], [], wait)[0]:
        more = os.read(fd, 64)
        if not more:
            break
        data += more
    text = data.decode(errors="ignore")
    keys = []
    i = 0
    while i < len(text):
        if text[i] == "\x1b" and i + 2 < len(text) and text[i + 1] in "[O":
            keys.append("\x1b[" + text[i + 2])
            i += 3
        else:
            keys.append(text[i])
            i += 1
    return keys


def screen_text(board, cols, rows):
    """What the terminal shows for a ``cols`` x ``rows`` terminal: the full screen, the half-size one, or a
    message with the size needed, its lines at most ``cols`` wide, broken only between words (a word
    longer than the line stays whole)."""
    if cols >= WIDTH_FULL and rows >= HEIGHT_FULL:
        return board.text_frame() + "\n" + KEY_HELP
    if cols >= SMALL[0] and rows >= SMALL[1]:
        return board.small_frame() + "\n" + "arrows/wasd, Enter=OK, capitals=long, q quits"
    import textwrap
    msg = ("terminal %dx%d is too small: the simulator needs %dx%d (or %dx%d for the half-size screen). "
           "Make the window bigger, or press q to quit." % (cols, rows, WIDTH_FULL, HEIGHT_FULL, SMALL[0], SMALL[1]))
    return "\n".join(textwrap.wrap(msg, max(cols, 1), break_long_words=False, break_on_hyphens=False))


def terminal_size(fd):
    """(columns, lines) of the terminal on ``fd`` as it is now (after any resize); where the terminal does
    not say (0x0, not a terminal), $COLUMNS/$LINES or 80x24 (``shutil.get_terminal_size``)."""
    try:
        size = os.get_terminal_size(fd)
    except OSError:
        size = None
    if size is None or not (size.columns and size.lines):
        import shutil
        size = shutil.get_terminal_size()
    return size.columns, size.lines


RESIZE_POLL = 0.5   # seconds between size checks while no key comes (where SIGWINCH does not arrive)


def run_terminal(app, rec):
    """Interactive: draw in the terminal, read keys until ``q`` (or Ctrl-C, Ctrl-D); the terminal is always
    restored, and Ctrl-C quits without a traceback. The screen is redrawn when a press changes it and when
    the terminal is resized (SIGWINCH wakes the loop; the size is also checked every RESIZE_POLL s)."""
    import select
    import signal
    import termios
    import tty
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    out = sys.stdout
    wake_r, wake_w = os.pipe()                  # SIGWINCH writes here, so the wait for a key ends at once
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)

    def on_resize(_sig, _frame):
        try:
            os.write(wake_w, b"w")
        except OSError:                         # the pipe is full: a wake-up is already waiting
            pass

    winch = getattr(signal, "SIGWINCH", None)
    old_winch = signal.signal(winch, on_resize) if winch is not None else None
    try:
        tty.setcbreak(fd)
        out.write("\x1b[?25l\x1b[2J")
        rec.refresh(force=True)
        shown = None
        while True:
            cols, rows = terminal_size(out.fileno())
            if shown != (cols, rows, rec.frames):     # redraw only on a change: a new frame or a new size
                shown = (cols, rows, rec.frames)
                out.write("\x1b[H\x1b[J" + screen_text(rec.board, cols, rows) + "\n")
                out.flush()
            ready = select.select([fd, wake_r], [], [], RESIZE_POLL)[0]
            if wake_r in ready:
                while True:
                    try:
                        if not os.read(wake_r, 64):
                            break
                    except BlockingIOError:
                        break
            if fd not in ready:
                continue
            keys = read_keys(fd)
            if [k for k in keys if k in ("q", "Q", "\x03", "\x04")]:
                break
            for k in keys:
                ev = KEYS.get(k)
                if ev is not None:
                    press(app, ev[0], ev[1])
                    rec.refresh()
    except KeyboardInterrupt:
        pass
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        if winch is not None:
            signal.signal(winch, old_winch)
        os.close(wake_r)
        os.close(wake_w)
        out.write("\x1b[?25h\n")
        out.flush()
    return 0


def _folder(path, what):
    """Create folder ``path`` (for ``what``) or raise UsageError saying why it cannot be used."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError("%s %s is a file, not a folder" % (what, path))
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as err:
        raise UsageError("cannot create the %s folder %s: %s" % (what, path, err.strerror or err)) from None
    if not os.access(path, os.W_OK):
        raise UsageError("cannot write into the %s folder %s" % (what, path))


def clear_frames(path):
    """Remove the frames an earlier run wrote into the ``--png`` folder ``path`` (``frame_0001.png``...: only
    that pattern, other files are left alone), so the folder holds this run's frames only; returns how many."""
    import re
    n = 0
    for name in os.listdir(path):
        if re.fullmatch(r"frame_[0-9]{4,}\.png", name):
            try:
                os.remove(os.path.join(path, name))
            except OSError as err:
                raise UsageError("cannot remove %s from the --png folder %s: %s"
                                 % (name, path, err.strerror or err)) from None
            n += 1
    return n


def _read_script(path):
    if os.path.isdir(path):
        raise UsageError("--script %s is a folder, not a file of button presses" % path)
    try:
        with open(path, encoding="utf-8-sig") as f:     # a byte order mark (Windows editors) is not a word
            text = f.read()
    except UnicodeDecodeError:
        raise UsageError("--script %s is not UTF-8 text" % path) from None
    except OSError as err:
        raise UsageError("cannot read --script %s: %s" % (path, err.strerror or err)) from None
    try:
        presses = parse_script(text, path)
    except ValueError as err:
        raise UsageError(str(err)) from None
    if not presses:
        raise UsageError("--script %s names no button (it is %s): write the presses as button words, "
                         "e.g. ok down*3 long-ok" % (path, "empty" if not text.strip() else "only comments"))
    return presses


def unsaved_note(app, a):
    """One line when the session ends with its last write to ``--store`` failed (``App.unsaved``: the store
    raised OSError, the flash full or a write error, and the app kept playing: ui/nosave.py), else None:
    ``the session was not saved: the last write to --store DIR failed (flash full); DIR keeps the last save that
    worked``. The reason is the one the box's "Not saved" notice gives (in the language spoken)."""
    if a.store is None or getattr(app, "unsaved", None) is None:
        return None
    return ("the session was not saved: the last write to --store %s failed (%s); %s keeps the last save that worked"
            % (a.store, app.unsaved, a.store))


def _count(n, one, many):
    return "%d %s" % (n, one if n == 1 else many)


def _stale_note(a):
    n = getattr(a, "stale", 0)
    return " (%s of an earlier run removed from %s)" % (_count(n, "frame", "frames"), a.png) if n else ""


def _check(a):
    """Validate the arguments that argparse cannot: UsageError with the reason."""
    if a.seed is not None and not 0 <= a.seed <= SEED_MAX:
        raise UsageError("--seed %d: a seed is 0 to %d" % (a.seed, SEED_MAX))
    if a.players is not None:
        game = a.game or "teen-patti"
        lo, hi = player_range(game)
        if not lo <= a.players <= hi:
            raise UsageError("--players %d: %s takes %d to %d players" % (a.players, game_label(game), lo, hi))
    presses = _read_script(a.script) if a.script is not None else None
    if a.png is not None:
        try:
            import PIL  # noqa: F401  (the frames are written with Pillow: the extra ``sim``)
        except ImportError:
            raise UsageError("--png needs Pillow: pip install 'dealerbox[sim]' (or pip install Pillow)") from None
        _folder(a.png, "--png")
        a.stale = clear_frames(a.png)
    if a.store is not None:
        _folder(a.store, "--store")
    if a.lang is not None:
        a.lang = check_lang(a.lang)
    return presses


def check_lang(code):
    """The box's code for ``code`` as typed (any case: ``--lang FR`` is ``"fr"``, ``hostboard.lang_code``); raise
    UsageError unless it is a language the box has a table for (``hostboard.why_not``)."""
    from host_tools.hostboard import lang_code, why_not
    why = why_not(code)
    if why is not None:
        raise UsageError("--lang %s: %s" % (code, why))
    return lang_code(code)


def use_lang(board, code):
    """Speak ``code`` (checked by ``check_lang``) from the first frame; with a store, keep it as the setup's language
    row does (``prefs.json``), so the app reads it at boot as the box would."""
    from dealerbox.ui import langpick
    if board.store is not None:
        board.store.save_prefs({"lang": code})
    langpick.speak(code)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.sim", description="Dealer Box simulator")
    ap.add_argument("--game", choices=GAMES, default=None, help="preselect the game (default: Teen Patti)")
    ap.add_argument("--players", type=int, default=None,
                    help="preselect the number of players (Teen Patti 2-10, Turkish 2-5, Indian 2-10)")
    ap.add_argument("--seed", type=int, default=None, help="fix the deal, 0 to 2**32-1 (default: os.urandom)")
    ap.add_argument("--script", default=None, help="file of button presses to play, no terminal")
    ap.add_argument("--png", default=None, metavar="DIR", help="write every frame as a PNG into DIR")
    ap.add_argument("--store", default=None, metavar="DIR", help="keep the session and hand logs in DIR")
    ap.add_argument("--lang", default=None, metavar="CODE",
                    help="speak this language (en, fr, it, de, tr), kept in --store as the setup's choice")
    ap.add_argument("--demo", action="store_true", help="run the scripted demo even in a terminal")
    a = ap.parse_args(argv)
    try:
        presses = _check(a)
    except UsageError as err:
        sys.stderr.write("%s: error: %s\n" % (ap.prog, err))
        return 2
    interactive = a.script is None and not a.demo and sys.stdin.isatty() and sys.stdout.isatty()
    seed = a.seed
    if seed is None and not interactive:
        seed = DEMO_SEED
    board = HostBoard(seed=seed, store_dir=a.store)
    if a.lang is not None:
        use_lang(board, a.lang)
    app = make_app(board, a.game, a.players, sys.stderr)
    rec = Recorder(board, app, a.png)
    try:
        if presses is not None:
            run_script(app, rec, presses)
            print("Dealer Box simulator: %s, script %s: %s, %s%s" % (
                what_ran(app, a), a.script, _count(len(presses), "press", "presses"),
                _count(rec.frames, "frame", "frames"),
                _stale_note(a)))
            rc = 0
        elif not interactive:
            presses = parse_script(DEMO)
            run_script(app, rec, presses)
            print("Dealer Box simulator demo: %s, seed %d: %s, %s%s" % (
                what_ran(app, a), seed, _count(len(presses), "press", "presses"), _count(rec.frames, "frame", "frames"),
                _stale_note(a)))
            rc = 0
        else:
            rc = run_terminal(app, rec)
    except KeyboardInterrupt:
        rc = 130
    note = unsaved_note(app, a)
    if note:
        sys.stderr.write(note + "\n")
    return rc


if __name__ == "__main__":
    sys.exit(main())

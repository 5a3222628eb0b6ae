"""Regenerate docs/screenshots/*.png: the box's screens met on seeded sessions, driven by button presses
only through the same app as the box (``python -m host_tools.screenshots [DIR]``), in English, then the same
screens again in each other language whose table is there, into ``DIR/<code>/`` (docs/screenshots/de/...).

Teen Patti setup and turns (seed 7), a sideshow answered and compared, the showdown, awards and
standings (seed 3); a Turkish session with a draw and an award with a side pot, then the end of the
session (seed 2, 20 chips); Indian Poker with two cards and a center card (seed 5); Forehead Stud at 7
players (seed 5); the resume screen after a reboot with a saved session; the language list of the first
setup screen.
"""

import os
import sys
import tempfile

from dealerbox.rng import SeededEntropy, randbelow
from dealerbox.ui import buttons as btn
from dealerbox.ui import modes
from dealerbox.ui.app import App

import host_tools  # noqa: F401  (firmware/ and the shims on sys.path)
from host_tools import folder_problem
from host_tools.hostboard import HostBoard

OUT = os.path.join(host_tools.ROOT, "docs", "screenshots")
WEIGHTS = {"pack": 1, "fold": 1, "see": 3, "show": 2, "refuse": 2, "accept": 2}


class Tour:
    """An app on a host board; ``snap(name)`` writes the current frame as ``DIR/name.png``."""

    def __init__(self, out, seed, store_dir=None):
        self.out = out
        self.board = HostBoard(seed=seed, store_dir=store_dir)
        self.app = App(self.board.entropy, store=self.board.store)
        self.app.draw(self.board.fb)

    def press(self, b, times=1, long=False):
        for _ in range(times):
            self.app.press(b, long)
            if self.app.dirty:
                self.app.draw(self.board.fb)

    def snap(self, name):
        self.board.save_png(os.path.join(self.out, name + ".png"))

    def select(self, kind):
        app = self.app
        for _ in range(len(app.screen.opts)):
            if app.screen.opts[app.screen.oi].kind == kind:
                return
            self.press(btn.RIGHT)
        raise RuntimeError("%s not offered" % kind)

    def act(self, kind):
        if self.app.mode == modes.M_GATE:
            self.press(btn.OK)
        self.select(kind)
        self.press(btn.OK)
        if self.app.screen.armed:      # Pack / Fold with chips in the pot: the second OK
            self.press(btn.OK)

    def setup(self, game_index, players, names=(), chips_left=0, rule_rights=None, shots=False, money=0):
        """Walk the setup screens (snapping each when ``shots``) and the deal's seal, up to the first gate."""
        p = self.press
        p(btn.DOWN, game_index)
        shots and self.snap("01-game")
        p(btn.OK)
        p(btn.LEFT, 10)
        p(btn.RIGHT, players - 2)
        shots and self.snap("02-players")
        p(btn.OK)
        for i, name in enumerate(names):
            p(btn.UP, 12)
            p(btn.DOWN, i)
            p(btn.OK)
            self.type_name(name)
            shots and i == 0 and self.snap("03-name-editor")
            p(btn.OK)
        p(btn.DOWN, 12)
        p(btn.OK)
        p(btn.LEFT, chips_left)
        shots and self.snap("04-chips")
        p(btn.OK)
        shots and self.snap("05-boot")
        p(btn.OK)
        shots and self.snap("06-betting")
        p(btn.OK)
        shots and self.snap("07-preset")
        p(btn.OK)
        for row, n in (rule_rights or {}).items():
            p(btn.UP, 20)
            p(btn.DOWN, row)
            p(btn.RIGHT, n)
        shots and self.snap("08-house-rules")
        p(btn.OK)
        shots and self.snap("09-summary")
        p(btn.RIGHT, money)                 # the chip value: RIGHT steps settings.CENTS_LADDER
        p(btn.OK)
        shots and self.snap("24-seal")      # the deal's seal (commitment) before the first gate
        p(btn.OK)

    def type_name(self, target):
        from dealerbox.ui import settings
        app = self.app
        while app.screen.edit:
            self.press(btn.LEFT, long=True)
        for i, ch in enumerate(target):
            if i:
                self.press(btn.RIGHT)
            chars = settings.NAME_CHARS     # (every position's ring holds its letters in this order)
            if i >= len(app.screen.edit):
                self.press(btn.UP)          # an emptied name: its first letter
            cur = app.screen.edit[i]
            self.press(btn.UP, (chars.find(ch) - chars.find(cur)) % len(chars))

    def autoplay_until(self, done, read, on_turn=None):
        """Play seeded legal choices (raises to the maximum) until ``done(app)``."""
        app = self.app
        for _ in range(5000):
            if done(app):
                return
            if app.mode == modes.M_TURN:
                if on_turn is not None:
                    on_turn(self)
                if app.mode != modes.M_TURN:
                    continue
                kinds = [o.kind for o in app.screen.opts]
                total = sum(WEIGHTS.get(k, 4) for k in kinds)
                r = randbelow(total, read)
                pick = kinds[-1]
                for k in kinds:
                    r -= WEIGHTS.get(k, 4)
                    if r < 0:
                        pick = k
                        break
                self.select(pick)
                if pick in ("raise", "bet", "open"):
                    self.press(btn.UP, long=True)
                self.press(btn.OK)
                if app.screen.armed:               # a pack / fold with chips in the pot: the second OK
                    self.press(btn.OK)
            elif app.mode == modes.M_BETWEEN:
                self.press(btn.UP, 5)
                self.press(btn.OK)
            else:
                self.press(btn.OK)
        raise RuntimeError("no end")


def teen_patti(out):
    t = Tour(out, 7)
    t.setup(0, 4, names=("Anna",), shots=True)
    t.snap("10-gate")
    t.press(btn.OK)
    t.snap("11-turn-blind")
    t.press(btn.LEFT)
    t.press(btn.OK)
    t.snap("12-turn-seen")
    t = Tour(out, 3)
    t.setup(0, 4, names=("Ann", "Kristina", "Bo", "Dev"))
    for k in ("see", "chaal", "see", "chaal", "see", "chaal", "see", "chaal", "sideshow"):
        t.act(k)
    t.press(btn.OK)
    t.select("accept")
    t.snap("15-sideshow-answer")
    t.press(btn.OK)
    t.snap("16-sideshow-compared")
    t.press(btn.OK)
    t.press(btn.OK)
    t.press(btn.OK)
    app = t.app
    while app.mode in (modes.M_GATE, modes.M_TURN):
        if app.mode == modes.M_GATE:
            t.press(btn.OK)
        t.act("show" if "show" in [o.kind for o in app.screen.opts] else "chaal")
    t.snap("17-showdown")


def turkish(out):
    t = Tour(out, 2)
    t.setup(1, 3, names=("Kristina", "Mehmet", "Ayşe"), chips_left=2, money=4)    # 1 chip = 0.10
    t.press(btn.OK)
    shot = []

    def draw_shot(tour):
        if not shot and tour.app.screen.opts and tour.app.screen.opts[0].kind == "draw":
            tour.press(btn.RIGHT)
            tour.press(btn.UP)
            tour.press(btn.RIGHT)
            tour.press(btn.UP)
            tour.snap("13-turkish-draw")
            shot.append(1)
            tour.press(btn.OK)                  # draws the two cards marked: the new hand, still private
            tour.snap("26-turkish-new-hand")

    def side_pot(app):
        r = app.engine.result if app.engine is not None else None
        return app.mode == modes.M_AWARDS and len(r.get("pots") or []) > 1 and len(r["awards"]) > 1

    t.autoplay_until(side_pot, SeededEntropy(2).read, draw_shot)
    t.snap("18-awards-side-pot")
    t.press(btn.OK)
    t.snap("19-standings")
    t.press(btn.OK)
    t.press(btn.DOWN, 4)                    # Settle up: if we stop now
    t.press(btn.OK)
    t.snap("25-settle-up")
    t.press(btn.OK)
    t.press(btn.DOWN)                       # End session (asked twice)
    t.press(btn.OK)
    t.press(btn.OK)
    t.snap("20-end-of-session")


def indian(out):
    t = Tour(out, 5)
    t.setup(2, 4, names=("Ann", "Kristina", "Bo", "Dev"), rule_rights={2: 1, 3: 1})
    app = t.app
    while not app.engine.center:
        t.act("check")
    t.snap("21-indian-gate-center")
    t.press(btn.OK)
    t.snap("14-indian-turn")
    while app.mode in (modes.M_GATE, modes.M_TURN):
        t.act("check")
    t.snap("22-indian-showdown")


def stud(out):
    """Forehead Stud (Indian Poker's rule row "Game", the sixth single house rule) at 7 players: a turn of the
    last round and the showdown."""
    t = Tour(out, 5)
    t.setup(2, 7, names=("Ann", "Kristina", "Bo", "Dev", "Mehmet", "Lea", "Sam"), rule_rights={5: 1})
    app = t.app
    while app.engine.rounds < 5:
        t.act("check")
    t.press(btn.OK)
    t.snap("27-stud-turn")
    while app.mode in (modes.M_GATE, modes.M_TURN):
        t.act("check")
    t.snap("28-stud-showdown")


def resume(out):
    with tempfile.TemporaryDirectory() as store:
        t = Tour(out, 4, store)
        t.setup(0, 3)
        t = Tour(out, 5, store)
        t.snap("23-resume")


def language(out):
    t = Tour(out, 1)
    t.press(btn.DOWN, 5)                    # the last row of the first setup screen: the language
    t.press(btn.OK)
    t.snap("29-language")


def one_set(out):
    """Every screenshot of the set into folder ``out``, in the language spoken."""
    os.makedirs(out, exist_ok=True)
    teen_patti(out)
    turkish(out)
    indian(out)
    stud(out)
    resume(out)
    language(out)
    return len([f for f in os.listdir(out) if f.endswith(".png")])


def parse_args(argv):
    """The command line (list of str) as an ``argparse.Namespace`` with ``dir``; exits 0 for --help and 2 (with
    usage) for a bad option."""
    import argparse
    ap = argparse.ArgumentParser(
        prog="python -m host_tools.screenshots",
        description="Regenerate the box's screenshots (PNG, one set per language with a table: English into "
                    "DIR, the others into DIR/<code>).")
    ap.add_argument("dir", metavar="DIR", nargs="?", default=OUT,
                    help="the folder to write into (made if needed; default docs/screenshots)")
    return ap.parse_args(argv)


def main(argv=None):
    """The English set into ``DIR`` (default docs/screenshots), then one set per other language with a table into
    ``DIR/<code>`` (``langpick.present``); English is spoken again at the end. Returns the exit status: 0, or 2
    after one line on stderr when a folder cannot be used or a table cannot be read (every table is checked before
    anything is written or made: a damaged one leaves no folder and no set behind)."""
    from dealerbox.ui import langpick

    from host_tools.hostboard import table_problem
    out = parse_args(sys.argv[1:] if argv is None else argv).dir
    for code in langpick.present():
        why = table_problem(code) if code != "en" else None
        if why:
            print("screenshots: the %s table cannot be read (%s): no screenshots written"
                  % (langpick.own_name(code), why), file=sys.stderr)
            return 2
    try:
        for code in langpick.present():
            where = out if code == "en" else os.path.join(out, code)
            why = folder_problem(where)
            if why:
                print("screenshots: %s: %s" % (where, why), file=sys.stderr)
                return 2
            if langpick.speak(code) != code:    # its table file cannot be read: no English set in its folder
                print("screenshots: the %s table cannot be read: no screenshots in %s" % (langpick.own_name(code),
                                                                                       where), file=sys.stderr)
                return 2
            print("screenshots written to %s: %d files (%s)" % (where, one_set(where), langpick.own_name(code)))
    finally:
        langpick.speak("en")
    return 0


if __name__ == "__main__":
    sys.exit(main())

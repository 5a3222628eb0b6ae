"""Helpers for the app tests (no tests here): a rig that drives the app by button presses only.

Runs on CPython (shim framebuf) and MicroPython (real framebuf) alike.
"""

import framebuf
from dealerbox.rng import SeededEntropy
from dealerbox.ui import app as appmod
from dealerbox.ui import buttons as btn
from dealerbox.ui import modes

UP = btn.UP
DOWN = btn.DOWN
LEFT = btn.LEFT
RIGHT = btn.RIGHT
OK = btn.OK


class Rig:
    """An app on a 128x64 frame; ``press`` feeds buttons and redraws when dirty (as the board does)."""

    def __init__(self, seed=1, store=None):
        self.buf = bytearray(1024)
        self.fb = framebuf.FrameBuffer(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.app = appmod.App(SeededEntropy(seed), store=store)
        self.frames = 0
        self.draw()

    def draw(self):
        self.app.draw(self.fb)
        self.frames += 1

    def press(self, b, times=1, long=False):
        for _ in range(times):
            self.app.press(b, long)
            if self.app.dirty:
                self.draw()

    def mode(self):
        return self.app.mode


def name_presses(rig, target):
    """Type ``target`` into the name editor (which is open) with UP/DOWN/RIGHT/long-LEFT only."""
    from dealerbox.ui import settings  # the setup screens' module: imported when a setup is walked

    app = rig.app
    while app.screen.edit:                       # clear: long LEFT deletes the letter under the cursor
        rig.press(LEFT, long=True)
    for i in range(len(target)):
        if i:
            rig.press(RIGHT)
        chars = settings.NAME_CHARS         # (every position's ring holds its letters in this order)
        n = len(chars)
        if i >= len(app.screen.edit):
            rig.press(UP)                   # an emptied name: its first letter
        cur = app.screen.edit[i]
        d = (chars.find(target[i]) - chars.find(cur)) % n
        if d <= n // 2:
            rig.press(UP, d)
        else:
            rig.press(DOWN, n - d)
    assert app.screen.edit == target, (app.screen.edit, target)
    rig.press(OK)


def setup(rig, game="teen-patti", players=4, names=None, chips=None, stake=None, rule_rights=None, money=0):
    """Walk the setup screens by presses: game, players, names, chips, boot/ante, betting, preset,
    rules, summary, and deal. ``rule_rights``: dict row index -> RIGHT presses on the single rules screen;
    ``money``: RIGHT presses on the summary (the chip value, ``settings.CENTS_LADDER``)."""
    from dealerbox.ui import settings  # the setup screens' module: imported when a setup is walked

    gi = settings.game_index(game)
    ladder = settings.CHIP_LADDER
    key = settings.stake_key(game)
    app = rig.app
    assert app.mode == modes.M_GAME
    rig.press(UP, 3)
    rig.press(DOWN, gi)
    rig.press(OK)
    assert app.mode == modes.M_PLAYERS
    rig.press(LEFT, 10)
    rig.press(RIGHT, players - 2)
    assert app.cfg["players"] == players
    rig.press(OK)
    assert app.mode == modes.M_NAMES
    if names:
        for i in range(len(names)):
            rig.press(UP, 12)
            rig.press(DOWN, i)
            rig.press(OK)
            assert app.mode == modes.M_NAME
            name_presses(rig, names[i])
    rig.press(DOWN, 12)
    rig.press(OK)
    assert app.mode == modes.M_CHIPS
    if chips is not None:
        rig.press(LEFT, len(ladder))
        rig.press(RIGHT, list(ladder).index(chips))
        assert app.cfg["chips"] == chips
    rig.press(OK)
    assert app.mode == modes.M_BOOT
    if stake is not None:
        rig.press(LEFT, 12)
        while app.cfg["rules"][key] < stake:
            rig.press(RIGHT)
        assert app.cfg["rules"][key] == stake
    rig.press(OK)
    assert app.mode == modes.M_STRUCT
    rig.press(OK)
    assert app.mode == modes.M_PRESET
    rig.press(OK)
    assert app.mode == modes.M_RULES
    if rule_rights:
        for row in rule_rights:
            rig.press(UP, 20)
            rig.press(DOWN, row)
            rig.press(RIGHT, rule_rights[row])
    rig.press(OK)
    assert app.mode == modes.M_SUMMARY
    rig.press(RIGHT, money)
    rig.press(OK)
    pass_seal(rig)


def pass_seal(rig):
    """On a hand's first screen (the seal and the cut: the commitment's first 16 hex digits in groups of four),
    check it and press OK: the sealed deck dealt, not cut, the first gate (or the hand's end, ``ended``)."""
    app = rig.app
    assert app.mode == modes.M_SEAL, app.mode
    commit = app.engine.sealed[3]
    code = app.screen.code
    assert code == " ".join((commit[:4], commit[4:8], commit[8:12], commit[12:16])) and len(code) == 19
    rig.press(OK)
    assert app.engine.log["commit"] == commit and app.engine.log["cut"] == 0
    assert app.mode == modes.M_GATE


def select(rig, kind):
    """On a turn screen, press RIGHT until the action ``kind`` is selected (fails if it is not offered)."""
    app = rig.app
    for _ in range(len(app.screen.opts)):
        if app.screen.opts[app.screen.oi].kind == kind:
            return
        rig.press(RIGHT)
    raise AssertionError("%s not offered: %r" % (kind, [o.kind for o in app.screen.opts]))


def pack_to_the_last(rig):
    """From a hand's first gate (3 players): two players pack, and the turn's "Pack" is selected, whose OK ends
    the hand."""
    app = rig.app
    for _ in range(2):
        if app.mode == modes.M_GATE:
            rig.press(OK)
        select(rig, "pack")
        if len(app.engine.live_seats()) > 2:
            rig.press(OK)
    assert app.mode == modes.M_TURN and app.screen.opts[app.screen.oi].kind == "pack" and app.hand_live()


def act(rig, kind, amount=None):
    """From a gate: confirm, select ``kind``, set ``amount`` with UP/DOWN, press OK."""
    app = rig.app
    if app.mode == modes.M_GATE:
        rig.press(OK)
    assert app.mode == modes.M_TURN
    select(rig, kind)
    if amount is not None:
        for _ in range(200):
            if app.screen.amount == amount:
                break
            rig.press(UP if app.screen.amount < amount else DOWN)
        assert app.screen.amount == amount, (app.screen.amount, amount)
    rig.press(OK)
    if app.screen.armed:           # Pack / Fold with chips beyond the boot in the pot: asked twice
        assert kind in ("pack", "fold") and app.screen.msg, app.screen.msg
        rig.press(OK)


def chips_total(app):
    e = app.engine
    return sum(app.table.stacks) + (e.pot_total() if e is not None else 0)


def past_report(rig):
    """On the resume screen's report of a damaged save (read first, from its first line): press OK to the
    choices. Nothing when there is no report."""
    app = rig.app
    if app.mode == modes.M_RESUME and app.screen.sel < 0:
        assert app.screen.title == "Read this first" and app.screen.top == 0
        rig.press(OK)


# the longest names a seat can take (8 letters; "Mmmmmmmm" the widest): the fit and language walks seat them
LONG = ["Muhammad", "Kristina", "Francois", "Wolfgang", "Gottlieb", "Mwangiwe", "Jonathan", "Aleksand",
        "Benedikt", "Mmmmmmmm"]


def every_setup_value(rig, game):
    """From the game list of a new box (``rig``: its seats named ``LONG``), set up game number ``game`` (0-2)
    through every screen of the setup with the extreme values: the most players, the first seat renamed, the
    largest buy-in and boot/ante, every value of every row of the structure, preset and rules screens, and
    every chip value on the summary (each held there while the cursor runs down and up). Ends on the summary."""
    from dealerbox.ui import settings
    app = rig.app
    rig.press(DOWN, game)
    rig.press(OK)
    rig.press(RIGHT, 10)                        # the most players
    rig.press(OK)
    rig.press(UP, 12)
    rig.press(OK)                               # names: edit the first one
    rig.press(UP, 40)
    rig.press(OK)
    rig.press(DOWN, 12)
    rig.press(OK)
    rig.press(RIGHT, 12)                        # the largest buy-in, boot/ante
    rig.press(OK)
    rig.press(RIGHT, 12)
    rig.press(OK)
    for screen in (modes.M_STRUCT, modes.M_PRESET, modes.M_RULES):
        assert app.mode == screen, (app.mode, screen)
        for row in range(len(app.screen.rows) - 1):
            rig.press(UP, 20)
            rig.press(DOWN, row)
            rig.press(RIGHT, 1 if screen == modes.M_PRESET else 8)   # every value (at most 8 a rule)
        rig.press(DOWN, 20)
        rig.press(OK)
    assert app.mode == modes.M_SUMMARY
    for _ in range(len(settings.CENTS_LADDER)):  # every chip value
        rig.press(RIGHT)
        rig.press(DOWN, 30)
        rig.press(UP, 30)


class ReportStore:
    """A store whose ``load`` gives ``snap`` and, as ``reports``, the store's sentences (``reports``: a list of
    Reasons, or None for none)."""

    def __init__(self, snap, reports):
        self.snap = snap
        self.reports = []
        self._reports = reports

    def load(self, validate=None):
        self.reports = self._reports or []
        return self.snap

    def save(self, obj):
        pass

    def clear(self):
        self.snap = None

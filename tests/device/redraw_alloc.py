"""Bytes allocated by every redraw of every screen, counted under the real MicroPython (no tests here).

    MICROPYPATH=build/mpy:tests/core micropython -X heapsize=1M tests/device/redraw_alloc.py [HANDS [LANG]]

``LANG`` ``xx``: the screens in the pseudo-language of tests/core/pseudo_util.py (a table of every catalog key, as
a translated box draws: ``tr`` looks each text up); default English (no table).

For each game (Teen Patti with a typed name and a sideshow-rich table, Turkish, Indian with a center
card; the battery low, critical and on USB: its glyph and warning between hands) the app is set up by
presses (Teen Patti also visits the table menu, the rules in force and the
standings) and plays HANDS hands (autoplay_util: seeded choices among the
legal actions), every screen on the way drawn into a 1 KB SSD1306 frame buffer. Every draw (the one
after a press and a second one of the same screen, as a board redraws after its display sleeps) is
counted with ``micropython.mem_total()``: the bytes the heap handed out during the call, also those
freed before it returns (a call frame taken from the heap, a temporary str), which
``gc.mem_alloc()`` does not see.

Prints one line per screen, ``redraw MODE draws=N max=BYTES``, then ``redraw_alloc_max=BYTES`` (the
worst single redraw) and ``redraw_draws=N``. Last line: ``redraw: OK``.
"""

import sys

import framebuf
import micropython
from app_util import setup
from autoplay_util import autoplay
from dealerbox.rng import SeededEntropy
from dealerbox.ui import app as appmod
from dealerbox.ui import modes

NAMES = {}
for _k in dir(modes):
    if _k.startswith("M_"):
        NAMES[getattr(modes, _k)] = _k[2:].lower()


class Rig:
    """app_util.Rig whose every draw is counted (twice: after the press and once more)."""

    def __init__(self, seed, stats):
        self.buf = bytearray(1024)
        self.fb = framebuf.FrameBuffer(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.stats = stats
        self.app = appmod.App(SeededEntropy(seed))
        self.app.draw(self.fb)      # the app makes its canvas on its first frame buffer: once, not a redraw
        self.draw()

    def _count(self):
        t = micropython.mem_total()
        self.app.draw(self.fb)
        return micropython.mem_total() - t

    def draw(self):
        m = self.app.mode
        a = self._count()
        b = self._count()
        if b > a:
            a = b
        s = self.stats.get(m)
        if s is None:
            self.stats[m] = [1, a]
        else:
            s[0] += 1
            if a > s[1]:
                s[1] = a

    def press(self, b, times=1, long=False):
        for _ in range(times):
            self.app.press(b, long)
            if self.app.dirty:
                self.draw()


def table_menu(rig):
    """From the first gate: the table menu (long OK), the rules in force (scrolled), the standings, back."""
    from app_util import DOWN, OK, UP

    app = rig.app
    assert app.mode == modes.M_GATE, app.mode
    rig.press(OK, long=True)
    assert app.mode == modes.M_MENU, app.mode
    rig.press(DOWN, 2)
    rig.press(OK)
    assert app.mode == modes.M_RULESVIEW, app.mode
    rig.press(DOWN, 3)
    rig.press(OK)
    assert app.mode == modes.M_MENU and app.screen.sel == 2, (app.mode, app.screen.sel)   # the cursor stays on "Rules"
    rig.press(UP)
    rig.press(OK)
    assert app.mode == modes.M_STANDINGS, app.mode
    rig.press(OK)
    rig.press(UP, 3)
    rig.press(OK)
    assert app.mode == modes.M_GATE, app.mode


def main():
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    if len(sys.argv) > 2 and sys.argv[2] == "xx":
        from pseudo_util import use_pseudo
        use_pseudo()
    from dealerbox import power

    stats = {}
    levels = {"teen-patti": power.LOW, "turkish": power.CRITICAL, "indian": power.USB}   # the battery between hands
    for game, players, seed, kw in (("teen-patti", 6, 31, {"names": ["ASHA"]}), ("turkish", 5, 32, {}),
                                    ("indian", 4, 33, {"rule_rights": {2: 1, 3: 1}})):
        rig = Rig(seed, stats)
        rig.app.battery(levels[game])
        setup(rig, game, players, **kw)
        if game == "teen-patti":
            table_menu(rig)
        autoplay(rig, SeededEntropy(seed + 100).read, hands)
    worst = draws = 0
    for m in sorted(stats):
        n, mx = stats[m]
        draws += n
        worst = mx if mx > worst else worst
        print("redraw %s draws=%d max=%d" % (NAMES.get(m, str(m)), n, mx))
    print("redraw_alloc_max=%d" % worst)
    print("redraw_draws=%d" % draws)
    print("redraw: OK")


main()

"""The feel of a press, on the host (``make bench``).

* ``press_to_event_ms``: a clean press (the contact closes once, held 60 ms) of a button with no long meaning on
  the screen, sampled as the Pico samples it (boards/sampler.py: a timer every ``PERIOD_MS``) and fed through the
  debouncer (ui/buttons.py) on simulated ticks: the ms from the contact closing to the event, the median over the
  press's ``PERIOD_MS`` phases against the timer (1 ms apart); the worst phase is in the target words.
* ``i2c_bytes_per_press``: the bytes the page diff (boards/pages.py, through the host board's ``show``) sends to
  the display after each press of whole sessions (each game set up by presses, then ``HANDS`` hands played by
  tests/core/autoplay_util.py and the session ended), command bytes included; a press that changes nothing sends
  0 B. Median and max over every press (setup included: its presses move a cursor or a value), and the median
  of the hands' presses alone (a third of them go from a gate to a turn or back; the gate is laid out as the turn,
  ui/screens.py's ``draw_gate``, so that opening a turn sends its cards and its action bar); a whole frame is 1037 B.
"""

import os
import sys

from host_tools import ROOT
from host_tools.bench import line, median

HANDS = 4
GAMES = (("teen-patti", 5, 11), ("turkish", 4, 12), ("indian", 4, 13))    # (game, players, seed)
HOLD_MS = 60


class _Contact:
    """A button contact closed from ``down`` (ms) for ``hold`` ms on a simulated clock ``now``."""

    def __init__(self, down, hold):
        self.now = 0
        self.down = down
        self.hold = hold

    def read(self):
        from dealerbox.ui import buttons as btn

        return (1 << btn.OK) if self.down <= self.now < self.down + self.hold else 0

    def ticks(self):
        return self.now


def press_delays(hold=HOLD_MS, long_mask=0):
    """[ms from the contact closing to the event] for a clean press at each phase 0..PERIOD_MS-1 against the timer
    (the debouncer's ``long_mask``: 0, the button acts on the press; its bit set, at the end of the press)."""
    from dealerbox.boards.sampler import PERIOD_MS, Sampler
    from dealerbox.ui import buttons as btn

    out = []
    for phase in range(PERIOD_MS):
        c = _Contact(20 + phase, hold)
        sampler = Sampler(c.read, c.ticks)
        db = btn.Debouncer()
        db.set_long_mask(long_mask)
        db.feed(0, 0)
        got = None
        while got is None and c.now < 1000:
            c.now += 1
            if c.now % PERIOD_MS == 0:
                sampler.sample()
            while sampler.pending():
                if db.feed(sampler.take(), sampler.mask):
                    got = c.now - c.down
            if got is None and db.feed(c.now, db.raw):
                got = c.now - c.down
        out.append(got)
    return out


class ShowRig:
    """app_util.Rig's interface (``app``, ``press``) on the host board: after each press the frame is drawn when
    dirty and shown (``HostBoard.show``: the page diff); ``sent`` lists each press's bytes."""

    def __init__(self, seed):
        from dealerbox.ui.app import App

        from host_tools.hostboard import HostBoard

        self.board = HostBoard(seed=seed)
        self.app = App(self.board.entropy)
        self.app.draw(self.board.fb)
        self.board.show()
        self.sent = []

    def press(self, b, times=1, long=False):
        for _ in range(times):
            self.app.press(b, long)
            n = 0
            if self.app.dirty:
                self.app.draw(self.board.fb)
                n = self.board.show()
            self.sent.append(n)


def session_bytes(hands=HANDS):
    """Every press's bytes over the sessions of ``GAMES``: (all, those of the hands' play) (lists of int)."""
    core = os.path.join(ROOT, "tests", "core")
    if core not in sys.path:
        sys.path.insert(0, core)
    from app_util import setup
    from autoplay_util import autoplay
    from dealerbox.rng import SeededEntropy

    sent, play = [], []
    for game, players, seed in GAMES:
        rig = ShowRig(seed)
        setup(rig, game, players)
        done = len(rig.sent)
        autoplay(rig, SeededEntropy(seed + 100), hands)
        sent += rig.sent
        play += rig.sent[done:]
    return sent, play


def run():
    delays = press_delays()
    ends = press_delays(long_mask=0x1F)
    line("press_to_event_ms", median(delays), "ms", "<= 15; a clean press of a button with no long meaning, "
         "sampled every 5 ms, worst phase %d ms; a button with a long meaning held %d ms: %d ms" % (
             max(delays), HOLD_MS, median(ends)))
    sent, play = session_bytes()
    line("i2c_bytes_per_press", "median %d B, max %d" % (median(sent), max(sent)), "B",
         "median <= 410; %d presses of 3 whole sessions, %d sent nothing; the hands alone: median %d B; a whole "
         "frame 1037 B" % (len(sent), sent.count(0), median(play)))

"""The five buttons and the debouncer that turns raw samples into press events.

Buttons (one map, the table of docs/ui.md; each screen's footer hints its keys)::

    UP/DOWN     previous/next item; on a turn: amount +/- one step; name editor: next/previous letter;
                Turkish draw: mark/unmark the card under the cursor
                long: 5 items; amount to its max/min; letter +/- 10
    LEFT/RIGHT  previous/next value (setup, rebuy chips) or action (turn); Turkish draw: move the cursor
                long LEFT: back one setup screen; name editor: delete the letter
    OK          confirm, next screen, act, "I am Ben" at the gate
                long: the table menu during play (back to game, standings, rules); rebuy: back

``Debouncer`` is a pure class (no pins, no clock): the board samples the buttons every
10-50 ms and calls ``feed(now_ms, pressed)`` with a bitmask (bit ``b`` set = button ``b``
held). A level change counts only once it has been stable for ``STABLE_MS`` (a bounce is
ignored); a press gives one event on release (short) or one long event as soon as it has
been held ``LONG_MS`` (nothing more until released: a held button never repeats).
"""

from micropython import const

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
OK = const(4)
COUNT = const(5)
NAMES = ("up", "down", "left", "right", "ok")

_PERIOD_MASK = const(0x3FFFFFFF)  # time.ticks_ms() wraps at 2**30 on MicroPython
_NONE = ()


class Debouncer:
    """Debounce ``COUNT`` buttons sampled as bitmasks; ``feed`` returns a tuple of (button, long) events.

    Tunables (class attributes, ms): ``STABLE_MS`` a level must hold to count, ``LONG_MS``
    held time that makes a long press.
    """

    STABLE_MS = 30
    LONG_MS = 700

    def __init__(self):
        self.stable = 0             # debounced mask
        self.raw = 0                # last raw mask seen
        self.changed = [0] * COUNT  # when each button's raw level last changed
        self.down_at = [0] * COUNT  # when each debounced press began
        self.long_sent = 0          # mask of presses already reported as long
        self.started = False

    def feed(self, now_ms, pressed):
        """One sample: ``now_ms`` (ticks in ms) and ``pressed`` (bitmask). Returns events, usually ``()``."""
        out = _NONE  # type: tuple
        if not self.started:
            self.started = True
            for b in range(COUNT):
                self.changed[b] = now_ms
            # a button already held at start-up never fires until released
            self.stable = pressed
            self.raw = pressed
            self.long_sent = pressed
            return out
        diff = pressed ^ self.raw
        for b in range(COUNT):
            bit = 1 << b
            if diff & bit:
                self.changed[b] = now_ms
            if ((pressed ^ self.stable) & bit) and ((now_ms - self.changed[b]) & _PERIOD_MASK) >= self.STABLE_MS:
                if pressed & bit:                       # press accepted
                    self.stable |= bit
                    self.down_at[b] = now_ms
                    self.long_sent &= ~bit
                else:                                   # release accepted
                    self.stable &= ~bit
                    if not self.long_sent & bit:
                        out = out + ((b, False),)
                    self.long_sent &= ~bit
            elif (self.stable & bit) and not (self.long_sent & bit):
                if ((now_ms - self.down_at[b]) & _PERIOD_MASK) >= self.LONG_MS:
                    self.long_sent |= bit
                    out = out + ((b, True),)
        self.raw = pressed
        return out

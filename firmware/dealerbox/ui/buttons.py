"""The five buttons and the debouncer that turns raw samples into press events.

Buttons (one map, the table of docs/ui.md; each screen's footer hints its keys)::

    UP/DOWN     previous/next item; on a turn: amount +/- one step; name editor: next/previous letter;
                Turkish draw: mark/unmark the card under the cursor
                long: 5 items; amount to its max/min; letter +/- 10
    LEFT/RIGHT  previous/next value (setup, rebuy chips) or action (turn); Turkish draw: move the cursor
                long LEFT: back one setup screen; name editor: delete the letter
    OK          confirm, next screen, act, "I am Ben" at the gate
                long: the table menu during play (back to game, standings, rules); rebuy: back

``Debouncer`` is a pure class (no pins, no clock): the board samples the buttons (every 5 ms from a
timer on the Pico, every 10 ms in the run loop elsewhere: boards/loop.py) and calls
``feed(now_ms, pressed)`` with a bitmask (bit ``b`` set = button ``b`` held). A press counts once the
button has been seen held for ``EDGE_MS`` = 10 ms (three samples in a row at 5 ms, two at 10 ms: a blip of
10 ms or less is noise); it is over once seen released for ``EDGE_MS``; and the button is free for a new
press only after it has been released ``STABLE_MS`` = 30 ms without a break, so the chatter of a contact
(closing or opening) can never make a second press.

When the event comes depends on the screen (``long_mask``, set by the run loop from the app's
``long_buttons()``): a button with no long meaning on the screen acts at once, on the press; a button
with a long meaning gives one event when the press ends (short) or one long event as soon as it has
been held ``LONG_MS`` (nothing more until released: a held button never repeats).
"""

from micropython import const

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
OK = const(4)
COUNT = const(5)
ALL = const(0x1F)           # every button's bit
NAMES = ("up", "down", "left", "right", "ok")

_PERIOD_MASK = const(0x3FFFFFFF)  # time.ticks_ms() wraps at 2**30 on MicroPython
_HALF = const(0x20000000)


class Debouncer:
    """Debounce ``COUNT`` buttons sampled as bitmasks; ``feed`` returns a tuple of (button, long) events.

    Tunables (class attributes, ms): ``EDGE_MS`` a level must be seen to begin or end a press,
    ``STABLE_MS`` a button must stay released before it can be pressed again, ``LONG_MS`` held time that
    makes a long press. ``long_mask`` (bitmask, default ``ALL``: every button waits for the end of its
    press): the buttons with a long meaning on the current screen; the others act on the press.
    ``stable``: the buttons pressed now (debounced); ``raw``: the last mask fed.
    """

    EDGE_MS = 10
    STABLE_MS = 30
    LONG_MS = 700

    def __init__(self):
        self.stable = 0             # debounced mask: pressed, or released for less than STABLE_MS
        self.raw = 0                # last raw mask seen
        self.changed = [0] * COUNT  # when each button's raw level last changed
        self.down_at = [0] * COUNT  # when each debounced press began
        self.sent = 0               # mask of presses whose event is out (on press, long, or at the end)
        self.long_mask = ALL
        self.now = 0                # the last sample's time
        self.started = False

    def set_long_mask(self, mask):
        """The buttons with a long meaning on the screen now (bitmask; the run loop passes ``app.long_buttons()``)."""
        self.long_mask = mask

    def feed(self, now_ms, pressed):
        """One sample: ``now_ms`` (ticks in ms) and ``pressed`` (bitmask). Returns events, usually ``()``.

        A sample older than the last one fed (a queue drained after a later sample: boards/loop.py) is ignored.
        """
        out = ()  # type: tuple
        if not self.started:
            self.started = True
            for b in range(COUNT):
                self.changed[b] = now_ms
            # a button already held at start-up never fires until released
            self.stable = self.raw = self.sent = pressed
            self.now = now_ms
            return out
        if ((now_ms - self.now) & _PERIOD_MASK) >= _HALF:
            return out
        self.now = now_ms
        diff = pressed ^ self.raw
        for b in range(COUNT):
            bit = 1 << b
            if diff & bit:
                self.changed[b] = now_ms
            long = self._step(b, bit, now_ms, pressed & bit)
            if long is not None:
                out = out + ((b, long),)
        self.raw = pressed
        return out

    def _step(self, b, bit, now_ms, down):
        """Button ``b`` (its ``bit``; ``down``: held in this sample) at ``now_ms``: None, or its event's ``long``."""
        since = (now_ms - self.changed[b]) & _PERIOD_MASK          # how long its level has been what it is
        if not self.stable & bit:                                   # free: a press begins once seen EDGE_MS
            if not down or since < self.EDGE_MS:
                return None
            self.stable |= bit
            self.down_at[b] = self.changed[b]
            if self.long_mask & bit:                                # a long meaning: wait for the end or the time
                self.sent &= ~bit
                return None
            self.sent |= bit
            return False                                            # no long meaning here: it acts now
        if down:
            if self.sent & bit or not self.long_mask & bit or \
                    ((now_ms - self.down_at[b]) & _PERIOD_MASK) < self.LONG_MS:
                return None
            self.sent |= bit
            return True
        if since >= self.STABLE_MS:
            self.stable &= ~bit                                     # free for the next press
        if self.sent & bit or since < self.EDGE_MS:
            return None
        self.sent |= bit
        return False                                                # the press ended short

"""The buttons sampled from a timer into a queue (boards/sampler.py) and the run loop that drains it
(boards/loop.py): changes queued with their own time, nothing allocated by a sample, a full queue that only
delays a change, and no press lost while the box writes its save (~250 ms with no button read by the loop)."""

from dealerbox.boards import loop
from dealerbox.boards.sampler import PERIOD_MS, SIZE, Sampler
from dealerbox.ui import buttons as btn
from support import MICROPYTHON, skip

OK = 1 << btn.OK
RIGHT = 1 << btn.RIGHT


class Clock:
    """Simulated ms, and buttons held over spans: [(from, to, mask)]."""

    def __init__(self, spans=()):
        self.now = 0
        self.spans = list(spans)

    def ticks(self):
        return self.now

    def read(self):
        m = 0
        for a, b, mask in self.spans:
            if a <= self.now < b:
                m |= mask
        return m


def test_only_changes_are_queued_with_their_time():
    c = Clock([(12, 40, OK), (30, 50, RIGHT)])
    s = Sampler(c.read, c.ticks)
    while c.now < 60:
        c.now += PERIOD_MS
        s.sample()
    got = []
    while s.pending():
        t = s.take()
        got.append((t, s.mask))
    assert got == [(15, OK), (30, OK | RIGHT), (40, RIGHT), (50, 0)]
    assert s.pending() == 0 and s.dropped == 0


def test_a_full_queue_delays_a_change_and_loses_none():
    c = Clock()
    s = Sampler(c.read, c.ticks)
    for i in range(SIZE + 4):                   # OK, RIGHT, OK, ... a change at every sample, none drained
        c.spans = [(0, 10 ** 6, OK if i % 2 == 0 else RIGHT)]
        c.now += PERIOD_MS
        s.sample()
    # 31 queued (the last: OK at 31 x 5 ms); the RIGHTs of samples 32, 34 and 36 found it full
    assert s.pending() == SIZE - 1 and s.dropped == 3
    got = []
    while s.pending():
        got.append((s.take(), s.mask))
    assert got[0] == (PERIOD_MS, OK) and got[-1] == ((SIZE - 1) * PERIOD_MS, OK)
    c.now += PERIOD_MS
    s.sample()                                  # RIGHT still held: it differs from the last queued, queued now
    assert (s.take(), s.mask) == ((SIZE + 5) * PERIOD_MS, RIGHT)


def test_a_sample_allocates_nothing():
    if not MICROPYTHON:
        skip("heap_lock is MicroPython's")
    import micropython

    c = Clock([(10, 30, OK)])
    s = Sampler(c.read, c.ticks)
    micropython.heap_lock()
    try:
        for _ in range(10):
            c.now += PERIOD_MS
            s.sample()
    finally:
        micropython.heap_unlock()
    assert s.pending() == 2


# ---- the run loop with a board that samples from a timer -------------------------------------------------------

class Board:
    """A board whose clock runs the sampling timer: every ms of ``sleep_ms`` (the loop's, or the save's) calls
    ``Sampler.sample`` each ``PERIOD_MS``, as the Pico's virtual timer does while the loop is busy. ``timer``:
    False gives a board without it (the loop reads the buttons itself, once a turn)."""

    def __init__(self, spans, timer=True):
        self.clock = Clock(spans)
        self.display = None
        self.sampler = None
        if timer:
            self.start_sampling = self._start

    def _start(self):
        self.sampler = Sampler(self.clock.read, self.clock.ticks)
        return self.sampler

    def ticks_ms(self):
        return self.clock.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        for _ in range(ms):
            self.clock.now += 1
            if self.sampler is not None and self.clock.now % PERIOD_MS == 0:
                self.sampler.sample()

    def buttons(self):
        return self.clock.read()


class App:
    """Records each press with its time; the press on OK ends a hand, and the save after it (``flush``) takes
    250 ms, the box reading no button meanwhile. ``longs``: the buttons with a long meaning."""

    def __init__(self, board, longs=0):
        self.board = board
        self.presses = []
        self.dirty = False
        self.writes = False
        self.defer = False
        self.longs = longs

    def long_buttons(self):
        return self.longs

    def press(self, button, long=False):
        self.presses.append((self.board.clock.now, button, long))
        self.writes = button == btn.OK

    def draw(self, fb):
        self.dirty = False

    def flush(self):
        if self.writes:
            self.board.sleep_ms(250)
            self.writes = False


def _run(board, app, ms):
    loop.run(board, app, btn.Debouncer(), steps=ms // loop.SAMPLE_MS)


def test_no_press_is_lost_while_the_box_writes_the_save():
    # OK ends the hand at ~25 ms; the save runs ~30-280 ms; a quick tap of RIGHT (60 ms) at 100 ms falls inside it
    board = Board([(20, 80, OK), (100, 160, RIGHT)])
    app = App(board)
    _run(board, app, 600)
    assert [(b, long) for _t, b, long in app.presses] == [(btn.OK, False), (btn.RIGHT, False)]
    assert app.presses[1][0] >= 280          # handed over once the save was done, not lost
    # the same tap on a board without the timer: the loop reads the buttons only between saves, and misses it
    board = Board([(20, 80, OK), (100, 160, RIGHT)], timer=False)
    app = App(board)
    _run(board, app, 600)
    assert [(b, long) for _t, b, long in app.presses] == [(btn.OK, False)]


def test_the_loop_acts_on_the_press_unless_the_button_has_a_long_meaning():
    board = Board([(23, 83, RIGHT)])
    app = App(board)
    _run(board, app, 300)
    t, b, long = app.presses[0]
    assert (b, long) == (btn.RIGHT, False) and 35 <= t <= 45      # while still held (seen 25 to 35: the next turn)
    board = Board([(23, 83, RIGHT)])
    app = App(board, longs=RIGHT)
    _run(board, app, 300)
    t, b, long = app.presses[0]
    assert (b, long) == (btn.RIGHT, False) and 95 <= t <= 105     # at the end of the press (seen 85 to 95)

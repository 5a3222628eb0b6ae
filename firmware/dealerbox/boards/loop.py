"""Run the app on a board: sample the buttons, feed the debouncer, press, redraw; show a crash.

Board-independent (no ``machine`` here): ``board`` is a ``boards.pico.PicoBoard`` on the
box, or any object with the same members (the host tests use a fake one). The app is the
UI's ``App`` (docs/ui.md): ``press(button, long)``, ``dirty``, ``draw(fb)``.
"""

import gc
import sys

from micropython import const

SAMPLE_MS = const(10)      # button sampling period (the debouncer needs a level stable 30 ms)
IDLE_MS = const(300000)    # 5 minutes without a press: the display sleeps (OLEDs burn in, batteries drain)
DIM_MS = const(60000)      # a minute without a press: the display dims (``DIM_CONTRAST``), sooner than it sleeps
DIM_CONTRAST = const(1)    # the SSD1306's contrast dimmed (0-255; the board's own: ``board.contrast``, else 255)
SLOW_MS = const(50)        # the loop's period while the display is dimmed or asleep: the press that brightens or
                           # wakes it is not acted on, so the first touch may wait a little
POWER_MS = const(10000)    # the battery read every 10 s (``board.battery_mv``, ``dealerbox.power``)
_COLS = const(16)          # 8x8 built-in framebuf font on 128 pixels
_ROWS = const(8)
CRASH_LIMIT = const(2)     # crashes in a row with the same saved session before it is set aside
SAFE = ("Session is safe", "OK: restart", "Hold OK: set the", "session aside")
ASIDE = ("Crashed again:", "saved session", "set aside.", "OK: new session")


def run(board, app, debouncer=None, steps=-1):
    """Every ``SAMPLE_MS`` read the buttons and hand each debounced event to ``app``; redraw when dirty.

    ``steps``: number of loop turns to run (-1: forever). After ``DIM_MS`` without a press the display
    dims, after ``IDLE_MS`` it is switched off; the press that brightens or wakes it does nothing else, and
    meanwhile the loop turns every ``SLOW_MS``. The battery's level goes to the app every ``POWER_MS``
    (``battery``).

    The buttons: a board with ``start_sampling()`` (the Pico) samples them from a timer into a queue
    (boards/sampler.py), drained here with each change's own time, so no press is lost while the loop
    is busy; other boards are read once a turn (``board.buttons()``). A button acts on the press
    unless the screen gives it a long meaning (``app.long_buttons()``, a bitmask of ui.buttons bits,
    asked after every press; an app without it: every button waits for the end of its press).

    The frame comes first: after the presses of a turn the app's screen is drawn and shown (only the
    changed pages go to the display), and only then is the session written (``app.flush()``, the app
    told so by ``app.defer``), so a press never waits on the flash; then the heap is collected. While
    a hand is live (``app.hand_live()``) the USB REPL's interrupt is off through the board's hook
    ``usb_interrupt(on)`` (docs/security.md), and on again between hands.
    """
    if debouncer is None:
        from dealerbox.ui.buttons import Debouncer

        debouncer = Debouncer()
    flush = getattr(app, "flush", None)
    if flush is not None:
        app.defer = True
    longs = getattr(app, "long_buttons", None)
    if longs is not None:
        debouncer.set_long_mask(longs())
    live = getattr(app, "hand_live", None)
    hook = getattr(board, "usb_interrupt", None)
    start = getattr(board, "start_sampling", None)
    sampler = start() if start is not None else None
    d = board.display
    if d is not None:
        app.draw(d)
        d.show()
    turn = _Turn(board, app, debouncer, longs)
    level = battery(board, app, None)
    read_at = turn.last
    while steps != 0:
        if steps > 0:
            steps -= 1
        if hook is not None and live is not None:
            now_live = bool(live())
            if now_live != turn.live:
                hook(not now_live)
                turn.live = now_live
        now = board.ticks_ms()
        if sampler is None:
            turn.feed(now, board.buttons())
        else:
            while sampler.pending():
                t = sampler.take()
                turn.feed(t - sampler.period, debouncer.raw)    # the sample before a change read the level before
                turn.feed(t, sampler.mask)
            turn.feed(now, debouncer.raw)   # no change since: the level held until now (older: ignored)
        turn.idle(now)
        if board.ticks_diff(now, read_at) >= POWER_MS:
            level = battery(board, app, level)
            read_at = now
        if d is not None and not turn.asleep and app.dirty:
            app.draw(d)
            d.show()
        if turn.pressed:
            turn.pressed = False
            if flush is not None:
                flush()     # after the frame: the flash never delays what the players see
                if d is not None and not turn.asleep and app.dirty:  # the save failed: the notice
                    app.draw(d)
                    d.show()
            gc.collect()
        board.sleep_ms(SLOW_MS if turn.asleep or turn.dimmed else SAMPLE_MS)


class _Turn:
    """What ``run`` keeps between samples: the display asleep or waking, the last press's time, a press made."""

    def __init__(self, board, app, debouncer, longs):
        self.board = board
        self.app = app
        self.debouncer = debouncer
        self.longs = longs
        self.last = board.ticks_ms()
        self.asleep = self.waking = self.pressed = self.dimmed = False
        self.bright = getattr(board, "contrast", 255)
        self.live = None        # the interrupt is off (True) or on (False) through ``usb_interrupt``, None: not yet
        self.hook = getattr(board, "usb_interrupt", None)

    def feed(self, now, mask):
        """One sample into the debouncer; its events to the app (none while the display wakes)."""
        db = self.debouncer
        events = db.feed(now, mask)
        if (self.asleep or self.dimmed) and mask:
            d = self.board.display
            dim(d, False, self.bright)
            if self.asleep:
                d.poweron()
            self.asleep = self.dimmed = False
            self.waking = True
            self.last = now
        if self.waking:
            if not mask and not db.stable:
                self.waking = False
            return
        for button, long in events:
            self.last = now
            self.pressed = True
            if self.hook is not None and self.live is not True:
                self.hook(False)    # off through every press: a deck shuffled by it never meets a Ctrl-C
                self.live = True
            self.app.press(button, long)
            if self.longs is not None:
                db.set_long_mask(self.longs())

    def idle(self, now):
        """The display dimmed after ``DIM_MS`` without a press, off after ``IDLE_MS``."""
        d = self.board.display
        if d is None or self.asleep or self.pressed:
            return
        quiet = self.board.ticks_diff(now, self.last)
        if quiet >= IDLE_MS:
            d.poweroff()
            self.asleep = True
        elif quiet >= DIM_MS and not self.dimmed:
            self.dimmed = dim(d, True, self.bright)


def dim(d, on, bright):
    """Dim display ``d`` (``on``: contrast ``DIM_CONTRAST``) or bring it back to ``bright``; True when dimmed (a
    display without ``contrast`` is never dimmed)."""
    contrast = getattr(d, "contrast", None)
    if contrast is None:
        return False
    contrast(DIM_CONTRAST if on else bright)
    return on


def battery(board, app, was):
    """Read the battery (``board.battery_mv()``: VSYS in mV or None; ``board.usb_power()``: VBUS present) and hand
    its level (``dealerbox.power.level``, from ``was``, the last one) to ``app.battery``; returns the level. A
    board or an app without them: nothing read, None."""
    read = getattr(board, "battery_mv", None)
    tell = getattr(app, "battery", None)
    if read is None or tell is None:
        return None
    from dealerbox import power

    usb = getattr(board, "usb_power", None)
    level = power.level(read(), bool(usb()) if usb is not None else False, was)
    tell(level)
    return level


def wrap(text, cols=_COLS):
    """``text`` cut into lines of at most ``cols`` characters, at spaces where possible (list of str)."""
    lines = []
    line = ""
    for word in text.split(" "):
        while len(word) > cols:  # a word longer than a line is cut
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:cols])
            word = word[cols:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cols:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def described(exc):
    """``exc`` in words (str): its class name, then its message."""
    msg = str(exc)
    return "%s: %s" % (type(exc).__name__, msg) if msg else type(exc).__name__


def error_lines(exc, aside=False):
    """The error screen for exception ``exc``: 8 lines at most, of 16 characters at most (str).

    ``"ERROR"``, the exception in up to 3 lines, then what the buttons do (``SAFE``: a press
    restarts, holding OK sets the saved session aside), or with ``aside`` that the saved
    session was set aside after crashing again (``ASIDE``).
    """
    text = described(exc)
    tail = ASIDE if aside else SAFE
    return ["ERROR"] + wrap(text)[:_ROWS - 1 - len(tail)] + list(tail)


def print_error(exc, out=None):
    """The traceback of ``exc`` on the REPL (``sys.print_exception`` on MicroPython); ``out``: the stream written to
    (default: the REPL, ``sys.stdout``; on CPython, the host tests and the Pi, ``sys.stderr``)."""
    pe = getattr(sys, "print_exception", None)
    if pe is None:  # CPython
        import traceback  # type: ignore[import-not-found]

        traceback.print_exception(type(exc), exc, exc.__traceback__, file=out)
        return
    pe(exc, out or sys.stdout)


def note_crash(board):
    """Count the crash with the board's store; at the ``CRASH_LIMIT``-th in a row with the same saved
    session (no save since), set that session aside. True when it was set aside."""
    store = getattr(board, "store", None)
    if store is None:
        return False
    try:
        number = store.number
        crashes = store.note_crash()
        if crashes < CRASH_LIMIT:
            return False
        moved = store.set_aside()
    except Exception as e:  # the flash itself may be what failed
        board.say("cannot count the crash: %s" % e)
        return False
    board.say("crashed %d times in a row with save %d: saved session set aside (%s), a new session starts"
              % (crashes, number, ", ".join(n + ".crashed" for n in moved)))
    return True


def fatal(board, exc, debouncer=None, steps=-1):
    """Show ``exc`` on the screen and the REPL, and wait for a button to restart.

    The saved session is untouched (every save is whole: dealerbox.store.saves); only the crash is
    counted (``Store.note_crash``). A short press of any button restarts the box, which offers
    to resume. Holding OK sets the saved session aside (``Store.set_aside``: kept on flash as
    ``*.crashed``) before restarting; the screen says so. A second crash in a row with the same
    saved session (no save in between: a snapshot that crashes the app at boot or at resume)
    sets it aside by itself, and the screen says that instead, so the box can never be caught
    in a loop of crashes. ``steps`` as in ``run``.
    """
    print_error(exc)
    board.say("unexpected error: " + described(exc))
    aside = note_crash(board)
    d = board.display
    if d is not None:
        try:
            d.poweron()
            d.fill(0)
            for i, line in enumerate(error_lines(exc, aside)):
                d.text(line, 0, i * 8, 1)
            d.show()
        except Exception as e2:  # the display itself may be what failed
            board.say("cannot show the error: %s" % e2)
    if debouncer is None:
        from dealerbox.ui.buttons import Debouncer

        debouncer = Debouncer()
    from dealerbox.ui.buttons import OK

    while steps != 0:
        if steps > 0:
            steps -= 1
        for button, long in debouncer.feed(board.ticks_ms(), board.buttons()):
            if button == OK and long:
                board.say("saved session set aside: %s" % ", ".join(board.store.set_aside()))
            board.reset()
            return
        board.sleep_ms(SAMPLE_MS)


def main(board, make_app):
    """The box: ``app = make_app(board)``, then ``run``; any unexpected error goes to ``fatal``.

    Ctrl-C on the REPL (KeyboardInterrupt) stops the box for maintenance (mpremote) between hands; while a
    hand is live it is off (``run``). DOWN held at power-up (``board.service_held()``) does not start the app:
    the REPL is free for service.
    """
    held = getattr(board, "service_held", None)
    if held is not None and held():
        board.say("service: DOWN held at power-up, the app is not started (the REPL is free)")
        return
    try:
        app = make_app(board)
        run(board, app)
    except KeyboardInterrupt:
        raise
    except Exception as e:
        fatal(board, e)

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
QUIET_MS = const(20)       # the sampling period while no button is held nor pending (a press acts at its release,
                           # sampled every 10 ms: never later; a touch is seen within 20 ms, a tap of 50 ms counts)
ASLEEP_MS = const(50)      # the sampling period while the display sleeps: the waking press is not acted on
POWER_MS = const(10000)    # the battery read every 10 s (``board.battery_mv``, ``dealerbox.power``)
_COLS = const(16)          # 8x8 built-in framebuf font on 128 pixels
_ROWS = const(8)
CRASH_LIMIT = const(2)     # crashes in a row with the same saved session before it is set aside
SAFE = ("Session is safe", "OK: restart", "Hold OK: set the", "session aside")
ASIDE = ("Crashed again:", "saved session", "set aside.", "OK: new session")
INCOMPLETE = ("FIRMWARE", "INCOMPLETE:")
REDEPLOY = ("Run make deploy", "again.")


def run(board, app, debouncer=None, steps=-1):
    """Poll the buttons every ``SAMPLE_MS`` and hand each debounced event to ``app``; redraw when dirty.

    ``steps``: number of samples to run (-1: forever). While nothing is held nor pending the loop samples
    every ``QUIET_MS`` and skips the debouncer (nothing can come of it). After ``DIM_MS`` without a press the
    display dims, after ``IDLE_MS`` it is switched off (then the buttons are sampled every ``ASLEEP_MS``); the
    press that brightens or wakes it does nothing else. The battery's level goes to the app every ``POWER_MS``
    (``battery``).

    The frame comes first: after the presses of a sample the app's screen is drawn and shown, and
    only then is the session written (``app.flush()``, the app told so by ``app.defer``), so a
    press never waits on the flash; then the heap is collected. While a hand is live
    (``app.hand_live()``) the USB REPL's interrupt is off through the board's hook
    ``usb_interrupt(on)`` (docs/security.md), and on again between hands.
    """
    if debouncer is None:
        from dealerbox.ui.buttons import Debouncer

        debouncer = Debouncer()
    flush = getattr(app, "flush", None)
    if flush is not None:
        app.defer = True
    live = getattr(app, "hand_live", None)
    hook = getattr(board, "usb_interrupt", None)
    was = None
    d = board.display
    if d is not None:
        app.draw(d)
        d.show()
    last = board.ticks_ms()
    asleep = waking = dimmed = False
    bright = getattr(board, "contrast", 255)
    level = battery(board, app, None)
    read_at = last
    while steps != 0:
        if steps > 0:
            steps -= 1
        if hook is not None and live is not None:
            now_live = bool(live())
            if now_live != was:
                hook(not now_live)
                was = now_live
        now = board.ticks_ms()
        mask = board.buttons()
        quiet = not mask and not debouncer.raw and not debouncer.stable and debouncer.started
        events = () if quiet else debouncer.feed(now, mask)
        pressed = False
        if (asleep or dimmed) and mask:
            dim(d, False, bright)
            if asleep:
                d.poweron()
            asleep = dimmed = False
            waking = True
            last = now
        if waking:
            if not mask and not debouncer.stable:
                waking = False
        elif events:
            last = now
            pressed = True
            for button, long in events:
                app.press(button, long)
        elif d is not None and not asleep and board.ticks_diff(now, last) >= IDLE_MS:
            d.poweroff()
            asleep = True
        elif d is not None and not asleep and not dimmed and board.ticks_diff(now, last) >= DIM_MS:
            dimmed = dim(d, True, bright)
        if board.ticks_diff(now, read_at) >= POWER_MS:
            level = battery(board, app, level)
            read_at = now
        if d is not None and not asleep and app.dirty:
            app.draw(d)
            d.show()
        if pressed:
            if flush is not None:
                flush()     # after the frame: the flash never delays what the players see
                if d is not None and not asleep and app.dirty:  # the save failed: the notice
                    app.draw(d)
                    d.show()
            gc.collect()
        board.sleep_ms(ASLEEP_MS if asleep else SAMPLE_MS if mask or debouncer.raw or debouncer.stable or waking
                       or pressed else QUIET_MS)


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
    """``exc`` in words (str): its class name, then its message written out in English (a message of the game
    layers is a code on the box: ``lang.english``, imported then)."""
    msg = str(exc)
    if "\x01" in msg:
        from dealerbox.lang import english

        msg = english(msg)
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
    """The traceback of ``exc`` on the REPL (``sys.print_exception`` on MicroPython), its message written out in
    English (``described``); ``out``: the stream written to (default: the REPL, ``sys.stdout``; on CPython, the
    host tests and the Pi, ``sys.stderr``)."""
    pe = getattr(sys, "print_exception", None)
    if pe is None:  # CPython
        import traceback  # type: ignore[import-not-found]

        traceback.print_exception(type(exc), exc, exc.__traceback__, file=out)
        return
    out = out or sys.stdout
    if "\x01" in str(exc):         # a message code (``described``): the traceback printed into a str first
        import io

        from dealerbox.lang import english

        buf = io.StringIO()
        pe(exc, buf)
        out.write(english(buf.getvalue()))
    else:
        pe(exc, out)


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


def incomplete(board, why):
    """A firmware copied without the texts its UI was built with (``lang.texts_problem``: ``why``, str): said on the
    REPL and the screen, and nothing else done (the saved session untouched, no crash counted; the REPL free for
    ``make deploy``)."""
    board.say("firmware incomplete: %s; copy the build again (make deploy)" % why)
    d = board.display
    if d is not None:
        d.poweron()
        d.fill(0)
        from dealerbox import lang

        short = why.replace(lang.table_dir(), "")      # on the screen the file without its folder: room for why
        lines = list(INCOMPLETE) + wrap(short)[:_ROWS - len(INCOMPLETE) - len(REDEPLOY)] + list(REDEPLOY)
        for i in range(len(lines)):
            d.text(lines[i], 0, i * 8, 1)
        d.show()


def main(board, make_app):
    """The box: ``app = make_app(board)``, then ``run``; any unexpected error goes to ``fatal``. A firmware whose
    numbered texts cannot be read (``lang.texts_problem``) starts no app: ``incomplete`` says why.

    Ctrl-C on the REPL (KeyboardInterrupt) stops the box for maintenance (mpremote) between hands; while a
    hand is live it is off (``run``). DOWN held at power-up (``board.service_held()``) does not start the app:
    the REPL is free for service.
    """
    held = getattr(board, "service_held", None)
    if held is not None and held():
        board.say("service: DOWN held at power-up, the app is not started (the REPL is free)")
        return
    from dealerbox import lang

    why = lang.texts_problem()
    if why is not None:
        incomplete(board, why)
        return
    try:
        app = make_app(board)
        run(board, app)
    except KeyboardInterrupt:
        raise
    except Exception as e:
        fatal(board, e)

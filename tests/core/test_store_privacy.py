"""No card of a live hand leaves the box without the table seeing it (issue 13, fault 5), and the frame comes
before the save: the board loop (boards/loop.py) with a fake board, on both interpreters.

Mid-hand the flash holds the hand's snapshot, deck included (the journal is replayed through it). Reading
it needs the USB REPL, and while a hand is live the REPL's Ctrl-C is off (``board.usb_interrupt(False)``,
``micropython.kbd_intr(-1)`` on the Pico), so only a restart gets there - and a restart mid-hand is
announced to the table on the resume screen (test_store_app.py). docs/security.md has the whole account.
"""

import sys

from app_util import OK, Rig, pack_to_the_last, setup
from dealerbox.boards import loop
from dealerbox.ui import modes


class Display:
    """A 128x64 frame buffer that records when a frame is shown (into the shared ``events``)."""

    def __init__(self, events):
        import framebuf

        self.events = events
        self.fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)

    def show(self):
        self.events.append("show")

    def poweron(self):
        pass

    def poweroff(self):
        pass

    def __getattr__(self, name):
        return getattr(self.fb, name)


class Board:
    """A board with a clock, buttons pressed at given times, a display and the USB interrupt hook."""

    def __init__(self, presses=(), events=None):
        self.t = 0
        self.presses = list(presses)   # (start ms, end ms, mask)
        self.events = events if events is not None else []
        self.display = None
        self.interrupts = []           # (ms, on)

    def ticks_ms(self):
        return self.t

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.t += ms

    def buttons(self):
        for a, b, mask in self.presses:
            if a <= self.t < b:
                return mask
        return 0

    def usb_interrupt(self, on):
        self.interrupts.append((self.t, on))
        self.events.append("usb on" if on else "usb off")


class Recording:
    """A store that records its writes in the shared ``events`` (and keeps nothing)."""

    def __init__(self, events):
        self.events = events

    def load(self, validate=None):
        return None

    def save(self, obj):
        self.events.append("save")

    def record(self, rec):
        self.events.append("record " + rec)
        return True

    def append_log(self, log):
        self.events.append("log")


def _ok_press(t):
    return (t, t + 60, 1 << OK)


def test_the_usb_interrupt_is_off_exactly_while_a_hand_is_live():
    events = []
    rig = Rig(seed=3, store=Recording(events))
    setup(rig, "teen-patti", 3)
    app = rig.app
    assert app.mode == modes.M_GATE and app.hand_live()
    board = Board()
    loop.run(board, app, steps=3)
    assert board.interrupts == [(0, False)]              # a hand is live: Ctrl-C off
    pack_to_the_last(rig)                                # two players pack: the next pack ends the hand
    board = Board([_ok_press(100)])
    loop.run(board, app, steps=30)
    assert app.engine.phase == "over" and not app.hand_live()
    # OK has a long meaning on the turn (the table menu): it acts at the end of the press, seen twice (160, 170);
    # Ctrl-C is on again once the hand is over (the next sample)
    assert board.interrupts == [(0, False), (180, True)]
    while app.mode != modes.M_BETWEEN:                   # results screens: nothing changes
        rig.press(OK)
    assert app.screen.rows[app.screen.sel][0] == "Next hand"
    board = Board([_ok_press(100)])
    loop.run(board, app, steps=30)
    assert app.mode == modes.M_SEAL and app.engine.sealed is not None   # the seal and the cut, before the deal
    # OK on "Next hand" has no long meaning: it acts on the press, seen twice (100, 110); off at that press (110),
    # before the deck exists (before: at the next sample, 120, the deck already made)
    assert board.interrupts == [(0, True), (110, False)]


def test_the_frame_is_shown_before_the_save():
    """The press's frame goes to the display first, then the store writes (``App.flush`` after ``show``)."""
    events = []
    rig = Rig(seed=3, store=Recording(events))
    setup(rig, "teen-patti", 3)
    app = rig.app
    rig.press(OK)                                        # the turn screen of the first player
    del events[:]
    board = Board([_ok_press(100)], events)
    board.display = Display(events)
    loop.run(board, app, steps=30)
    assert app.mode == modes.M_GATE and app.defer
    assert events[0] == "show" and events[1] == "usb off"  # the first frame, the hook
    assert events[2] == "show" and events[3].startswith("record 1.") and len(events) == 4, events


def test_the_picos_hook_calls_kbd_intr():
    from dealerbox.boards.pico import SERVICE_BUTTON, PicoBoard

    class Fake:
        interrupt = True

    b = Fake()
    import micropython

    calls = getattr(micropython, "kbd_intr_calls", None)   # the host's shim records them
    n = len(calls) if calls is not None else 0
    try:
        PicoBoard.usb_interrupt(b, False)
        assert b.interrupt is False
    finally:
        PicoBoard.usb_interrupt(b, True)
    assert b.interrupt is True
    if calls is not None:
        assert calls[n:] == [-1, 3]
    assert SERVICE_BUTTON == 1                           # DOWN held at power-up: the REPL for service


def test_a_button_held_at_boot_gives_the_repl_and_starts_no_app():
    started = []

    class Service(Board):
        def service_held(self):
            return True

        def say(self, text):
            self.said = text

    b = Service()
    loop.main(b, lambda board: started.append(1))
    assert started == [] and b.said.startswith("service: DOWN held at power-up")


def test_mid_hand_the_flash_holds_the_deck_which_is_why_the_interrupt_is_off():
    """What someone with a cable could read if the REPL were free mid-hand (docs/security.md): the snapshot of
    the deal holds the whole deck, so the interrupt must be off (tested above) while the hand is live."""
    import os

    from dealerbox.store.saves import Store
    from store_util import _tmpdir

    d = _tmpdir()
    try:
        rig = Rig(seed=3, store=Store(d))
        setup(rig, "indian", 3)
        deck = rig.app.engine.deck
        f = open(d + "/session.json", "rb")
        data = f.read()
        f.close()
        assert ("[" + ", ".join(str(c) for c in deck) + "]").replace(" ", "").encode() in data
        assert rig.app.hand_live()
    finally:
        for name in os.listdir(d):
            os.remove(d + "/" + name)
        os.rmdir(d)


MICROPYTHON = sys.implementation.name == "micropython"

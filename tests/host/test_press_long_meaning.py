"""The screens' long meanings (``App.long_buttons``, which the run loop asks to decide whether a button acts on the
press: boards/loop.py) and the feel of a press with the real app on the Pico board (boards/pico.py with the fake
``machine`` of test_hardware_board.py).

A button left out of ``long_buttons`` acts as soon as it is pressed, so its long press is never seen: on every
screen of whole sessions (three games set up by presses and played by tests/core/autoplay_util.py), each button
outside the mask must do with a long press exactly what it does with a short one (the same frame and the same
snapshot after it, on two copies of the app).
"""

import copy
import types

import framebuf
from app_util import OK, Rig, pack_to_the_last, select, setup
from autoplay_util import autoplay
from dealerbox.boards import loop
from dealerbox.rng import SeededEntropy
from dealerbox.ui import buttons as B
from dealerbox.ui import modes
from test_hardware_board import make_board  # the Pico board on the fake machine


def _after(app, button, long):
    a = copy.deepcopy(app)
    a.press(button, long)
    buf = bytearray(1024)
    a.draw(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB))
    return a.mode, bytes(buf), a.snapshot() if a.table is not None else a.cfg    # (the setup: no table yet)


class CheckingRig(Rig):
    """Before every press, the buttons without a long meaning are pressed long and short on copies of the app."""

    checked = 0

    def press(self, b, times=1, long=False):
        for _ in range(times):
            mask = self.app.long_buttons()
            for button in range(B.COUNT):
                if not mask & (1 << button):
                    assert _after(self.app, button, False) == _after(self.app, button, True), (
                        "mode %d: %s has a long meaning that long_buttons() does not give" % (
                            self.app.mode, B.NAMES[button]))
                    CheckingRig.checked += 1
            super().press(b, 1, long)


def test_a_button_outside_long_buttons_does_the_same_long_and_short():
    for game, players, seed in (("teen-patti", 4, 3), ("turkish", 3, 5), ("indian", 3, 7)):
        rig = CheckingRig(seed=seed)
        setup(rig, game, players)
        autoplay(rig, SeededEntropy(seed), 1)
    assert CheckingRig.checked > 600


def test_long_buttons_at_the_table():
    rig = Rig(seed=3)
    setup(rig, "teen-patti", 3)
    app = rig.app
    assert app.mode == modes.M_GATE and app.long_buttons() == 1 << B.OK        # long OK: the table menu
    rig.press(OK)
    assert app.mode == modes.M_TURN
    assert app.long_buttons() == (1 << B.UP) | (1 << B.DOWN) | (1 << B.OK)    # LEFT/RIGHT act on the press
    rig = Rig(seed=3)
    setup(rig, "turkish", 3)
    app = rig.app
    for _ in range(300):                # open, call, call: the draw (as test_ui_draw.py)
        if app.mode == modes.M_TURN and "draw" in [o.kind for o in app.screen.opts]:
            break
        if app.mode == modes.M_TURN:
            kinds = [o.kind for o in app.screen.opts]
            select(rig, ([k for k in ("open", "call", "bet") if k in kinds] + kinds)[0])
        rig.press(OK)
        if app.screen.armed:
            rig.press(OK)
    select(rig, "draw")
    assert app.long_buttons() == B.ALL        # the draw: long LEFT/RIGHT leave it for the next action


# ---- the real app on the Pico board ------------------------------------------------------------------------------

def _last_pack(store):
    """A Teen Patti hand of 3 where two players packed: the turn, "Pack" selected, whose OK ends the hand."""
    rig = Rig(seed=3, store=store)
    setup(rig, "teen-patti", 3)
    pack_to_the_last(rig)
    return rig


def test_no_press_is_lost_during_the_save_at_the_end_of_a_hand(tmp_path, monkeypatch):
    """The last pack ends the hand; the save after its frame (``App.flush``: snapshot, hand log) takes 250 ms, the
    loop reading no button meanwhile; a quick tap of OK (60 ms) made inside it moves on from the results screen
    all the same (sampled by the Pico's timer into the queue). With the timer gone, the same tap is lost."""
    monkeypatch.setattr(loop, "gc", types.SimpleNamespace(collect=lambda: None))
    for timer in (True, False):
        b, m = make_board(tmp_path=tmp_path / str(timer))
        if not timer:
            b.start_sampling = None     # the loop reads the buttons itself, once a turn
        app = _last_pack(b.store).app
        ref = _last_pack(None).app       # the same hand without the board: the screens OK leads to
        ref.press(OK)
        after_hand = ref.mode
        ref.press(OK)
        after_tap = ref.mode
        assert after_hand != after_tap
        flush = app.flush
        saves = []

        def slow_flush(_flush=flush, _saves=saves, _b=b):
            _saves.append(_b.time.now - 1000)
            _b.time.sleep_ms(250)       # the flash: the timer still runs, the loop does not
            _flush()

        app.flush = slow_flush
        # OK (pack) held 20-80 ms: the hand ends at its release, then the save; OK tapped again at 150-210 ms
        m.play(b.time, [(0, ()), (20, (B.OK,)), (80, ()), (150, (B.OK,)), (210, ())])
        loop.run(b, app, B.Debouncer(), steps=60)
        assert app.engine.phase == "over" and 80 < saves[0] < 150 and saves[0] + 250 > 210   # the tap: inside
        assert app.mode == (after_tap if timer else after_hand)

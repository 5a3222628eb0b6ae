"""The debouncer: one event per press, long presses, no action on a bounce or a held button."""

from dealerbox.ui import buttons as btn


def run(samples, period=10):
    """Feed (mask) samples every ``period`` ms; returns the events in order."""
    d = btn.Debouncer()
    out = []
    t = 0
    for m in samples:
        out.extend(d.feed(t, m))
        t += period
    return out


def test_short_press_is_one_event_on_release():
    ok = 1 << btn.OK
    assert run([0] * 3 + [ok] * 10 + [0] * 10) == [(btn.OK, False)]


def test_bounce_shorter_than_stable_time_is_ignored():
    up = 1 << btn.UP
    # 10 ms blips (shorter than STABLE_MS = 30) never count
    assert run([0, up, 0, 0, up, 0, 0, 0, 0]) == []
    # a bouncy press: chatter, then held, then chatter on release: still exactly one press
    assert run([0, up, 0, up, 0, up, up, up, up, up, 0, up, 0, 0, 0, 0, 0]) == [(btn.UP, False)]


def test_long_press_fires_once_while_held_and_never_repeats():
    left = 1 << btn.LEFT
    ev = run([0] + [left] * 300 + [0] * 10)            # held 3 s
    assert ev == [(btn.LEFT, True)]


def test_long_press_fires_before_release():
    d = btn.Debouncer()
    ok = 1 << btn.OK
    d.feed(0, 0)
    t = 10
    got = []
    while t <= 800:
        got.extend(d.feed(t, ok))
        t += 10
    assert got == [(btn.OK, True)]
    assert d.feed(810, 0) == () and d.feed(850, 0) == ()


def test_two_buttons_are_independent():
    up, down = 1 << btn.UP, 1 << btn.DOWN
    ev = run([0, up, up, up, up | down, up | down, up | down, up | down, down, down, down, down, 0, 0, 0, 0, 0])
    assert ev == [(btn.UP, False), (btn.DOWN, False)]


def test_button_held_at_start_does_nothing_until_released_and_pressed_again():
    ok = 1 << btn.OK
    assert run([ok] * 100 + [0] * 10) == []
    assert run([ok] * 10 + [0] * 10 + [ok] * 5 + [0] * 5) == [(btn.OK, False)]


def test_tick_wraparound():
    d = btn.Debouncer()
    base = (1 << 30) - 20
    ok = 1 << btn.OK
    d.feed(base, 0)
    ev = []
    for i in range(1, 12):
        ev.extend(d.feed((base + i * 10) & ((1 << 30) - 1), ok if i < 8 else 0))
    assert ev == [(btn.OK, False)]


def test_names():
    assert btn.NAMES[btn.RIGHT] == "right" and btn.COUNT == 5

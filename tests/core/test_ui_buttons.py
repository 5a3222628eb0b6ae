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


# ---- acting on the press, and bounce (the Pico samples every 5 ms: boards/sampler.py) ---------------------------

def timeline(spans, end, period=5, phase=0, long_mask=0):
    """Sample a contact every ``period`` ms (from ``phase``) up to ``end``: ``spans`` [(from, to)] ms when OK's
    contact is closed. Returns [(ms, button, long)] of the events."""
    d = btn.Debouncer()
    d.set_long_mask(long_mask)
    out = []
    t = phase
    while t <= end:
        closed = 0
        for a, b in spans:
            if a <= t < b:
                closed = 1 << btn.OK
        for b, long in d.feed(t, closed):
            out.append((t, b, long))
        t += period
    return out


def test_a_button_with_no_long_meaning_acts_on_the_press():
    # closed at 20, held 60 ms: seen at 20, 25 and 30, so the event comes at 30, while it is still held
    assert timeline([(20, 80)], 200) == [(30, btn.OK, False)]
    # every phase of the press against the samples: 10 to 14 ms after the contact closed (make bench: 12)
    delays = [timeline([(20 + p, 80)], 200)[0][0] - (20 + p) for p in range(5)]
    assert sorted(delays) == [10, 11, 12, 13, 14]
    # held 3 s: still the one event, no long press where the screen gives none
    assert timeline([(20, 3020)], 3200) == [(30, btn.OK, False)]


def test_a_button_with_a_long_meaning_waits_for_the_end_of_its_press_or_the_long_time():
    everyone = btn.ALL
    assert timeline([(20, 80)], 200, long_mask=everyone) == [(90, btn.OK, False)]     # released at 80: 80 to 90
    assert timeline([(20, 1000)], 1200, long_mask=everyone) == [(720, btn.OK, True)]  # long at 700 ms, once


def bounce(seed, start, ms, closed_after):
    """A contact chattering for ``ms`` from ``start``: [(from, to)] closed spans of 1-3 ms with gaps of 1-3 ms
    (a small LCG from ``seed``, the same on both interpreters); ``closed_after``: it ends closed."""
    spans = []
    t = start
    x = seed
    while t < start + ms:
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        w = 1 + x % 3
        spans.append((t, t + w))
        t += w + 1 + (x >> 8) % 3
    if closed_after:
        spans.append((t, t + 10000))
    return spans


def test_a_bouncing_contact_makes_exactly_one_press():
    """200 bounce patterns (up to 12 ms of chatter as the contact closes, up to 25 ms as it opens), sampled every
    5 ms at three phases and every 10 ms, acting on the press and at its end: always exactly one event."""
    for seed in range(200):
        make = bounce(seed, 20, 2 + seed % 11, True)
        hold_end = 20 + 2 + seed % 11 + 40 + seed % 50           # held 40-90 ms after the chatter
        spans = [s for s in make if s[0] < hold_end]
        spans[-1] = (spans[-1][0], hold_end)
        spans += bounce(seed + 1000, hold_end + 1, 2 + (seed * 7) % 24, False)   # chatter as it opens
        for period, phase in ((5, 0), (5, 2), (5, 4), (10, 0), (10, 5)):
            for mask in (0, btn.ALL):
                got = timeline(spans, 400, period, phase, mask)
                assert [(b, long) for _t, b, long in got] == [(btn.OK, False)], (seed, period, phase, mask, got)


def test_a_blip_of_one_sample_is_not_a_press():
    assert timeline([(20, 24)], 200) == []               # seen once (at 20)
    assert timeline([(20, 30)], 200) == []               # seen at 20 and 25: 10 ms is a blip, not a press
    assert timeline([(21, 29), (31, 39)], 200) == []      # seen at 25, then 35: a gap between
    assert timeline([(20, 31)], 200) == [(30, btn.OK, False)]   # seen at 20, 25, 30: a press


def test_a_new_press_needs_the_button_released_30_ms():
    # released at 80; pressed again at 95 (15 ms of rest, inside the release's chatter window): no second press
    assert timeline([(20, 80), (95, 160)], 300) == [(30, btn.OK, False)]
    # pressed again after 40 ms of rest: a second press
    assert timeline([(20, 80), (120, 180)], 300) == [(30, btn.OK, False), (130, btn.OK, False)]


def test_the_long_meaning_can_change_while_the_button_is_held():
    d = btn.Debouncer()
    ok = 1 << btn.OK
    d.feed(0, 0)
    assert d.feed(5, ok) == () and d.feed(15, ok) == ()   # pressed (a long meaning: nothing yet)
    d.set_long_mask(0)                                        # the screen changed (another button's press)
    assert d.feed(20, ok) == () and d.feed(760, ok) == ()  # no long press where there is no long meaning now
    assert d.feed(765, 0) == () and d.feed(775, 0) == ((btn.OK, False),)   # the end of the press: short
    d2 = btn.Debouncer()
    d2.set_long_mask(0)
    d2.feed(0, 0)
    assert d2.feed(5, ok) == () and d2.feed(15, ok) == ((btn.OK, False),)  # acted on the press
    d2.set_long_mask(btn.ALL)
    assert d2.feed(900, ok) == () and d2.feed(905, 0) == () and d2.feed(915, 0) == ()     # nothing more


def test_a_sample_older_than_the_last_is_ignored():
    d = btn.Debouncer()
    d.set_long_mask(0)
    ok = 1 << btn.OK
    d.feed(100, 0)
    assert d.feed(105, ok) == ()
    assert d.feed(103, 0) == ()                     # from before 105: ignored (the run loop's queue, drained late)
    assert d.feed(110, ok) == () and d.feed(115, ok) == ((btn.OK, False),)

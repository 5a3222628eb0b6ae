"""The battery the table sees (issue 28): the level from a faked ADC reading (full, half, low, critical, on USB with
or without a cell), the glyph and the "plug in" warning between hands, the display dimmed after a minute and the
press that brightens it not acted on, the battery read by the loop. Runs under pytest and under MicroPython."""

import framebuf
from app_util import DOWN, OK, UP, Rig, setup
from dealerbox import power
from dealerbox.boards import loop
from dealerbox.lang import tr
from dealerbox.ui import battery, modes, widgets
from dealerbox.ui.buttons import Debouncer
from dealerbox.ui.canvas import Canvas
from test_ui_flows import _to_between


def raw_for(cell_mv):
    """ADC3's read_u16() with the cell at ``cell_mv`` behind the diode (VSYS = cell - 250 mV, read as VSYS / 3)."""
    return ((cell_mv - power.DIODE_MV) * 65535 + 3 * 3300 - 1) // (3 * 3300)


def test_vsys_from_the_adc():
    assert power.vsys_mv(0) == 0
    assert power.vsys_mv(65535) == 9900             # the divider's full scale: 3 x 3.3 V
    assert power.vsys_mv(26214) == 3960             # 1.32 V at the pin: VSYS 3.96 V
    assert power.vsys_mv(raw_for(3900)) == 3650


def test_level_from_a_faked_adc_reading():
    def at(cell_mv, usb=False):
        return power.level(power.vsys_mv(raw_for(cell_mv)), usb)

    assert at(4200) == power.FULL and at(3900) == power.FULL
    assert at(3899) == power.HALF and at(3700) == power.HALF and at(3650) == power.HALF
    assert at(3649) == power.LOW and at(3500) == power.LOW
    assert at(3499) == power.CRITICAL and at(3100) == power.CRITICAL
    assert power.level(power.vsys_mv(32000), True) == power.USB     # 4.83 V from USB, charging
    assert power.level(0, True) == power.USB                        # no cell at all, on USB
    assert power.level(None, False) is None                         # nothing measured (Pico W, the Pi)
    assert [power.NAMES[lv] for lv in (power.USB, power.CRITICAL, power.LOW, power.HALF, power.FULL)] == [
        "usb", "critical", "low", "half", "full"]


def test_level_never_rises_on_battery_only_after_usb():
    low = power.LOW
    assert power.level(3500, False, low) == low                     # a lighter load reads HALF: still LOW
    assert power.level(3200, False, low) == power.CRITICAL           # down it goes (the cell at 3.45 V)
    assert power.level(3700, False, power.USB) == power.FULL         # unplugged after charging: read anew
    assert power.level(3700, False, None) == power.FULL
    assert power.warns(power.LOW) and power.warns(power.CRITICAL)
    assert not power.warns(power.HALF) and not power.warns(power.USB) and not power.warns(None)


def dark(buf, x0, x1, y0, y1):
    """The dark pixels (0) of the MONO_VLSB frame ``buf`` in x0..x1-1, y0..y1-1."""
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    n = 0
    for x in range(x0, x1):
        for y in range(y0, y1):
            if not fb.pixel(x, y):
                n += 1
    return n


def footer_page(text):
    """The footer's bytes (rows 56-63) of a frame with only ``text`` in the footer."""
    buf = bytearray(1024)
    widgets.footer(Canvas(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)), text)
    return bytes(buf[896:])


def test_glyph_and_warning_between_hands():
    rig = Rig(seed=7)
    setup(rig, "teen-patti", 3)
    app = rig.app
    app.battery(power.FULL)                         # during the hand: kept, nothing redrawn
    assert battery.LEVEL == power.FULL and not app.dirty
    _to_between(rig)
    assert app.mode == modes.M_BETWEEN and app.screen.msg == ""
    hint = bytes(rig.buf[896:])
    assert hint == footer_page(app.screen.hint)
    counts = {}
    for lvl in (power.HALF, power.FULL, power.LOW, power.CRITICAL, power.USB):
        app.battery(lvl)
        assert app.dirty
        rig.draw()
        counts[power.NAMES[lvl]] = dark(rig.buf, 113, 128, 0, widgets.TITLE_H)
        page = bytes(rig.buf[896:])
        if lvl == power.LOW:
            assert page == footer_page("Low battery: plug in")
        elif lvl == power.CRITICAL:
            assert page == footer_page("Battery empty soon!")
        else:
            assert page == hint
    # the cell's outline and nub (33 dots), 6 per bar; the plug 30
    assert counts == {"full": 51, "half": 45, "low": 39, "critical": 33, "usb": 30}
    app.battery(power.USB)
    assert not app.dirty                            # the same level: no frame
    app.battery(None)
    rig.draw()
    assert dark(rig.buf, 113, 128, 0, widgets.TITLE_H) == 0     # unknown: no glyph
    assert [tr(w) for w in battery.WARNINGS] == ["Battery empty soon!", "Low battery: plug in"]


def test_the_warning_leaves_a_question_in_the_footer():
    rig = Rig(seed=7)
    setup(rig, "teen-patti", 3)
    app = rig.app
    _to_between(rig)
    app.battery(power.LOW)
    rig.press(DOWN, 5)                              # End session (the last row)
    rig.press(OK)
    assert app.screen.msg == "End session? OK again"
    rig.draw()
    assert bytes(rig.buf[896:]) == footer_page("End session? OK again")


class Display:
    """A 128x64 frame buffer recording the contrast set and the power state."""

    def __init__(self):
        self.fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        self.contrasts = []
        self.on = True

    def show(self):
        pass

    def poweron(self):
        self.on = True

    def poweroff(self):
        self.on = False

    def contrast(self, c):
        self.contrasts.append(c)

    def __getattr__(self, name):
        return getattr(self.fb, name)


class Board:
    """A clock, buttons held at given times, a display, a faked battery (VSYS readings in turn, USB power)."""

    def __init__(self, presses=(), readings=(4000,), usb=False):
        self.t = 0
        self.presses = list(presses)   # (start ms, end ms, mask)
        self.display = Display()
        self.contrast = 200
        self.readings = list(readings)
        self.reads = []
        self.usb = usb
        self.slept = []

    def ticks_ms(self):
        return self.t

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.slept.append(ms)
        self.t += ms

    def buttons(self):
        for a, b, mask in self.presses:
            if a <= self.t < b:
                return mask
        return 0

    def battery_mv(self):
        self.reads.append(self.t)
        return self.readings.pop(0) if len(self.readings) > 1 else self.readings[0]

    def usb_power(self):
        return self.usb


class App:
    """Records presses and the battery levels handed to it."""

    def __init__(self):
        self.presses = []
        self.levels = []
        self.dirty = False

    def press(self, b, long=False):
        self.presses.append((self.t(), b))

    def draw(self, fb):
        self.dirty = False

    def battery(self, level):
        self.levels.append(level)


def test_dims_after_a_minute_and_the_brightening_press_is_not_acted_on():
    dim_at = loop.DIM_MS
    presses = [(dim_at + 500, dim_at + 600, 1 << UP), (dim_at + 800, dim_at + 900, 1 << OK)]
    board = Board(presses)
    app = App()
    app.t = board.ticks_ms
    loop.run(board, app, Debouncer(), steps=dim_at // loop.SAMPLE_MS + 500 // loop.SLOW_MS + 60)
    d = board.display
    assert d.contrasts == [loop.DIM_CONTRAST, 200]           # dimmed once, back to the board's contrast
    assert app.presses == [(dim_at + 910, OK)]      # UP only brightened it; OK acted on (its end seen 10 ms)
    assert board.slept.count(loop.SLOW_MS) == 500 // loop.SLOW_MS      # dimmed: a turn every 50 ms until UP
    assert d.on and board.t == dim_at + 500 + 60 * loop.SAMPLE_MS


def test_sleeps_after_five_minutes_and_wakes_without_acting():
    idle = loop.IDLE_MS
    board = Board([(idle + 1000, idle + 1100, 1 << DOWN), (idle + 1300, idle + 1400, 1 << DOWN)])
    app = App()
    app.t = board.ticks_ms
    slow = (idle - loop.DIM_MS + 1000) // loop.SLOW_MS      # dimmed, then asleep, until the first DOWN
    loop.run(board, app, Debouncer(), steps=loop.DIM_MS // loop.SAMPLE_MS + slow + 60)
    d = board.display
    assert d.contrasts == [loop.DIM_CONTRAST, 200] and d.on
    assert board.slept.count(loop.SLOW_MS) == slow
    assert app.presses == [(idle + 1410, DOWN)]     # the waking press did nothing else


def test_loop_reads_the_battery_every_ten_seconds():
    board = Board(readings=[4000 - 250, 3700 - 250, 3900 - 250, 3400 - 250])     # the cell 4.0, 3.7, 3.9, 3.4 V
    app = App()
    app.t = board.ticks_ms
    loop.run(board, app, Debouncer(), steps=3 * loop.POWER_MS // loop.SAMPLE_MS + 1)
    assert board.reads == [0, 10000, 20000, 30000]
    assert app.levels == [power.FULL, power.HALF, power.HALF, power.CRITICAL]    # 3.9 after 3.7: still half
    board = Board(readings=[0], usb=True)
    app = App()
    app.t = board.ticks_ms
    loop.run(board, app, Debouncer(), steps=2)
    assert app.levels == [power.USB]                         # on USB without a cell

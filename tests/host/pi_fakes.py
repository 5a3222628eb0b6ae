"""Blinka's hardware faked at the bus, for the Raspberry Pi board's tests (no tests here).

``FakeBlinka(devices)`` gives the three modules ``dealerbox.boards.pi.PiBoard`` takes (``board``,
``busio``, ``digitalio``) over a fake I2C bus that records every transaction (address, bytes) and
feeds the ones for the display to ``Panel``, a model of the SSD1306 itself (its command set,
its 8x128 display RAM, the addressing modes and the scan directions, from the datasheet): what
the panel shows is what the bytes on the bus say, decoded independently of Adafruit's driver.
The GPIO inputs read from a timeline of held buttons on ``FakeTime`` (integer milliseconds).
"""

import bisect
import os
import types

from dealerbox.boards import pi
from dealerbox.rng import SeededEntropy


class Panel:
    """An SSD1306 128x64 as the bytes on the bus leave it.

    I2C transactions start with a control byte: 0x80 (one command byte follows, then possibly
    another control byte), 0x00 (the rest are command bytes), 0x40 (the rest are display data).
    Commands with arguments per the datasheet's command table; data goes into RAM at the
    column/page pointer, which moves as the addressing mode says (page mode: along the page;
    horizontal: along the column range, then the next page of the page range).
    """

    ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1, 0x8D: 1, 0xA3: 2, 0xA8: 1,
            0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}

    def __init__(self):
        self.ram = bytearray(1024)   # page p, column c at p * 128 + c; bit 0 = the page's top row
        self.on = False
        self.mode = 2                # reset: page addressing
        self.col0, self.col1, self.page0, self.page1 = 0, 127, 0, 7
        self.col = self.page = 0
        self.seg_remap = 0           # A0/A1
        self.com_remap = 0           # C0/C8
        self.contrast = 0x7F
        self.inverted = False
        self.pending = None          # [opcode, args...] of a command waiting for its arguments
        self.commands = []           # every complete command, as a tuple
        self.frames = []             # RAM after each data transaction (bytes)

    def transaction(self, data):
        data = bytes(data)
        if not data:
            return  # a probe (an empty write): the device acknowledges
        i = 0
        while i < len(data):
            ctrl = data[i]
            if ctrl == 0x80:  # Co=1, D/C=0: one command byte, then another control byte
                self.command(data[i + 1])
                i += 2
            elif ctrl == 0x00:
                for b in data[i + 1:]:
                    self.command(b)
                return
            elif ctrl == 0x40:
                for b in data[i + 1:]:
                    self.write(b)
                self.frames.append(bytes(self.ram))
                return
            else:
                raise AssertionError("control byte 0x%02X is not one an SSD1306 takes" % ctrl)

    def command(self, b):
        if self.pending is not None:
            self.pending.append(b)
            if len(self.pending) == 1 + self.ARGS[self.pending[0]]:
                cmd, self.pending = tuple(self.pending), None
                self.execute(cmd)
            return
        if b in self.ARGS:
            self.pending = [b]
            return
        self.execute((b,))

    def execute(self, cmd):
        self.commands.append(cmd)
        op = cmd[0]
        if op == 0x20:
            self.mode = cmd[1] & 3
        elif op == 0x21:
            self.col0, self.col1 = cmd[1] & 127, cmd[2] & 127
            self.col = self.col0
        elif op == 0x22:
            self.page0, self.page1 = cmd[1] & 7, cmd[2] & 7
            self.page = self.page0
        elif op == 0x81:
            self.contrast = cmd[1]
        elif op in (0xAE, 0xAF):
            self.on = op == 0xAF
        elif op in (0xA0, 0xA1):
            self.seg_remap = op & 1
        elif op in (0xC0, 0xC8):
            self.com_remap = op & 8
        elif op in (0xA6, 0xA7):
            self.inverted = op == 0xA7
        elif 0xB0 <= op <= 0xB7:
            self.page = op & 7
        elif op < 0x10:
            self.col = (self.col & 0xF0) | op
        elif op < 0x20:
            self.col = (self.col & 0x0F) | ((op & 7) << 4)

    def write(self, b):
        self.ram[self.page * 128 + self.col] = b
        if self.mode == 0:  # horizontal
            self.col += 1
            if self.col > self.col1:
                self.col = self.col0
                self.page = self.page0 if self.page >= self.page1 else self.page + 1
        elif self.mode == 2:  # page
            self.col = min(self.col + 1, 127)
        else:
            raise AssertionError("addressing mode %d not modelled" % self.mode)

    def ram_pixel(self, x, y):
        return (self.ram[(y >> 3) * 128 + x] >> (y & 7)) & 1

    def seen(self, x, y):
        """The pixel at (x, y) of the glass, the module's pins at the top: with A1 (column 127 on SEG0) and
        C8 (COM scan from COM63) the RAM shows as it is; A0 and C0 turn it 180 degrees."""
        rx = x if self.seg_remap else 127 - x
        ry = y if self.com_remap else 63 - y
        return self.ram_pixel(rx, ry)


class FakeI2C:
    """busio.I2C over a fake bus: ``devices`` answer; every write is recorded as (address, bytes)."""

    def __init__(self, blinka, scl, sda, frequency=100000):
        self.blinka = blinka
        self.pins = (scl, sda)
        self.frequency = frequency
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def scan(self):
        assert self.locked, "scan without the bus lock"
        return sorted(self.blinka.devices)

    def writeto(self, address, buffer, *, start=0, end=None):
        assert self.locked, "write without the bus lock"
        if address not in self.blinka.devices:
            raise OSError(121, "Remote I/O error")
        data = bytes(memoryview(buffer)[start:end])
        self.blinka.writes.append((address, data))
        if address in self.blinka.panels:
            self.blinka.panels[address].transaction(data)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        if address not in self.blinka.devices:
            raise OSError(121, "Remote I/O error")

    def deinit(self):
        pass


class FakePin:
    """digitalio.DigitalInOut on a GPIO whose level follows the held buttons (pulled up: held = False)."""

    def __init__(self, blinka, pin):
        self.blinka = blinka
        self.gpio = pin.id
        self.direction = None
        self.pull = None
        blinka.pins[self.gpio] = self

    @property
    def value(self):
        assert self.direction == "input" and self.pull == "up"
        i = pi.BUTTON_PINS.index(self.gpio)
        return i not in self.blinka.held()


class FakeTime:
    """The ``time`` module, in whole milliseconds: ``monotonic_ns``, ``sleep`` (advances it, one ms at a time,
    calling each ``timer``'s callback at its period: the board's sampling thread, run on this clock)."""

    def __init__(self, now=1000, stop_after=None):
        self.now = now
        self.stop_after = stop_after  # raise KeyboardInterrupt at this many sleeps (Ctrl-C)
        self.sleeps = 0
        self.timers = []    # (period ms, callback)

    def monotonic_ns(self):
        return self.now * 1000000

    def sleep(self, s):
        self.sleeps += 1
        if self.stop_after is not None and self.sleeps >= self.stop_after:
            raise KeyboardInterrupt
        self.run(round(s * 1000))

    def run(self, ms):
        """``ms`` milliseconds pass (the loop asleep, or busy: a save), the timers running."""
        for _ in range(ms):
            self.now += 1
            for period, callback in self.timers:
                if self.now % period == 0:
                    callback()

    def timer(self, period_ms, callback):
        """``PiBoard``'s ``timer``: ``callback`` called every ``period_ms`` of this clock."""
        self.timers.append((period_ms, callback))


class FakeBlinka:
    """``board``, ``busio`` and ``digitalio`` of a Raspberry Pi with the given I2C ``devices``.

    ``panels``: address -> Panel for the SSD1306s on the bus; ``writes``: every I2C write;
    ``pins``: GPIO -> FakePin; ``i2c_error``: raised by busio.I2C (I2C not enabled).
    ``play(time, timeline)``: the buttons held from each time on, [(ms from now, (buttons...))].
    """

    def __init__(self, devices=(0x3C,), i2c_error=None):
        self.devices = set(devices)
        self.panels = {a: Panel() for a in devices if a in (0x3C, 0x3D)}
        self.writes = []
        self.pins = {}
        self.i2c_error = i2c_error
        self.timeline = [(0, ())]
        self.starts = [0]
        self.time = None
        blinka = self
        pins = {"D%d" % g: types.SimpleNamespace(id=g) for g in range(28)}
        self.board = types.SimpleNamespace(board_id="RASPBERRY_PI_ZERO_2_W", SCL=pins["D3"], SDA=pins["D2"], **pins)

        def i2c(scl, sda, frequency=100000):
            if blinka.i2c_error is not None:
                raise blinka.i2c_error
            return FakeI2C(blinka, scl, sda, frequency)

        self.busio = types.SimpleNamespace(I2C=i2c)
        self.digitalio = types.SimpleNamespace(
            DigitalInOut=lambda pin: FakePin(blinka, pin),
            Direction=types.SimpleNamespace(INPUT="input", OUTPUT="output"),
            Pull=types.SimpleNamespace(UP="up", DOWN="down"))

    def play(self, time, timeline):
        self.time = time
        self.timeline = [(time.now + t, held) for t, held in timeline]
        self.starts = [t for t, _held in self.timeline]

    def held(self):
        if self.time is None:
            return self.timeline[-1][1]
        i = bisect.bisect_right(self.starts, self.time.now)
        return self.timeline[i - 1][1] if i else ()


class SeededOs:
    """The ``os`` module with ``urandom`` from a seed (the same deal as the simulator's ``--seed``)."""

    def __init__(self, seed):
        self.urandom = SeededEntropy(seed)

    def __getattr__(self, name):
        return getattr(os, name)


def make_board(tmp_path, devices=(0x3C,), config=None, seed=7, i2c_error=None, time=None, timer=None):
    """A PiBoard on fake Blinka (``devices`` on the bus), the store in ``tmp_path/data``, its sampling thread run on
    the fake clock (``timer``: another); returns (board, blinka)."""
    import adafruit_ssd1306

    fake = FakeBlinka(devices, i2c_error)
    time = time or FakeTime()
    b = pi.PiBoard(config=config or {}, board=fake.board, busio=fake.busio, digitalio=fake.digitalio,
                   ssd1306=adafruit_ssd1306, os=SeededOs(seed), time=time,
                   store_root=str(tmp_path / "data"), timer=timer or getattr(time, "timer", None))
    return b, fake


def timeline(presses, gap=60):
    """A button timeline for ``presses`` [(button, long)]: each held 60 ms (long: 800 ms), then released
    ``gap`` ms; returns (timeline, total ms)."""
    out = [(0, ())]
    t = 20
    for button, long in presses:
        out.append((t, (button,)))
        t += 800 if long else 60
        out.append((t, ()))
        t += gap
    return out, t + 100

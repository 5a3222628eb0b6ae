"""The loop's busy share of a whole session at a real table's pace (MicroPython only): how long the chip works.

    MICROPYPATH=build/mpy:tests/core micropython -X heapsize=1M tests/device/busy_session.py GAME PLAYERS HANDS FILE

The compiled firmware's own loop (``boards.loop.run``) runs the app, with the store on littlefs2 in the Pico's
geometry in FILE (a disk image kept off the heap, so ``gc.collect`` walks the app's objects alone), on a board
whose clock is virtual: ``sleep_ms`` moves it on at once, so the session's wall time is the table's, and the
time the unix port spends between two sleeps is what the chip would work.

The presses are autoplay_util's (the seeds of tests/device/flash_session.py), first recorded on a twin app, then
played as a person presses at a table: each button held 120 ms; before it a pause that depends on the screen:
4 s at a gate (the box passed to the next player), 2.5 s on a turn (deciding), 1.2 s for the next press on the
same screen, 5 s on the showdown, awards and standings (reading), 40 s on the between-hands screen (cards
gathered, chips counted), 1 s elsewhere.

Prints ``key=value`` lines: wall_ms (the session's table time), busy_us (the unix port's time between sleeps:
the loop, the app, the store), work_us (the part in turns over 100 us: presses, frames, saves), samples (loop
turns), shows (frames sent to the display), flash_erases, flash_bytes, presses, calib_us (10,000 turns of
``s = (s + i*3) & 0xFFFF`` on this machine, timed every 5,000 samples through the session (the median: under the
same load, a preempted one left out): 74 ms on the chip, /work/shared/DESIGN.md, to turn unix time into chip
time); last line ``busy_session: OK``. Used by benchmarks/bench_power.py (``make bench``).
"""

import gc
import sys
import time

import framebuf
import vfs
from autoplay_util import autoplay
from dealerbox.boards import loop
from dealerbox.rng import SeededEntropy
from dealerbox.store.saves import Store
from dealerbox.ui import modes
from dealerbox.ui.buttons import Debouncer
from powercut_util import MOUNT

SEEDS = {"teen-patti": 21, "turkish": 22, "indian": 23}
HOLD_MS = 120
PAUSE_MS = {modes.M_GATE: 4000, modes.M_TURN: 2500, modes.M_SHOWDOWN: 5000, modes.M_AWARDS: 5000,
            modes.M_STANDINGS: 5000, modes.M_BETWEEN: 40000}
AGAIN_MS = 1200     # the next press on the same screen
OTHER_MS = 1000


class FileDisk:
    """The Pico's flash (4096-byte blocks) in a file, so that no disk image sits on the heap: the heap the
    loop's ``gc.collect`` walks is the app's alone, as on the chip. Counts erases and bytes programmed."""

    def __init__(self, path, block_size=4096, blocks=64):
        self.block_size, self.blocks = block_size, blocks
        self.f = open(path, "w+b")
        self.ff = b"\xff" * block_size
        for _ in range(blocks):
            self.f.write(self.ff)
        self.bytes = self.erases = 0

    def readblocks(self, block, buf, offset=0):
        self.f.seek(block * self.block_size + offset)
        self.f.readinto(buf)

    def writeblocks(self, block, buf, offset=0):
        self.f.seek(block * self.block_size + offset)
        self.f.write(buf)
        self.bytes += len(buf)

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.block_size
        if op == 6:
            self.f.seek(arg * self.block_size)
            self.f.write(self.ff)
            self.erases += 1
        return 0


class Recorder:
    """A rig for autoplay_util that presses the app directly and records (screen, button, long) per press."""

    def __init__(self, app):
        self.app = app
        self.presses = []

    def press(self, b, times=1, long=False):
        for _ in range(times):
            self.presses.append((self.app.mode, b, long))
            self.app.press(b, long)


def timeline(presses):
    """[(from ms, to ms, mask)] of ``presses`` at a table's pace (the module's docstring), from 1000 ms."""
    out = []
    t = 1000
    last = None
    for mode, b, long in presses:
        if mode == last and mode != modes.M_BETWEEN:
            t += AGAIN_MS
        else:
            t += PAUSE_MS.get(mode, OTHER_MS)
        hold = loop_long_ms() + 100 if long else HOLD_MS
        out.append((t, t + hold, 1 << b))
        t += hold
        last = mode
    return out, t + 2000


def loop_long_ms():
    return Debouncer.LONG_MS


class Display:
    """The SSD1306's frame buffer; counts the frames sent."""

    def __init__(self):
        self.fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        self.shows = 0

    def show(self):
        self.shows += 1

    def poweron(self):
        pass

    def poweroff(self):
        pass

    def contrast(self, c):
        pass

    def __getattr__(self, name):
        return getattr(self.fb, name)


class End(Exception):
    """The session's time is over (``Board.sleep_ms``)."""


class Board:
    """A virtual clock and the pressed buttons of a timeline until ``end`` ms; the time between two sleeps counted
    as busy."""

    def __init__(self, presses, end):
        self.t = 0
        self.end = end
        self.presses = presses
        self.i = 0
        self.display = Display()
        self.busy_us = 0
        self.work_us = 0    # of it in the turns that did more than sample (over 100 us: a press, a frame, a save)
        self.samples = 0
        self.calibs = []
        self.woke = time.ticks_us()

    def ticks_ms(self):
        return self.t

    def ticks_diff(self, a, b):
        return a - b

    def buttons(self):
        p = self.presses
        while self.i < len(p) and p[self.i][1] <= self.t:
            self.i += 1
        if self.i < len(p) and p[self.i][0] <= self.t:
            return p[self.i][2]
        return 0

    def battery_mv(self):
        return 3700

    def usb_power(self):
        return False

    def sleep_ms(self, ms):
        us = time.ticks_diff(time.ticks_us(), self.woke)
        if self.samples % 5000 == 0:        # the calibration loop, interleaved: timed under the same load
            self.calibs.append(calibrate(10000))
        self.busy_us += us
        if us > 100:
            self.work_us += us
        self.samples += 1
        self.t += ms
        if self.t >= self.end:
            raise End()
        self.woke = time.ticks_us()


def calibrate(n):
    """The unix port's µs for ``n`` turns of the loop DESIGN.md timed on the chip (10,000 turns: 74 ms there)."""
    t0 = time.ticks_us()
    s = 0
    for i in range(n):
        s = (s + i * 3) & 0xFFFF
    return time.ticks_diff(time.ticks_us(), t0)


def main():
    game, players, hands = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    from app_util import setup
    from dealerbox.ui.app import App

    path = sys.argv[4] if len(sys.argv) > 4 else "/tmp/dealerbox-busy-flash.bin"
    disk = FileDisk(path)
    vfs.VfsLfs2.mkfs(disk, progsize=256)
    vfs.mount(vfs.VfsLfs2(disk, progsize=256), MOUNT)
    twin = App(SeededEntropy(SEEDS[game]), store=Store(MOUNT + "/twin"))     # the presses, recorded
    rec = Recorder(twin)
    setup(rec, game, players)
    rec.presses = []
    autoplay(rec, SeededEntropy(SEEDS[game] + 100).read, hands)
    assert twin.mode == modes.M_END, twin.mode
    presses, end = timeline(rec.presses)
    rec = twin = None
    gc.collect()
    try:
        app = App(SeededEntropy(SEEDS[game]), store=Store(MOUNT + "/data"))
        setup(Recorder(app), game, players)
        disk.bytes = disk.erases = 0
        board = Board(presses, end)
        try:
            loop.run(board, app, Debouncer())
        except End:
            pass
        assert app.mode == modes.M_END, app.mode
        print("wall_ms=%d" % board.t)
        print("busy_us=%d" % board.busy_us)
        print("work_us=%d" % board.work_us)
        print("samples=%d" % board.samples)
        print("shows=%d" % board.display.shows)
        print("flash_erases=%d" % disk.erases)
        print("flash_bytes=%d" % disk.bytes)
        print("presses=%d" % len(presses))
        board.calibs.sort()
        print("calib_us=%d" % board.calibs[len(board.calibs) // 2])
    finally:
        vfs.umount(MOUNT)
    print("busy_session: OK")


main()

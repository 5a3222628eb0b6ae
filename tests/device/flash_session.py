"""A whole session of one game through the app on littlefs2 with the Pico's geometry: flash wear and press time.

    MICROPYPATH=build/mpy:tests/core micropython -X heapsize=2M tests/device/flash_session.py GAME PLAYERS HANDS [CODE]

The compiled firmware (.mpy) sets up GAME for PLAYERS by button presses and plays HANDS hands
(autoplay_util.autoplay, the seeds of tests/device/session.py) with the store on littlefs2
(``vfs.VfsLfs2``, 4096-byte blocks, 256-byte programs, as MicroPython formats the Pico's flash) on a
RAM block device that counts what reaches the flash. As on the box the app's writes come after the
frame (``app.defer``, ``flush`` after the draw), so each press is timed without them: ``app.press`` and
``app.draw`` into a 1 KB SSD1306 frame buffer. CODE (default ``en``) is the language spoken, chosen in an earlier
session (kept in the store's ``prefs.json``, so the app speaks it from boot).

Prints ``key=value`` lines: actions (the players' actions of the session, from the hand logs), presses,
flash_bytes (programmed), flash_erases (4 KB blocks erased), flash_writes, saves (snapshots), records
(journal lines), logs, press_us_median, press_us_max, press_us (every press, comma-separated); last line
``flash_session: OK``.
Used by benchmarks/bench_flash.py (``make bench``).
"""

import sys
import time

import framebuf
import vfs
from autoplay_util import autoplay, chips_conserved
from dealerbox.rng import SeededEntropy
from dealerbox.store.saves import Store
from dealerbox.ui import modes
from powercut_util import MOUNT, RamDisk

SEEDS = {"teen-patti": 21, "turkish": 22, "indian": 23}


class CountingStore(Store):
    """The flash store, counting the players' actions in the hand logs it writes."""

    def __init__(self, root):
        Store.__init__(self, root)
        self.logs = 0
        self.actions = 0

    def append_log(self, line):
        if "genesis" in line:       # the session's genesis line: no hand
            return Store.append_log(self, line)
        self.logs += 1
        self.actions += len(line["actions"])
        return Store.append_log(self, line)


class Rig:
    """The app on a frame buffer; each press timed (press + draw), its writes flushed after the timing."""

    def __init__(self, app):
        self.fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        self.app = app
        app.defer = True
        app.draw(self.fb)
        self.times = None   # list of µs per press once the session starts (None: setup, not timed)

    def press(self, b, times=1, long=False):
        app = self.app
        for _ in range(times):
            t0 = time.ticks_us()
            app.press(b, long)
            if app.dirty:
                app.draw(self.fb)
            dt = time.ticks_diff(time.ticks_us(), t0)
            app.flush()
            if self.times is not None:
                self.times.append(dt)


def main():
    game, players, hands = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    disk = RamDisk(4096, 64)
    vfs.VfsLfs2.mkfs(disk, progsize=256)
    vfs.mount(vfs.VfsLfs2(disk, progsize=256), MOUNT)
    try:
        from app_util import setup
        from dealerbox.ui.app import App

        store = CountingStore(MOUNT + "/data")
        if len(sys.argv) > 4 and sys.argv[4] != "en":
            store.save_prefs({"lang": sys.argv[4]})
        rig = Rig(App(SeededEntropy(SEEDS[game]), store=store))
        from dealerbox import lang
        assert lang.code == (sys.argv[4] if len(sys.argv) > 4 else "en"), lang.code
        setup(rig, game, players)
        disk.writes = disk.bytes = disk.erases = 0
        rig.times = []
        played, presses = autoplay(rig, SeededEntropy(SEEDS[game] + 100).read, hands)
        assert rig.app.mode == modes.M_END, rig.app.mode
        assert chips_conserved(rig.app)
        times = sorted(rig.times)
        print("actions=%d" % store.actions)
        print("presses=%d" % len(times))
        print("hands=%d" % played)
        print("flash_bytes=%d" % disk.bytes)
        print("flash_erases=%d" % disk.erases)
        print("flash_writes=%d" % disk.writes)
        print("saves=%d" % store.saves)
        print("records=%d" % store.records)
        print("logs=%d" % store.logs)
        print("press_us_median=%d" % times[len(times) // 2])
        print("press_us_max=%d" % times[-1])
        print("press_us=" + ",".join([str(t) for t in rig.times]))
    finally:
        vfs.umount(MOUNT)
    print("flash_session: OK")


main()

"""A whole session of one game through the app, as on the box (MicroPython only): heap and flash use.

    MICROPYPATH=build/mpy:tests/core micropython -X heapsize=128K tests/device/session.py GAME PLAYERS HANDS [flash]

The compiled firmware (.mpy, as the Pico runs it) sets up GAME for PLAYERS by button presses,
plays HANDS hands (autoplay_util.autoplay: seeded choices among the legal actions, every
frame drawn into a 1 KB SSD1306 frame buffer) and ends the session, with the store saving
after every action. The store is a folder on the host (its buffers are not on the heap, as
the Pico's flash is not); with ``flash`` it is littlefs2 on a RAM block device with the Pico's
geometry (4096-byte blocks, 256-byte program size), which needs a large heap, to count the
bytes programmed into flash.

Prints ``key=value`` lines: presses, hands, saves, logs, frames, peak_live (the most heap
still in use after a collection, sampled after every press, bytes), heap_total, code_heap
(heap still used once the session is dropped: the loaded modules, which a frozen firmware
keeps in flash), and with ``flash``: flash_bytes (programmed), flash_writes (programs and
erases), flash_erases, store_bytes (bytes the store wrote to files). Last line: ``session: OK``.
"""

import gc
import os
import sys

import framebuf
from autoplay_util import autoplay, chips_conserved
from dealerbox.rng import SeededEntropy
from dealerbox.store.saves import Store
from dealerbox.ui import modes

SEEDS = {"teen-patti": 21, "turkish": 22, "indian": 23}


class Rig:
    """The app on a frame buffer, pressed like the board does; samples the live heap after each press."""

    def __init__(self, app):
        self.buf = bytearray(1024)
        self.fb = framebuf.FrameBuffer(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.app = app
        self.frames = 0
        self.presses = 0
        self.peak = 0
        self.draw()

    def draw(self):
        self.app.draw(self.fb)
        self.frames += 1

    def press(self, b, times=1, long=False):
        for _ in range(times):
            self.app.press(b, long)
            if self.app.dirty:
                self.draw()
            self.presses += 1
            gc.collect()
            used = gc.mem_alloc()
            if used > self.peak:
                self.peak = used


class CountingStore(Store):
    def __init__(self, root):
        Store.__init__(self, root)
        self.logs = 0

    def append_log(self, line):
        self.logs += 1
        return Store.append_log(self, line)


def _tmpdir():
    name = "/tmp/dbx-session-" + "".join("%02x" % b for b in os.urandom(4))
    return name


def _rmtree(p):
    try:
        names = os.listdir(p)
    except OSError:
        return
    for n in names:
        q = p + "/" + n
        if os.stat(q)[0] & 0x4000:
            _rmtree(q)
        else:
            os.remove(q)
    os.rmdir(p)


def main():
    game, players, hands = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    flash = len(sys.argv) > 4 and sys.argv[4] == "flash"
    disk = None
    if flash:
        import vfs
        from powercut_util import MOUNT, RamDisk

        disk = RamDisk(4096, 64)
        vfs.VfsLfs2.mkfs(disk, progsize=256)
        vfs.mount(vfs.VfsLfs2(disk, progsize=256), MOUNT)
        root = MOUNT + "/data"
    else:
        root = _tmpdir()
    try:
        from app_util import setup
        from dealerbox.ui.app import App

        store = CountingStore(root)
        rig = Rig(App(SeededEntropy(SEEDS[game]), store=store))
        if flash:
            disk.writes = disk.bytes = disk.erases = 0
        setup(rig, game, players)
        setup = None
        del sys.modules["app_util"]  # the harness's setup walk is done: its code need not stay loaded
        played, _ = autoplay(rig, SeededEntropy(SEEDS[game] + 100).read, hands)
        assert rig.app.mode == modes.M_END, rig.app.mode
        assert chips_conserved(rig.app)
        print("presses=%d" % rig.presses)
        print("hands=%d" % played)
        print("saves=%d" % store.saves)
        print("logs=%d" % store.logs)
        print("frames=%d" % rig.frames)
        print("peak_live=%d" % rig.peak)
        print("heap_total=%d" % (gc.mem_alloc() + gc.mem_free()))
        if flash:
            print("flash_bytes=%d" % disk.bytes)
            print("flash_writes=%d" % disk.writes)
            print("flash_erases=%d" % disk.erases)
            print("store_bytes=%d" % store.bytes_written)
        rig = store = None
        gc.collect()
        print("code_heap=%d" % gc.mem_alloc())  # what stays: the loaded modules (in flash when frozen)
    finally:
        if flash:
            import vfs

            vfs.umount(MOUNT)
        else:
            _rmtree(root)
    print("session: OK")


main()

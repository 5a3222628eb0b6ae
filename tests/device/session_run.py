"""The body of tests/device/session.py (which measures this harness's own heap, then calls ``main``).

    MICROPYPATH=build/mpy:tests/core micropython -X heapsize=256K tests/device/session.py \
        GAME PLAYERS HANDS [MODE] [lang=CODE]

The compiled firmware (.mpy, as the Pico runs it) sets up GAME (or ``stud``: Forehead Stud) for PLAYERS by button
presses,
plays HANDS hands (autoplay_util.autoplay: seeded choices among the legal actions, every
frame drawn into a 1 KB SSD1306 frame buffer) and ends the session, with the store saving
after every action. The store is a folder on the host (its buffers are not on the heap, as
the Pico's flash is not); with ``flash`` it is littlefs2 on a RAM block device with the Pico's
geometry (4096-byte blocks, 256-byte program size), which needs a large heap, to count the
bytes programmed into flash. MODE is ``flash``, ``sample``, ``resume`` or ``free``. With ``resume store=PATH`` the
power is cut in the middle of the first hand not cut yet (``Rig``; ``power_cut=HAND``, the store left in PATH); run
again on it, the box boots, continues that hand (``resumed=HAND`` and ``micropython.mem_info()`` there) and plays on
to the next cut, or to the session's end. ``free`` prints the heap where ``resume`` cuts, without cutting.
``lang=CODE`` plays it in that language: the choice is kept in the store first (``prefs.json``, as the setup's
language row keeps it), so the app imports its table at boot as the box does, and the table is counted with the
rest (default: English, no table).

With ``sample`` the heap in use is also sampled inside presses: every function and method of
every ``dealerbox`` module is wrapped (when its module is first seen) so that each call samples
the heap on entry and on return. A sample reads ``gc.mem_alloc()`` and, only when that (garbage
included) is above the peak so far, collects and reads the heap still in use: the peak is the
highest in-use figure at any call boundary of the firmware, not only after presses. The drawing
modules, which allocate nothing (tests/host/test_redraw_alloc.py), are not wrapped. The wrappers'
own bytes, measured when they are installed (a collection before and after), are not counted, nor is
the harness's code (this module and autoplay_util, measured by session.py when it imports them).

Prints ``key=value`` lines: presses, hands, saves, logs, frames, peak_live (the most heap
still in use after a collection, sampled after every press, bytes), heap_total, with ``sample``:
peak_inuse (the most heap in use at any sample, bytes), samples (the collections it took),
wrapped (the functions wrapped); lang (the language spoken, a code); and with ``flash``: flash_bytes
(programmed), flash_writes (programs and erases), flash_erases, store_bytes (bytes the store wrote to
files). Last line: ``session: OK``.
"""

import gc
import os
import sys

import framebuf
import micropython
from autoplay_util import autoplay, chips_conserved
from dealerbox.rng import SeededEntropy
from dealerbox.store.saves import Store
from dealerbox.ui import modes
from dealerbox.ui.buttons import OK

SEEDS = {"teen-patti": 21, "turkish": 22, "indian": 23, "stud": 24}
STUD = {5: 1}       # Forehead Stud: Indian Poker with its "Game" row (row 5 of the single rules) one step right


def _function():
    pass


FUNCTION = type(_function)
# the drawing modules allocate nothing (tests/host/test_redraw_alloc.py): the heap in use cannot rise inside them,
# so their thousands of calls per frame are not sampled
DRAWING = ("dealerbox.ui.canvas", "dealerbox.ui.font", "dealerbox.ui.cardart", "dealerbox.ui.widgets",
           "dealerbox.ui.screens")


_MAX_ARGS = 12  # positional arguments measured (a call with more counts as one with 11); keyword: 0-4


class _Quiet:
    """A sampler that samples nothing (``Sampler._measure_held``'s probe)."""

    overhead = 0

    def sample(self):
        pass


def _sampled(f, s, held):
    """``f`` wrapped so that each call samples the heap (``s.sample()``) on entry and on return; while ``f`` runs,
    the bytes the wrapper holds (``held``, see ``Sampler._measure_held``; 0 when None) are in ``s.overhead``. On
    return they are still counted (the innermost wrapper only: a few dozen bytes high at most, never low)."""

    def sampled(*a, **k):
        n = len(a)
        h = held[n if n < _MAX_ARGS else _MAX_ARGS - 1][len(k) if len(k) < 5 else 4] if held else 0
        s.overhead += h
        s.sample()
        try:
            r = f(*a, **k)
        finally:
            s.overhead -= h
        s.sample()
        return r

    return sampled


class Sampler:
    """The heap in use sampled at every call boundary of the firmware's functions (see the module docstring)."""

    def __init__(self, harness=0):
        self.peak = 0
        self.overhead = harness  # bytes of the harness's code, the wrappers (and this sampler's tables) in use
        self.samples = 0
        self.wrapped = 0
        self.seen = {}          # module name -> (id of the module, bytes of its wrappers)
        self.held = None
        gc.collect()
        before = gc.mem_alloc()
        self._measure_held()
        gc.collect()
        self.overhead += gc.mem_alloc() - before  # the table just measured

    def sample(self):
        if gc.mem_alloc() - self.overhead > self.peak:
            gc.collect()
            self.samples += 1
            used = gc.mem_alloc() - self.overhead
            if used > self.peak:
                self.peak = used
                micropython.qstr_info()  # the interned strings at this peak (printed: no allocation)

    def _wrap(self, f):
        self.wrapped += 1
        return _sampled(f, self, self.held)

    def _measure_held(self):
        """``held[n][m]``: the bytes a wrapper holds while its function runs, called with ``n`` positional and
        ``m`` keyword arguments (its ``*a`` tuple, its ``**k`` dict, the arguments array of the call it makes,
        its own frame when that is on the heap): measured here on this interpreter, with a probe called through
        a wrapper and directly. They are the harness's bytes: ``sampled`` adds them to ``overhead`` while the
        function runs."""
        got = []
        probe_sampler = _Quiet()

        def probe(*a, **k):
            gc.collect()
            got.append(gc.mem_alloc())

        w = _sampled(probe, probe_sampler, None)
        kwargs = ({}, {"a": 1}, {"a": 1, "b": 2}, {"a": 1, "b": 2, "c": 3}, {"a": 1, "b": 2, "c": 3, "d": 4})
        held = []
        for n in range(_MAX_ARGS):
            row = []
            args = tuple(range(n))
            for kw in kwargs:
                del got[:]
                probe(*args, **kw)
                w(*args, **kw)
                row.append(got[1] - got[0] if got[1] > got[0] else 0)
            held.append(tuple(row))
        self.held = tuple(held)

    def _wrap_namespace(self, obj, names, done):
        """Wrap the plain functions ``obj.NAME`` for NAME in ``names`` (a class's own methods: its __dict__, where
        a staticmethod is not a function)."""
        for name in names:
            if name.startswith("__") and name != "__init__":
                continue
            v = names[name] if type(names) is dict else getattr(obj, name, None)
            if type(v) is FUNCTION and id(v) not in done:
                w = self._wrap(v)
                done[id(w)] = True
                setattr(obj, name, w)

    def scan(self):
        """Wrap the functions of the ``dealerbox`` modules not seen yet, measuring each module's wrappers (and
        forget the modules unloaded since: their wrappers went with them)."""
        for name in list(self.seen):
            mod, nbytes = self.seen[name]
            if id(sys.modules.get(name)) != mod:
                del self.seen[name]
                self.overhead -= nbytes
        new = [n for n in sys.modules if n.startswith("dealerbox") and n not in self.seen and n not in DRAWING]
        for name in new:
            mod = sys.modules[name]
            self.seen[name] = (id(mod), 0)
            gc.collect()
            before = gc.mem_alloc()
            self._wrap_module(mod, name)
            gc.collect()
            nbytes = gc.mem_alloc() - before
            self.seen[name] = (id(mod), nbytes)
            self.overhead += nbytes

    def _wrap_module(self, mod, name):
        done = {}
        self._wrap_namespace(mod, dir(mod), done)
        for k in dir(mod):
            v = getattr(mod, k)
            if type(v) is type and getattr(v, "__module__", name) == name:
                self._wrap_namespace(v, dict(v.__dict__), done)


class Rig:
    """The app on a frame buffer, pressed like the board does; samples the live heap after each press.

    ``cuts`` (``resume`` and ``free`` modes: the hands cut so far): at each hand's first turn after an action (a
    hand in the middle, the seat to act just past its gate) ``cut`` adds the hand's number to ``cuts``, then with
    ``resume`` cuts the power there (``PowerCut``: the process ends, as the box's would), or with ``free`` prints
    the heap (``cut=HAND``, then ``micropython.mem_info()``, after a collection) and plays on."""

    def __init__(self, app, sampler=None, harness=0, cuts=None, resume=False):
        self.cuts = cuts
        self.resume = resume
        self.due = False        # a turn reached past its gate: ``cut`` looks at it before autoplay's next step
        self.sampler = sampler
        self.harness = harness  # bytes of the harness's own code (session.py): not the firmware's
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
            was = self.app.mode
            self.app.press(b, long)
            if self.app.dirty:
                self.draw()
            if self.cuts is not None and was == modes.M_GATE and self.app.mode == modes.M_TURN:
                self.due = True
            self.presses += 1
            gc.collect()
            used = gc.mem_alloc()
            if self.sampler is not None:
                used -= self.sampler.overhead
                self.sampler.scan()
            else:
                used -= self.harness
            if used > self.peak:
                self.peak = used


    def cut(self):
        """The power cut or the heap printed where the class docstring says; autoplay's ``between`` (it then holds
        nothing of the app)."""
        if not self.due:
            return
        self.due = False
        e = self.app.engine
        hand = e.hand_no
        if hand in self.cuts or not e.log.get("actions"):
            return
        self.cuts.append(hand)
        e = None
        if self.resume:
            raise PowerCut(hand)
        gc.collect()
        print("cut=%d" % hand)
        micropython.mem_info()


class PowerCut(Exception):
    """The power goes (``Rig.cut`` in ``resume`` mode): the process ends with the store as the last press left it;
    the next one boots on it (``main``)."""


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


def main(harness=0):
    """The session of ``sys.argv``; ``harness``: bytes of heap the harness's code holds (not counted)."""
    game, players, hands = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    code = "en"
    for arg in sys.argv[4:]:
        if arg.startswith("lang="):
            code = arg[5:]
    flash = "flash" in sys.argv[4:]
    sampler = Sampler(harness) if "sample" in sys.argv[4:] else None
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
        for arg in sys.argv[4:]:
            if arg.startswith("store="):        # ``resume``: the store the power cuts leave for the next boot
                root = arg[6:]
    try:
        from app_util import setup
        from dealerbox.ui.app import App

        store = CountingStore(root)
        if code != "en":
            store.save_prefs({"lang": code})    # as chosen in an earlier session: the app speaks it from boot
        if sampler is not None:
            sampler.scan()
        resume = "resume" in sys.argv[4:]
        cuts = [] if resume or "free" in sys.argv[4:] else None
        app = App(SeededEntropy(SEEDS[game]), store=store)
        rig = Rig(app, sampler, harness, cuts, resume)
        app = None
        from dealerbox import lang
        assert lang.code == code, (lang.code, code)
        if flash:
            disk.writes = disk.bytes = disk.erases = 0
        if rig.app.mode == modes.M_RESUME:      # booted after a power cut (``resume``): the hand goes on
            rig.press(OK, 2)                    # "Continue hand" (selected), then the gate
            hand = rig.app.engine.hand_no
            assert resume and rig.app.mode == modes.M_TURN, rig.app.mode
            cuts.append(hand)
            hands -= hand - 1                   # this hand and the ones after it
            gc.collect()
            print("resumed=%d" % hand)
            micropython.mem_info()
        else:
            setup(rig, "indian" if game == "stud" else game, players, rule_rights=STUD if game == "stud" else None)
        setup = None
        del sys.modules["app_util"]  # the harness's setup walk is done: its code need not stay loaded
        try:
            played, _ = autoplay(rig, SeededEntropy(SEEDS[game] + 100).read, hands, between=rig.cut)
        except PowerCut as cut:
            print("power_cut=%d" % cut.args[0])
            root = None                         # kept for the next boot
            return
        assert rig.app.mode == modes.M_END, rig.app.mode
        assert chips_conserved(rig.app)
        print("presses=%d" % rig.presses)
        print("hands=%d" % played)
        print("saves=%d" % store.saves)
        print("logs=%d" % store.logs)
        print("frames=%d" % rig.frames)
        print("peak_live=%d" % rig.peak)
        print("heap_total=%d" % (gc.mem_alloc() + gc.mem_free()))
        print("harness=%d" % harness)
        print("lang=%s" % code)
        if cuts is not None:
            print("cuts=%d" % len(cuts))
        if sampler is not None:
            print("peak_inuse=%d" % max(sampler.peak, rig.peak))
            print("samples=%d" % sampler.samples)
            print("wrapped=%d" % sampler.wrapped)
            micropython.qstr_info(1)  # every interned string: the host tells the harness's from the firmware's
        if flash:
            print("flash_bytes=%d" % disk.bytes)
            print("flash_writes=%d" % disk.writes)
            print("flash_erases=%d" % disk.erases)
            print("store_bytes=%d" % store.bytes_written)
        rig = store = None
    finally:
        if flash:
            import vfs

            vfs.umount(MOUNT)
        elif root is not None:
            _rmtree(root)
    print("session: OK")

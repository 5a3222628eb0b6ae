"""Cut the power at every block write of real sessions through the app (MicroPython only).

    MICROPYPATH=build/mpy:tests/core micropython -X heapsize=1M tests/device/powercut_app.py [--sample=K] [GAME ...]

Run by tests/host/test_hardware_device.py on the compiled firmware (the .mpy files the Pico
runs), in a process of its own so the heap is the app's alone. For each game a session is
set up and played by button presses only (powercut_util.autoplay) with the store on
littlefs2 in RAM; at every save and every hand-log append, for every block write of it, the
power is cut, the filesystem remounted, and the app booted and resumed: the session must be
exactly the one before or after the interrupted step, with chips conserved.
Prints one line per game and ``powercut_app: N cut points, OK``.
"""

import gc
import sys

from app_util import OK, Rig, setup
from dealerbox.rng import SeededEntropy
from dealerbox.ui import modes
from dealerbox.ui.app import App
from powercut_util import PowerCut, autoplay, chips_conserved

# (game, players, hands, seed); a tuple: MicroPython's dicts keep no order
SESSIONS = (("teen-patti", 4, 3, 5), ("turkish", 3, 3, 7), ("indian", 5, 3, 9))


def boot_app(store):
    """Boot the app on a freshly mounted store and resume: the session it continues (dict), or None."""
    app = App(SeededEntropy(99), store=store)
    if app.mode != modes.M_RESUME or app.screen.saved is None:
        snap = store.load()     # a finished session is not offered ("New session" only): the save as it is
        return snap if snap is not None and snap["table"]["stopped"] else None
    app.press(OK)  # "Resume" (or the report of a hand caught up from the log, read first)
    if app.mode == modes.M_RESUME:
        app.press(OK)
    assert app.mode != modes.M_RESUME and app.mode not in modes.SETUP, app.mode
    assert chips_conserved(app), "chips not conserved after resume"
    return app.snapshot()


# (block size, blocks, program size): the Pico's flash (4096-byte blocks, 256-byte programs: the journal
# stays inline in littlefs's metadata) and small blocks (512, 32: more writes per step, the journal in blocks)
GEOMETRIES = ((4096, 16, 256), (512, 128, 32))  # 64 KB each: the same buffers


def run(game, sample=None, geometry=GEOMETRIES[0]):
    _game, players, hands, seed = [s for s in SESSIONS if s[0] == game][0]
    rig = None

    def current():
        return rig.app.snapshot()

    # the Pico's geometry: 4096-byte blocks, 256-byte programs (littlefs keeps the journal inline)
    block, blocks, prog = geometry
    pc = PowerCut(block_size=block, blocks=blocks, progsize=prog, boot=boot_app, current=current, sample=sample)
    try:
        rig = Rig(seed=seed, store=pc)
        setup(rig, game, players)
        played, presses = autoplay(rig, SeededEntropy(seed + 1).read, hands)
        assert rig.app.mode == modes.M_END, rig.app.mode
        final = boot_app(pc._reboot())
        assert final == rig.app.snapshot(), "the last save is not the session"
        logs = len(pc.read_log())
    finally:
        pc.close()
    assert pc.before > 0 and pc.after > 0 and pc.before + pc.after == pc.cuts
    assert sample or pc.cuts == 2 * pc.writes
    print("%s: %d-byte blocks: %d players, %d hands, %d presses, %d hand logs: %d cut points over %d saves and "
          "journal lines (%d block writes): %d came back as before, %d as after"
          % (game, block, players, played, presses, logs, pc.cuts, pc.steps, pc.writes, pc.before, pc.after))
    return pc.cuts


def run_void(sample=None):
    """A restart mid-hand, then the table voids the hand: the void's writes (the voided hand's log, a snapshot)
    cut at every block write come back as the hand still live (announced again) or as voided, never half."""
    from app_util import DOWN

    holder = []
    pc = PowerCut(block_size=4096, blocks=16, progsize=256, boot=boot_app, current=lambda: holder[-1].app.snapshot(),
                  sample=sample)
    try:
        rig = Rig(seed=6, store=pc)
        holder.append(rig)
        setup(rig, "teen-patti", 3)
        for _ in range(3):
            rig.press(OK)                  # the gate
            rig.press(OK)                  # the default action
        assert rig.app.engine.phase == "betting"
        live = rig.app.snapshot()
        steps = pc.steps
        del holder[:]
        rig = None
        gc.collect()
        again = Rig(seed=7, store=pc)      # the restart: the table chooses to void
        holder.append(again)
        assert again.app.mode == modes.M_RESUME and again.app.screen.saved_live
        pc._after_now = live               # the state before the void: the hand as it was
        again.press(DOWN)
        again.press(OK)
        assert again.app.engine.phase == "over" and again.app.engine.result["voided"] is True
        assert pc.steps == steps + 1 and pc.before > 0 and pc.after > 0
        assert len(pc.read_log()) == 1
    finally:
        pc.close()
    print("void after a restart mid-hand: %d cut points over the hand and the void (%d block writes): %d came back "
          "as before, %d as after" % (pc.cuts, pc.writes, pc.before, pc.after))


def main():
    args = sys.argv[1:]
    sample = None
    if args and args[0].startswith("--sample="):  # --sample=K: about one cut point in K (seeded), for make test
        sample = (int(args.pop(0)[9:]), 12345)
    games = args or [s[0] for s in SESSIONS]
    total = 0
    for g in games:
        n = 0
        for geometry in GEOMETRIES:
            n += run(g, sample, geometry)
            gc.collect()
        print("%s: %d cut points" % (g, n))
        total += n
    if not args:
        run_void(sample)
    print("powercut_app: %d cut points, OK" % total)


main()

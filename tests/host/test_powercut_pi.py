"""The Raspberry Pi's folder store survives a power cut at every syscall: it comes back before or after, whole.

tests/core/test_powercut.py does this for the Pico (littlefs2, every block write, under
MicroPython); here it is the store in a folder on the Pi's SD card through the board's own
``PiFs`` (write, fsync, close, rename, the folder fsynced), on ``folder_powercut.Disk``: a
model of ext4 behind the page cache that keeps nothing POSIX does not promise. At every
syscall of every call that writes (a save, a hand log, a boot that repairs), every card the
cut may leave is booted and must hold exactly the state before or after the call. The same
harness fails a store without the fsyncs, so the board's syncs are what make it pass.
"""

import json

from app_util import OK, Rig, setup
from autoplay_util import autoplay, chips_conserved
from dealerbox.boards.pi import PiFs
from dealerbox.rng import SeededEntropy, randbelow, shuffle
from dealerbox.ui import modes
from dealerbox.ui.app import App
from folder_powercut import Disk, FolderPowerCut, ModelFile, ModelOs, ModelPiFs, Routed, model_store
from store_util import read_log


def _snapshot(hand, dealer, stacks, engine):
    """A snapshot of the app's shape (``cfg``, ``table``, ``engine``), which the store checks."""
    n = len(stacks)
    names = ["P%d" % (i + 1) for i in range(n)]
    cfg = {"game": "teen-patti", "players": n, "names": names, "chips": 1000}
    return {"v": 1, "cfg": cfg, "table": {"names": names,
            "stacks": list(stacks), "bought_in": [1000] * n, "dealer": dealer}, "engine": engine, "hand_no": hand,
            "last": ""}


def synthetic_session(players, hands, seed):
    """A made-up session with chips conserved: ``("save", snapshot)`` after every action and, at the end of a
    hand, ``("log", line)`` just before the save that commits it (as the app does); the snapshots carry the
    deck, the hands and the actions so far, so they grow and shrink."""
    read = SeededEntropy(seed).read
    stacks = [1000] * players
    dealer = 0
    for hand in range(hands):
        deck = list(range(52))
        shuffle(deck, read)
        pot = 0
        actions = []
        for seat in range(players):  # boot
            stacks[seat] -= 10
            pot += 10
        for turn in range(6 + randbelow(10, read)):
            seat = (dealer + 1 + turn) % players
            bet = min(stacks[seat], 10 * (1 + randbelow(4, read)))
            stacks[seat] -= bet
            pot += bet
            actions.append([seat, "chaal", bet])
            yield "save", _snapshot(hand, dealer, stacks, {"pot": pot, "deck": deck[3 * players:], "hands": [
                deck[3 * s:3 * s + 3] for s in range(players)], "actions": actions})
        winner = randbelow(players, read)
        stacks[winner] += pot
        yield "log", json.dumps({"v": 1, "game": "teen-patti", "dealer": dealer, "deck": deck,
                                 "actions": actions, "result": {"awards": [[0, winner, pot]]}})
        yield "save", _snapshot(hand + 1, (dealer + 1) % players, stacks, None)
        dealer = (dealer + 1) % players


def _chips(total):
    def check(state):
        snap = state[0]
        if snap is not None:
            pot = snap["engine"]["pot"] if snap["engine"] else 0
            assert sum(snap["table"]["stacks"]) + pot == total, "chips not conserved: %r" % snap
    return check


def test_folder_store_synthetic_session_every_syscall():
    pc = FolderPowerCut(check=_chips(5 * 1000))
    saves = logs = 0
    lines = []
    for kind, item in synthetic_session(players=5, hands=2, seed=5):
        if kind == "save":
            pc.save(item)
            saves += 1
            state = pc.state()
            assert state[0] == json.loads(json.dumps(item)) and state[-1] == lines  # the save is the clean boot's
        else:
            pc.append_log(item)
            logs += 1
            lines.append(item)
    assert pc.steps == saves + logs and pc.cuts == 2 * pc.calls and pc.calls >= 5 * saves
    assert pc.before > 0 and pc.after > 0 and pc.before + pc.after == pc.cards > pc.cuts
    final = pc.state()
    assert final[0]["hand_no"] == 2 and sum(final[0]["table"]["stacks"]) == 5000 and final[0]["engine"] is None
    assert len(final[-1]) == 2
    print("folder power cut: %d syscalls cut over %d saves and %d hand logs, %d cards: %d before, %d after"
          % (pc.cuts, saves, logs, pc.cards, pc.before, pc.after))


def _boot_app(store):
    """Boot the app on the card and resume: the session it continues (dict), or None."""
    app = App(SeededEntropy(99), store=store)
    if app.mode != modes.M_RESUME or app.screen.saved is None:
        snap = store.load()     # a finished session is not offered ("New session" only): the save as it is
        if snap is not None:
            snap.pop("tip", None)   # (the save's, not the session's: the hand log line it follows, store/boot.py)
        return snap if snap is not None and snap["table"]["stopped"] else None
    app.press(OK)  # "Resume"
    if app.mode == modes.M_RESUME:
        app.press(OK)
    assert app.mode != modes.M_RESUME and app.mode not in modes.SETUP, app.mode
    assert chips_conserved(app), "chips not conserved after resume"
    return app.snapshot()


def test_folder_store_app_session_every_syscall():
    """A Teen Patti session played by presses on the app, the store on the model card: at every syscall of
    every write the app boots and resumes the session before or after it."""
    pc = FolderPowerCut(boot=_boot_app)
    rig = Rig(seed=5, store=pc)
    setup(rig, "teen-patti", 3)
    played, presses = autoplay(rig, SeededEntropy(6).read, 1)
    assert played == 1 and pc.steps > 5 and pc.before > 0 and pc.after > 0
    assert pc.state()[0] == rig.app.snapshot()


class NoSync:
    """The store's fs without the syncs (what Store(root, fs=os) would be on a Pi, minus CPython's os.fsync)."""

    def __init__(self, os):
        self.os = os

    def rename(self, a, b):
        self.os.rename(a, b)

    def remove(self, p):
        self.os.remove(p)

    def stat(self, p):
        return self.os.stat(p)

    def mkdir(self, p):
        self.os.mkdir(p)

    def open(self, path, mode="r"):  # the model's files (a store that takes fs.open; else Routed does it)
        return ModelFile(self.os.disk, path, mode)


class NoFileSync(ModelPiFs):
    """Renames synced into the folder, but the file's bytes never fsynced before its rename."""

    fsync = None


def _fails(fs_class):
    pc = FolderPowerCut(fs_class=fs_class)
    try:
        for i in range(3):
            pc.save(_snapshot(i, 0, [5, 5], None))
    except AssertionError as e:
        return str(e)
    return None


def test_the_harness_fails_a_store_without_the_syncs():
    failed = _fails(NoSync)
    assert failed is not None and "neither before nor after" in failed, failed
    # a new session.json whose bytes were never fsynced: after the cut it is there, empty
    failed = _fails(NoFileSync)
    assert failed is not None and "neither before nor after" in failed, failed


def test_the_model_keeps_only_what_was_synced():
    d = Disk()
    os = ModelOs(d)
    fs = PiFs(os)
    fs.makedirs("/dealerbox-model/data")
    with Routed(d):
        f = open("/dealerbox-model/data/a", "wb")
        f.write(b"hello")
        f.close()
    # nothing synced: the card may hold no folder, an empty folder, the file empty or whole
    cards = d.crash_images()
    assert {files for _dirs, files in cards} == {(), (("/dealerbox-model/data/a", b""),),
                                                   (("/dealerbox-model/data/a", b"hello"),)}
    fs.sync_dir("/dealerbox-model/data")
    assert {files for _dirs, files in d.crash_images()} == {(("/dealerbox-model/data/a", b""),),
                                                            (("/dealerbox-model/data/a", b"hello"),)}
    s = model_store(d)
    with Routed(d):
        s.save(_snapshot(1, 0, [5, 5], None))
    # the names are all synced now; the snapshot's bytes too, but "a" was never fsynced
    cards = [dict(files) for _dirs, files in d.crash_images()]
    assert len(cards) == 2 and all(sorted(c) == ["/dealerbox-model/data/a", "/dealerbox-model/data/session.json"]
                                   for c in cards)
    assert {c["/dealerbox-model/data/a"] for c in cards} == {b"", b"hello"}
    assert cards[0]["/dealerbox-model/data/session.json"] == cards[1]["/dealerbox-model/data/session.json"]


def test_power_cut_while_the_boot_cuts_the_log_back():
    """A boot that cuts a partial last line of the hand log (copy to hands.tmp, fsync, rename, folder fsync) can lose
    power too: at every syscall of it, every card it may leave boots to the saved session and its logs."""
    pc = FolderPowerCut()
    snap = _snapshot(1, 0, [5, 5], None)
    pc.save(snap)
    pc.append_log('{"hand":0,"pad":"%s"}' % ("x" * 700))
    pc.save(snap)
    saved = pc.state()
    with Routed(pc.disk):       # a torn append: the power went mid-line (a whole line is never cut: issue 24)
        f = pc.store.open("hands.log", "ab")
        f.write(('{"hand":1,"pad":"%s' % ("y" * 900)).encode())
        f.close()
    assert pc.state() == saved  # a boot cuts the partial line
    cuts = pc.cuts
    pc.store = model_store(pc.disk)  # the reboot
    assert pc.load() == snap  # the boot's repair, cut at every syscall: always the saved session
    assert pc.cuts - cuts >= 6 and pc.after + pc.before == pc.cards  # open hands.tmp, write, fsync, close, ...
    with Routed(pc.disk):
        assert read_log(pc.store) == ['{"hand":0,"pad":"%s"}' % ("x" * 700)]

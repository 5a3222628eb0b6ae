"""The fault sweep of issue 24, on both interpreters: a three-hand session on a real store, its files taken after
every write; at each of those points every fault a table (or a cable) can cause - the journal removed or emptied, a
bit of its first line flipped, the newest save removed, the saves swapped, an older save copied back, garbage
appended to the hand log, a folder in place of the journal or of the hand log - then a boot and "Resume":

* no committed line of ``hands.log`` is ever lost (``hands.log``, or ``hands.log.bad`` when it was set aside);
* no finished hand is ever reopened (the resumed hand is never a hand the log holds);
* a damaged journal line 1 is said in words (its actions were dropped silently before).

The same at every write of "Drop old hands" (the older sessions' files dropped between hands): each file there whole
or gone, ``hands.log`` untouched, the session as it was.
"""

import gc

from app_util import OK, Rig, act, setup
from autoplay_util import autoplay
from dealerbox.rng import SeededEntropy
from dealerbox.store.saves import Store
from dealerbox.ui import modes
from store_util import RoomFs, _clean, _laid_out, _read, _tmpdir

NAMES = ("session.json", "session.bak", "session.tmp", "session.jnl", "hands.log")


def _taking(store, d, names, ops):
    """The list (returned) that each call of ``store``'s methods ``ops`` adds to, after it, the files ``names`` of
    folder ``d`` as they are then (name -> bytes, those there)."""
    states = []

    def wrapped(f):
        def wrap(*a):
            r = f(*a)
            states.append({n: _read(d + "/" + n) for n in names if _read(d + "/" + n) is not None})
            return r
        return wrap

    for op in ops:
        setattr(store, op, wrapped(getattr(store, op)))
    return states


def _record(hands=3):
    """Play ``hands`` hands on a store folder, taking its files after every write: a list of dicts (name -> bytes,
    the files there), the first one after the session's first save."""
    d = _tmpdir()
    store = Store(d)
    states = _taking(store, d, NAMES, ("save", "record", "append_log"))
    rig = Rig(seed=5, store=store)
    setup(rig, "teen-patti", 3)
    autoplay(rig, SeededEntropy(8).read, hands)
    _clean(d)
    return states


def _lines(data):
    return [ln for ln in (data or b"").split(b"\n")[:-1] if ln]


def _flip(data):
    """The journal with one bit of its first line's record flipped (its CRC no longer matches)."""
    b = bytearray(data)
    b[0] ^= 1
    return bytes(b)


def _faults(state, first):
    """(name, files) of each fault applied to ``state`` (name -> bytes); ``first``: the session's first state."""
    out = []
    if "session.jnl" in state:
        out.append(("journal removed", {k: v for k, v in state.items() if k != "session.jnl"}))
        out.append(("journal emptied", dict(state, **{"session.jnl": b""})))
        out.append(("journal line 1 bit", dict(state, **{"session.jnl": _flip(state["session.jnl"])})))
        out.append(("journal a folder", dict(state, **{"session.jnl": None})))
    if "session.json" in state:
        out.append(("newest save removed", {k: v for k, v in state.items() if k != "session.json"}))
        out.append(("first save copied back", dict(state, **{"session.json": first["session.json"]})))
    if "session.bak" in state:
        out.append(("saves swapped", dict(state, **{"session.json": state["session.bak"],
                                                    "session.bak": state["session.json"]})))
        out.append(("backup copied over", dict(state, **{"session.json": state["session.bak"]})))
    if "hands.log" in state:
        out.append(("garbage in the log", dict(state, **{"hands.log": state["hands.log"] + b"garbage\n\x00\xff\n"})))
        out.append(("log a folder", dict(state, **{"hands.log": None})))
    return out


def _boot(files, older=()):
    """A box booted on ``files`` (None: a folder) and resumed; returns (app, final hands.log lines, the report); with
    ``older`` (names of older files) the lines of those still there come first, oldest first."""
    d = _laid_out(files)
    gc.collect()
    rig = Rig(seed=9, store=Store(d))
    app = rig.app
    shown = getattr(app.screen, "report", None) or ()       # the resume screen's report (records: words)
    report = " ".join([str(r) for r in shown] + [app.store.report or ""])
    for _ in range(4):                      # the report, then "Resume" / "Continue hand" (the first choice)
        if app.mode != modes.M_RESUME:
            break
        rig.press(OK)
    kept = _lines(_read(d + "/hands.log")) + _lines(_read(d + "/hands.log.bad"))
    for name in reversed(older):
        kept = _lines(_read(d + "/" + name)) + kept
    _clean(d)
    return app, kept, report


def test_every_fault_at_every_write_keeps_the_log_and_never_reopens_a_finished_hand():
    states = _record()
    assert len(states) >= 30, len(states)
    assert list(states[0]) == ["hands.log"]     # the session's genesis line, its first write, before its first save
    first = states[1]
    assert sorted(first) == ["hands.log", "session.json"]
    checked = 0
    for i in range(len(states)):
        state = states[i]
        for name, files in _faults(state, first):
            logged = _lines(state.get("hands.log"))
            app, kept, report = _boot(files)
            if name == "log a folder":      # the fault itself took the log: said, as a folder, never an errno
                assert report and "hands.log was a folder" in report and "21" not in report, (i, report)
                logged = []
            for ln in logged:               # no committed line lost
                assert ln in kept, (i, name, ln[:60])
            e = app.engine
            if e is not None and e.phase not in ("idle", "over"):   # the hand in play is none the log holds
                hands = [ln for ln in logged if b'"genesis": ' not in ln]     # (the genesis line: no hand)
                assert e.hand_no > len(hands), (i, name, e.hand_no, len(hands))
            if name == "journal line 1 bit":
                assert report and "journal line 1" in report, (i, report)
            checked += 1
    assert checked >= 200, checked


class _Full:
    """A store whose every write fails for a full flash (errno 28)."""

    def load(self, validate=None):
        return None

    def clear(self):
        pass

    def save(self, obj):
        raise OSError(28, "No space left on device")

    record = append_log = save


def test_a_session_ended_while_not_saved_flushes_without_a_crash():
    """"End session" then OK while the flash is full: the session is gone (``table`` None) and the snapshot still
    queued is not written (an AttributeError in App.snapshot before); a hand log still queued is tried first."""
    from dealerbox.ui.app import App

    store = _Full()
    app = App(SeededEntropy(1).read, store=store)
    app.unsaved = "flash full"
    app.writes = [{"hand": 1}, None]
    app.table = None
    app.flush()                                 # the hand log's write fails again: the notice, no traceback
    assert app.mode == modes.M_NOSAVE and app.writes == [{"hand": 1}]
    app.writes = [None]
    app.flush()                                 # nothing left to save: no snapshot of no session
    assert app.writes == [] and app.unsaved is None


def _older_file(session):
    """An older session's file: its genesis line and two hand lines (bytes; the store reads them as they are)."""
    lines = ['{"v": 2, "genesis": true, "game": "teen-patti", "s": %d}' % session]
    for no in (1, 2):
        lines.append('{"v": 2, "game": "teen-patti", "hand": %d, "deck": [], "s": %d, "pad": "%s"}' % (
            no, session, "x" * 900))
    return ("\n".join(lines) + "\n").encode()


def test_every_fault_at_every_write_of_drop_old_hands_keeps_every_kept_line():
    older = ("hands.2.log", "hands.3.log")
    d = _tmpdir()
    for k in (0, 1):
        f = open(d + "/" + older[k], "wb")
        f.write(_older_file(k + 2))
        f.close()
    store = Store(d, fs=RoomFs(d, 40000))       # room for no hand: both older files go
    rig = Rig(seed=5, store=store)
    setup(rig, "teen-patti", 3)
    act(rig, "pack")
    act(rig, "pack")                            # hand 1 over: through the results to the between-hands menu
    for _ in range(6):
        if rig.app.mode == modes.M_BETWEEN:
            break
        rig.press(OK)
    assert rig.app.mode == modes.M_BETWEEN
    states = _taking(store, d, NAMES + ("hands.tip", "tip.tmp") + older, ("close", "replace", "remove"))
    assert rig.app.drop_hands() == 4 and store.hands() == 1
    _clean(d)
    assert len(states) == 6, len(states)        # (hands.tip written, renamed, a file removed) twice
    checked = 0
    for i in range(len(states)):
        state = states[i]
        assert [n for n in older if n in state] == list(older[(i + 1) // 3:]), i     # each file whole or gone
        for name, files in [("the power cut", state)] + _faults(state, states[0]):
            app, kept, report = _boot(files, older)
            logged = [] if name == "log a folder" else _lines(state.get("hands.log"))
            there = []
            for n in older:
                there += _lines(state.get(n))
            for ln in there + logged:          # no kept line lost: the older files still there, the log
                assert ln in kept, (i, name, ln[:60])
            e = app.engine
            if e is not None and e.phase not in ("idle", "over"):
                assert e.hand_no > 1, (i, name, e.hand_no)     # hand 1 is logged: never reopened
            if name == "the power cut":
                assert report.strip() == "" and (e.hand_no, e.phase) == (1, "over"), (i, report)   # as it was
            checked += 1
    assert checked >= 40, checked


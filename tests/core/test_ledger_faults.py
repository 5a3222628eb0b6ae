"""The fault sweep of issue 24, on both interpreters: a three-hand session on a real store, its files taken after
every write; at each of those points every fault a table (or a cable) can cause - the journal removed or emptied, a
bit of its first line flipped, the newest save removed, the saves swapped, an older save copied back, garbage
appended to the hand log, a folder in place of the journal or of the hand log - then a boot and "Resume":

* no committed line of ``hands.log`` is ever lost (``hands.log``, or ``hands.log.bad`` when it was set aside);
* no finished hand is ever reopened (the resumed hand is never a hand the log holds);
* a damaged journal line 1 is said in words (its actions were dropped silently before).
"""

import gc

from app_util import OK, Rig, setup
from autoplay_util import autoplay
from dealerbox.rng import SeededEntropy
from dealerbox.store.saves import Store
from dealerbox.ui import modes
from store_util import _clean, _laid_out, _read, _tmpdir

NAMES = ("session.json", "session.bak", "session.tmp", "session.jnl", "hands.log")


def _record(hands=3):
    """Play ``hands`` hands on a store folder, taking its files after every write: a list of dicts (name -> bytes,
    the files there), the first one after the session's first save."""
    d = _tmpdir()
    states = []
    store = Store(d)
    def wrapped(f):
        def wrap(*a):
            r = f(*a)
            states.append({n: _read(d + "/" + n) for n in NAMES if _read(d + "/" + n) is not None})
            return r
        return wrap

    for op in ("save", "record", "append_log"):
        setattr(store, op, wrapped(getattr(store, op)))
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


def _boot(files):
    """A box booted on ``files`` (None: a folder) and resumed; returns (app, final hands.log lines, the report)."""
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

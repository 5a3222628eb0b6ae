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



def _two_sessions(moved):
    """A two-hand session then a one-hand session on a store folder, its files taken after every write (as
    ``_record``); ``moved``: the first session's log moved to ``hands.2.log`` when it ended (as ``Store.clear`` does
    once the flash is filling). Returns (states, the first session's writes)."""
    import os

    d = _tmpdir()
    store = Store(d)
    states = _taking(store, d, NAMES + ("hands.2.log",), ("save", "record", "append_log"))
    rig = Rig(seed=5, store=store)
    setup(rig, "teen-patti", 3)
    autoplay(rig, SeededEntropy(8).read, 2)
    first = len(states)
    if moved:
        os.rename(d + "/hands.log", d + "/hands.2.log")
    rig.press(OK)                               # the end screen's OK: a new session
    setup(rig, "teen-patti", 3)
    autoplay(rig, SeededEntropy(4).read, 1)
    _clean(d)
    return states, first


def _follows(lines):
    """The hand numbers of ``lines`` (hand log lines, bytes) go on as a session's do: hand 1 after a session's genesis
    line, hand n + 1 after hand n (a hand of an ended session logged after the next one's breaks it); else the
    first line that does not (str)."""
    import json

    before = None
    for ln in lines:
        log = json.loads(ln)
        if "genesis" not in log or "deck" in log:
            want = 1 if before is None or "deck" not in before else before["hand"] + 1
            if log["hand"] != want:
                return ln[:80]
        before = log
    return None


def test_a_save_of_an_ended_session_copied_back_is_refused_and_no_hand_reopened():
    """Every save of the first session copied back (the snapshot alone, or every save file) after the second started,
    the first session's log moved to ``hands.2.log`` or not: the copy is refused ("from an ended session", "not of
    this hand log"), no hand of the first session is resumed nor logged again, and the log goes on as sessions do.
    Before, the box went on with the first session - its next hand logged after the second session's (the log no
    longer verified) - and, once its log had moved, reopened a finished hand (a Void gave its chips back)."""
    checked = 0
    for moved in (False, True):
        states, first = _two_sessions(moved)
        end = states[-1]
        for i in range(1, first, 3):
            s = states[i]
            saves = {k: s.get(k) for k in ("session.json", "session.bak", "session.jnl")}
            for files in ({"session.json": s["session.json"]}, saves):
                laid = {k: v for k, v in end.items() if k not in ("session.jnl", "session.tmp") or len(files) == 1}
                for k in files:
                    laid.pop(k, None)
                    if files[k] is not None:
                        laid[k] = files[k]
                d = _laid_out(laid)
                rig = Rig(seed=9, store=Store(d))
                app = rig.app
                report = " ".join(str(r) for r in getattr(app.screen, "report", None) or ())
                for _ in range(4):
                    if app.mode != modes.M_RESUME:
                        break
                    rig.press(OK)
                e = app.engine
                assert e is None or e.phase in ("idle", "over"), (moved, i, e.hand_no, report)     # none reopened
                if app.mode != modes.M_GAME:
                    autoplay(rig, SeededEntropy(3).read, 2)
                else:
                    assert "ended session" in report or "not of this hand log" in report, (moved, i, report)
                logged = _lines(_read(d + "/hands.2.log")) + _lines(_read(d + "/hands.log"))
                for ln in _lines(end.get("hands.2.log")) + _lines(end["hands.log"]):
                    assert ln in logged, (moved, i)
                assert _follows(logged) is None, (moved, i, _follows(logged))
                _clean(d)
                checked += 1
    assert checked == 32, checked


def test_a_line_torn_with_no_save_on_flash_is_cut_and_the_next_session_chains():
    """The power cut the next session's genesis line short (its first write, before any save; a filesystem that tears
    writes: the Pi's): the boot cuts the partial line and says so, the next session's lines start whole (its genesis
    was glued to the partial line before: hand 1 no longer chained, and a first session's log was no log at all)."""
    from dealerbox.store import line_hash

    states = _record(1)
    whole = states[-1]["hands.log"]
    torn = b'{"v": 2, "genesis": true, "game": "teen-patti", "names": ["A'
    for before in (whole, b""):
        d = _laid_out({"hands.log": before + torn})
        rig = Rig(seed=9, store=Store(d))
        assert rig.app.mode == modes.M_RESUME
        assert [str(r) for r in rig.app.screen.report] == ["A partial hand log (%d bytes) was removed." % len(torn)]
        rig.press(OK)
        setup(rig, "teen-patti", 3)
        autoplay(rig, SeededEntropy(3).read, 1)
        log = _read(d + "/hands.log")
        _clean(d)
        assert log[:len(before)] == before and _follows(_lines(log)) is None
        lines = _lines(log)
        import json
        for k in range(len(before and _lines(before)), len(lines)):      # each new line chains to the one before
            assert json.loads(lines[k])["prev"] == (line_hash(lines[k - 1]) if k else "0" * 64), k


def test_a_bit_flipped_in_the_line_a_save_follows_reopens_no_hand():
    """One bit flipped in the hand log line the newest save was saved after (its ``tip``) - in its middle, or in the
    newline that ends it - at every third write of the session: that save is still used (the box never reads the lines
    it committed: the line is damage, not another session's - no line chains to it), so the hand it ended is never
    reopened from the save before; the log's last line, its newline flipped, gets one, so the next hand is not glued
    to it."""
    import json

    states = _record()
    checked = 0
    for state in states[1::3]:
        data, log = state.get("session.json"), state.get("hands.log")
        if data is None:
            continue
        mark = int(data[:data.find(b"\n")].split()[-1])
        at = log.rfind(b"\n", 0, mark - 1) + 1          # the line before the mark: [at, mark - 1)
        done = [json.loads(ln).get("commit") for ln in _lines(log) if b'"genesis": ' not in ln]
        for k in ((at + mark) // 2, mark - 1):
            flipped = bytearray(log)
            flipped[k] ^= 1
            d = _laid_out(dict(state, **{"hands.log": bytes(flipped)}))
            app = Rig(seed=9, store=Store(d)).app
            assert _read(d + "/hands.log")[-1:] == b"\n", k
            _clean(d)
            e = app.engine
            assert e is None or e.phase in ("idle", "over") or e.log.get("commit") not in done, (checked, e.hand_no)
            checked += 1
    assert checked == 24, checked


def test_a_hand_over_at_its_deal_is_logged():
    """Two of three players with one chip each: both all-in for the boot, nobody left to bet against the third, the
    hand is over at its deal (its showdown moves the pot). Its line is logged as any other hand's (none was: the
    chips moved with no record, and verify said "hand 2 is missing" at the next hand), and a boot finds it done."""
    import json

    d = _tmpdir()
    rig = Rig(seed=5, store=Store(d))
    setup(rig, "teen-patti", 3)
    act(rig, "pack")
    act(rig, "pack")
    for _ in range(6):
        if rig.app.mode == modes.M_BETWEEN:
            break
        rig.press(OK)
    t = rig.app.table
    t.stacks[:] = [1, 1, sum(t.stacks) - 2]
    rig.press(OK)                                   # Next hand: the seal-and-cut screen
    rig.press(OK)                                   # cut: the deal, over at once
    rig.app.flush()
    assert (rig.app.engine.hand_no, rig.app.engine.phase) == (2, "over")
    logs = [json.loads(ln) for ln in _lines(_read(d + "/hands.log"))]
    assert [g.get("hand") for g in logs] == [None, 1, 2]
    assert logs[2]["actions"] == [] and logs[2]["result"]["stacks"] == t.stacks and t.stacks != [1, 1, 297]
    b = Rig(seed=9, store=Store(d)).app
    _clean(d)
    assert b.store.report is None and b.store.later == [] and b.mode == modes.M_RESUME


def test_a_power_cut_at_every_write_of_a_sessions_end_never_brings_it_back():
    """"End session", then OK for a new one (``Store.clear``: the saves removed, the newest last): a power cut after
    any of its removals boots to a new session, nothing said. Before, session.json went first: a cut then left
    session.bak, and the box said "the newest save was lost" and went on with the session the table had ended."""
    d = _tmpdir()
    store = Store(d)
    rig = Rig(seed=5, store=store)
    setup(rig, "teen-patti", 3)
    autoplay(rig, SeededEntropy(8).read, 2)
    assert rig.app.mode == modes.M_END
    states = _taking(store, d, NAMES, ("remove", "replace"))
    rig.press(OK)
    _clean(d)
    assert len(states) == 5
    for state in states:
        app, kept, report = _boot(state)
        assert (app.mode, report.strip()) == (modes.M_GAME, ""), (sorted(state), report)

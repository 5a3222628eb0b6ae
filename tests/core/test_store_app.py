"""The app on the session store (dealerbox/store/saves.py, ui/app.py record_of, ui/snapcheck.py), both VMs:
resume with the journal, a restart mid-hand announced with continue or void, the content check of a save, a full
flash.

The faults of issue 13 reproduced here: 1 (a full flash at a save), 4 (a save with a valid checksum but
impossible content); 2 and 3 are in test_store.py, 5 (privacy) in test_store_privacy.py.
"""

import json
import os

from dealerbox.lang import said
from dealerbox.store import line_hash
from dealerbox.store.saves import Store
from dealerbox.ui.snapcheck import check
from store_util import FullFs, _clean, _tmpdir, _write, read_log

# ---- the app on the store: resume with the journal, restart mid-hand, void, checks, full flash ----------

def _app_session(d, game="teen-patti", players=3, actions=4, seed=5, fs=None):
    """A Rig on a Store in ``d``: set up ``game`` and play ``actions`` actions of the first hand (the first
    non-pack option each time). Returns the rig."""
    from app_util import OK, Rig, setup
    from dealerbox.ui import modes

    rig = Rig(seed=seed, store=Store(d, fs=fs))
    setup(rig, game, players)
    app = rig.app
    done = 0
    while done < actions:
        if app.mode in (modes.M_GATE, modes.M_PEEK):
            rig.press(OK)
        elif app.mode == modes.M_TURN:
            rig.press(OK)           # the default action (never pack/fold)
            done += 1
        else:
            break
    return rig


def _reboot(d, seed=9):
    """The box again on the folder ``d`` (the previous rig should be dropped first: two apps on a 192K heap)."""
    import gc

    from app_util import Rig

    gc.collect()
    return Rig(seed=seed, store=Store(d))


def test_a_restart_mid_hand_is_announced_and_continue_replays_the_journal():
    from app_util import OK
    from dealerbox.ui import modes

    d = _tmpdir()
    try:
        rig = _app_session(d, actions=4)
        app = rig.app
        before = app.snapshot()
        assert app.engine.phase == "betting" and len(app.engine.log["actions"]) == 4
        # the session's genesis line, one snapshot (the deal), 4 lines
        assert sorted(os.listdir(d)) == ["hands.log", "session.jnl", "session.json"]
        with open(d + "/hands.log", "rb") as f:
            line = f.read()
        genesis = json.loads(line)
        assert genesis == {"v": 2, "genesis": True, "game": "teen-patti", "rules": app.engine.rules,
                           "names": app.table.names, "stacks": [100, 100, 100], "bought_in": [100, 100, 100],
                           "prev": "0" * 64}
        assert line[-1:] == b"\n" and app.engine.log["prev"] == line_hash(line[:-1])   # hand 1 chains to it
        assert app.store.saves == 1 and app.store.records == 4
        rig = app = None
        again = _reboot(d)
        b = again.app
        assert b.mode == modes.M_RESUME and b.screen.saved_live and b.hand_live()
        assert b.screen.title == "Restart mid-hand!"
        assert [r[0] for r in b.screen.rows] == ["Hand 1 was in play", "Void: all chips back", "Continue hand",
                                          "Void hand", "New session"]   # 5 rows: one screen
        assert b.screen.rows[b.screen.sel][0] == "Continue hand"
        again.press(OK)
        assert b.mode == modes.M_GATE and b.snapshot() == before  # exactly where the table was
    finally:
        _clean(d)


def test_void_returns_every_chip_put_in_the_hand_and_logs_the_deal():
    from app_util import DOWN, OK
    from dealerbox.ui import modes

    d = _tmpdir()
    try:
        rig = _app_session(d, actions=5)
        e = rig.app.engine
        start = list(e.log["stacks"])       # the stacks before the boot of this hand
        deck = list(e.deck)
        assert rig.app.table.stacks != start
        spent = sum(start) - sum(rig.app.table.stacks)
        rig = e = None
        again = _reboot(d)
        b = again.app
        again.press(DOWN)
        assert b.screen.rows[b.screen.sel][0] == "Void hand"
        again.press(OK)
        assert b.table.stacks == start and b.engine.phase == "over" and b.last == "Hand 1 voided"
        assert b.mode == modes.M_AWARDS and not b.hand_live() and b.screen.rows[0] == ("Hand voided", None)
        import json

        logs = [json.loads(ln) for ln in read_log(Store(d))]
        assert len(logs) == 1 and logs[0]["deck"] == deck and logs[0]["result"]["voided"] is True
        assert logs[0]["result"]["stacks"] == start and len(logs[0]["actions"]) == 5
        back = {}
        for seat, chips in logs[0]["result"]["back"]:
            back[seat] = chips
        assert sum(back.values()) == spent
        again = b = None
        c = _reboot(d).app                  # the voided hand is committed: the session is between hands
        assert c.mode == modes.M_RESUME and not c.screen.saved_live
        if not MICROPYTHON:                 # the voided hand's log replays (host_tools/replay.py)
            from host_tools.replay import replay_lines

            out = replay_lines(read_log(Store(d)))
            assert out["stacks"] == start
    finally:
        _clean(d)


def test_a_journal_action_the_rules_refuse_resumes_before_it_and_says_so():
    from app_util import OK
    from dealerbox.ui import modes

    d = _tmpdir()
    try:
        rig = _app_session(d, actions=2)
        before = rig.app.snapshot()
        rig = None
        s = Store(d)
        s.load()
        assert s.record("0.raise.99999")     # a line with a good CRC but no legal action
        again = _reboot(d)
        offer = again.app.screen
        again.press(OK)
        b = again.app
        assert b.mode == modes.M_GATE, b.mode
        assert said(offer.report) == ("Save damaged: action 3 of the hand's journal refused (raise is not a Teen Patti "
                                      "action)"), offer.report
        snap = b.snapshot()
        assert snap["engine"] == before["engine"] and snap["table"] == before["table"]
        t = Store(d)
        assert t.load() is not None and t.journal == []   # saved at once: the bad line is gone
    finally:
        _clean(d)


MICROPYTHON = __import__("sys").implementation.name == "micropython"


def _mid_hand_snapshot(game="teen-patti", players=3):
    from app_util import Rig, setup

    rig = Rig(seed=4)
    setup(rig, game, players)
    return rig.app.snapshot()


def test_a_checksummed_save_with_impossible_content_is_refused_and_the_previous_one_used():
    """Fault 4: a valid checksum over impossible content was trusted. Each case is saved over a good save;
    the load names the reason in words and uses the good one."""
    import json

    good = _mid_hand_snapshot()

    def bad(change):
        snap = json.loads(json.dumps(good))
        change(snap)
        return snap

    def twice(s):
        s["engine"]["hands"][1][0] = s["engine"]["hands"][0][0]

    def rich(s):
        s["table"]["stacks"][0] += 1000

    def huge(s):
        s["table"]["stacks"][1] = 10 ** 30

    def past(s):
        s["engine"]["to_act"] = 3

    def game(s):
        s["cfg"]["game"] = "poker"

    def variant(s):
        s["cfg"]["rules"]["variant"] = "nope"

    def boot(s):
        s["cfg"]["rules"]["boot"] = -5

    def negative(s):
        s["table"]["stacks"][2] = -1

    def folded(s):                  # a seat's flag of another type: the hand would stop at that seat's bet
        s["engine"]["pb"]["folded"][1] = "x"

    def seen(s):
        s["engine"]["seen"] = None

    def number(s):
        s["hand_no"] = [1, 2]

    def name(s):
        s["table"]["names"][1] = 99

    def unlogged(s):                # an action the log does not have
        s["engine"]["log"]["actions"].append([0, "chaal", 999])

    def no_chips(s):                # the config the rebuy, the rules and the next setup read
        del s["cfg"]["chips"]

    def other_deck(s):              # the hand's cards are not those its log deals
        d = s["engine"]["deck"]
        d[-1], d[-2] = d[-2], d[-1]

    cases = ((twice, "card %d twice in the hand" % good["engine"]["hands"][0][0]),
             (rich, "chips not conserved (1300 in play, 300 bought in)"),
             (huge, "a stack or buy-in out of range"),
             (past, "seat to act 3 of 3"),
             (game, "unknown game 'poker'"),
             (variant, "house rules out of range ("),
             (boot, "house rules out of range ("),
             (negative, "a stack or buy-in out of range"),
             (folded, "the saved hand is not the hand its log plays"),
             (seen, "the saved hand is not the hand its log plays"),
             (number, "snapshot without a valid 'engine'"),
             (name, "cannot be resumed (TableError: a name is a string, not 99)"),
             (unlogged, "the saved hand does not replay from its log (action "),
             (other_deck, "the saved hand is not the hand its log plays"),
             (no_chips, "snapshot without a valid 'cfg'"))
    d = _tmpdir()
    try:
        for change, reason in cases:
            for name in os.listdir(d):
                os.remove(d + "/" + name)
            s = Store(d)
            s.save(good)
            s.save(bad(change))
            t = Store(d)
            assert t.load(check) == good, reason
            assert str(t.report).startswith("Save damaged (" + reason), (t.report, reason)
            assert t.report.endswith("): the one before it is used.")
            assert sorted(os.listdir(d)) == ["session.bak", "session.json.bad"]
        assert check(good) is None
    finally:
        _clean(d)


def test_a_full_flash_keeps_the_table_playing_says_why_and_frees_room():
    """Fault 1: ENOSPC at a save crashed the box twice and set the session aside. Now: the table plays on, the
    screen says the session is not saved and why, "Free room" deletes the old hand logs and saving resumes."""
    from app_util import DOWN, OK
    from dealerbox.ui import modes

    d = _tmpdir()
    try:
        fs = FullFs(100000)
        rig = _app_session(d, actions=1, fs=fs)
        app = rig.app
        _write(d + "/hands.1.log", b"x" * 3000)
        fs.room = 0                             # the flash is full
        rig.press(OK)                           # gate -> turn
        rig.press(OK)                           # an action: its journal line cannot be written
        assert app.mode == modes.M_NOSAVE and app.unsaved == "flash full"
        assert app.screen.title == "Not saved: flash full"
        assert [r[0] for r in app.screen.rows] == ["Keep playing", "Free room"]
        rig.press(OK)                           # keep playing: back to the gate, which says it
        assert app.mode == modes.M_GATE and app.screen.title == "Not saved: flash full"
        rig.press(OK)
        rig.press(OK)                           # another action: still not saved, no notice mid-hand, no crash
        assert app.mode == modes.M_GATE and app.unsaved == "flash full" and len(app.engine.log["actions"]) == 3
        app.not_saved(OSError(28))      # (as at the hand's end) the notice again
        assert app.mode == modes.M_NOSAVE
        rig.press(DOWN)
        fs.room = 3000                          # what deleting hands.1.log gives back
        rig.press(OK)                           # Free room: hands.1.log deleted, the session saved again
        assert app.unsaved is None and app.mode == modes.M_GATE and app.screen.title == app.last
        assert "hands.1.log" not in os.listdir(d)
        t = Store(d)
        assert t.load(check)["engine"]["log"]["actions"] == app.engine.log["actions"] and t.journal == []
    finally:
        _clean(d)


def test_a_session_on_the_store_writes_a_snapshot_per_deal_and_a_line_per_action():
    """The figures behind the design (docs/device.md): a whole hand of 3 players, one snapshot at the deal and
    one ~20-byte journal line per action, against a snapshot per action before."""
    from app_util import OK
    from dealerbox.ui import modes

    d = _tmpdir()
    try:
        rig = _app_session(d, game="indian", actions=500)
        app = rig.app
        st_ = app.store
        n = len(app.engine.log["actions"])
        assert app.engine.phase == "over" and app.mode in (modes.M_SHOWDOWN, modes.M_AWARDS)
        assert st_.saves == 1 and st_.records == n and len(read_log(Store(d))) == 1
        rig.press(OK)
        assert st_.saves == 1                   # the results screens write nothing
    finally:
        _clean(d)


def test_a_short_hand_log_is_reported_on_the_resume_screen():
    """Fault 2 through the app: the resume screen says what was lost, and every complete hand stays."""
    from app_util import OK

    d = _tmpdir()
    try:
        s = Store(d)
        s.save(_mid_hand_snapshot())
        s.append_log('{"hand":1,"pad":"xxxxxxxx"}')
        s.append_log('{"hand":2,"pad":"xxxxxxxx"}')
        s.save(_mid_hand_snapshot())
        f = open(d + "/hands.log", "rb")
        data = f.read()
        f.close()
        _write(d + "/hands.log", data[:40])
        rig = _reboot(d)
        rows = [r[0] for r in rig.app.screen.rows]
        assert rows[:3] == ["Hand log damaged: 16", "  bytes of hand logs", "  are missing; every"], rows
        assert read_log(Store(d)) == ['{"hand":1,"pad":"xxxxxxxx"}']
        assert rig.app.screen.title == "Read this first" and rig.app.screen.sel == -1     # the report first
        rig.press(OK)
        rig.press(OK)                                   # Continue hand
        assert rig.app.engine is not None
    finally:
        _clean(d)


def test_two_hand_logs_kept_by_a_full_flash_do_not_bring_the_notice_back_at_every_press():
    """A fresh user: with two hands' logs waiting (the flash full since the first hand's end), "Keep playing" never
    got back to the table: only the last kept log was remembered, so the older one counted as a new hand's end at
    every flush. A log is a hand's end once: the notice comes back at the next one, not at every press."""
    from app_util import OK
    from dealerbox.ui import modes

    d = _tmpdir()
    try:
        fs = FullFs(100000)
        rig = _app_session(d, actions=1, fs=fs)
        app = rig.app
        fs.room = 0                             # the flash is full
        first, second = {"hand": 1}, {"hand": 2}
        app.writes = [first]                    # the first hand's end: its log cannot be written
        app.flush()
        assert app.mode == modes.M_NOSAVE and app.writes == [first]
        rig.press(OK)                           # keep playing
        assert app.mode == modes.M_GATE
        app.writes.append(second)               # the second hand's end: the notice again, once
        app.flush()
        assert app.mode == modes.M_NOSAVE and app.writes == [first, second]
        rig.press(OK)                           # keep playing: back to the table, and it stays there
        assert app.mode == modes.M_GATE
        app.writes.append("1.check.0")
        app.flush()
        assert app.mode == modes.M_GATE and app.unsaved == "flash full" and app.writes == [first, second]
    finally:
        _clean(d)


def test_a_hand_log_written_before_a_failed_save_is_not_written_again():
    """At a hand's end the app writes the hand log, then a journal line or a snapshot; when that write fails (a full
    flash) after the log line went in, the next flush saves again but never appends that hand a second time (it
    did: every hand log of the batch was queued again, a duplicate line that broke the chain)."""
    from app_util import OK, Rig, act, setup
    from test_store_resume import HAND1

    class FullAfterTheLog(Store):
        """A store whose next journal line or snapshot fails once (a full flash) after a hand log went in."""
        fail = False
        armed = False

        def append_log(self, line):
            n = Store.append_log(self, line)
            self.armed = self.fail
            return n

        def _full(self):
            if self.armed:
                self.armed = self.fail = False
                raise OSError(28, "No space left on device")

        def record(self, rec):
            self._full()
            return Store.record(self, rec)

        def save(self, snap):
            self._full()
            return Store.save(self, snap)

    d = _tmpdir()
    try:
        rig = Rig(seed=7, store=FullAfterTheLog(d))
        setup(rig, "teen-patti", 4)
        for kind, amount in HAND1[:-1]:
            act(rig, kind, amount)
        rig.app.store.fail = True
        act(rig, *HAND1[-1])                    # the hand ends: its log appended, the next write refused
        assert rig.app.engine.phase == "over" and rig.app.unsaved == "flash full"
        assert len(read_log(Store(d))) == 1
        presses = 0
        while rig.app.unsaved is not None and presses < 30:
            rig.press(OK)                       # keep playing, the results, the next deal: saved again there
            presses += 1
        assert rig.app.unsaved is None and rig.app.engine.hand_no == 2
        lines = read_log(Store(d))
        assert len(lines) == 1 and json.loads(lines[0])["hand"] == 1
        assert Store(d).tip() == line_hash(lines[0])
    finally:
        _clean(d)

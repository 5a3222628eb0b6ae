"""A damaged newest save or journal line at resume (the tester's findings on issue 13), on both interpreters.

1. A damaged ``session.json`` (a byte changed, cut in half, a stack of 10**30 under a valid checksum): the older
   save is used and the hand it was dealing, already finished and in ``hands.log``, is brought to its logged end
   through the engine (``Store.later``, ``ui/catchup.py``): never dealt again, never logged twice; the
   session goes on between hands with the stacks as logged, and the resume screen says so in words.
2. A damaged journal line in the middle: reported with the number of actions lost; nothing after it is used (the
   CRC chain); a torn last line (a power cut) is dropped silently.

The session is the tester's (``sim --seed 7`` with tp.keys: hand 1 played to its end, P2 wins 14 at the show,
then hand 2 one blind in), played here by its actions (``act``), not by key words, so a change of the screens'
flow does not change it; the journal tests stop it after 9 actions (9 journal lines, as the tester's demo store).
"""

import json
import os

from dealerbox.lang import said
from dealerbox.store import line_hash
from dealerbox.store.boot import encode
from dealerbox.store.saves import Store
from store_util import _clean, _tmpdir, _write, read_log

# tp.keys's hand 1 (seed 7, 4 players, the defaults): P2 wins 14 at the show, stacks 96 108 98 98
HAND1 = (("blind", None), ("blind", None), ("blind", None), ("blind", None), ("see", None), ("chaal", 2),
         ("pack", None), ("see", None), ("pack", None), ("see", None), ("chaal", 2), ("show", 2))


def _play_hand_1(d):
    """A box on the store folder ``d`` (seed 7, Teen Patti, 4 players, the defaults): hand 1 dealt and played
    to its end by its actions (as tp.keys does). Returns the rig."""
    from app_util import Rig, act, setup

    rig = Rig(seed=7, store=Store(d))
    setup(rig, "teen-patti", 4)
    for kind, amount in HAND1:
        act(rig, kind, amount)
    assert rig.app.engine.phase == "over"
    return rig


def _next_hand(rig):
    """From a hand's end: OK through the results and "Next hand" (selected) to the new hand's first gate."""
    from app_util import OK
    from dealerbox.ui import modes

    app = rig.app
    hand = app.engine.hand_no
    for _ in range(10):
        if app.engine.hand_no > hand and app.mode == modes.M_GATE:
            return
        rig.press(OK)
    raise AssertionError("no next hand: %r" % app.mode)


def _session(upto_blind=True):
    """The tp.keys store: hand 1 played to its end, then (``upto_blind``) hand 2 dealt and one blind in."""
    import gc

    from app_util import act

    d = _tmpdir()
    rig = _play_hand_1(d)
    if upto_blind:
        _next_hand(rig)
        act(rig, "blind")
    rig = None
    gc.collect()
    return d


def _boot(d):
    import gc

    from app_util import Rig, past_report

    gc.collect()
    rig = Rig(seed=9, store=Store(d))
    past_report(rig)            # a damaged save's report is read first, on a screen of its own
    return rig


def _read(path):
    f = open(path, "rb")
    try:
        return f.read()
    finally:
        f.close()


def _log_lines(d):
    return [ln for ln in _read(d + "/hands.log").decode().split("\n") if ln and "\"genesis\": " not in ln]


def _tp_after_hand_1():
    """The tp.keys store: save 2 (hand 2's deal) with one journal line, session.bak save 1, hand 1 logged."""
    d = _session()
    logs = _log_lines(d)
    assert len(logs) == 1
    log = json.loads(logs[0])
    assert log["hand"] == 1 and log["result"]["stacks"] == [96, 108, 98, 98]
    assert _read(d + "/session.jnl").count(b"\n") == 1
    log["raw"] = logs[0]    # the line as written (the key order of a parsed dict differs between interpreters)
    head = _read(d + "/hands.log")
    log["head"] = head[:head.find(b"\n") + 1]     # the session's genesis line, before hand 1's (its newline too)
    assert json.loads(log["head"])["genesis"] is True and json.loads(log["raw"])["prev"] == line_hash(log["head"][:-1])
    return d, log


def _resume_between_hands(d, log, why, report=None):
    """Boot on ``d`` (newest save damaged: ``why``, or the resume screen's ``report``): hand 1 comes back ended as
    logged, once."""
    from app_util import OK
    from dealerbox.ui import modes

    rig = _boot(d)
    app = rig.app
    assert app.mode == modes.M_RESUME and not app.screen.saved_live        # not "Restart mid-hand! Hand 1 was in play"
    assert app.screen.title != "Restart mid-hand!"
    if report is None:
        report = "Save damaged: the newest save was damaged (%s): the session goes on from the end of hand 1. " \
            "1 saved action after that save is lost." % why     # hand 2's blind: its deal was in the lost save
    assert said(app.screen.report) == report
    choices = [r[0] for r in app.screen.rows]
    assert "Resume" in choices and "Continue hand" not in choices and "Void hand" not in choices
    rig.press(OK)
    e = app.engine
    assert e.phase == "over" and e.hand_no == 1 and e.result["stacks"] == [96, 108, 98, 98]
    assert app.table.stacks == [96, 108, 98, 98] and app.table.dealer == 1
    assert e.log["commit"] == log["commit"] and e.log["actions"] == log["actions"]
    assert app.mode == modes.M_SHOWDOWN and app.last == "Hand 1 as logged"
    assert _log_lines(d) == [log["raw"]]                            # never a second line for hand 1
    # the snapshot taken at once commits hand 1: a reboot now resumes between hands, nothing reported
    rig = app = None
    rig = _boot(d)
    assert rig.app.screen.report is None and not rig.app.screen.saved_live
    rig.press(OK)
    assert rig.app.engine.phase == "over" and rig.app.table.stacks == [96, 108, 98, 98]
    # the next hand is hand 2 from the logged stacks, and hand 1 is still logged once
    _next_hand(rig)
    assert rig.app.engine.hand_no == 2 and rig.app.engine.log["stacks"] == [96, 108, 98, 98]
    assert rig.app.table.stacks == [95, 107, 97, 97]    # the boot of 1 each
    assert len(_log_lines(d)) == 1


def test_a_byte_changed_in_the_newest_save_resumes_after_the_logged_hand():
    d, log = _tp_after_hand_1()
    try:
        p = d + "/session.json"
        data = bytearray(_read(p))
        i = data.find(b'"stacks":[95,107') + 10
        data[i] = ord("4")      # 95 -> 45: the checksum no longer matches
        _write(p, data)
        _resume_between_hands(d, log, "checksum mismatch")
        assert sorted(os.listdir(d)) == ["hands.log", "session.bak", "session.json", "session.json.bad"]
    finally:
        _clean(d)


def test_a_newest_save_cut_in_half_resumes_after_the_logged_hand():
    d, log = _tp_after_hand_1()
    try:
        p = d + "/session.json"
        data = _read(p)
        n = len(data)
        _write(p, data[:n // 2])
        _resume_between_hands(d, log, "truncated (%d of %d bytes)" % (n // 2, n))
    finally:
        _clean(d)


def test_a_stack_of_10_to_the_30_under_a_valid_checksum_resumes_after_the_logged_hand():
    d, log = _tp_after_hand_1()
    try:
        p = d + "/session.json"
        data = _read(p)
        head, body = data.split(b"\n", 1)
        parts = head.split()
        snap = json.loads(body)
        snap["table"]["stacks"][0] = 10 ** 30
        _write(p, encode(snap, int(parts[2]), int(parts[4])))     # the same save number and log mark, a valid CRC
        _resume_between_hands(d, log, "a stack or buy-in out of range")
    finally:
        _clean(d)


def test_the_store_gives_the_hand_logs_after_the_older_saves_mark_only_when_it_fell_back():
    d, log = _tp_after_hand_1()
    try:
        st = Store(d)
        st.load()
        assert st.later == [] and str(st.later_why) == "" and st.journal == ["2.blind.1"]   # the newest save: nothing
        p = d + "/session.json"
        n = len(_read(p))
        _write(p, _read(p)[:100])
        st = Store(d)
        st.load()
        assert st.later == [log["raw"]] and st.number == 1
        assert str(st.later_why) == "the newest save was damaged (truncated (100 of %d bytes))" % n
        assert st.report == "Save damaged (truncated (100 of %d bytes)): the one before it is used. 1 saved action " \
            "after that save is lost." % n
        assert said(st.lost) == "1 saved action after that save is lost."
    finally:
        _clean(d)


def test_a_logged_hand_that_does_not_continue_the_saved_one_is_reported_not_played():
    from dealerbox.ui import modes

    d, log = _tp_after_hand_1()
    try:
        other = dict(log)
        del other["head"]
        other["deck"] = list(reversed(log["deck"]))         # not the deck the older save dealt
        _write(d + "/hands.log", log["head"] + (json.dumps(other) + "\n").encode())
        p = d + "/session.json"
        n = len(_read(p))
        _write(p, _read(p)[:100])
        rig = _boot(d)
        app = rig.app
        assert app.mode == modes.M_RESUME and app.screen.saved_live     # hand 1 as the older save has it, announced
        report = said(app.screen.report)
        assert report == "Save damaged: the newest save was damaged (truncated (100 of %d bytes)): a " \
            "logged hand could not be replayed (the hand log of hand 1 does not continue the saved hand 1). 1 saved " \
            "action after that save is lost." % n
    finally:
        _clean(d)


def test_the_report_names_the_last_hand_brought_to_its_end_not_the_one_dealt_again_and_refused():
    """``catchup.say``: hand 1 was brought to its end, hand 2 was dealt again from its log and an action of it
    refused (the table stays in hand 2 as far as it went): the session goes on from the end of hand 1."""
    from dealerbox.ui import catchup

    class Seen:
        pass
    e, store = Seen(), Seen()
    store.later_why = "the newest save was damaged (checksum mismatch)"
    why = "action 1 of hand 2's log refused (blind is 1 to 2 chips, not 9)"
    e.hand_no, e.phase = 2, "bet"
    assert said(catchup.say(store, e, (1, why))) == (
        "Save damaged: the newest save was damaged (checksum mismatch): the session goes on from the end of hand 1. "
        "Save damaged: the newest save was damaged (checksum mismatch): a logged hand could not be replayed (action 1 "
        "of hand 2's log refused (blind is 1 to 2 chips, not 9)).")
    e.phase = "over"            # both hands brought to their end
    assert said(catchup.say(store, e, (2, None))) == (
        "Save damaged: the newest save was damaged (checksum mismatch): the session goes on from the end of hand 2.")


# ---- 2: a damaged journal line ------------------------------------------------------------------------------

def _nine_actions():
    """The store after hand 1's deal (save 1) and its first 9 actions (9 journal lines): the pot is 10."""
    import gc

    from app_util import Rig, act, setup

    d = _tmpdir()
    rig = Rig(seed=7, store=Store(d))
    setup(rig, "teen-patti", 4)
    for kind, amount in HAND1[:9]:
        act(rig, kind, amount)
    assert rig.app.engine.pot_total() == 10
    rig = None
    gc.collect()
    assert sorted(os.listdir(d)) == ["hands.log", "session.jnl", "session.json"]     # hands.log: the genesis line
    assert _read(d + "/session.jnl").count(b"\n") == 9 and _read(d + "/hands.log").count(b"\n") == 1
    return d


def _continue(d):
    from app_util import OK
    from dealerbox.ui import modes

    rig = _boot(d)
    app = rig.app
    assert app.mode == modes.M_RESUME and app.screen.saved_live and app.screen.rows[-3][0] == "Continue hand"
    report = said(app.screen.report) if app.screen.report else None
    rig.press(OK)
    assert app.mode == modes.M_GATE
    return report, app


def test_the_demo_journal_resumes_whole():
    d = _nine_actions()
    try:
        report, app = _continue(d)
        assert report is None and app.engine.pot_total() == 10 and len(app.engine.log["actions"]) == 9
    finally:
        _clean(d)


def test_a_damaged_journal_line_in_the_middle_is_reported_with_the_actions_lost():
    d = _nine_actions()
    try:
        p = d + "/session.jnl"
        data = bytearray(_read(p))
        data[data.find(b"\n") + 3] ^= 1          # line 2: "2.blind.1" -> "2.clind.1"
        _write(p, data)
        st = Store(d)
        st.load()
        assert st.journal == ["1.blind.1"]       # nothing after the bad line is used, though its CRCs are whole
        assert "session.jnl: line 2 damaged, 8 actions after save 1 lost" in st.found
        st = None
        report, app = _continue(d)
        assert report == "Save damaged: journal line 2 is damaged; 8 saved actions are lost."
        assert app.engine.pot_total() == 5 and len(app.engine.log["actions"]) == 1
        assert app.engine.log["actions"] == [[1, "blind", 1]]
    finally:
        _clean(d)


def test_a_torn_last_journal_line_is_a_power_cut_dropped_silently():
    d = _nine_actions()
    try:
        p = d + "/session.jnl"
        data = _read(p)
        _write(p, data[:-7])                     # the last line cut short
        report, app = _continue(d)
        assert report is None and app.engine.pot_total() == 10 and len(app.engine.log["actions"]) == 8
        data = bytearray(data)
        data[data[:-1].rfind(b"\n") + 1] ^= 1     # the last line whole but wrong: a flipped bit, not a power cut
        _write(p, data)
        app = None
        report, app = _continue(d)
        assert report == "Save damaged: journal line 9 is damaged; 1 saved action is lost."
        assert app.engine.pot_total() == 10 and len(app.engine.log["actions"]) == 8
    finally:
        _clean(d)


def test_a_damaged_journal_line_before_the_end_of_a_logged_hand_resumes_after_it():
    from app_util import OK
    from dealerbox.ui import modes

    d = _session(False)         # hand 1 to its end: save 1 and its 12 journal lines
    try:
        assert sorted(os.listdir(d)) == ["hands.log", "session.jnl", "session.json"]
        raw = _log_lines(d)[0]
        log = json.loads(raw)
        p = d + "/session.jnl"
        data = _read(p)
        assert data.count(b"\n") == 12 == len(log["actions"])
        i = 0
        for _ in range(4):
            i = data.find(b"\n", i) + 1
        _write(p, data[:i] + b"x" + data[i + 1:])      # line 5 damaged: 8 actions, the last of which ended hand 1
        rig = _boot(d)
        app = rig.app
        assert app.mode == modes.M_RESUME and not app.screen.saved_live
        assert said(app.screen.report) == (
            "Save damaged: journal line 5 is damaged: the session goes on from the end of hand 1.")
        rig.press(OK)
        assert app.engine.phase == "over" and app.table.stacks == [96, 108, 98, 98]
        assert app.engine.log["actions"] == log["actions"] and _log_lines(d) == [raw]
    finally:
        _clean(d)


def test_the_journal_of_an_earlier_snapshot_is_not_damage():
    d = _nine_actions()
    try:
        st = Store(d)
        snap = st.load()
        assert len(st.journal) == 9
        jnl = _read(d + "/session.jnl")
        st.save(snap)           # a snapshot and no action since (a rebuy, then the deal): the 9 lines are stale
        assert "session.jnl" not in os.listdir(d)       # removed by the save (a journal on flash is the newest's)
        _write(d + "/session.jnl", jnl)     # the power went before that removal: session.bak's journal
        st = Store(d)
        assert st.load() is not None and st.journal == [] and st.report is None and st.later == []
        st.save(snap)
        _write(d + "/session.jnl", jnl)     # two saves since: its first line chains to neither save: damage, said
        st = Store(d)
        assert st.load() is not None and st.journal == [] and st.later == []
        assert st.report == "Save damaged: journal line 1 is damaged; 9 saved actions are lost."
    finally:
        _clean(d)


def test_every_hand_logged_after_the_used_save_is_caught_up():
    """The general case: the save used is older than two logged hands (hand 1's deal, then hands 1 and 2 logged):
    both are brought to their logged end, hand 2 dealt from its logged deck; the stacks are hand 2's logged ones."""
    import gc

    from app_util import OK, act
    from dealerbox.ui import modes

    d = _tmpdir()
    try:
        rig = _play_hand_1(d)
        _next_hand(rig)
        act(rig, "blind")
        save1 = _read(d + "/session.bak")              # hand 1's deal: save 1, nothing logged yet
        for _ in range(12):     # hand 2: the blinds, then everyone packs but the last
            if rig.app.engine.phase == "over":
                break
            act(rig, "pack" if len(rig.app.engine.log["actions"]) >= 4 else "blind")
        assert rig.app.engine.hand_no == 2 and rig.app.engine.phase == "over"
        rig = None
        gc.collect()
        logs = _log_lines(d)
        assert [json.loads(ln)["hand"] for ln in logs] == [1, 2]
        end = json.loads(logs[1])["result"]["stacks"]
        assert sum(end) == 400
        _write(d + "/session.json", save1[:200] + b"x" + save1[201:])   # the newest save damaged: save 1 left
        os.remove(d + "/session.bak")
        _write(d + "/session.bak", save1)
        rig = _boot(d)
        app = rig.app
        assert app.mode == modes.M_RESUME and not app.screen.saved_live
        report = said(app.screen.report)
        assert report == "Save damaged: the newest save was damaged (checksum mismatch): the session goes " \
            "on from the end of hand 2."
        rig.press(OK)
        assert app.engine.hand_no == 2 and app.engine.phase == "over" and app.table.stacks == end
        assert _log_lines(d) == logs
    finally:
        _clean(d)


# ---- 3: the newest save set aside or removed, and a second boot before the table chose --------------------------

def _boots_twice_then_resume(d, log, report):
    """Two boots left on the report screen (no press, nothing saved), then a third where the table resumes: each
    catches hand 1 up from hands.log and says so in ``report``; hand 1 is never dealt again, nor logged twice."""
    from dealerbox.ui import modes

    for _ in range(2):
        rig = _boot(d)
        app = rig.app
        assert app.mode == modes.M_RESUME and not app.screen.saved_live and app.screen.title != "Restart mid-hand!"
        assert said(app.screen.report) == report
        assert "session.json" not in os.listdir(d) and _log_lines(d) == [log["raw"]]
        rig = app = None
    _resume_between_hands(d, log, None, report)


def test_a_second_boot_after_a_damaged_save_was_set_aside_catches_up_again():
    d, log = _tp_after_hand_1()
    try:
        p = d + "/session.json"
        n = len(_read(p))
        _write(p, _read(p)[:100])
        why = "truncated (100 of %d bytes)" % n
        _boots_twice_then_resume(d, log, "Save damaged: the newest save was damaged (%s): the session goes on from "
                                         "the end of hand 1. 1 saved action after that save is lost." % why)
    finally:
        _clean(d)


def test_a_removed_newest_save_catches_up_from_the_hand_log_at_every_boot():
    d, log = _tp_after_hand_1()
    try:
        os.remove(d + "/session.json")
        _boots_twice_then_resume(d, log, "Save damaged: the newest save was lost: the session goes on from the end "
                                         "of hand 1. 1 saved action after that save is lost.")
        st = Store(d)
        st.load()
        assert st.report is None and st.later == []     # the save written at the resume commits hand 1
    finally:
        _clean(d)


def test_a_stale_set_aside_save_does_not_name_the_reason():
    """A ``session.json.bad`` older than the save used (left from before) is not why session.json is missing."""
    d, log = _tp_after_hand_1()
    try:
        _write(d + "/session.json.bad", _read(d + "/session.bak")[:60])     # save 1's header: not newer
        os.remove(d + "/session.json")
        st = Store(d)
        st.load()
        assert st.later == [log["raw"]] and str(st.later_why) == "the newest save was lost"
        assert st.report == "Save damaged (missing): the one before it is used. 1 saved action after that save is lost."
    finally:
        _clean(d)


# ---- 4: a damaged first journal line ---------------------------------------------------------------------------

def test_a_damaged_first_journal_line_is_reported_with_every_action_lost():
    d = _nine_actions()
    try:
        p = d + "/session.jnl"
        data = _read(p)
        _write(p, b"xx.garbage" + data[data.find(b"\n"):])     # sed '1s/.*/xx.garbage/'
        st = Store(d)
        st.load()
        assert st.journal == [] and "session.jnl: line 1 damaged, 9 actions after save 1 lost" in st.found
        st = None
        report, app = _continue(d)
        assert report == "Save damaged: journal line 1 is damaged; 9 saved actions are lost."
        assert app.engine.pot_total() == 4 and app.engine.log["actions"] == []
    finally:
        _clean(d)


def _first_line_damaged(damage):
    """Hand 1 played to its end (save 1 and its 12 journal lines), the journal's first line replaced by
    ``damage(line 1 and the rest)``: the box reports that line damaged and goes on from the end of hand 1, its log
    kept."""
    from app_util import OK
    from dealerbox.ui import modes

    d = _session(False)
    try:
        raw = _log_lines(d)[0]
        p = d + "/session.jnl"
        _write(p, damage(_read(p)))
        rig = _boot(d)
        app = rig.app
        assert app.mode == modes.M_RESUME and not app.screen.saved_live
        assert said(app.screen.report) == (
            "Save damaged: journal line 1 is damaged: the session goes on from the end of hand 1.")
        rig.press(OK)
        assert app.engine.phase == "over" and app.table.stacks == [96, 108, 98, 98] and _log_lines(d) == [raw]
    finally:
        _clean(d)


def test_a_damaged_first_journal_line_of_a_logged_hand_resumes_after_it():
    _first_line_damaged(lambda data: b"xx.garbage" + data[data.find(b"\n"):])


def test_a_torn_only_journal_line_is_dropped_silently():
    d = _nine_actions()
    try:
        p = d + "/session.jnl"
        data = _read(p)
        _write(p, data[:5])                      # the power went during the first line's write
        report, app = _continue(d)
        assert report is None and app.engine.log["actions"] == []
    finally:
        _clean(d)


def test_the_hand_of_the_save_used_is_caught_up_when_the_newest_save_is_lost():
    """Hand 2 dealt (save 2) and no action since: save 2 removed hand 1's journal (a journal on flash is the newest
    save's). With save 2 damaged, save 1 is used and hand 1 brought to its logged end from hands.log: nothing is
    lost, nothing logged again, and the table is told."""
    import gc

    from app_util import OK
    from dealerbox.ui import modes

    d = _tmpdir()
    try:
        rig = _play_hand_1(d)
        _next_hand(rig)
        rig = None
        gc.collect()
        raw = _log_lines(d)[0]
        assert "session.jnl" not in os.listdir(d)
        p = d + "/session.json"
        n = len(_read(p))
        _write(p, _read(p)[:100])
        st = Store(d)
        st.load()
        assert st.journal == [] and st.later == [raw] and st.lost == [] and st.number == 1
        assert st.report == "Save damaged (truncated (100 of %d bytes)): the one before it is used." % n
        st = None
        rig = _boot(d)
        app = rig.app
        assert app.mode == modes.M_RESUME and not app.screen.saved_live
        rig.press(OK)
        assert app.engine.phase == "over" and app.engine.hand_no == 1 and app.table.stacks == [96, 108, 98, 98]
        assert _log_lines(d) == [raw]
    finally:
        _clean(d)


def test_a_folder_in_place_of_the_hand_log_is_set_aside_and_the_session_resumed():
    """A save folder edited on a computer: ``hands.log`` replaced by a folder. The boot sets it aside in words
    (``hands.log.bad``) and resumes the saved session (hand 2 one blind in), never an errno on the screen; the report
    says no hand log is left (it said "every complete hand kept" with none kept)."""
    from dealerbox.ui import modes

    d, _log = _tp_after_hand_1()
    try:
        size = len(_read(d + "/hands.log"))
        os.remove(d + "/hands.log")
        os.mkdir(d + "/hands.log")
        rig = _boot(d)
        app = rig.app
        assert app.store.report == ("hands.log was a folder, not a file: set aside. Hand log damaged: %d bytes of "
                                    "hand logs are missing; no hand log is left." % size)     # none kept: never
        assert size == 1921       # the genesis line (556 bytes) and hand 1's (1365): "every complete hand kept"
        assert app.mode == modes.M_RESUME and app.screen.saved_live
        assert sorted(os.listdir(d)) == ["hands.log.bad", "session.bak", "session.jnl", "session.json"]
    finally:
        _clean(d)


def test_a_folder_in_place_of_the_newest_save_is_set_aside_and_a_new_session_can_start():
    """``session.json`` replaced by a folder: set aside in words, the older save (``session.bak``, hand 2's deal)
    offered; choosing a new session then clears the store and saves again (the folder no longer in the way)."""
    from app_util import OK
    from dealerbox.ui import modes

    d, _log = _tp_after_hand_1()
    try:
        os.remove(d + "/session.json")
        os.mkdir(d + "/session.json")
        rig = _boot(d)
        app = rig.app
        assert app.store.report.startswith("session.json was a folder, not a file: set aside.")
        report = said(app.screen.report)
        assert report.startswith("session.json was a folder, not a file: set aside. Save damaged: the newest "
                                     "save was lost: the session goes on from the end of hand 1.")    # caught up
        assert app.mode == modes.M_RESUME
        app.screen.sel = len(app.screen.rows) - 1                 # "New session"
        rig.press(OK)
        assert app.mode == modes.M_GAME
        app.store.clear()
        assert "session.json.bad" in os.listdir(d) and "session.json" not in os.listdir(d)
    finally:
        _clean(d)


def test_both_saves_damaged_are_kept_as_bad_when_the_new_session_is_dealt():
    """The tester's case: ``null`` written over ``session.json`` and ``session.bak`` (hand 2 one blind in, one journal
    line). The boot says no save is usable and offers only a new session; the two files and the journal are set aside
    as ``*.bad`` (docs/device.md, the store's files) and are still there, byte for byte, after the new session's
    deal (before, its ``clear`` removed them and its save replaced them). The hand log stays as it was."""
    from app_util import OK, setup
    from dealerbox.ui import modes

    d, log = _tp_after_hand_1()
    try:
        journal = _read(d + "/session.jnl")
        _write(d + "/session.json", b"null\n")
        _write(d + "/session.bak", b"null\n")
        rig = _boot(d)
        app = rig.app
        report = said(app.screen.report)
        assert report == app.store.report == "Save unusable (not a session file): a new session starts."
        assert app.mode == modes.M_RESUME and app.screen.saved is None
        assert app.screen.title == "No saved session"
        rows = [r[0] for r in app.screen.rows]
        assert rows == ["Save unusable (not a", "  session file): a", "  new session", "  starts.",
                                            "New session"]
        assert sorted(os.listdir(d)) == ["hands.log", "session.bak.bad", "session.jnl.bad", "session.json.bad"]
        rig.press(OK)
        assert app.mode == modes.M_GAME
        setup(rig, "teen-patti", 3)
        assert app.engine.hand_no == 1 and app.store.number == 1
        assert sorted(os.listdir(d)) == ["hands.log", "session.bak.bad", "session.jnl.bad", "session.json",
                                         "session.json.bad"]
        assert _read(d + "/session.json.bad") == b"null\n" and _read(d + "/session.bak.bad") == b"null\n"
        assert _read(d + "/session.jnl.bad") == journal and journal.count(b"\n") == 1
        assert _log_lines(d) == [log["raw"]]
    finally:
        _clean(d)


# ---- 5: a journal of random bytes, garbage after good lines, a journal damaged twice ----------------------------

# 300 bytes as a card reader's fault leaves them: no newline, none of them text
NOISE = bytes(128 + (i * 37 + i * i) % 128 for i in range(300))


def test_a_journal_of_random_bytes_is_damage_and_the_logged_hand_is_kept():
    """session.jnl overwritten by 300 random bytes after hand 1's end (12 actions, the last one committing hand 1's
    log): before, no newline in them made them a torn last line, silently: hands.log was cut back to the save's mark
    (hand 1's log deleted) and hand 1 offered again from its deal. Now it is damage, said in true words (one damaged
    line: the count of newlines in noise is no count of actions), and hand 1 is caught up from its log."""
    from app_util import OK
    from dealerbox.ui import modes

    d = _session(False)         # hand 1 to its end: save 1 and its 12 journal lines
    try:
        assert len(NOISE) == 300
        raw = _log_lines(d)[0]
        _write(d + "/session.jnl", NOISE)
        st = Store(d)
        st.load()
        assert st.report == "Save damaged: 1 damaged journal line dropped."
        assert st.later == [raw] and str(st.later_why) == "journal line 1 is damaged" and st.journal == []
        assert "session.jnl: 1 damaged line from line 1 dropped" in st.found
        st = None
        rig = _boot(d)
        app = rig.app
        assert app.mode == modes.M_RESUME and not app.screen.saved_live          # not "Hand 1 was in play"
        assert said(app.screen.report) == (
            "Save damaged: journal line 1 is damaged: the session goes on from the end of hand 1.")
        rig.press(OK)
        assert app.engine.phase == "over" and app.engine.hand_no == 1 and app.table.stacks == [96, 108, 98, 98]
        assert _log_lines(d) == [raw]
    finally:
        _clean(d)


def test_random_lines_in_place_of_the_journal_are_counted_as_lines_not_actions():
    """Noise with newlines in it (3 lines, none of a journal line's shape) was "3 saved actions are lost": the
    journal held 9; what was lost cannot be counted from noise. Said as the lines it is."""
    d = _nine_actions()
    try:
        _write(d + "/session.jnl", NOISE[:40] + b"\n" + NOISE[40:90] + b"\n" + NOISE[90:])
        st = Store(d)
        st.load()
        assert st.report == "Save damaged: 3 damaged journal lines dropped." and st.journal == []
        st = None
        report, app = _continue(d)
        assert report == "Save damaged: 3 damaged journal lines dropped."
        assert app.engine.log["actions"] == [] and app.engine.pot_total() == 4
    finally:
        _clean(d)


def test_garbage_after_good_journal_lines_is_said_and_the_good_lines_kept():
    """A whole line of garbage after the 9 good lines was taken for a power cut's torn line and dropped without a
    word (two were "2 saved actions are lost": they were none). Now said as damaged lines; the 9 actions replayed."""
    for junk, n in ((b"garbage\n", 1), (b"garbage\nmore garbage\n", 2), (NOISE[:30], 1)):
        said = "Save damaged: %d damaged journal line%s dropped." % (n, "" if n == 1 else "s")
        d = _nine_actions()
        try:
            p = d + "/session.jnl"
            _write(p, _read(p) + junk)
            st = Store(d)
            st.load()
            assert st.report == said, (junk, st.report)
            assert len(st.journal) == 9 and st.journal[-1] == "3.pack.0"
            assert "session.jnl: %d damaged line%s from line 10 dropped" % (n, "" if n == 1 else "s") in st.found
            st = None
            report, app = _continue(d)
            assert report == said and app.engine.pot_total() == 10 and len(app.engine.log["actions"]) == 9
        finally:
            _clean(d)


def test_a_first_journal_line_damaged_in_its_shape_never_offers_the_logged_hand_again():
    """A byte of the first line changed, the line still of a journal line's shape: it was taken for the journal of
    an earlier snapshot (not damage), hands.log cut back to the save's mark (hand 1's log deleted) and hand 1
    offered again as "Hand 1 was in play". The journal's later lines commit a longer hand log than the save: it is
    this save's, damaged; hand 1 is caught up and its log kept."""
    def damage(data):
        assert data.startswith(b"1.blind.1 22c ")          # (0x22c: the genesis line, 556 bytes, before hand 1)
        return b"x" + data[1:]                          # "x.blind.1 22c <crc>": the shape of a line, not its CRC

    _first_line_damaged(damage)


def test_a_journal_damaged_twice_never_reports_or_offers_the_kept_hand_again():
    """Damage, the catch-up's save, damage again: the damaged journal stayed on flash after the save that caught
    hand 1 up (until a next action), so a second damage to it was reported as "12 saved actions are lost" (hand 1's,
    kept) at every boot. The save after a damaged journal removes it: the next boot is clean, and damage to the
    next journal (hand 2's) is said for what it is, hand 1 never offered again."""
    import gc

    from app_util import OK, act
    from dealerbox.ui import modes

    d = _session(False)
    try:
        raw = _log_lines(d)[0]
        p = d + "/session.jnl"
        data = _read(p)
        _write(p, b"xx.garbage" + data[data.find(b"\n"):])         # first damage: hand 1 caught up
        rig = _boot(d)
        assert said(rig.app.screen.report) == (
            "Save damaged: journal line 1 is damaged: the session goes on from the end of hand 1.")
        rig.press(OK)
        assert rig.app.engine.phase == "over" and rig.app.engine.hand_no == 1
        rig = None
        gc.collect()
        assert "session.jnl" not in os.listdir(d)                   # the damaged journal went with the save
        rig = _boot(d)
        assert rig.app.screen.report is None and not rig.app.screen.saved_live
        rig.press(OK)
        _next_hand(rig)                                             # hand 2 dealt, two blinds in
        act(rig, "blind")
        act(rig, "blind")
        rig = None
        gc.collect()
        data = _read(p)
        assert data.count(b"\n") == 2
        _write(p, b"xx.garbage" + data[data.find(b"\n"):])          # second damage: hand 2's first line
        rig = _boot(d)
        app = rig.app
        assert said(app.screen.report) == "Save damaged: journal line 1 is damaged; 2 saved actions are lost."
        assert app.mode == modes.M_RESUME and app.screen.saved_live and app.screen.rows[0][0] == "Hand 2 was in play"
        rig.press(OK)
        assert app.engine.hand_no == 2 and app.engine.log["actions"] == [] and _log_lines(d) == [raw]
    finally:
        _clean(d)


# ---- 6: noise and garbage in hands.log ----------------------------------------------------------------------------

def test_noise_after_the_logged_hand_is_no_traceback_and_the_hand_is_caught_up():
    """hands.log: hand 1's line, then two lines of garbage (one of them not even UTF-8), and the newest save damaged.
    Before, reading the hand logs after the older save's mark raised UnicodeDecodeError at boot (a traceback, the
    box stopped); ASCII garbage stopped the catch-up with "a hand log after the save is not JSON". Now the damaged
    lines are counted and said, the good hand caught up; the file is set aside whole as hands.log.bad and a clean log
    (its hand lines) goes on (issue 24: new hands were appended after the garbage, then the tools refused it all)."""
    from app_util import OK
    from dealerbox.ui import modes

    d, log = _tp_after_hand_1()
    try:
        junk = b"garbage\n" + NOISE[:20] + b"\n"
        _write(d + "/hands.log", log["head"] + (log["raw"] + "\n").encode() + junk)
        p = d + "/session.json"
        n = len(_read(p))
        _write(p, _read(p)[:100])
        st = Store(d)
        st.load()
        assert st.later == [log["raw"]]
        assert st.report == "Save damaged (truncated (100 of %d bytes)): the one before it is used. 1 saved action " \
            "after that save is lost. Hand log damaged: 2 damaged lines dropped. hands.log set aside as " \
            "hands.log.bad; a clean hand log goes on." % n
        assert "hands.log: 2 damaged lines after save 1's mark dropped" in st.found
        assert "hands.log set aside as hands.log.bad" in st.found
        st = None
        rig = _boot(d)
        app = rig.app
        assert app.mode == modes.M_RESUME and not app.screen.saved_live
        assert said(app.screen.report) == "Save damaged: the newest save was damaged (truncated (100 of %d bytes)): " \
            "the session goes on from the end of hand 1. 1 saved action after that save is lost." % n  # (log: cleaned)
        rig.press(OK)
        assert app.engine.phase == "over" and app.table.stacks == [96, 108, 98, 98]
        assert _read(d + "/hands.log") == log["head"] + (log["raw"] + "\n").encode()
        assert _read(d + "/hands.log.bad") == log["head"] + (log["raw"] + "\n").encode() + junk
    finally:
        _clean(d)


def test_garbage_after_the_committed_hand_logs_is_said_and_set_aside():
    """Garbage appended to hands.log after the hand logs the newest save committed was cut back at boot without a
    word: it is no hand log; said as damaged lines, the file set aside whole as hands.log.bad and a clean log
    goes on. A line of a hand log's shape after the save is never cut: the app catches up with it."""
    d, log = _tp_after_hand_1()
    try:
        good = log["head"] + (log["raw"] + "\n").encode()
        _write(d + "/hands.log", good + b"garbage\n" + NOISE[:20] + b"\n")
        st = Store(d)
        st.load()
        assert st.report == ("Hand log damaged: 2 damaged lines dropped. hands.log set aside as hands.log.bad; a "
                             "clean hand log goes on.") and st.journal == ["2.blind.1"]
        assert _read(d + "/hands.log") == good
        assert _read(d + "/hands.log.bad") == good + b"garbage\n" + NOISE[:20] + b"\n"
        _write(d + "/hands.log", good + b"{}\n")          # (a hand log's shape: the power went before its commit)
        st = Store(d)
        st.load()
        assert st.report is None and _read(d + "/hands.log") == good + b"{}\n" and st.later == ["{}"]
        assert read_log(st) == [log["raw"], "{}"]
    finally:
        _clean(d)


def test_a_save_without_its_house_rules_is_refused_at_the_boot_in_words():
    """A save whose checksum holds but whose config has no house rules (or null): refused at the boot with the
    reason, the session set aside; it passed the checks before and the first turn raised KeyError."""
    from app_util import Rig
    from dealerbox.store.boot import check
    from dealerbox.ui import modes

    for drop in ("missing", "null"):
        d = _session(False)
        try:
            with open(d + "/session.json", "rb") as f:
                data = f.read()
            num, off, ln, mark, _crc = check(data)
            obj = json.loads(data[off:off + ln])
            if drop == "missing":
                del obj["cfg"]["rules"]
            else:
                obj["cfg"]["rules"] = None
            _write(d + "/session.json", encode(obj, num, mark))     # a valid checksum
            for name in ("session.bak", "session.jnl"):
                if name in os.listdir(d):
                    os.remove(d + "/" + name)
            app = Rig(seed=1, store=Store(d)).app
            assert app.mode == modes.M_RESUME and app.screen.saved is None, drop
            assert [said(r) for r in app.store.reports] == [
                "Save unusable (snapshot without a valid 'cfg'): a new session starts."], drop
        finally:
            _clean(d)


def test_a_save_deleted_with_its_journal_left_is_said_not_silently_a_new_session():
    """The only save (no session.bak) deleted and its journal left: the boot says the save is unusable and sets the
    journal aside; it went silently to a new session's game screen."""
    from app_util import Rig
    from dealerbox.ui import modes

    d = _session(False)
    try:
        assert sorted(os.listdir(d)) == ["hands.log", "session.jnl", "session.json"]
        os.remove(d + "/session.json")
        app = Rig(seed=1, store=Store(d)).app
        assert app.mode == modes.M_RESUME and app.screen.saved is None
        assert [said(r) for r in app.store.reports] == ["Save unusable (missing): a new session starts."]
        assert sorted(os.listdir(d)) == ["hands.log", "session.jnl.bad"]
    finally:
        _clean(d)

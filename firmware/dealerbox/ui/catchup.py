"""A resume from an older save: the hands logged after it brought to their logged end (docs/device.md, "Saves").

Imported by the app only when the store gave hand logs committed after the snapshot it returned
(``Store.later``: the newest save was damaged, or a journal line in the middle), and kept:

* ``catch_up(engine, logs)``: the logged hands replayed through the engine, so a finished hand is never dealt
  (nor logged) again;
* ``say(store, engine, done, report)``: the resume screen's words for what ``catch_up`` did;
* ``restore(engine, store, later)``: both on the app's restored engine (the app then saves a snapshot: it commits
  the logged hands).
"""

from dealerbox.lang import N_, tr
from dealerbox.reason import Reason
from dealerbox.ui.snapcheck import _ints, play_log


def catch_up(e, logs, voided=None):
    """Bring engine ``e`` (restored from an older save, its journal replayed) to the end of the hand logs ``logs``
    (list of str: ``Store.later``, the hands committed after that save, oldest first): the hand in progress is
    played on with the logged actions, a later hand dealt from its logged deck (``start_from_log``, the rebuys
    between hands as logged) and played the same way. The engine is deterministic, so the stacks come out as
    logged. Nothing is logged again (the app logs a hand when a player's action ends it, never here).

    A Turkish hand in progress draws on with the log's reshuffles after the saved ones (``Stock.replay``), not with
    new ones. Returns ``(hands, problem)``: how many logged hands were brought to their end, and None or the reason
    (str) the next could not be (a log that does not continue the saved hand, an action refused, another result):
    the engine then stays at the end of the last one that could. ``voided`` (a list, or None): the hand numbers of
    the voided hands (a misdeal, a void after a restart) brought to their end are appended to it.
    """
    import json

    k = 0
    for line in logs:
        try:
            log = json.loads(line)
        except ValueError:
            return k, N_("a hand log after the save is not JSON")
        if not isinstance(log, dict) or log.get("game") != e.GAME or not isinstance(log.get("actions"), list) \
                or not isinstance(log.get("result"), dict):
            return k, N_("a hand log after the save is not of this session")
        if e.phase not in ("idle", "over"):
            rest, why = _go_on(e, log)
        else:
            rest, why = _deal_again(e, log)
        if why is None:
            why = _play(e, log, rest)
        if why is not None:
            return k, why
        if voided is not None and log["result"].get("voided") is True:
            voided.append(e.hand_no)
        k += 1
    return k, None


def _go_on(e, log):
    """The actions of ``log`` after those the live hand of ``e`` already had, its later reshuffles set to draw; and
    None, or why the log does not continue the hand."""
    done = e.log.get("actions") or []
    hand = log.get("hand")
    if hand != e.hand_no or log.get("deck") != e.deck or log.get("commit") != e.log.get("commit") \
            or log["actions"][:len(done)] != done:
        return None, Reason("the hand log of hand %r does not continue the saved hand %d", hand, e.hand_no)
    st = getattr(e, "stock", None)      # Turkish Poker: the reshuffles the log made after the save, as logged
    if st is not None:
        st.replay_after(log.get("reshuffles"))
    return log["actions"][len(done):], None


def _deal_again(e, log):
    """The next hand dealt from ``log`` (its deck, the rebuys between hands as logged); its actions, and None or why
    it could not be."""
    t = e.table
    hand = log.get("hand")
    if hand != e.hand_no + 1 or log.get("names") != t.names or log.get("dealer") != t.dealer \
            or not _ints(log.get("stacks"), t.n) or not _ints(log.get("bought_in"), t.n):
        return None, Reason("the hand log of hand %r does not follow hand %d", hand, e.hand_no)
    for s in range(t.n):
        rebuy = log["bought_in"][s] - t.bought_in[s]
        if rebuy < 0 or log["stacks"][s] - t.stacks[s] != rebuy:
            return None, Reason("hand %d starts with other stacks than hand %d left", hand, e.hand_no)
    for s in range(t.n):
        t.stacks[s] = log["stacks"][s]
        t.bought_in[s] = log["bought_in"][s]
    try:
        e.start_from_log(log)
    except Exception as err:
        return None, Reason("hand %d cannot be dealt again (%s)", hand, err)
    return log["actions"], None


def _play(e, log, rest):
    """Play ``rest`` (the log's actions) on ``e`` and check the hand ends as ``log`` says; None or why not."""
    why = play_log(e, rest)
    if why is not None:
        return Reason("action %d of hand %d's log refused (%s)", why[0], e.hand_no, why[1])
    if e.phase != "over" and log["result"].get("voided") is True:
        e.void_hand()
    if e.phase != "over" or e.result is None or e.result.get("stacks") != log["result"].get("stacks"):
        return Reason("hand %d's log does not end as replayed", e.hand_no)
    return None


def say(store, e, done, report=None):
    """What ``catch_up`` did (``done``: its ``(hands, problem)``) on engine ``e``, for the resume screen: ``"Save
    damaged: the newest save was damaged (checksum mismatch): the session goes on from the end of hand 1."`` (the last
    hand brought to its end), and that a logged hand could not be replayed and why, in place of the store's ``report``:
    its sentences on the files set aside before and on the actions lost after (a list of ``Reason``); ``report`` as it
    is when nothing was caught up."""
    k, problem = done
    if not k and problem is None:       # nothing caught up: the store's own report stands
        return report
    why = getattr(store, "later_why", "") or N_("the newest save was lost")
    out = list(getattr(store, "aside", None) or ())   # a save file found as a folder (store/boot.py)
    if k:                   # the last hand brought to its end: the one before a hand dealt again and refused
        ended = e.hand_no if e.phase == "over" or e.phase == "idle" else e.hand_no - 1
        out.append(Reason("Save damaged: %s: the session goes on from the end of hand %d.", why, ended))
    if problem is not None:
        out.append(Reason("Save damaged: %s: a logged hand could not be replayed (%s).", why, problem))
    out.extend(getattr(store, "lost", None) or ())   # the actions lost with the newest save (store/damage.py)
    return out


def restore(e, store, later):
    """Catch engine ``e`` (restored, its journal replayed) up with the hand logs ``later``. Returns what to report
    (``say``) and the public line to show ("Hand 2 as logged", or ""). Nothing is appended to the hand log; the
    caller saves a snapshot, which commits the logged hands, so a later boot resumes after them. Also returns how
    many of those hands were voided (the session's length does not count them: ``App.last_hand``)."""
    voided = []  # type: list
    done = catch_up(e, later, voided)
    report = say(store, e, done)
    return report, (tr("Hand %d as logged") % e.hand_no if done[0] else ""), len(voided)

"""What the app saves after each action (ui/app.py): the journal record of an action, whether a hand is live.

The store (dealerbox/store/saves.py) keeps a snapshot at every deal and between hands and, after it,
one short journal line per action; at boot the app restores the snapshot and replays the journal
through the engine (deterministic: the deck is in the snapshot; ui/snapcheck.py, imported when a save is there):

* ``record_of(seat, action)``: an action as a journal record, ``"2.chaal.4"`` (seat, kind, amount, and
  for a draw the card positions ``"1.draw.0.0-2"``; read back by ``snapcheck.action_of``);
* ``hand_live(engine)``: True while a hand is dealt and not over (the USB REPL's interrupt is off
  then: boards/loop.py);
* ``reshuffles(engine)``: the stock's reshuffles in the hand (an action that caused one is saved as a
  snapshot: it drew on the entropy, which a replay would not repeat).
"""


def record_of(seat, action):
    """The journal record (str, no spaces) of ``action`` (``engine.base.Action``) by ``seat`` (int)."""
    rec = "%d.%s.%d" % (seat, action.kind, action.amount)
    if action.cards is not None:
        rec += "." + "-".join([str(c) for c in action.cards])
    return rec


def hand_live(engine):
    """True while ``engine`` (or None) has a hand dealt and not over."""
    return engine is not None and engine.phase not in ("idle", "over")


def reshuffles(engine):
    """How many times the stock was reshuffled in the hand (Turkish draw): a reshuffle draws on the entropy,
    so an action that caused one is saved as a snapshot, not replayed from the journal."""
    r = engine.log.get("reshuffles") if engine is not None and engine.log else None
    return len(r) if r else 0

"""Hand logs for the fairness, settlement and report tests (no tests here): sessions played through the
engines with seeded legal choices, one JSON line per hand as the box's store writes them."""

import json

from dealerbox.engine.base import Action
from dealerbox.engine.table import Table
from dealerbox.games import engine_class
from dealerbox.rng import SeededEntropy, randbelow

WEIGHTS = {"see": 6, "chaal": 8, "blind": 6, "pack": 2, "show": 3, "sideshow": 2, "accept": 3, "refuse": 2,
           "check": 6, "open": 6, "bet": 4, "call": 8, "raise": 2, "fold": 2, "draw": 8, "look": 6,
           "karanlik": 1, "rebuy": 0}


def play(e, pick):
    """Play engine ``e``'s hand to its end with seeded legal choices (``pick``: the entropy's read)."""
    while e.phase != "over":
        opts = [o for o in e.legal_actions() if WEIGHTS.get(o.kind, 1)]
        x = randbelow(sum(WEIGHTS.get(o.kind, 1) for o in opts), pick)
        for o in opts:
            x -= WEIGHTS.get(o.kind, 1)
            if x < 0:
                break
        if o.kind == "draw":
            e.apply(Action("draw", 0, [0, 2][:randbelow(3, pick)]))
        else:
            e.apply(Action(o.kind, o.amounts[0] if o.amounts else o.min))


def session(game, players, hands, seed, chips=100, rules=None, rebuy=None, names=None, cents=0, store=None,
            cuts=(0, 7, 19, 33)):
    """Play ``hands`` hands of ``game`` (or until one player has every chip); returns the list of hand-log
    dicts (JSON round trip, as read from ``hands.log``). ``rebuy``: ``(after_hand, seat, chips)`` bought in
    between hands; ``cents``: the chip value (cents per chip, 0 for none). With a ``store`` (a
    ``dealerbox.store.saves.Store``) the hands are dealt as the box deals them (issue 24): each deck sealed with
    the hash of the log's last line (``Engine.seal_deck(store.tip())``), cut at ``cuts`` (one per hand, in turn)
    and each hand appended to the store's ``hands.log``."""
    names = names or ["P%d" % (i + 1) for i in range(players)]
    table = Table(names, chips)
    e = engine_class(game)(table, rules, SeededEntropy(seed))
    pick = SeededEntropy(seed + 1000).read
    logs = []
    for h in range(hands):
        if len(table.seats_in_play()) < 2:
            break
        if store is None:
            e.start_hand()
        else:
            e.seal_deck(store.tip())
            e.start_hand(cut=cuts[h % len(cuts)] % len(e.sealed[0]))
        if cents:                       # the chip value, as the app logs it with each hand
            e.log["cents"] = cents
        play(e, pick)
        if store is not None:
            store.append_log(e.log)
        logs.append(json.loads(json.dumps(e.log)))
        if rebuy and rebuy[0] == h + 1:
            table.rebuy(rebuy[1], rebuy[2])
    return logs


def chained(game, players, hands, seed, store, **kw):
    """``session`` as the box plays it on ``store``: sealed, cut and chained hands (issue 24)."""
    return session(game, players, hands, seed, store=store, **kw)


def lines(logs):
    """The hand logs as the text of a ``hands.log`` file."""
    return "".join(json.dumps(log) + "\n" for log in logs)


# simulator key scripts after the setup: presses that play varied hands of each game (the defaults, and the
# next action now and then), Next hand between hands
SIM_PLAY = {"teen-patti": "ok*6 right ok ok*4 right right ok\n" * 9,
            "turkish": "ok right ok ok ok right right ok\n" * 16,
            "indian": "ok right ok ok ok\n" * 12}


def sim_log(store, script_dir, cents_presses=4):
    """One session of each game (4 players, seeds 3, 4, 5) played by the simulator (``host_tools.sim``, the
    whole app by key presses) into the store folder ``store``; the first two at the chip value ``cents_presses``
    RIGHT presses on the summary (4: 0.10). Returns the path of ``store/hands.log``."""
    import contextlib
    import io
    import os

    from host_tools.sim import SETUP
    from host_tools.sim import main as sim_main

    deal = "down*3 ok     # summary: deal\n"
    assert deal in SETUP
    for i, game in enumerate(("teen-patti", "turkish", "indian")):
        setup = SETUP.replace(deal, "right*%d ok    # summary: the chip value, deal\n" % cents_presses) if i < 2 \
            else SETUP
        script = os.path.join(str(script_dir), "%s.keys" % game)
        with open(script, "w") as f:
            f.write(("up ok          # the saved session: UP wraps to New session\n" if i else "") + setup
                    + SIM_PLAY[game])
        with contextlib.redirect_stdout(io.StringIO()):
            rc = sim_main(["--game", game, "--players", "4", "--store", str(store), "--seed", str(3 + i),
                           "--script", script])
        assert rc == 0
    return os.path.join(str(store), "hands.log")

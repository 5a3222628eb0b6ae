"""The deal's commitment (docs/fairness.md), on both interpreters: the hash of the documented layout, the
engine sealing every shuffled deal (a seed still deals the cards it dealt before), the seal screen before
any gate or private screen, the log's reveal matching what the screen showed, and a changed deck or salt
no longer matching."""

from app_util import Rig, setup
from autoplay_util import autoplay
from dealerbox.engine.base import commitment
from dealerbox.engine.commit import reveal
from dealerbox.engine.table import Table
from dealerbox.games.teenpatti import TeenPatti
from dealerbox.games.turkish import Turkish
from dealerbox.rng import SeededEntropy, shuffle
from dealerbox.store import line_hash
from dealerbox.ui import modes
from support import raises

SALT = b"0123456789abcdef"
# hashlib.sha256(b"DBX1" + bytes([0, 0, 0, 1, 7]) + b"turkish" + bytes([36]) + bytes(range(36)) + SALT)
# computed with CPython's hashlib from the layout of docs/fairness.md
KNOWN = "180f81ff18d846383eef66fc5fd25f176aa84ad36d2dda972f982c3327ea196a"


def test_commitment_is_sha256_of_the_documented_layout():
    assert commitment(1, "turkish", list(range(36)), SALT) == KNOWN
    assert commitment(2, "turkish", list(range(36)), SALT) != KNOWN               # the hand's number counts
    assert commitment(1, "indian", list(range(36)), SALT) != KNOWN                # the game counts
    deck = list(range(36))
    deck[0], deck[1] = deck[1], deck[0]
    assert commitment(1, "turkish", deck, SALT) != KNOWN                          # the order counts
    assert commitment(1, "turkish", list(range(36)), b"1123456789abcdef") != KNOWN
    with raises(ValueError):
        commitment(0, "turkish", list(range(36)), SALT)
    with raises(ValueError):
        commitment(1, "turkish", list(range(36)), b"short")


class _Salted:
    """An entropy source whose salt is ``SALT`` (``salt(n)``), apart from the deal's stream (``read``)."""

    def __init__(self):
        self.read = SeededEntropy(5).read

    def salt(self, n):
        return SALT[:n]


def test_a_shuffled_deal_sets_salt_and_commit_from_the_entropy():
    e = Turkish(Table(["A", "B", "C", "D", "E"], 100), None, _Salted())
    e.start_hand()
    log = e.log
    assert log["salt"] == "30313233343536373839616263646566" and log["deck"] == e.deck and len(e.deck) == 36
    assert log["commit"] == commitment(1, "turkish", e.deck, SALT) and reveal(log) == log["commit"]
    assert "v" in log and log["v"] == 1 and "cut" not in log and "prev" not in log


def test_every_shuffled_deal_is_sealed_and_a_seed_deals_as_before():
    t = Table(["A", "B", "C"], 100)
    src = SeededEntropy(11)
    e = TeenPatti(t, None, src)
    plain = SeededEntropy(11)                   # the same seed without salts: the decks of before
    salts = []
    for hand in (1, 2, 3):
        e.start_hand()
        want = shuffle(list(range(52)), plain.read)
        assert e.deck == want and e.log["deck"] == want
        assert len(e.log["salt"]) == 32 and e.log["salt"] not in salts
        salts.append(e.log["salt"])
        assert e.log["commit"] == reveal(e.log) and len(e.log["commit"]) == 64 and e.log["hand"] == hand
        while e.phase != "over":
            e.apply(e.legal_actions() and _pack_or_first(e))
    assert src.state == plain.state             # the salts took nothing from the deal's stream


def _pack_or_first(e):
    from dealerbox.engine.base import Action
    for o in e.legal_actions():
        if o.kind == "pack":
            return Action("pack")
    o = e.legal_actions()[0]
    return Action(o.kind, o.amounts[0] if o.amounts else o.min)


def test_a_given_deck_is_not_sealed():
    e = TeenPatti(Table(["A", "B"], 100), None, SeededEntropy(1))
    e.start_hand(deck=list(range(52)))
    assert "commit" not in e.log and "salt" not in e.log


def test_a_changed_deck_or_salt_does_not_reveal_the_commitment():
    e = TeenPatti(Table(["A", "B", "C"], 100), None, SeededEntropy(4))
    e.start_hand()
    log = dict(e.log)
    c = log["commit"]
    deck = list(log["deck"])
    deck[3], deck[4] = deck[4], deck[3]
    assert reveal(dict(log, deck=deck)) != c
    salt = ("0" if log["salt"][0] != "0" else "1") + log["salt"][1:]
    assert reveal(dict(log, salt=salt)) != c
    assert reveal(dict(log, hand=2)) != c
    assert reveal(log) == c


class LogStore:
    """A store keeping every hand log as written (JSON text) and the newest snapshot."""

    def __init__(self):
        self.logs = []
        self.snap = None

    def load(self, check=None):
        return None

    def save(self, obj):
        import json
        self.snap = json.dumps(obj)

    def append_log(self, log):
        import json
        self.logs.append(json.dumps(log))

    def clear(self):
        self.snap = None


def test_the_seal_screen_comes_before_any_gate_or_private_screen_and_the_log_reveals_it():
    import json
    store = LogStore()
    rig = Rig(seed=9, store=store)
    app = rig.app
    frames = []
    draw = rig.draw

    def record():
        draw()
        frames.append((app.mode, app.screen.viewer, app.screen.code if app.mode == modes.M_SEAL else None))
    rig.draw = record
    setup(rig, "turkish", 3)                    # ends at the first gate, past the seal
    deal = 0
    for i in range(len(frames)):
        if frames[i][0] == modes.M_SUMMARY:
            deal = i + 1
    assert frames[deal][0] == modes.M_SEAL and frames[deal][1] is None
    shown = frames[deal][2]
    c = app.engine.log["commit"]
    assert shown == "%s %s %s %s" % (c[:4], c[4:8], c[8:12], c[12:16]) and app.engine.log["cut"] == 0
    del frames[:deal]
    assert app.mode == modes.M_GATE and all(f[1] is None for f in frames)
    autoplay(rig, SeededEntropy(3).read, 1)
    seals = [i for i in range(len(frames)) if frames[i][0] == modes.M_SEAL]
    gates = [i for i in range(len(frames)) if frames[i][0] in (modes.M_GATE, modes.M_TURN, modes.M_PEEK)]
    assert seals[0] == 0 and seals[-1] < gates[0] and gates[0] == len(seals)   # one hand: its seal, then play
    assert len(store.logs) == 2 and json.loads(store.logs[0])["genesis"] is True    # the session's genesis first
    log = json.loads(store.logs[1])
    assert log["prev"] == line_hash(store.logs[0]) and log["commit"][:4] == shown[:4] and reveal(log) == log["commit"]


def test_the_player_at_the_dealers_right_cuts_whoever_deals():
    # seeds 000, 002, 003: "le joueur à sa droite coupe le jeu"; play goes left, so the seat before the dealer
    names = ["Ann", "Ben", "Cat", "Dev", "Eve"]
    cutters = []
    for dealer in range(5):
        e = TeenPatti(Table(names, [20] * 5, dealer=dealer), {}, entropy=SeededEntropy(1))
        cutters.append(e.cutter())
    assert cutters == [4, 0, 1, 2, 3]
    t = Table(names, [20, 20, 20, 20, 0], dealer=0)     # Eve is out: Dev, the next one in play to the right
    assert TeenPatti(t, {}, entropy=SeededEntropy(1)).cutter() == 3
    t = Table(names, [0, 20, 0, 20, 0], dealer=1)       # two left: the other one cuts
    assert TeenPatti(t, {}, entropy=SeededEntropy(1)).cutter() == 3

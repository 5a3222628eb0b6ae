"""Indian Poker visibility: a player's own forehead card never reaches anything shown to that player.

RULES.md, Indian Poker ("never sees until the showdown"; seed 003). The strongest form of the check:
two deals that differ only in one seat's own card must look exactly the same to that seat (its view,
the shared screen, the options, the reasons, every event) until the showdown.
"""

import json

from dealerbox.cards import parse_cards
from dealerbox.engine.base import Action
from dealerbox.games.indian import Indian
from turkish_support import act, deck_for, table

HANDS1 = ["Kc", "7d", "Qh", "2s"]
HANDS2 = ["Kc 3d", "7d 9h", "Qh Ts", "2s 4c"]


def _pair(hands, rules, seat):
    """Two started hands, the second with ``seat``'s forehead card swapped for the deck's last card."""
    t1 = table(len(hands))
    d1 = deck_for(hands, t1.dealer, 52)
    d2 = list(d1)
    i = d2.index(parse_cards(hands[seat])[0])
    d2[i], d2[51] = d2[51], d2[i]
    out = []
    for d in (d1, d2):
        t = table(len(hands))
        e = Indian(t, rules)
        ev = e.start_hand(deck=d)
        out.append((e, ev))
    return out


def _same_for(seat, a, b):
    assert a.view(seat) == b.view(seat)
    assert a.public_view() == b.public_view()
    assert a.legal_actions() == b.legal_actions()
    for o in a.legal_actions() + [Action("bet", 99), Action("raise", 1), Action("check"), Action("call", 5)]:
        x = o if isinstance(o, Action) else Action(o.kind, o.max)
        assert str(a.why_illegal(x)) == str(b.why_illegal(x))


def _play_blind(rules, hands, seat, policy):
    (a, ev_a), (b, ev_b) = _pair(hands, rules, seat)
    own = a.hands[seat][0]
    assert ev_a == ev_b
    step = 0
    while True:
        assert a.view(seat)["foreheads"][seat] is None
        assert own not in [c for c in a.view(seat)["foreheads"] if c is not None]
        _same_for(seat, a, b)
        opts = a.legal_actions()
        o = opts[policy[step % len(policy)] % len(opts)]
        amt = o.min
        ea = a.apply(Action(o.kind, amt))
        eb = b.apply(Action(o.kind, amt))
        step += 1
        if a.phase == "over":
            if a.result["how"] == "fold":
                _same_for(seat, a, b)                     # no showdown: still never shown
                assert ea == eb and a.view(seat)["foreheads"][seat] is None
            else:
                assert a.view(seat)["foreheads"][seat] == own           # the showdown turns it over
            return a
        assert ea == eb


def test_own_card_never_shown_one_card_every_seat_every_policy():
    for seat in range(4):
        for policy in ([0], [1, 0, 0, 0], [1, 1, 0, 2, 0], [2, 2, 2, 2]):
            _play_blind({}, HANDS1, seat, policy)


def test_own_card_never_shown_in_the_variants():
    for rules in ({"two_cards": True}, {"center": True}, {"two_cards": True, "center": True},
                  {"low": True, "structure": "pot"}, {"structure": "free", "ties": "suit-order"}, {"party": True}):
        hands = HANDS2 if rules.get("two_cards") else HANDS1
        for seat in (0, 3):
            for policy in ([0], [1, 0, 0, 0, 0, 0, 0, 0], [1, 2, 0]):
                _play_blind(rules, hands, seat, policy)


def test_view_shows_every_other_forehead_and_only_the_own_hole_card():
    t = table(4)
    e = Indian(t, {"two_cards": True})
    e.start_hand(deck=deck_for(HANDS2, t.dealer, 52))
    v = e.view(1)
    assert v["foreheads"] == [parse_cards("Kc")[0], None, parse_cards("Qh")[0], parse_cards("2s")[0]]
    assert v["hole"] == parse_cards("9h")[0]
    holes = parse_cards("3d Ts 4c")
    text = json.dumps(v)
    for c in holes:                                       # the others' hole cards are nowhere
        assert c not in v["foreheads"]
    assert "foreheads" not in e.public_view() and "hole" not in e.public_view()
    assert "shown" not in e.public_view() and "result" not in e.public_view()
    assert text == json.dumps(e.view(1))
    act(e, "check")
    act(e, "check")
    act(e, "check")
    act(e, "check")
    assert e.public_view()["shown"] == [parse_cards(h) for h in HANDS2]
    assert e.view(1)["foreheads"][1] == parse_cards("7d")[0]

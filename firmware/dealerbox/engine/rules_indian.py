"""Indian Poker's house rules (RULES.md, Indian Poker; seed 003): ``table()``, in the shape of
``dealerbox.engine.rules`` (its docstring), which imports this module when Indian Poker is first chosen and keeps
it (a session of another game never loads it), and ``STUD_EXCLUDES``.
"""

from dealerbox.lang import N_

# Indian Poker's house rules Forehead Stud leaves out (docs/indian.md): (key, what it is) for the refusal
STUD_EXCLUDES = (("ties", N_("suit order")), ("low", N_("Low Indian")), ("two_cards", N_("two cards")),
                 ("center", N_("a center card")), ("party", N_("party mode")))


def table():
    """Indian Poker: default = seed 003 (one forehead card, highest wins, ties split); variants."""
    return {
        "defaults": {
            "ante": 1,                     # everyone antes (not in party mode)
            "structure": "fixed",          # fixed, pot (pot limit), free (any amount)
            "bet": 1,                      # the bet size: fixed-limit bet, smallest bet in pot limit
            "cap": 4,                      # fixed limit: bets + raises per betting round
            "ties": "split",               # split, or suit-order (spades > hearts > diamonds > clubs)
            "low": False,                  # Low Indian: lowest wins, ace low
            "two_cards": False,            # a forehead card and a hole card each
            "center": False,               # a shared face-up center card and a second betting round
            "party": False,                # no betting: the box names the loser of each deal
            "stud": False,                 # Forehead Stud (003): 7 cards, 4 on the forehead, 5 rounds, poker hands
        },
        "choices": {
            "ante": [1, 100000],
            "structure": ("fixed", "pot", "free"),
            "bet": [1, 100000],
            "cap": [1, 20],
            "ties": ("split", "suit-order"),
            "low": "bool",
            "two_cards": "bool",
            "center": "bool",
            "party": "bool",
            "stud": "bool",
        },
        "presets": (
            ("default", N_("Highest card wins"), {}),
            ("suits", N_("Suits break ties"), {"ties": "suit-order"}),
            ("low", N_("Low Indian"), {"low": True}),
            ("two-card", N_("Two cards"), {"two_cards": True}),
            ("center", N_("Center card"), {"center": True}),
            ("party", N_("Party: no betting"), {"party": True}),
            ("stud", N_("Forehead Stud"), {"stud": True}),
        ),
    }

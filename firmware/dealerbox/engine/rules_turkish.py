"""Turkish Poker's house rules (RULES.md, Turkish Poker; seed 002): ``table()``, in the shape of
``dealerbox.engine.rules`` (its docstring), which imports this module when Turkish Poker is first chosen and keeps
it (a session of another game never loads it).
"""

from dealerbox.lang import N_


def table():
    """Turkish Poker: default = seed 002 (kings or better, Turkish ranking, minor straights); house rules."""
    return {
        "defaults": {
            "ante": 1,                     # everyone antes before the deal (and again after a dead hand)
            "structure": "fixed",          # fixed, pot (pot limit), no-limit
            "bet": 2,                      # the bet size: fixed-limit bet, smallest bet in pot/no limit
            "cap": 4,                      # fixed limit: bets + raises per betting round
            "check_raise": True,           # after the draw, a player who checked may raise later
            "openers": "kings",            # pair of kings or better (002); jacks or aces (house rules)
            "no_minor": False,             # no minor straights: the ace is strictly high
            "standard_ranking": False,     # full house over flush, straight over three of a kind
            "hi_lo": False,                # high-low split (low rule per deck: docs/turkish.md)
            "karanlik": False,             # the first player may bet blind, before looking
            "four_with_36": False,         # 4 players play with the 36-card deck
        },
        "choices": {
            "ante": [1, 100000],
            "structure": ("fixed", "pot", "no-limit"),
            "bet": [1, 100000],
            "cap": [1, 20],
            "check_raise": "bool",
            "openers": ("kings", "jacks", "aces"),
            "no_minor": "bool",
            "standard_ranking": "bool",
            "hi_lo": "bool",
            "karanlik": "bool",
            "four_with_36": "bool",
        },
        "presets": (
            ("default", N_("Kings to open"), {}),
            ("jacks", N_("Jacks or better"), {"openers": "jacks"}),
            ("standard", N_("Standard ranking"), {"standard_ranking": True, "no_minor": True}),
            ("hi-lo", N_("High-low split"), {"hi_lo": True}),
            ("no-limit", N_("No limit, Karanlik"), {"structure": "no-limit", "karanlik": True, "check_raise": False}),
        ),
    }

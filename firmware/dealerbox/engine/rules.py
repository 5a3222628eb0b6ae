"""House rules: per game, the defaults, the allowed values and named presets (RULES.md).

A rules object is a plain dict of house-rule name -> value. Each game is one
small function returning its table ``{"defaults", "choices", "presets"}``, found by ``_table``: Teen Patti's
here (the box sets it up at boot), Turkish Poker's and Indian Poker's ``table()`` in ``rules_turkish.py`` and
``rules_indian.py``, imported when that game is first chosen and kept, so a session loads only the tables of
the games it sets up. A choice spec is ``"bool"``, a tuple of allowed values, or a list ``[lo, hi]`` of an int
range.

``validate(game, d)`` returns the full dict (defaults filled in) or raises
ValueError naming the bad key or value; ``preset(game, name)`` a full dict;
``presets(game)`` the ``(name, label)`` pairs. The lines naming them on the summary
screen are ``ui.settings.describe`` (the UI's words; the engine imports this module to
validate).
The presets' labels are marked ``N_`` (catalog keys: the UI shows them through ``dealerbox.lang.tr``).
"""

from dealerbox.lang import N_
from dealerbox.reason import Reason


def _teen_patti():
    """Teen Patti: default = seed 004 (pagat.com); presets for seeds 000 (French) and 001 (Italian)."""
    return {
        "defaults": {
            "boot": 1,                     # everyone pays it; the stake starts at the boot
            "sequence": "a23-high",        # a23-high (004 default), akq-high, a23-low
            "variant": "classic",          # see docs/teen-patti.md
            "muflis": False,               # lowball: the whole order reversed (000, 004)
            "five_middle_wild": True,      # Best of Five / High-Wild: the middle-ranked card is wild (000)
            "show": "004",                 # who may ask for the show and what it costs: 004, 000, 001
            "sideshow": "004",             # 004, 000, 001 or off
            "sideshow_third_forced": False,  # 001: a player's third request cannot be refused
            "chaal": "range",              # any amount in range, or the two sizes of 001
            "blind_limit": 0,              # at most N blind chaals, then see or pack (0 = no limit)
            "stake_cap": 0,                # fixed limit per chaal (0 = none)
            "pot_limit": False,            # no chaal larger than the pot
            "pot_cap": 0,                  # when the pot reaches it, every player still in shows (0 = none)
            "rebuy_mid_hand": False,       # 001: a player short of the minimum may rebuy on their turn
            "forced": "boot",              # 001: who pays before the deal: boot, half, quarter, dealer (one player
                                           # in turn pays for all), one-blind, half-blind, two-blinds
            "higher_limits": False,        # 004 "Höhere Grenzen": no top to a chaal (stack, caps, pot limit hold)
        },
        "choices": {
            "boot": [1, 100000],
            "sequence": ("a23-high", "akq-high", "a23-low"),
            "variant": ("classic", "ak47", "joker-hunt", "best-of-four", "best-of-five", "cobra", "999",
                        "in-out"),
            "muflis": "bool",
            "five_middle_wild": "bool",
            "show": ("004", "000", "001"),
            "sideshow": ("004", "000", "001", "off"),
            "sideshow_third_forced": "bool",
            "chaal": ("range", "two-size"),
            "blind_limit": [0, 50],
            "stake_cap": [0, 1000000],
            "pot_limit": "bool",
            "pot_cap": [0, 10000000],
            "rebuy_mid_hand": "bool",
            # who pays before the deal (seed 001, "Ante e distribuzione"): everyone the boot (the minimum bet),
            # everyone half or a quarter of it, one player in turn (the dealer) a bigger ante for the whole table,
            # or blinds left of the dealer as in Hold'em: one blind equal to or half the boot, or two (half, then
            # the boot)
            "forced": ("boot", "half", "quarter", "dealer", "one-blind", "half-blind", "two-blinds"),
            "higher_limits": "bool",
        },
        "presets": (
            ("default", N_("Show, sideshow 2x"), {}),
            ("french", N_("Show, sideshow 1x"), {"show": "000", "sideshow": "000"}),
            ("italian", N_("Free sideshow"), {"show": "001", "sideshow": "001", "sideshow_third_forced": True,
                                               "chaal": "two-size", "blind_limit": 3, "rebuy_mid_hand": True}),
        ),
    }


def _table(game):
    """The house-rule table of ``game``: Teen Patti's here (the box sets it up at boot), the other games' in
    their own module, imported when the game is first chosen (and kept). ValueError for an unknown game."""
    if game == "teen-patti":
        return _teen_patti()
    if game == "turkish":
        from dealerbox.engine.rules_turkish import table

        return table()
    if game == "indian":
        from dealerbox.engine.rules_indian import table

        return table()
    raise ValueError(Reason("unknown game %r", game))


def defaults(game):
    """A new dict of ``game``'s default house rules."""
    return dict(_table(game)["defaults"])


def validate(game, d):
    """The full house-rule dict of ``game`` from ``d`` (missing keys take the defaults).

    Raises ValueError naming the unknown key or the bad value.
    """
    tab = _table(game)
    out = dict(tab["defaults"])
    choices = tab["choices"]
    for k in d or {}:
        if k not in choices:
            raise ValueError(Reason("unknown house rule %r for %s", k, game))
        c = choices[k]
        v = d[k]
        if c == "bool":
            if v is not True and v is not False:
                raise ValueError(Reason("%s is on or off (true/false), not %r", k, v))
        elif isinstance(c, list):
            if not isinstance(v, int) or isinstance(v, bool) or not c[0] <= v <= c[1]:
                raise ValueError(Reason("%s is a whole number %d to %d, not %r", k, c[0], c[1], v))
        elif v not in c:
            raise ValueError(Reason("%s is one of %s, not %r", k, ", ".join(c), v))
        out[k] = v
    cap = out.get("stake_cap")
    if cap and cap < out["boot"]:   # Teen Patti: the first blind chaal is the boot, so a cap must allow it
        raise ValueError(Reason("stake_cap %d is below the boot %d (0 = no cap)", cap, out["boot"]))
    if out.get("stud"):             # Indian Poker's Forehead Stud: poker hands, so none of the one-card variants
        from dealerbox.engine.rules_indian import STUD_EXCLUDES

        for k, what in STUD_EXCLUDES:
            if out[k] is True or k == "ties" and out[k] != "split":
                raise ValueError(Reason("Forehead Stud plays poker hands: not with %s", what))
    return out


def presets(game):
    """List of ``(name, label)`` of ``game``'s presets, the default first."""
    out = []
    for p in _table(game)["presets"]:
        out.append((p[0], p[1]))
    return out


def preset(game, name):
    """The full house-rule dict of the preset ``name``; ValueError for an unknown preset."""
    for p in _table(game)["presets"]:
        if p[0] == name:
            return validate(game, p[2])
    raise ValueError(Reason("no preset %r for %s", name, game))


def choices(game, key):
    """The spec of house rule ``key``: ``"bool"``, a tuple of values or ``[lo, hi]``."""
    tab = _table(game)
    if key not in tab["choices"]:
        raise ValueError(Reason("unknown house rule %r for %s", key, game))
    return tab["choices"][key]

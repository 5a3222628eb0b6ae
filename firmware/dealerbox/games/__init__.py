"""The games: one rules engine per game on the shared table (docs/engine.md).

``engine_class(game)`` imports lazily (RAM on the box) and returns the class for
``"teen-patti"``, ``"turkish"`` or ``"indian"``; ValueError for an unknown game.
"""

import sys

GAMES = ("teen-patti", "turkish", "indian")

_MODULES = {
    "teen-patti": ("dealerbox.games.teenpatti", "TeenPatti"),
    "turkish": ("dealerbox.games.turkish", "Turkish"),
    "indian": ("dealerbox.games.indian", "Indian"),
}


def engine_class(game):
    """The engine class of ``game`` (a str of GAMES). Raises ValueError for an unknown game."""
    if game not in _MODULES:
        raise ValueError("unknown game %r" % (game,))
    modname, clsname = _MODULES[game]
    cls = getattr(__import__(modname, None, None, [clsname]), clsname)
    if sys.implementation.name == "micropython":
        # this package is only the lookup: dropped again (the game's module stays loaded), it takes no RAM
        # while the game is played (docs/engine.md, Memory); a later import loads it again
        from dealerbox import unload
        unload(__name__)
    return cls

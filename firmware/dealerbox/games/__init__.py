"""The games: one rules engine per game on the shared table (docs/engine.md).

``engine_class(game)`` returns the engine class of ``"teen-patti"``, ``"turkish"`` or ``"indian"``, importing
only that game's module (a session plays one game: the others are never loaded).
"""

GAMES = ("teen-patti", "turkish", "indian")


def engine_class(game):
    """The engine class of ``game`` (a str of GAMES). Raises ValueError for an unknown game."""
    if game == "teen-patti":
        from dealerbox.games.teenpatti import TeenPatti
        return TeenPatti
    if game == "turkish":
        from dealerbox.games.turkish import Turkish
        return Turkish
    if game == "indian":
        from dealerbox.games.indian import Indian
        return Indian
    raise ValueError("unknown game %r" % (game,))

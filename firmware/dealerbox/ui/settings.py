"""What the setup screens offer for each game: player range, chip ladders, labels, the session config.

A session config is a plain JSON-able dict (saved in the snapshot)::

    {"game": "teen-patti", "players": 4, "names": ["P1", ...],   # names of the seats in play
     "chips": 100,                                               # starting stack, chips (int)
     "preset": "default", "rules": {...}}                       # house rules (dealerbox.rules)

The boot/ante and the betting structure are house-rule values (``rules.py`` keys), edited on
their own setup screens. Player ranges: RULES.md (Teen Patti 2-10, Turkish 2-5, Indian 2-10).
"""

GAMES = ("teen-patti", "turkish", "indian")
GAME_LABELS = ("Teen Patti", "Turkish Poker", "Indian Poker")
PLAYER_RANGE = ((2, 10), (2, 5), (2, 10))
MAX_NAME = 8
NAME_CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-."
CHIP_LADDER = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)
DEFAULT_CHIPS = 100


def game_index(game):
    """Index 0-2 of ``game`` in GAMES; ValueError for an unknown game."""
    for i in range(len(GAMES)):
        if GAMES[i] == game:
            return i
    raise ValueError("unknown game %r" % (game,))


def game_label(game):
    """Display name of ``game`` ("Teen Patti", ...)."""
    return GAME_LABELS[game_index(game)]


def player_range(game):
    """``(min, max)`` players for ``game`` (RULES.md)."""
    return PLAYER_RANGE[game_index(game)]


def default_name(seat):
    """The default name of seat ``seat`` (0-9): "P1".."P10"."""
    return "P%d" % (seat + 1)


def ladder_step(ladder, value, step):
    """The value ``step`` places along ``ladder`` from ``value`` (clamped to its ends)."""
    i = 0
    while i < len(ladder) - 1 and ladder[i] < value:
        i += 1
    i += step
    if i < 0:
        i = 0
    if i >= len(ladder):
        i = len(ladder) - 1
    return ladder[i]


def edit_char(name, pos, step):
    """``name`` with the character at ``pos`` moved ``step`` places along NAME_CHARS (wrapping)."""
    ch = name[pos] if pos < len(name) else " "
    i = NAME_CHARS.find(ch)
    if i < 0:
        i = 0
    ch = NAME_CHARS[(i + step) % len(NAME_CHARS)]
    if pos >= len(name):
        return name + ch
    return name[:pos] + ch + name[pos + 1:]


def clean_name(name, seat):
    """``name`` trimmed of spaces (inner runs kept), or the seat's default when empty."""
    n = name.strip()
    return n if n else default_name(seat)

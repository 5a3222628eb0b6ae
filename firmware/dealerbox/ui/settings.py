"""What the setup screens offer for each game: player range, chip ladders, labels, the session config.

A session config is a plain JSON-able dict (saved in the snapshot)::

    {"game": "teen-patti", "players": 4, "names": ["P1", ...],   # names of the seats in play
     "chips": 100,                                               # starting stack, chips (int)
     "preset": "default", "rules": {...}}                       # house rules (dealerbox.engine.rules)

The boot/ante and the betting structure are house-rule values (``rules.py`` keys), edited on
their own setup screens. Player ranges: RULES.md (Teen Patti 2-10, Turkish 2-5, Indian 2-10).
"""

from micropython import const

from dealerbox import lang
from dealerbox.engine import rules
from dealerbox.games import GAMES  # noqa: F401  (settings.GAMES: the setup's order)
from dealerbox.lang import tr
from dealerbox.ui.modes import (  # noqa: F401  (settings.NAME: shared with the screens of the play)
    CENTS_LADDER,
    CHIP_LADDER,
    DECIMAL_MARK,
    GAME_NAMES,
    MAX_NAME,
    game_label,
    ladder_step,
)

# each game of GAMES (in its order): (its label, its (min, max) players (RULES.md), its betting structure screen's
# house-rule keys, its single house rules' keys in their screen's order (dict order is not kept by MicroPython):
# ``single_keys``); one table
GAME_ROWS = (
    (GAME_NAMES[0], (2, 10), ("chaal", "stake_cap", "pot_limit", "blind_limit", "pot_cap"),
     ("variant", "sequence", "muflis", "five_middle_wild", "show", "sideshow", "sideshow_third_forced",
      "rebuy_mid_hand")),
    (GAME_NAMES[1], (2, 5), ("structure", "bet", "cap", "check_raise"),
     ("openers", "no_minor", "standard_ranking", "hi_lo", "karanlik", "four_with_36")),
    (GAME_NAMES[2], (2, 10), ("structure", "bet", "cap"), ("ties", "low", "two_cards", "center", "party", "stud")),
)
# the name editor's letters (ui/font.py draws each): the first letter starts among the capitals, the others among
# the small letters; after z the letters of French, Italian, German and Turkish (and Spanish's ñ), grouped by their
# plain letter in its alphabet order, the most used first in each group (é before è, ü before û). NAME_CHARS is the
# capitals (``_N_UPPER`` of them), then the small letters (``_N_LOWER``: the capital of the small letter at
# ``_N_UPPER + i`` is at ``i``, for the plain and accented letters; İ sits over ı: the dotted and dotless i together;
# but İ's small letter is i and, in Turkish, I's is ı: ``next_letter``; ß last), then the other characters. One
# string: the small letters' editor steps through the same ring from another start (``edit_char``).
NAME_CHARS = ("ABCDEFGHIJKLMNOPQRSTUVWXYZÀÂÄÁÆÇÉÈÊËĞİÎÏÌÍÑÖÔÒÓŒŞÜÛÙÚŸ"
              "abcdefghijklmnopqrstuvwxyzàâäáæçéèêëğıîïìíñöôòóœşüûùúÿß"
              " -.0123456789")
_N_UPPER = const(54)    # the capitals at the start of NAME_CHARS
_N_LOWER = const(55)    # the small letters after them


def limit_text(cfg):
    """The session length as the single house rules' row shows it: "off", "20 deals", "90 min"."""
    if cfg.get("hands"):
        return tr("%d deals") % cfg["hands"]
    if cfg.get("minutes"):
        return tr("%d min") % cfg["minutes"]
    return tr("off")


def chip_value_text(cents):
    """The chip value as the summary shows it: "off" or the money of one chip ("0.10")."""
    if not cents:
        return tr("off")
    return "%d%s%02d" % (cents // 100, tr(DECIMAL_MARK), cents % 100)


def game_index(game):
    """Index 0-2 of ``game`` in GAMES; ValueError for an unknown game."""
    for i in range(len(GAMES)):
        if GAMES[i] == game:
            return i
    raise ValueError("unknown game %r" % (game,))


def player_range(game):
    """``(min, max)`` players for ``game`` (RULES.md)."""
    return GAME_ROWS[game_index(game)][1]


def default_name(seat):
    """The default name of seat ``seat`` (0-9): "P1".."P10"."""
    return "P%d" % (seat + 1)


def edit_char(name, pos, step):
    """``name`` with the character at ``pos`` moved ``step`` places along NAME_CHARS (wrapping; an empty name gets its
    first letter, ``next_letter``; a character not in it counts as the first capital at ``pos`` 0, else as the first
    small letter: the later positions' ring is the same
    string from its first small letter, so a step is the same step along NAME_CHARS)."""
    if pos >= len(name):                    # an emptied name: UP or DOWN gives its first letter
        return name + next_letter(name)
    ch = name[pos]
    i = NAME_CHARS.find(ch)
    if i < 0:
        i = 0 if pos == 0 else _N_UPPER
    ch = NAME_CHARS[(i + step) % len(NAME_CHARS)]
    return name[:pos] + ch + name[pos + 1:]


def next_letter(name):
    """The letter a new position of the name editor starts with: the one before it as a small letter (a double
    letter costs nothing, a near one few presses), or "A" for the first. Turkish pairs İ with i and I with ı
    (the I's pair only when Turkish is spoken: elsewhere I's small letter is i)."""
    if not name:
        return "A"
    c = name[-1]
    if c == "\u0130":                         # İ: Turkish's dotted capital, whose small letter is i
        return "i"
    if c == "I" and lang.code == "tr":          # in Turkish I is the dotless ı's capital (elsewhere: i)
        return "\u0131"
    i = NAME_CHARS.find(c)
    if i < _N_UPPER:
        return NAME_CHARS[i + _N_UPPER] if i >= 0 else "a"
    return c if i < _N_UPPER + _N_LOWER else "a"


def name_owner(names, players, seat, name):
    """The other seat (0 to ``players``-1) already called ``name`` in ``names`` (the session's list of str), or -1:
    two seats with one name would make the gate's "OK: I am A" ambiguous, so the name editor's OK refuses
    it ("Seat 2 has that name") and so does the names screen's Done (``ui/setup_flow.py``)."""
    for s in range(players):
        if s != seat and names[s] == name:
            return s
    return -1


# ---- house rules on the setup screens (over dealerbox.engine.rules) ------------------------------------------
_COUNT_MAX = const(10)


def game_words(game):
    """The module of ``game``'s words for its house rules (their labels, values and lines): ``ui/rulelines_tp.py``
    (Teen Patti) or ``ui/rulelines_poker.py`` (Turkish and Indian Poker), imported when first asked for (a session
    loads only its game's words)."""
    if game == "teen-patti":
        from dealerbox.ui import rulelines_tp
        return rulelines_tp
    from dealerbox.ui import rulelines_poker
    return rulelines_poker


def label(game, key):
    """The short label (translated) of ``game``'s house rule ``key`` on the rules screens (the key itself if it has
    none)."""
    return tr(game_words(game).LABELS.get(key, key))


_STUD_PLAYERS = const(7)    # Forehead Stud's most players (games/indian.py STUD_SEATS: 7 cards each of 52)


def fit_stud(cfg):
    """Forehead Stud off when the table has more players than it can deal (``_STUD_PLAYERS``); True if it was on."""
    r = cfg["rules"]
    if r.get("stud") and cfg["players"] > _STUD_PLAYERS:
        r["stud"] = False
        return True
    return False


def stake_key(game):
    """The house-rule key of what everyone pays before the deal: "boot" (Teen Patti) or "ante"."""
    return "boot" if game == "teen-patti" else "ante"


def value_text(game, v, key):
    """Screen text of a value ``v`` of ``game``'s house rule ``key`` in words (what it does: "pay 2x stake"; bool
    on/off, ints as digits); the sources are named in the docs, never on the screen."""
    words = game_words(game)
    pairs = words.KEY_VALUE_TEXT.get(key)
    if pairs:
        for i in range(0, len(pairs), 2):
            if pairs[i] == v and type(pairs[i]) is type(v):    # (True == 1, but 1 is not "on")
                return tr(pairs[i + 1])
    if v is True:
        return tr("on")
    if v is False:
        return tr("off")
    if isinstance(v, int):
        return str(v) if v else tr("none")
    return tr(words.VALUE_TEXT.get(v, v))


def forced_chips(game, r, players):
    """Chips (int) the forced bets put in before anyone acts, at ``players`` players under the house rules
    ``r``: the boots (Teen Patti, or its forced bets of seed 001) or antes of every player."""
    b = r.get(stake_key(game), 0)
    f = r.get("forced", "boot") if game == "teen-patti" else "boot"
    if f == "half" or f == "quarter":
        return max(1, b // (2 if f == "half" else 4)) * players
    if f == "one-blind":
        return b
    if f == "half-blind":
        return max(1, b // 2)
    if f == "two-blinds":
        return max(1, b // 2) + b
    return b * players


def rule_choices(game, key, chips, cfg=None):
    """The values offered for house rule ``key`` of ``game`` (a list), given the starting ``chips``.

    ``cfg`` (the session config, optional): a pot cap is offered only above what the boots put in
    (``forced_chips``): at or below it every hand would end at the deal.

    Choice specs come from ``rules.choices``: a tuple of values, "bool", or an int range
    ``[lo, hi]`` offered as a ladder (money keys up to the starting chips, counts up to 10).
    """
    spec = rules.choices(game, key)
    if key == "stud" and cfg is not None and cfg["players"] > _STUD_PLAYERS:
        return [False]                          # Forehead Stud deals 7 cards each: at most 7 players
    if spec == "bool":
        return [False, True]
    if isinstance(spec, tuple):
        return list(spec)
    lo, hi = spec[0], spec[1]
    out = []
    if lo == 0:
        out.append(0)
    if key in ("boot", "ante", "bet", "stake_cap", "pot_cap"):     # chip amounts
        _money_choices(game, key, chips, cfg, lo, hi, out)
    else:
        for v in range(max(lo, 1), min(hi, _COUNT_MAX) + 1):
            out.append(v)
    if not out:
        out.append(lo)
    return out


def _money_choices(game, key, chips, cfg, lo, hi, out):
    """Append to ``out`` the chip amounts of the stake ladder (1, 2, 5, 10 ... 100000) offered for money rule ``key``
    in ``[lo, hi]``: up to the starting chips (a boot/ante/bet: half of them; a pot cap: ten times, and only above
    what the boots put in)."""
    top = chips if key in ("stake_cap", "pot_cap") else max(1, chips // 2)
    low = 0
    if key == "pot_cap":
        top = chips * 10
        if cfg is not None:
            low = forced_chips(game, cfg["rules"], cfg["players"])
    for v in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000):
        if lo <= v <= hi and low < v <= top and v not in out:
            out.append(v)


def betting_keys(game):
    """The house-rule keys of ``game``'s betting structure screen (a tuple)."""
    return GAME_ROWS[game_index(game)][2]


def single_keys(game):
    """The other house-rule keys (the "single house rules" screen) in a fixed order (dict order is not
    kept by MicroPython): ``GAME_ROWS``' order, then any other key of ``rules`` sorted."""
    row = GAME_ROWS[game_index(game)]
    skip = row[2]
    sk = stake_key(game)
    have = rules.defaults(game)
    out = []
    for k in row[3]:
        if k in have:
            out.append(k)
    for k in sorted(have):
        if k not in skip and k != sk and k not in out:
            out.append(k)
    return out


def apply_preset(game, r, name):
    """The house rules of preset ``name``, keeping from the house rules ``r`` (the ones in force) the boot/ante and
    the betting keys the preset does not set itself (so the earlier setup screens are not silently undone)."""
    new = rules.preset(game, name)
    base = rules.defaults(game)
    keep = (stake_key(game),) + betting_keys(game)
    for k in keep:
        if new[k] == base[k] and k in r:
            new[k] = r[k]
    return new


# ---- the house rules in short lines (summary screen, rules view) -----------------------------------------
def describe(game, d):
    """Lines (wrapped to the screen by the caller) naming ``game``'s house rules in ``d`` for the summary screen and the
    rules view (its game's ``lines``: ``game_words``); ValueError (``dealerbox.rules.validate``) for a bad house rule
    or an unknown game."""
    return game_words(game).lines(game, rules.validate(game, d))

"""What the setup screens offer for each game: player range, chip ladders, labels, the session config.

A session config is a plain JSON-able dict (saved in the snapshot)::

    {"game": "teen-patti", "players": 4, "names": ["P1", ...],   # names of the seats in play
     "chips": 100,                                               # starting stack, chips (int)
     "preset": "default", "rules": {...}}                       # house rules (dealerbox.engine.rules)

The boot/ante and the betting structure are house-rule values (``rules.py`` keys), edited on
their own setup screens. Player ranges: RULES.md (Teen Patti 2-10, Turkish 2-5, Indian 2-10).
"""

from dealerbox.engine import rules
from dealerbox.lang import tr
from dealerbox.ui.modes import MAX_NAME  # noqa: F401  (settings.MAX_NAME)

GAMES = ("teen-patti", "turkish", "indian")
GAME_LABELS = ("Teen Patti", "Turkish Poker", "Indian Poker")
PLAYER_RANGE = ((2, 10), (2, 5), (2, 10))
# the name editor's letters (ui/font.py draws each): the first letter starts among the capitals, the others among
# the small letters; the accented letters of the sources' languages follow their alphabet
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZÀÂÄÇÉÈÊĞİÑÖŞÜ"
_LOWER = "abcdefghijklmnopqrstuvwxyzàâäçéèêğıñöşüß"
_OTHER = " -.0123456789"
NAME_CHARS = _UPPER + _LOWER + _OTHER           # the first letter of a name
NAME_CHARS_LATER = _LOWER + _OTHER + _UPPER     # every letter after it
CHIP_LADDER = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)
DEFAULT_CHIPS = 100
# the chip value, money per chip in whole cents (0: not set, nets in chips only); the currency is the table's
CENTS_LADDER = (0, 1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000)


def chip_value_text(cents):
    """The chip value as the summary shows it: "off" or the money of one chip ("0.10")."""
    if not cents:
        return "off"
    return "%d.%02d" % (cents // 100, cents % 100)


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


def name_chars(pos):
    """The letters the name editor steps through at position ``pos`` (0: capitals first, else small letters)."""
    return NAME_CHARS if pos == 0 else NAME_CHARS_LATER


def edit_char(name, pos, step):
    """``name`` with the character at ``pos`` moved ``step`` places along ``name_chars(pos)`` (wrapping)."""
    chars = name_chars(pos)
    ch = name[pos] if pos < len(name) else " "
    i = chars.find(ch)
    if i < 0:
        i = 0
    ch = chars[(i + step) % len(chars)]
    if pos >= len(name):
        return name + ch
    return name[:pos] + ch + name[pos + 1:]


def next_letter(name):
    """The letter a new position of the name editor starts with: the one before it as a small letter (a double
    letter costs nothing, a near one few presses), or "A" for the first."""
    if not name:
        return "A"
    c = name[-1]
    i = _UPPER.find(c)
    return _LOWER[i] if i >= 0 else (c if _LOWER.find(c) >= 0 else "a")


def is_default_name(name, seat):
    """True when ``name`` is the seat's default ("P3"): the editor then starts from "A"."""
    return name == default_name(seat)


def clean_name(name, seat):
    """``name`` trimmed of spaces (inner runs kept), or the seat's default when empty."""
    n = name.strip()
    return n if n else default_name(seat)


# ---- house rules on the setup screens (over dealerbox.engine.rules) ------------------------------------------
STAKE_LADDER = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000)
COUNT_MAX = 10
BETTING_KEYS = {
    "teen-patti": ("chaal", "stake_cap", "pot_limit", "blind_limit", "pot_cap"),
    "turkish": ("structure", "bet", "cap", "check_raise"),
    "indian": ("structure", "bet", "cap"),
}
MONEY_KEYS = ("boot", "ante", "bet", "stake_cap", "pot_cap")
LABELS = {
    "boot": "Boot", "ante": "Ante", "sequence": "A-2-3 ranks", "variant": "Variant", "muflis": "Muflis lowball",
    "five_middle_wild": "Best of 5 wild", "show": "Show", "sideshow": "Sideshow", "sideshow_third_forced":
    "3rd ask forced", "chaal": "Chaal", "blind_limit": "Blind limit", "stake_cap": "Chaal cap", "pot_limit":
    "Pot limit", "pot_cap": "Pot cap", "rebuy_mid_hand": "Rebuy in hand", "structure": "Betting", "bet": "Bet size",
    "cap": "Bets a round", "check_raise": "Check-raise", "openers": "Opening pair", "no_minor": "Minor straights",
    "standard_ranking": "Ranking", "hi_lo": "High-low split", "karanlik": "Karanlik blind", "four_with_36":
    "Deck for 4", "ties": "Ties", "low": "Low card wins", "two_cards": "Two cards", "center": "Center card",
    "party": "Party mode", "stud": "Game",
}
VALUE_TEXT = {
    "classic": "classic", "ak47": "AK47", "joker-hunt": "Joker Hunt", "best-of-four": "Best of 4",
    "best-of-five": "Best of 5", "cobra": "Cobra", "999": "999", "in-out": "In-Out", "off": "off",
    "range": "any amount", "two-size": "two sizes", "fixed": "fixed limit", "pot": "pot limit",
    "no-limit": "no limit", "free": "any amount", "kings": "kings", "jacks": "jacks", "aces": "aces",
    "split": "split pot", "suit-order": "suit order",
}
# values whose words depend on the rule (the same value means different things): "key=value" -> text
KEY_VALUE_TEXT = {
    "sequence=a23-high": "highest", "sequence=akq-high": "second", "sequence=a23-low": "lowest",
    "show=004": "pay 2x stake", "show=000": "pay the stake", "show=001": "2x last bet",
    "sideshow=004": "min chaal", "sideshow=000": "pay stake", "sideshow=001": "free",
    "no_minor=True": "off", "no_minor=False": "on",
    "standard_ranking=True": "standard", "standard_ranking=False": "Turkish",
    "four_with_36=True": "36 cards", "four_with_36=False": "32 cards",
    "stud=True": "Forehead Stud", "stud=False": "Indian Poker",
}

# issue 14's house rules (seed 001 forced bets, seed 004 higher limits): rows and values on the rules screen
LABELS["forced"] = "Ante"        # what is paid before the deal (seed 001 l'ante)
LABELS["higher_limits"] = "No top chaal"
VALUE_TEXT.update({"boot": "boot", "half": "half boot", "quarter": "1/4 boot", "dealer": "dealer",
                   "one-blind": "1 blind", "half-blind": "1/2 blind", "two-blinds": "2 blinds"})


STUD_PLAYERS = 7    # Forehead Stud's most players (games/indian.py STUD_SEATS: 7 cards each of 52)


def fit_stud(cfg):
    """Forehead Stud off when the table has more players than it can deal (``STUD_PLAYERS``); True if it was on."""
    r = cfg["rules"]
    if r.get("stud") and cfg["players"] > STUD_PLAYERS:
        r["stud"] = False
        return True
    return False


def stake_key(game):
    """The house-rule key of what everyone pays before the deal: "boot" (Teen Patti) or "ante"."""
    return "boot" if game == "teen-patti" else "ante"


def label(key):
    """Short screen label of house rule ``key``."""
    return LABELS.get(key, key)


def value_text(v, key=None):
    """Screen text of a house-rule value ``v`` of rule ``key`` in words (what it does: "pay 2x stake"; bool
    on/off, ints as digits); the sources are named in the docs, never on the screen."""
    t = KEY_VALUE_TEXT.get("%s=%s" % (key, v)) if key else None
    if t is not None:
        return t
    if v is True:
        return "on"
    if v is False:
        return "off"
    if isinstance(v, int):
        return str(v) if v else "none"
    return VALUE_TEXT.get(v, v)


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
    if key == "stud" and cfg is not None and cfg["players"] > STUD_PLAYERS:
        return [False]                          # Forehead Stud deals 7 cards each: at most 7 players
    if spec == "bool":
        return [False, True]
    if isinstance(spec, tuple):
        return list(spec)
    lo, hi = spec[0], spec[1]
    out = []
    if lo == 0:
        out.append(0)
    if key in MONEY_KEYS:
        top = chips if key in ("stake_cap", "pot_cap") else max(1, chips // 2)
        if key == "pot_cap":
            top = chips * 10
        for v in STAKE_LADDER + (10000, 20000, 50000, 100000):
            if lo <= v <= hi and v <= top and v not in out:
                out.append(v)
    else:
        for v in range(max(lo, 1), min(hi, COUNT_MAX) + 1):
            out.append(v)
    if key == "pot_cap" and cfg is not None:
        low = forced_chips(game, cfg["rules"], cfg["players"])
        out = [v for v in out if v == 0 or v > low]
    if not out:
        out.append(lo)
    return out


def betting_keys(game):
    """The house-rule keys of ``game``'s betting structure screen."""
    return BETTING_KEYS[game]


SINGLE_ORDER = {
    "teen-patti": ("variant", "sequence", "muflis", "five_middle_wild", "show", "sideshow", "sideshow_third_forced",
                   "rebuy_mid_hand"),
    "turkish": ("openers", "no_minor", "standard_ranking", "hi_lo", "karanlik", "four_with_36"),
    "indian": ("ties", "low", "two_cards", "center", "party", "stud"),
}


def single_keys(game):
    """The other house-rule keys (the "single house rules" screen) in a fixed order (dict order is not
    kept by MicroPython): ``SINGLE_ORDER``, then any other key of ``rules`` sorted."""
    skip = BETTING_KEYS[game]
    sk = stake_key(game)
    have = rules.defaults(game)
    out = [k for k in SINGLE_ORDER[game] if k in have]
    for k in sorted(have):
        if k not in skip and k != sk and k not in out:
            out.append(k)
    return out


def apply_preset(game, current, name):
    """The house rules of preset ``name``, keeping from ``current`` the boot/ante and the betting keys the
    preset does not set itself (so the earlier setup screens are not silently undone)."""
    new = rules.preset(game, name)
    base = rules.defaults(game)
    keep = (stake_key(game),) + BETTING_KEYS[game]
    for k in keep:
        if new[k] == base[k] and k in current:
            new[k] = current[k]
    return new


# ---- the house rules in short lines (summary screen, rules view) -----------------------------------------
_TP_NAMES = {
    "classic": "Classic Teen Patti", "ak47": "AK47: A K 4 7 wild", "joker-hunt": "Joker Hunt",
    "best-of-four": "Best of Four", "best-of-five": "Best of Five", "cobra": "Cobra 1 card",
    "999": "999 1 card", "in-out": "In-Out 1 card",
}
_SEQ_LINES = {"a23-high": "A-2-3 top sequence", "akq-high": "A-K-Q, then A-2-3", "a23-low": "A-2-3 lowest sequence"}
_SHOW_LINES = {
    "004": "Show: pay 2x stake, blind pays 1x",
    "000": "Show: pay the stake",
    "001": "Show: seen only, pay 2x last bet, 4x if blind",
}
_SIDESHOW_LINES = {
    "004": "Sideshow: with the player before you, all seen, costs a chaal; refused: play on",
    "000": "Sideshow: with the player before you, costs the stake; refused: chaal or pack",
    "001": "Sideshow: with the player before you, free; refused: chaal or pack",
    "off": "No sideshow",
}


def _describe_teen_patti(d):
    out = ["Boot %d" % d["boot"], _TP_NAMES[d["variant"]]]
    if d["variant"] == "best-of-five" and d["five_middle_wild"]:
        out.append("Middle card wild")
    out.append(_SEQ_LINES[d["sequence"]])
    if d["muflis"]:
        out.append("Muflis (lowball)")
    out.append(_SHOW_LINES[d["show"]])
    out.append(_SIDESHOW_LINES[d["sideshow"]])
    if d["sideshow_third_forced"]:
        out.append("3rd sideshow ask cannot be refused")
    out.append("Chaal: lowest or highest only" if d["chaal"] == "two-size" else "Chaal: any amount in range")
    if d["blind_limit"]:
        out.append("At most %d blind chaals" % d["blind_limit"])
    if d["stake_cap"]:
        out.append("Chaal cap %d" % d["stake_cap"])
    if d["pot_limit"]:
        out.append("Pot limit")
    if d["pot_cap"]:
        out.append("Pot cap %d" % d["pot_cap"])
    if d["rebuy_mid_hand"]:
        out.append("Rebuy mid-hand")
    _describe_forced(d, out)
    return out


_FORCED_LINES = {"half": "Ante: half the boot", "quarter": "Ante: quarter of boot", "dealer": "Dealer antes for all",
                 "one-blind": "One blind: the boot", "half-blind": "One blind: half boot",
                 "two-blinds": "Blinds: half + boot"}


def _describe_forced(d, out):
    """The summary lines of who pays before the deal (seed 001) and of the higher limits (seed 004)."""
    line = _FORCED_LINES.get(d["forced"])
    if line:
        out.append(line)
    if d["higher_limits"]:
        out.append("Chaal: no upper limit")


_STRUCT_NAMES = {"fixed": "Fixed limit", "pot": "Pot limit", "no-limit": "No limit", "free": "Free amount"}


def _describe_turkish(d):
    out = ["Ante %d, bet %d" % (d["ante"], d["bet"]), _STRUCT_NAMES[d["structure"]]]
    if d["structure"] == "fixed":
        out.append("Cap %d bets a round" % d["cap"])
    out.append("Open with %s or better" % d["openers"])
    out.append("Standard ranking" if d["standard_ranking"] else "Turkish ranking")
    if d["no_minor"]:
        out.append("No minor straights")
    if not d["check_raise"]:
        out.append("No check-raise")
    if d["hi_lo"]:
        out.append("High-low split")
    if d["karanlik"]:
        out.append("Karanlik blind bet")
    if d["four_with_36"]:
        out.append("4 players: 36 cards")
    return out


def _describe_stud(d):
    """Forehead Stud's summary lines (docs/indian.md)."""
    out = [tr("Ante %d, bet %d") % (d["ante"], d["bet"]), _STRUCT_NAMES[d["structure"]]]
    if d["structure"] == "fixed":
        out.append(tr("Cap %d bets a round") % d["cap"])
        out.append(tr("Bet %d from round 3") % (2 * d["bet"]))
    out.append(tr("Forehead Stud"))
    out.append(tr("4 forehead + 3 hole"))
    out.append(tr("5 betting rounds"))
    out.append(tr("Best 5 of 7 cards"))
    out.append(tr("Poker hand ranking"))
    out.append(tr("Ties split the pot"))
    return out


def _describe_indian(d):
    if d["stud"]:
        return _describe_stud(d)
    if d["party"]:
        out = ["Party: no betting"]
    else:
        out = ["Ante %d, bet %d" % (d["ante"], d["bet"]), _STRUCT_NAMES[d["structure"]]]
        if d["structure"] == "fixed":
            out.append("Cap %d bets a round" % d["cap"])
    out.append("Low Indian, ace low" if d["low"] else "High card wins")
    out.append("Ties: suit order" if d["ties"] == "suit-order" else "Ties split the pot")
    if d["two_cards"]:
        out.append("Forehead + hole card")
    if d["center"]:
        out.append("Center card, 2 rounds")
    return out


_DESCRIBE = {
    "teen-patti": _describe_teen_patti,
    "turkish": _describe_turkish,
    "indian": _describe_indian,
}


def describe(game, d):
    """Lines (wrapped to the screen by the caller) naming ``game``'s house rules in ``d`` for the summary screen and the
    rules view; ValueError (``dealerbox.rules.validate``) for a bad house rule."""
    full = rules.validate(game, d)
    f = _DESCRIBE.get(game)
    if f is None:
        return ["%s %s" % (k, full[k]) for k in full]
    return f(full)

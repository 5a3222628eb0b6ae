"""The app's screens (modes) and the words it shows for actions, menus and house rules (RULES.md terms)."""

from micropython import const

from dealerbox.lang import N_, keep, tr

# screens (modes)
M_RESUME = const(1)
M_GAME = const(2)
M_PLAYERS = const(3)
M_NAMES = const(4)
M_NAME = const(5)
M_CHIPS = const(6)
M_BOOT = const(7)
M_STRUCT = const(8)
M_PRESET = const(9)
M_RULES = const(10)
M_SUMMARY = const(11)
M_GATE = const(20)
M_TURN = const(21)
M_SHOWDOWN = const(22)
M_AWARDS = const(23)
M_STANDINGS = const(24)
M_BETWEEN = const(25)
M_REBUY = const(26)
M_MENU = const(27)
M_END = const(28)
M_RULESVIEW = const(29)
M_PEEK = const(30)          # a sideshow comparison, private to one of its two players (behind its gate)
M_NOSAVE = const(31)        # the session is not being saved (a full flash): keep playing or free room
M_SEAL = const(32)          # a hand's first screen: the deal's commitment, before the first gate (docs/fairness.md)
M_DRAWN = const(34)         # Turkish draw: the new hand, private to the player who drew (before the next gate)
M_SETTLE = const(33)        # between hands: each net and who pays whom "if we stop now"
M_LANG = const(35)          # the language list, from the game screen's last row (ui/langpick.py)
M_TABLE = const(36)         # the table during a hand: who is in, packed, all-in, blind/seen, stacks, put in
M_ROOM = const(37)          # between hands, the flash nearly full: room for N more hands, drop them or not (roomnote)

SETUP = (M_GAME, M_PLAYERS, M_NAMES, M_CHIPS, M_BOOT, M_STRUCT, M_PRESET, M_RULES, M_SUMMARY)    # in their order
SNAPSHOT_VERSION = const(1)
MAX_DISCARD = const(4)      # Turkish draw: discard 0 to 4 (RULES.md, Turkish Poker)
MAX_NAME = const(8)         # letters in a player's name
# shared by the setup and the screens of the play (which use them without ui/settings.py): the ladder of chips (the
# setup's, the rebuy's), the chip values (a save's check) and the decimal mark of money ("0.10": each language's own,
# "0,10" in French)
CHIP_LADDER = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)
# the chip value, money per chip in whole cents (0: not set, nets in chips only); the currency is the table's
CENTS_LADDER = (0, 1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000)
DECIMAL_MARK = N_(".")
# the games' names on screen, in ``dealerbox.games.GAMES``'s order (the setup's game list, the resume offer's title)
GAME_NAMES = (N_("Teen Patti"), N_("Turkish Poker"), N_("Indian Poker"))

# the action kinds and their labels on the action bar; the kinds as the public line after an action says them ("Ben:
# chaal 4"): in English the kind itself, so the kind is the text to translate (``describe``), each key marked for
# the catalog here (``N_`` on a key costs nothing once the module is imported: no second table of the words)
ACTION_LABELS = {
    N_("see"): N_("See cards"), N_("chaal"): N_("Chaal"), N_("blind"): N_("Blind"), N_("pack"): N_("Pack"),
    N_("show"): N_("Show"), N_("sideshow"): N_("Sideshow"), N_("accept"): N_("Accept"), N_("refuse"): N_("Refuse"),
    N_("check"): N_("Check"), N_("open"): N_("Open"), N_("bet"): N_("Bet"), N_("call"): N_("Call"),
    N_("raise"): N_("Raise"), N_("fold"): N_("Fold"), N_("draw"): N_("Draw"), N_("rebuy"): N_("Rebuy"),
    N_("look"): N_("Look at cards"), N_("karanlik"): N_("Karanlik blind"),
}
ALL_IN_LABEL = N_("All-in")     # the action bar's label for an amount that is the seat's whole stack ("All-in 10")
PUTS_CHIPS = ("chaal", "blind", "bet", "raise", "call", "open", "karanlik")    # the kinds whose amount is put in
keep(tuple(ACTION_LABELS.values()) + (ALL_IN_LABEL,))   # the turn's action bar translates its label while drawing
ALL_IN = N_("all-in")       # a bet of the seat's last chip, as the public line says it ("Ben: all-in 82")
BETWEEN_ITEMS = (N_("Next hand"), N_("Standings"), N_("Rebuy"), N_("Rules"), N_("Settle up"), N_("End session"))
B_NEXT, B_STANDINGS, B_REBUY, B_SETTLE, B_END = 0, 1, 2, 4, 5     # their rows (3: Rules, the one left)
MENU_ITEMS = (N_("Back to game"), N_("Standings"), N_("Rules"), N_("The table"), N_("Misdeal"))
# their rows (0: Back to game; Misdeal: only while a hand is live)
T_STANDINGS, T_RULES, T_TABLE, T_MISDEAL = 1, 2, 3, 4


def action_label(kind):
    """Screen label of an action kind ("chaal" -> "Chaal"), in the language in use."""
    return tr(ACTION_LABELS.get(kind, kind))


def wild_name(w):
    """The Joker Hunt wild rank (0-12) as players say it: "7", "10", "K" (gate, turn and showdown lines)."""
    return "10" if w == 8 else "23456789TJQKA"[w]


_TITLE_LEN = const(21)    # letters of a title bar (x 2 to 127)


def fit_title(*lines):
    """The first of ``lines`` that fits a title bar or a line of the frame (``_TITLE_LEN`` letters), else the
    last one: the wordings go from the fullest to the shortest, none cut inside a word."""
    for s in lines:
        if len(s) <= _TITLE_LEN:
            return s
    return lines[-1]


def wild_info(pot, stake, w):
    """The gate's and turn's public line with the Joker Hunt wild rank ``w`` (public, seed 000): the first of
    "Pot 17 stake 2 wild 7", "Pot 170 st 20 wild 7", "Pot 17000  wild 7" that fits in 21 characters (``fit_title``)."""
    r = wild_name(w)
    return fit_title(tr("Pot %d stake %s wild %s") % (pot, stake, r), tr("Pot %d st %s wild %s") % (pot, stake, r),
                     tr("Pot %d  wild %s") % (pot, r))


def describe(names, seat, action, events, all_in=False):
    """One public line about what ``action`` by ``seat`` did (``events``: the engine's): "Ben: chaal 4"; ``all_in``:
    the action put the seat's last chip in ("Ben: all-in 82"). A wording that does not fit the title bar gives way to
    a shorter one; an action kind is said as the kind itself, translated."""
    name = names[seat]
    if action.kind == "draw":
        return tr("%s drew %d") % (name, len(action.cards))
    for ev in events:
        if ev[0] == "sideshow":                 # the first wording that fits the title bar (the last: the asker only)
            other = names[ev[2]]
            return fit_title(tr("Sideshow: %s asks %s") % (name, other), tr("%s asks %s sideshow") % (name, other),
                             tr("Sideshow %s\x18%s") % (name, other), tr("%s asks %s") % (name, other),
                             tr("%s: sideshow") % name)
        if ev[0] == "refuse":
            return fit_title(tr("%s refuses sideshow") % name, tr("%s refuses") % name)
        if ev[0] == "pack" and action.kind == "accept":
            return fit_title(tr("%s packs (sideshow)") % names[ev[1]], tr("%s packs") % names[ev[1]])
    k = action.kind
    if not action.amount:
        return tr("%s: %s") % (name, tr(k))
    if all_in:                                  # "Ben: all-in 82": the bet put the seat's last chip in
        k = ALL_IN
    w = tr(k)
    short = tr("blind" if k == "karanlik" else k)       # (Karanlik: the Turkish blind bet)
    a = action.amount
    return fit_title(tr("%s: %s %d") % (name, w, a), tr("%s %s %d") % (name, w, a),
                     tr("%s: %s %d") % (name, short, a), tr("%s %s %d") % (name, short, a), "%s %d" % (name, a))


def ladder_step(ladder, value, step):
    """The value ``step`` places along ``ladder`` from ``value`` (clamped to its ends)."""
    i = 0
    while i < len(ladder) - 1 and ladder[i] < value:
        i += 1
    return ladder[max(0, min(len(ladder) - 1, i + step))]


def game_label(game):
    """Display name of ``game`` ("Teen Patti", ...) in the language in use; ValueError for an unknown game."""
    from dealerbox.games import GAMES

    return tr(GAME_NAMES[GAMES.index(game)])


def flag_lines(out, d, flags):
    """Append to ``out`` the line of each house rule of ``flags`` (pairs: the rule's key, its line, or None: the
    check-raise, said when off, "No check-raise") that is on in ``d`` ("%d" lines with its value), in their order
    (the house-rule lines of every game: ``settings.describe``)."""
    for key, line in flags:
        if line is None:
            if not d[key]:
                out.append(tr("No check-raise"))
        elif d[key]:
            out.append(tr(line) % d[key] if "%d" in line else tr(line))

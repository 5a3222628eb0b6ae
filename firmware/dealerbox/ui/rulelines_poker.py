"""Turkish and Indian Poker's house rules in words: their labels and values on the rules screens (``settings.label``,
``settings.value_text``) and their short lines on the summary screen and the rules view (``settings.describe``)."""

from dealerbox.lang import N_, tr
from dealerbox.ui.modes import GAME_NAMES, flag_lines

# each house rule's short label on the rules screens (translated where shown; a key without one shows as itself)
LABELS = {
    "ante": N_("Ante"), "structure": N_("Betting"), "bet": N_("Bet size"), "cap": N_("Bets a round"),
    "check_raise": N_("Check-raise"), "openers": N_("Opening pair"), "no_minor": N_("Minor straights"),
    "standard_ranking": N_("Ranking"), "hi_lo": N_("High-low split"), "karanlik": N_("Karanlik blind"),
    "four_with_36": N_("Deck for 4"), "ties": N_("Ties"), "low": N_("Low card wins"), "two_cards": N_("Two cards"),
    "center": N_("Center card"), "party": N_("Party mode"), "stud": N_("Game"),
}
# a house-rule value's words on the rules screens, keyed by the value
VALUE_TEXT = {
    "fixed": N_("fixed limit"), "pot": N_("pot limit"), "no-limit": N_("no limit"), "free": N_("any amount"),
    "kings": N_("kings"), "jacks": N_("jacks"), "aces": N_("aces"), "split": N_("split pot"),
    "suit-order": N_("suit order"),
}
# values whose words depend on the rule (the same value means different things): rule key -> (value, text, ...)
KEY_VALUE_TEXT = {
    "no_minor": (True, N_("off"), False, N_("on")), "standard_ranking": (True, N_("standard"), False, N_("Turkish")),
    "four_with_36": (True, N_("36 cards"), False, N_("32 cards")),
    "stud": (True, N_("Forehead Stud"), False, GAME_NAMES[2]),     # (Indian Poker)
}
# the line of a house-rule value, keyed by the value (the betting structure's and the opening pair's are distinct)
_LINES = {
    "fixed": N_("Fixed limit"), "pot": N_("Pot limit"), "no-limit": N_("No limit"), "free": N_("Free amount"),
    "kings": N_("Open with kings or better"), "jacks": N_("Open with jacks or better"),
    "aces": N_("Open with aces or better"),
}


def lines(game, d):
    """Lines naming ``game``'s house rules ``d`` (validated: ``settings.describe``; "turkish" or "indian"). The two
    share the betting lines (ante and bet, structure, the fixed limit's cap, none in Indian party mode); Forehead
    Stud's lines (docs/indian.md) when it is on (never in party mode: ``rules.STUD_EXCLUDES``)."""
    if game == "indian" and d["party"]:             # party mode: no betting
        out = [tr("Party: no betting")]
    else:                                           # ante and bet, the structure, the fixed limit's cap
        out = [tr("Ante %d, bet %d") % (d["ante"], d["bet"]), tr(_LINES[d["structure"]])]
        if d["structure"] == "fixed":
            n = d["cap"]
            out.append(tr("Cap 1 bet a round") if n == 1 else tr("Cap %d bets a round") % n)
            if game == "indian" and d["stud"]:      # Forehead Stud: the double bet from round 3
                out.append(tr("Bet %d from round 3") % (2 * d["bet"]))
    if game == "turkish":
        out.append(tr(_LINES[d["openers"]]))
        out.append(tr("Standard ranking" if d["standard_ranking"] else "Turkish ranking"))
        flag_lines(out, d, (("no_minor", N_("No minor straights")), ("check_raise", None),
                            ("hi_lo", N_("High-low split")), ("karanlik", N_("Karanlik blind bet")),
                            ("four_with_36", N_("4 players: 36 cards"))))
    elif d["stud"]:
        out += [tr("Forehead Stud"), tr("4 forehead + 3 hole"), tr("5 betting rounds"), tr("Best 5 of 7 cards"),
                tr("Poker hand ranking"), tr("Ties split the pot")]
    else:
        out.append(tr("Low Indian, ace low" if d["low"] else "High card wins"))
        out.append(tr("Ties: suit order" if d["ties"] == "suit-order" else "Ties split the pot"))
        flag_lines(out, d, (("two_cards", N_("Forehead + hole card")), ("center", N_("Center card, 2 rounds"))))
    return out

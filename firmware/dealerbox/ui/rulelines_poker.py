"""Turkish and Indian Poker's house rules in short lines, for the summary screen and the rules view
(``settings.describe``)."""

from dealerbox.lang import N_, tr
from dealerbox.ui.settings import flag_lines

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

"""Teen Patti's house rules in short lines, for the summary screen and the rules view (``settings.describe``)."""

from dealerbox.lang import N_, tr
from dealerbox.ui.settings import flag_lines

# the line of a house-rule value, keyed by the value (the values of the variant, the A-2-3 sequence and the forced
# bets are all distinct: one table)
_LINES = {
    "classic": N_("Classic Teen Patti"), "ak47": N_("AK47: A K 4 7 wild"), "joker-hunt": N_("Joker Hunt"),
    "best-of-four": N_("Best of Four"), "best-of-five": N_("Best of Five"), "cobra": N_("Cobra 1 card"),
    "999": N_("999 1 card"), "in-out": N_("In-Out 1 card"),
    "a23-high": N_("A-2-3 top sequence"), "akq-high": N_("A-K-Q, then A-2-3"), "a23-low": N_("A-2-3 lowest sequence"),
    "half": N_("Ante: half the boot"), "quarter": N_("Ante: quarter of boot"), "dealer": N_("Dealer antes for all"),
    "one-blind": N_("One blind: the boot"), "half-blind": N_("One blind: half boot"),
    "two-blinds": N_("Blinds: half + boot"),
}


def lines(game, d):
    """Lines naming the Teen Patti house rules ``d`` (validated: ``settings.describe``; ``game`` is "teen-patti")."""
    out = [tr("Boot %d") % d["boot"], tr(_LINES[d["variant"]])]
    if d["variant"] == "best-of-five" and d["five_middle_wild"]:
        out.append(tr("Middle card wild"))
    out.append(tr(_LINES[d["sequence"]]))
    if d["muflis"]:
        out.append(tr("Muflis (lowball)"))
    v = d["show"]
    out.append(tr("Show: pay 2x stake, blind pays 1x" if v == "004" else "Show: pay the stake" if v == "000" else
                  "Show: seen only, pay 2x last bet, 4x if blind"))
    v = d["sideshow"]
    out.append(tr("Sideshow: with the player before you, all seen, costs a chaal; refused: play on" if v == "004" else
                  "Sideshow: with the player before you, costs the stake; refused: chaal or pack" if v == "000" else
                  "Sideshow: with the player before you, free; refused: chaal or pack" if v == "001" else
                  "No sideshow"))
    if d["sideshow_third_forced"]:
        out.append(tr("3rd sideshow ask cannot be refused"))
    out.append(tr("Chaal: lowest or highest only" if d["chaal"] == "two-size" else "Chaal: any amount in range"))
    n = d["blind_limit"]
    if n:
        out.append(tr("At most 1 blind chaal") if n == 1 else tr("At most %d blind chaals") % n)
    flag_lines(out, d, (("stake_cap", N_("Chaal cap %d")), ("pot_limit", N_("Pot limit")),
                        ("pot_cap", N_("Pot cap %d")), ("rebuy_mid_hand", N_("Rebuy mid-hand"))))
    line = _LINES.get(d["forced"])     # who pays before the deal (seed 001), the higher limits (seed 004)
    if line:
        out.append(tr(line))
    if d["higher_limits"]:
        out.append(tr("Chaal: no upper limit"))
    return out

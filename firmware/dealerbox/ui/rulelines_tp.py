"""Teen Patti's house rules in words: their labels and values on the rules screens (``settings.label``,
``settings.value_text``) and their short lines on the summary screen and the rules view (``settings.describe``)."""

from dealerbox.lang import N_, tr
from dealerbox.ui.modes import flag_lines

# each house rule's short label on the rules screens (translated where shown; a key without one shows as itself)
LABELS = {
    "boot": N_("Boot"), "sequence": N_("A-2-3 ranks"), "variant": N_("Variant"), "muflis": N_("Muflis lowball"),
    "five_middle_wild": N_("Best of 5 wild"), "show": N_("Show"), "sideshow": N_("Sideshow"),
    "sideshow_third_forced": N_("3rd ask forced"), "chaal": N_("Chaal"), "blind_limit": N_("Blind limit"),
    "stake_cap": N_("Chaal cap"), "pot_limit": N_("Pot limit"), "pot_cap": N_("Pot cap"),
    "rebuy_mid_hand": N_("Rebuy in hand"),
    # issue 14's house rules (seed 001 forced bets, seed 004 higher limits): rows on the rules screen
    "forced": N_("Ante"),   # what is paid before the deal (seed 001 l'ante)
    "higher_limits": N_("No top chaal"),
}
# a house-rule value's words on the rules screens, keyed by the value
VALUE_TEXT = {
    "classic": N_("classic"), "ak47": N_("AK47"), "joker-hunt": N_("Joker Hunt"), "best-of-four": N_("Best of 4"),
    "best-of-five": N_("Best of 5"), "cobra": N_("Cobra"), "999": "999", "in-out": N_("In-Out"), "off": N_("off"),
    "range": N_("any amount"), "two-size": N_("two sizes"),
    # issue 14's house rules: who pays before the deal (seed 001)
    "boot": N_("boot"), "half": N_("half boot"), "quarter": N_("1/4 boot"), "dealer": N_("dealer"),
    "one-blind": N_("1 blind"), "half-blind": N_("1/2 blind"), "two-blinds": N_("2 blinds"),
}
# values whose words depend on the rule (the same value means different things): rule key -> (value, text, ...)
KEY_VALUE_TEXT = {
    "sequence": ("a23-high", N_("highest"), "akq-high", N_("second"), "a23-low", N_("lowest")),
    "show": ("004", N_("pay 2x stake"), "000", N_("pay the stake"), "001", N_("2x last bet")),
    "sideshow": ("004", N_("min chaal"), "000", N_("pay stake"), "001", N_("free")),
}
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

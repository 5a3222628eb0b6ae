"""Teen Patti's sideshow on the screens (RULES.md, Teen Patti sideshow): the public line of an ask, a refusal and the
pack an accepted one ends in (``modes.describe``), and the comparison its two players see behind their gates
(``play.ShownScreen``, ``M_PEEK``). Imported at the first sideshow: only a Teen Patti session loads it."""

from dealerbox.lang import tr
from dealerbox.ui.modes import fit_title
from dealerbox.ui.results_flow import category_label, hand_lines


def line(names, seat, kind, events):
    """The public line of the sideshow event among ``events`` (the engine's, of the action ``kind`` by ``seat``:
    "sideshow", "accept" or "refuse"), the first wording that fits the title bar; None when there is none."""
    name = names[seat]
    for ev in events:
        if ev[0] == "sideshow":                 # the first wording that fits the title bar (the last: the asker only)
            other = names[ev[2]]
            return fit_title(tr("Sideshow: %s asks %s") % (name, other), tr("%s asks %s sideshow") % (name, other),
                             tr("Sideshow %s\x18%s") % (name, other), tr("%s asks %s") % (name, other),
                             tr("%s: sideshow") % name)
        if ev[0] == "refuse":
            return fit_title(tr("%s refuses sideshow") % name, tr("%s refuses") % name)
        if ev[0] == "pack" and kind == "accept":    # an accepted sideshow: the player whose hand lost packs
            return fit_title(tr("%s packs (sideshow)") % names[ev[1]], tr("%s packs") % names[ev[1]])
    return None


def comparison(app, seat, peek, v):
    """The accepted sideshow ``peek`` (asker, asked, loser, [seats still to see it]) as ``seat`` sees it from its
    view ``v``: both hands, the one that packs unmarked. Returns (hand lines, the x of their cards, the title)."""
    e = app.engine
    asker, target, loser, _to = peek
    other = target if seat == asker else asker
    shown = v.get("peek") or {}
    oc = shown.get(other) or shown.get(str(other)) or []
    names = app.table.names
    hands = []
    for s, cards in ((seat, v.get("cards") or []), (other, oc)):
        hands.append(("" if s == loser else "\x19", names[s], cards, category_label(e.category(s))))
    rows, col = hand_lines(hands)
    return rows, col, fit_title(tr("Sideshow: %s packs") % names[loser], tr("Sideshow result"))

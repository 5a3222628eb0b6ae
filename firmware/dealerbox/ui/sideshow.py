"""Teen Patti's accepted sideshow on the screens (RULES.md, Teen Patti sideshow): the comparison its two players see
behind their gates (``play.ShownScreen``, ``M_PEEK``). Imported at the first one: only a Teen Patti session loads
it."""

from dealerbox.lang import tr
from dealerbox.ui.modes import fit_title
from dealerbox.ui.results_flow import category_label, hand_lines


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

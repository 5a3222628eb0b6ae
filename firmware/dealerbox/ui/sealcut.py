"""The seal-and-cut screen: a hand's first screen (docs/fairness.md, docs/ui.md).

The box has shuffled and sealed the next hand's deck (``Engine.seal_deck``): the screen shows the seal, the first
16 hex digits of the commitment in four groups (``engine.base.seal_code``: it covers the deck, the salt and the
hash of the hand log's line before, so a photograph of it pins the deal and the whole log before it), and asks
the player at the dealer's right to cut, as the sources say ("le joueur à sa droite coupe le jeu": seeds 000,
002, 003). LEFT/RIGHT move the cut point (long: 10 cards), OK cuts there and the hand is dealt from the sealed
deck cut at that point (0: not cut, the player knocks). Neither the box (it sealed before the cut) nor the cutter
(the deck is sealed unseen) chose the cards; Joker Hunt's wild rank is the card at the cut's (seed 000).
"""

from dealerbox.engine.base import seal_code
from dealerbox.lang import N_, keep, tr
from dealerbox.ui import buttons as btn
from dealerbox.ui import widgets

keep((N_("Hand %d sealed: %s cuts"), N_("%s cuts"), N_("Cut at card %d of %d"), N_("Not cut"),
      N_("\x17\x18 cut  OK: deal")))


class SealCut:
    """The screen's state: ``code`` (the seal as shown, str), ``cut`` (int, 0 .. ``size`` - 1), ``size`` (cards in
    the deck), ``title`` (who cuts). ``SealCut(engine, commit)`` after ``engine.seal_deck`` returned ``commit``."""

    def __init__(self, engine, commit):
        self.code = seal_code(commit)
        self.rows = (self.code[:9], self.code[10:])     # the seal's two lines, cut once (a redraw allocates nothing)
        self.size = len(engine.sealed[0])
        self.cut = 0
        self.line = tr("Not cut")   # the cut point in words (made at a press: a redraw allocates nothing)
        self.hint = tr("\x17\x18 cut  OK: deal")
        name = engine.table.names[engine.cutter()]
        line = tr("Hand %d sealed: %s cuts") % (engine.hand_no + 1, name)
        self.title = line if len(line) <= 21 else tr("%s cuts") % name

    def press(self, button, long):
        """Handle one button (long LEFT/RIGHT: 10 cards); True when OK (short or long) cut the deck (the app deals it,
        cut at ``cut``)."""
        step = 10 if long else 1
        if button == btn.RIGHT:
            self.cut = (self.cut + step) % self.size
        elif button == btn.LEFT:
            self.cut = (self.cut - step) % self.size
        self.line = tr("Cut at card %d of %d") % (self.cut, self.size) if self.cut else tr("Not cut")
        return button == btn.OK

    def key(self):
        """What the screen draws from (the app's redraw test)."""
        return self.cut

    def draw(self, cv):
        """The title (who cuts), the seal in big type on two lines, the cut point, the keys."""
        widgets.title(cv, self.title)
        cv.center(self.rows[0], 12, 1, True)
        cv.center(self.rows[1], 29, 1, True)
        cv.center(self.line, 46)
        widgets.footer(cv, self.hint)

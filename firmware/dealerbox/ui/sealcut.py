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
from dealerbox.ui.modes import M_SEAL, fit_title
from dealerbox.ui.screen import LONG_LR, Screen

keep((N_("Hand %d sealed: %s cuts"), N_("Sealed: %s cuts"), N_("%s cuts"), N_("Cut at card %d of %d"), N_("Not cut"),
      N_("\x17\x18 cut  OK: deal")))


class SealCutScreen(Screen):
    """The screen's state: ``code`` (the seal as shown, str), ``cut`` (int, 0 .. ``size`` - 1), ``size`` (cards in
    the deck), ``title`` (who cuts). ``SealCutScreen(app, commit)`` after ``app.engine.seal_deck`` returned
    ``commit`` (64 hex digits). Nothing to ``build``: the seal and the cut are made at the screen's birth and at a
    press."""

    MODE = M_SEAL
    LONG = LONG_LR

    def __init__(self, app, commit):
        super().__init__(app, -1)
        e = app.engine
        self.code = seal_code(commit)
        self.rows = [self.code[:9], self.code[10:]]     # the seal's two lines, cut once (a redraw allocates nothing)
        self.size = len(e.sealed[0])
        self.cut = 0
        self.line = tr("Not cut")   # the cut point in words (made at a press: a redraw allocates nothing)
        self.hint = tr("\x17\x18 cut  OK: deal")
        name = e.table.names[e.cutter()]
        self.title = fit_title(tr("Hand %d sealed: %s cuts") % (e.hand_no + 1, name), tr("Sealed: %s cuts") % name,
                               tr("%s cuts") % name)

    def press(self, b, long):
        """LEFT/RIGHT move the cut (long: 10 cards); OK (short or long) deals the sealed deck cut there
        (``App.deal``)."""
        step = 10 if long else 1
        if b == btn.RIGHT:
            self.cut = (self.cut + step) % self.size
        elif b == btn.LEFT:
            self.cut = (self.cut - step) % self.size
        elif b == btn.OK:
            self.app.deal(self.cut)
            return
        self.line = tr("Cut at card %d of %d") % (self.cut, self.size) if self.cut else tr("Not cut")

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

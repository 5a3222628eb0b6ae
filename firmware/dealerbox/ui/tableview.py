"""The table view (issue 25): during a hand, from any gate (UP/DOWN) or the table menu, who is in, packed or folded,
all-in, blind or seen, each stack and what each put in this hand; no card (seed 004: what players must watch)."""

from dealerbox.lang import tr
from dealerbox.ui import buttons as btn
from dealerbox.ui.modes import M_TABLE, fit_title
from dealerbox.ui.screen import Screen, fit


class TableScreen(Screen):
    """The table during a hand, public (no card, from any gate or the table menu): per seat its name (the seat to act
    marked), its state as the table sees it ("out": not dealt in, "packed"/"folded", "all-in", then Teen Patti's
    "blind"/"seen", else "in"; each translated), its stack and the chips it put in this hand. UP/DOWN scroll, OK or
    LEFT back."""

    MODE = M_TABLE

    def __init__(self, app):
        super().__init__(app, -1)

    def build(self):
        e = self.app.engine
        t = self.app.table
        seen = getattr(e, "seen", None)     # Teen Patti: blind or seen
        rows = []
        for s in range(t.n):
            if not e.dealt[s]:
                state = tr("out")
            elif not e.is_live(s):
                state = tr("packed") if e.GAME == "teen-patti" else tr("folded")
            elif e.is_all_in(s):
                state = tr("all-in")
            elif seen is not None:
                state = tr("seen") if seen[s] else tr("blind")
            else:
                state = tr("in")
            mark = "\x18" if s == e.to_act else " "
            rows.append(("%s%s %s" % (mark, t.names[s], state), "%d/%d" % (t.stacks[s], e.pb.contributed[s])))
        self.rows = fit(rows)
        self.title = fit_title(tr("Table: stack/put in"), tr("Stack/put in"))
        self.hint = self.more(tr("\x1c more  OK back"), tr("OK back"))

    def press(self, b, long):
        if b in (btn.UP, btn.DOWN):
            self.scroll(b)
        elif b in (btn.OK, btn.LEFT):
            self.app.back()

"""The base of every screen: a screen is an object that computes what it shows when a button is pressed
(``build``), handles its own buttons (``press``) and paints itself (``draw``); the app shows one at a time
and goes forward and back between them (``App.change`` / ``App.back``, as Peter Hinch's micro-gui's
``Screen.change()`` / ``Screen.back()``): a screen opened with ``change`` keeps the screen it came from in
``prev``, and ``back`` returns there as it was left (its row, its scroll).

A screen reads the box's shared state from its ``app`` (table, engine, session config, store) and changes it
only through the app's methods; it writes no other object's fields.
"""

from micropython import const

from dealerbox.ui import buttons as btn
from dealerbox.ui import screens, widgets
from dealerbox.ui.canvas import WIDTH, text_width
from dealerbox.ui.font import W

# the buttons with a long meaning (``Screen.LONG``, bits of ``ui.buttons``): a list's 5 rows, a value's end or 3 steps,
# a setup screen's long LEFT back, the name editor's letter 10 on and delete, the table menu's long OK
LONG_UD = const(3)               # UP, DOWN
LONG_LR = const(12)              # LEFT, RIGHT
LONG_LEFT = const(4)                # LEFT
LONG_OK = const(16)               # OK


class Screen:
    """A list screen: ``rows`` (label, value) under a ``title``, the ``sel``-th row selected (-1: none) from the
    ``top``-th visible, a footer with ``hint`` or ``msg``. Subclasses set ``MODE`` (``ui/modes.py``: what the
    tests and tools ask ``App.mode``) and override ``build``, ``press`` and, for other layouts, ``draw``."""

    MODE = 0
    LONG = 0            # the buttons whose long press means more than the short one (``long_buttons``)
    viewer = None       # the seat whose private screen this is (its gate passed), or None: a public screen

    def __init__(self, app, sel=0):
        self.app = app
        self.prev = None        # the screen ``back`` returns to (set by ``App.change``)
        self.rows = []  # type: list
        self.sel = sel
        self.top = 0
        self.title = ""
        self.hint = ""
        self.msg = ""
        self.armed = False      # a press that loses chips or ends the session waits for a second OK

    def long_buttons(self):
        """The buttons with a long meaning here (bits of ``ui.buttons``): the run loop hands them over when their
        press ends or is held long; the others act on the press."""
        return self.LONG

    def open(self):
        """Compute the screen (``build``) with the selected row on screen; called when it is shown."""
        self.build()
        self.fix_top()

    def follow(self, prev):
        """Opened forward from ``prev`` (``App.change``): ``back`` returns there."""
        self.prev = prev

    def reopen(self):
        """Shown again by ``App.back``: its question and footer message gone, rebuilt where it was left."""
        self.msg = ""
        self.armed = False
        self.open()

    def build(self):
        """Compute ``rows``, ``title``, ``hint`` from the app's state."""

    def press(self, b, long):
        """Handle button ``b`` (``ui.buttons``), ``long`` press."""

    # ``draw(cv)``: paint the screen on canvas ``cv`` (allocating nothing); a list here, a function of ui/screens.py
    # (``draw_*(sc, cv)``) or a method of its own for other layouts
    draw = screens.draw_list

    def key(self):
        """Everything the screen draws from, to tell whether a press changed the frame."""
        return (self.sel, self.top, self.msg, self.title, self.hint, self.rows, self.armed)

    def fix_top(self):
        if self.sel >= 0:
            self.top = widgets.first_visible(self.sel, self.top, len(self.rows))

    def move(self, b, long):
        """UP/DOWN on a list: the selection one row (long: 5) up or down."""
        step = 5 if long else 1
        n = len(self.rows)
        if b == btn.UP:
            self.sel = max(0, self.sel - step)
        elif b == btn.DOWN:
            self.sel = min(n - 1, self.sel + step)
        self.top = widgets.first_visible(self.sel, self.top, n)

    def scroll(self, b):
        """UP/DOWN on a list without a selection: one row down or up while rows are left that way."""
        self.top = max(0, min(self.top + (1 if b == btn.DOWN else -1), len(self.rows) - widgets.ROWS))

    def warn(self, msg):
        """Say ``msg`` on the footer (until the next press)."""
        self.msg = msg

    def more(self, hint_more, hint):
        """The footer: ``hint_more`` when the rows do not fit the frame, else ``hint`` (both translated)."""
        return hint_more if len(self.rows) > widgets.ROWS else hint


def index_of(choices, value):
    """The index of ``value`` in ``choices`` (0 when absent)."""
    for i in range(len(choices)):
        if choices[i] == value:
            return i
    return 0


_WRAP = const(20)    # characters of a list row (``wrap_rows``)


def wrap_rows(rows, ln):
    """Append ``ln`` to ``rows`` as list rows of at most ``_WRAP`` characters, cut at spaces; the rows after
    the first are indented by two spaces; a word longer than a row is cut where the row ends."""
    lead = 0            # a cut must fall after a continuation row's indent, or the row would not shorten
    while len(ln) > _WRAP:
        cut = ln.rfind(" ", lead + 1, _WRAP + 1)
        if cut < 0:
            cut = _WRAP
        rows.append((ln[:cut], None))
        ln = "  " + ln[cut:].strip()
        lead = 2
    rows.append((ln, None))


def fit(rows):
    """``rows`` (label, value) with every row too wide for the frame split in two: its label (cut after
    ": " when it has one) and, below, the rest with the value, so a value never overlaps a name."""
    out = []
    for label, value in rows:
        if value is not None and 2 + text_width(label) + W + widgets.value_width(value) > WIDTH - 8:
            i = label.find(": ")
            if i > 0:
                out.append((label[:i + 1], None))
                out.append(("  " + label[i + 2:], value))
            else:
                out.append((label, None))
                out.append(("", value))
        else:
            out.append((label, value))
    return out

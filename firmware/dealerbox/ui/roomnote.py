"""The room on the flash, said to the table (docs/device.md, "Room"): how many hands the box holds and for how many
more it has room (rows of the end-of-session screen, the game screen's last line), and the notice between hands when
the flash is nearly full, which drops the oldest hands only when the table says so twice (``Store.drop_hands``).
Imported when first needed."""

from dealerbox.lang import tr
from dealerbox.store.saves import LOW_HANDS, ROOM_RESERVE
from dealerbox.ui import buttons as btn
from dealerbox.ui.modes import M_ROOM
from dealerbox.ui.screen import Screen


def room_rows(store, line=False):
    """Rows ``(label, value)`` saying how many hands ``store`` holds and for how many more it has room
    (``Store.held``), none for a store that cannot say (a test's). On the end-of-session screen
    ``[("Hands kept", "212"), ("Room for", "431 hands")]``, the second left out when the room is not known; with
    ``line``, the game screen's row under the language row saying the same in one line, ``[("312 hands", "room
    540")]``: the value None when the room is not known, "room 999+" past 999 (a Pi's card: the first frame the same
    on every machine)."""
    held = getattr(store, "held", None)
    if held is None:
        return []
    hands, left = held()
    if line:
        room = None if left is None else tr("room %s") % ("999+" if left > 999 else str(left))
        return [((tr("%d hand") if hands == 1 else tr("%d hands")) % hands, room)]
    rows = [(tr("Hands kept"), str(hands))]
    if left is not None:
        rows.append((tr("Room for"), (tr("%d hand") if left == 1 else tr("%d hands")) % left))
    return rows


def low(store):
    """How many more hands fit on ``store``'s flash (int) when that is fewer than ``LOW_HANDS``, else None (room
    enough, or not known). With room for ``LOW_HANDS`` hands of 4 KB (the longest line is ~2.6 KB) the hands are not
    counted (``Store.hands`` streams the log the first time): the answer is None at once."""
    room = getattr(store, "room", None)
    free = room() if room is not None else None
    if free is None or free - ROOM_RESERVE >= LOW_HANDS * 4096:
        return None
    left = store.room_hands()
    return left if left is not None and left < LOW_HANDS else None


class RoomScreen(Screen):
    """Between hands, the flash nearly full (``low``): "Room: 7 more hands" over "Next hand" and "Drop old hands",
    the footer "Copy off: make logs". "Next hand" deals (the notice comes again before the next one while the room
    stays low); "Drop old hands" asks again ("Drop them? OK again") and only a second OK drops the oldest sessions'
    hands (``App.drop_hands``: ``Store.drop_hands``, never the session in play), said with their count ("212 hands
    dropped", or "Nothing older to drop")."""

    MODE = M_ROOM

    def build(self):
        left = self.app.store.room_hands()
        self.title = (tr("Room: %d more hand") if left == 1 else tr("Room: %d more hands")) % (left or 0)
        self.rows = [(tr("Next hand"), None), (tr("Drop old hands"), None)]
        self.hint = tr("Copy off: make logs")

    def press(self, b, long):
        app = self.app
        if self.armed:          # "Drop old hands" asked for a second OK: anything else keeps them
            self.armed = False
            self.msg = ""
            if b == btn.OK and self.sel == 1:
                n = app.drop_hands()
                if n is not None:
                    self.msg = tr("Nothing older to drop") if not n else \
                        (tr("%d hand dropped") if n == 1 else tr("%d hands dropped")) % n
                    self.sel = 0
                    self.build()
            return
        if b in (btn.UP, btn.DOWN):
            self.sel = 1 - self.sel
            self.fix_top()
        elif b == btn.OK and self.sel == 0:
            app.next_hand()
        elif b == btn.OK:
            self.armed = True
            self.msg = tr("Drop them? OK again")

"""The notice between hands when the flash is nearly full (docs/device.md, "Room"; ``roomnote.low`` says when):
imported when first shown."""

from dealerbox.lang import tr
from dealerbox.ui import buttons as btn
from dealerbox.ui.modes import M_ROOM
from dealerbox.ui.screen import Screen


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

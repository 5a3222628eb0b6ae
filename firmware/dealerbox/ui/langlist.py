"""The language list (issue 16, docs/languages.md), opened from the game screen's language row (``langpick.row``):
imported when first opened."""

from dealerbox import lang
from dealerbox.lang import tr
from dealerbox.ui import buttons as btn
from dealerbox.ui.langpick import own_name, present, speak
from dealerbox.ui.modes import M_LANG
from dealerbox.ui.screen import LONG_UD, Screen, index_of


class LangScreen(Screen):
    """The language list, from the game screen's last row: every language offered, each in its own name; OK speaks
    it from the next frame and keeps it, LEFT goes back unchanged."""

    MODE = M_LANG
    LONG = LONG_UD

    def __init__(self, app):
        super().__init__(app, index_of(present(), lang.code))

    def build(self):
        self.title = tr("Language")
        self.rows = []
        for c in present():
            self.rows.append((own_name(c), None))
        self.hint = tr("\x1c choose  OK select")

    def press(self, b, long):
        """OK: the language chosen, kept by the store (a store that cannot keep it: for this session) and spoken from
        the next frame, back on the game screen's language row; its table missing or damaged: English, and the footer
        says why."""
        if b in (btn.UP, btn.DOWN):
            self.move(b, long)
        elif b == btn.LEFT:
            self.app.back()
        elif b == btn.OK:
            code = present()[self.sel]
            spoken = lang.code
            if code != spoken:
                spoken = speak(code)
                save = getattr(self.app.store, "save_prefs", None)
                if save is not None:
                    try:
                        save({"lang": spoken})
                    except OSError:         # a full flash: the language for this session only
                        pass
            self.app.back()
            if spoken != code:
                self.app.screen.warn(tr("%s unreadable") % own_name(code))

"""Helpers of the "no English left" tests (no tests here): a pseudo-language made from the catalog, a rig whose
canvas records every text drawn, and the check that none of it is English. Both interpreters.

The pseudo-language ``xx`` turns every ASCII letter of a key into a letter of the font's own accented ones
(``font.EXTRA``: small to small, capitals to capitals), keeping ``%d``/``%s``/``%r``, digits, punctuation and the
key glyphs: a text the screens show through the table has no ASCII letter left, so any word of ASCII letters
on a screen did not come from the table, unless it is a player's name, a card face, the deal's seal (hex) or
the name of a Python error quoted by a damage report.
"""

from app_util import Rig
from dealerbox import lang
from dealerbox.ui.canvas import Canvas
from dealerbox.ui.modes import M_NAME
from lang_catalog import KEYS
from langpack import use_table

_SMALL = "éèêàâçüöäßşğıñ"
_CAPS = "ÉÈÊÀÂÇÜÖÄŞĞİÑ"
FACES = "TJQKA"             # card faces a text may name (the Joker Hunt wild rank): not translated


def pseudo(key):
    """``key`` in the pseudo-language: each ASCII letter to an accented one, the %-specifiers kept."""
    out = []
    i = 0
    n = len(key)
    while i < n:
        ch = key[i]
        if ch == "%" and i + 1 < n:         # a specifier (or "%%") whole
            j = i + 1
            while j < n and key[j] in "0123456789.-+ #":
                j += 1
            out.append(key[i:j + 1])
            i = j + 1
            continue
        o = ord(ch)
        if 97 <= o <= 122:
            ch = _SMALL[(o - 97) % len(_SMALL)]
        elif 65 <= o <= 90:
            ch = _CAPS[(o - 65) % len(_CAPS)]
        out.append(ch)
        i += 1
    return "".join(out)


def use_pseudo():
    """Speak the pseudo-language (a table of every catalog key); ``lang.use("en")`` after (try/finally)."""
    import gc

    table = {k: pseudo(k) for k in KEYS}
    gc.collect()        # the packed table is one ~16 KB string: room for it in one piece on MicroPython's heap
    use_table("xx", table)


class RecordingCanvas(Canvas):
    """A canvas that records every text drawn (``said``: list of (mode, text)), for the tests only: the firmware's
    canvas records nothing."""

    def __init__(self, fb, rig):
        Canvas.__init__(self, fb)
        self.rig = rig

    def text(self, s, x, y, c=1):
        self.rig.heard(s)
        return Canvas.text(self, s, x, y, c)

    def big(self, s, x, y, c=1):
        self.rig.heard(s)
        return Canvas.big(self, s, x, y, c)

    def center(self, s, y, c=1, big=False):
        self.rig.heard(s)
        return Canvas.center(self, s, y, c, big)


class LangRig(Rig):
    """A rig whose app draws on a ``RecordingCanvas``: ``said`` is every (mode, text) drawn, once each, and
    ``modes`` the screens drawn."""

    def __init__(self, seed=1, store=None):
        self.said = []
        self._seen = set()
        self.modes = set()
        Rig.__init__(self, seed=seed, store=store)

    def heard(self, s):
        if self.app.mode == M_NAME and s == self.app.screen.edit:
            return                          # a name being typed in the name editor
        key = (self.app.mode, s)
        if s and key not in self._seen:
            self._seen.add(key)
            self.said.append(key)

    def draw(self):
        app = self.app
        if not isinstance(app.canvas, RecordingCanvas):
            app._fb = self.fb
            app.canvas = RecordingCanvas(self.fb, self)
        self.modes.add(app.mode)
        Rig.draw(self)


def _words(s):
    """The words of ``s``: runs of ASCII letters and digits (list of str)."""
    out = []
    cur = ""
    for ch in s:
        o = ord(ch)
        if 48 <= o <= 57 or 65 <= o <= 90 or 97 <= o <= 122:
            cur += ch
        elif cur:
            out.append(cur)
            cur = ""
    if cur:
        out.append(cur)
    return out


def _hex8(w):
    """A seal's hex digits on screen: 8 (a deal sealed before the chained log) or a group of 4 (docs/fairness.md)."""
    return len(w) in (4, 8) and all(c in "0123456789abcdef" for c in w)


def english(said, names=()):
    """The (mode, text) of ``said`` with a word of ASCII letters that is not a player's name (``names``, and the
    default "P1".."P10"), a language's own name (``lang.LANGS``: "English", "Deutsch"), a card face, a deal's seal
    (8 hex digits) or the name of a Python error a damage report quotes ("KeyError"): English the table did not
    give."""
    ok = set()
    for n in names:
        for w in _words(n):
            ok.add(w)
    for i in range(1, 11):
        ok.add("P%d" % i)
    ok.add("xx")                            # the pseudo-language's own name (its code: not in LANGS)
    for _code, name in lang.LANGS:          # a language's name is shown in that language, never translated
        for w in _words(name):
            ok.add(w)
    bad = []
    for mode, s in said:
        for w in _words(s):
            if w in ok or w.isdigit() or w in FACES or _hex8(w) or w.endswith("Error"):
                continue
            bad.append((mode, s))
            break
    return bad


def check(rig, names=(), least=20):
    """Fail when ``rig`` drew fewer than ``least`` texts or any English (``english``; the names of its session are
    names too)."""
    assert len(rig.said) >= least, len(rig.said)
    cfg = rig.app.cfg
    bad = english(rig.said, list(names) + (cfg["names"] if cfg else []))
    assert not bad, bad[:6]


PLAY_MODES = ("M_SEAL", "M_GATE", "M_TURN", "M_SHOWDOWN", "M_AWARDS", "M_STANDINGS", "M_BETWEEN", "M_REBUY",
              "M_MENU", "M_RULESVIEW", "M_SETTLE", "M_END")


def play(game, players, seed, hands=3):
    """Play ``game`` at ``players`` in the pseudo-language through every screen of a session (test_ui_fits's
    walk: the table menu, every item between hands, a rebuy, settling up, the end with net results); returns the
    rig, checked for English (``check``) and for having drawn every screen of ``PLAY_MODES``."""
    from dealerbox.ui import modes
    from test_ui_fits import LONG, _play

    use_pseudo()
    try:
        rig = LangRig(seed)
        _play(rig, game, players, hands, seed)
        _end(rig)
        for m in PLAY_MODES:
            assert getattr(modes, m) in rig.modes, m
        check(rig, LONG, 60)
        return rig
    finally:
        lang.use("en")


def _end(rig):
    """From wherever the walk stopped, end the session (the rebuy screen left, "End session" asked twice) and
    page through the net results."""
    from app_util import DOWN, OK
    from dealerbox.ui import modes

    app = rig.app
    for _ in range(40):
        if app.mode == modes.M_END:
            rig.press(DOWN, 12)
            return
        if app.mode == modes.M_REBUY:
            rig.press(OK, long=True)
        elif app.mode == modes.M_BETWEEN:
            rig.press(DOWN, 6)
            rig.press(OK)
            rig.press(OK)
        else:
            rig.press(OK)
    raise AssertionError("the session did not end: %r" % app.mode)

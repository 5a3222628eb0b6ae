"""The host board: the box's screen, buttons, entropy and storage on a computer (CPython).

* the screen is a 1024-byte SSD1306 frame (``framebuf.FrameBuffer`` MONO_VLSB, the shim),
  shown in a terminal with half-block characters (two pixel rows per text row) or saved
  as a PNG (Pillow, each pixel a ``scale`` x ``scale`` square);
* the buttons are keys (``KEYS``, printed under the screen); a capital letter or the
  long-press prefix key gives a long press;
* ``show()`` sends the frame as the boxes do, only the changed pages and column spans (boards/pages.py),
  into ``glass`` (the display's RAM), and counts the bytes;
* entropy is ``SeededEntropy(seed)`` (``--seed``) or ``os.urandom``;
* storage is a directory (``dealerbox.store.Store`` on the host's ``os``), or none.
"""

import os

import framebuf
from dealerbox.boards.pages import Pages
from dealerbox.rng import SeededEntropy
from dealerbox.ui import buttons as btn

import host_tools  # noqa: F401  (firmware/ and the shims on sys.path)

WIDTH = 128
HEIGHT = 64

# key -> (button, long)
KEYS = {
    "w": (btn.UP, False), "s": (btn.DOWN, False), "a": (btn.LEFT, False), "d": (btn.RIGHT, False),
    "W": (btn.UP, True), "S": (btn.DOWN, True), "A": (btn.LEFT, True), "D": (btn.RIGHT, True),
    "\r": (btn.OK, False), "\n": (btn.OK, False), " ": (btn.OK, False), "o": (btn.OK, False),
    "O": (btn.OK, True),
    "\x1b[A": (btn.UP, False), "\x1b[B": (btn.DOWN, False), "\x1b[D": (btn.LEFT, False),
    "\x1b[C": (btn.RIGHT, False),
}
KEY_HELP = ("keys: arrows or w a s d = up left down right, Enter/space/o = OK; "
            "capital W A S D O = long press; q = quit")


def name_to_button(name):
    """Button index 0-4 for ``name`` ("up", "down", "left", "right", "ok", any case); ValueError otherwise."""
    n = name.lower()
    for i in range(btn.COUNT):
        if btn.NAMES[i] == n:
            return i
    raise ValueError("no button %r (use up, down, left, right, ok)" % (name,))


def lang_code(text):
    """A language code as typed on a command line (``--lang FR``, `` fr ``) as the box's codes are written:
    ``"fr"`` (str; any case accepted, the spaces around dropped). Whether it is a code: ``why_not``."""
    return text.strip().lower()


def table_problem(code):
    """What is wrong with the table file of language ``code`` (a code of ``lang.LANGS``), in words (str: ``.../fr.bin
    is damaged: 20 bytes, not 26``), or None when it reads and checks (``lang.use``); the language spoken is left as
    it was, and nothing is printed."""
    from dealerbox import lang

    was = lang.code
    try:
        lang.use(code)
    except ValueError as e:
        return str(e)
    finally:
        lang.use(was)
    return None


def why_not(code):
    """None when the box can speak ``code`` (any case: ``lang_code``), else why not (str, for a command line:
    host_tools/sim.py, pi.py): an unknown code lists the codes, a language whose table is not there yet says so and
    names those there are (``langpick.present``), a table file that is damaged says what is wrong (``lang.use``)."""
    from dealerbox import lang
    from dealerbox.ui import langpick

    code = lang_code(code)
    if code not in lang.codes():
        return "not a language code; the codes are " + ", ".join("%s (%s)" % (c, n) for c, n in lang.LANGS)
    there = langpick.present()
    if code in there:
        why = table_problem(code)       # its file read and checked now: a damaged one is said before the screen
        return None if why is None else "%s; the box would speak English" % why
    return "the %s table (firmware/dealerbox/lang/tables/%s.bin) is not there yet; the box has %s" % (
        langpick.own_name(code), code, ", ".join("%s (%s)" % (c, langpick.own_name(c)) for c in there))


MAX_REPEAT = 10000   # presses one script word may repeat (``right*10000``)


def parse_script(text, name=None):
    """Button presses from a script: a list of ``(button, long)``.

    Words separated by spaces, commas or new lines; ``#`` starts a comment. A word is a
    button name (``up down left right ok``), optionally ``long-`` before it for a long press
    and ``*N`` after it to repeat it N times (1 to ``MAX_REPEAT``): ``ok  long-ok  right*3``. Raises ValueError
    naming the line of a word that is not a button or whose count is out of range:
    ``"FILE:2: 'menu' is not a button (...)"`` with ``name`` (the script's file name), ``"line 2: ..."`` without.
    """
    out = []
    for lineno, line in enumerate(text.splitlines(), 1):
        where = "%s:%d" % (name, lineno) if name else "line %d" % lineno
        line = line.split("#", 1)[0]
        for word in line.replace(",", " ").split():
            w = word.lower()
            times = 1
            if "*" in w:
                w, _, n = w.partition("*")
                n = n.lstrip("0") if n.isascii() and n.isdigit() else ""
                if not n:
                    raise ValueError("%s: bad repeat in %r (a count of 1 or more: right*3)" % (where, word))
                if len(n) > len(str(MAX_REPEAT)) or int(n) > MAX_REPEAT:
                    raise ValueError("%s: repeat count too large in %r (at most %d)" % (where, word, MAX_REPEAT))
                times = int(n)
            long = w.startswith("long-")
            if long:
                w = w[5:]
            try:
                b = name_to_button(w)
            except ValueError:
                raise ValueError("%s: %r is not a button (up down left right ok, long-ok, right*3)"
                                 % (where, word)) from None
            out.extend([(b, long)] * times)
    return out


class HostBoard:
    """Screen, entropy and store for the app on the host.

    ``HostBoard(seed=None, store_dir=None)``: ``seed`` (int) fixes the deal; ``store_dir``
    (a path) keeps the session and hand logs there (created when missing).
    """

    def __init__(self, seed=None, store_dir=None):
        self.buf = bytearray(WIDTH * HEIGHT // 8)
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.glass = bytearray(WIDTH * HEIGHT // 8)   # the SSD1306's RAM as the page diff leaves it (``show``)
        self.pager = Pages(self.buf, self._window)
        self.entropy = SeededEntropy(seed) if seed is not None else os.urandom
        self.store = None
        self.interrupts = []  # what ``usb_interrupt`` was told, in order
        if store_dir is not None:
            from dealerbox.store.saves import Store
            os.makedirs(store_dir, exist_ok=True)
            self.store = Store(root=store_dir)

    def usb_interrupt(self, on):
        """The Pico's hook for Ctrl-C on the USB REPL (boards/pico.py): the host has no REPL to guard, so it only
        records each setting in ``interrupts`` (True: on between hands, False: off while a hand is live)."""
        self.interrupts.append(on)

    def show(self):
        """Send the frame as the boxes do (boards/pages.py: only the changed pages and column spans) into
        ``glass``, the display's RAM; returns the bytes that went over I2C (command bytes included)."""
        return self.pager.show()

    def _window(self, page, c0, c1, data):
        if page < 0:
            self.glass[:] = data
            return
        n = c1 - c0 + 1
        self.glass[page * WIDTH + c0:page * WIDTH + c0 + n] = data

    def pixel(self, x, y):
        """1 when pixel (x, y) of the frame is lit."""
        return (self.buf[(y >> 3) * WIDTH + x] >> (y & 7)) & 1

    def text_frame(self, border=True):
        """The frame as 32 lines of 128 half-block characters (str with newlines)."""
        chars = " \u2580\u2584\u2588"
        lines = []
        for y in range(0, HEIGHT, 2):
            row = "".join(chars[self.pixel(x, y) + 2 * self.pixel(x, y + 1)] for x in range(WIDTH))
            lines.append("\u2502" + row + "\u2502" if border else row)
        if border:
            lines.insert(0, "\u250c" + "\u2500" * WIDTH + "\u2510")
            lines.append("\u2514" + "\u2500" * WIDTH + "\u2518")
        return "\n".join(lines)

    def small_frame(self):
        """The frame at half size: 16 lines of 64 braille characters (each 2x4 pixels, nothing lost), for a
        terminal too small for ``text_frame``."""
        bits = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20),
                (0, 3, 0x40), (1, 3, 0x80))
        lines = []
        for y in range(0, HEIGHT, 4):
            row = []
            for x in range(0, WIDTH, 2):
                v = 0
                for dx, dy, bit in bits:
                    if self.pixel(x + dx, y + dy):
                        v |= bit
                row.append(chr(0x2800 + v))
            lines.append("".join(row))
        return "\n".join(lines)

    def image(self, scale=4):
        """The frame as a Pillow image (``scale`` pixels per box pixel, lit = light blue on black)."""
        from PIL import Image
        img = Image.new("RGB", (WIDTH, HEIGHT))
        px = img.load()
        for y in range(HEIGHT):
            for x in range(WIDTH):
                px[x, y] = (170, 225, 255) if self.pixel(x, y) else (0, 0, 0)
        if scale != 1:
            img = img.resize((WIDTH * scale, HEIGHT * scale), Image.NEAREST)
        return img

    def save_png(self, path, scale=4):
        """Write the frame to ``path`` as a PNG."""
        self.image(scale).save(path)

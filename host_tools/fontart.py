"""The drawings of the small font's letters beyond ASCII (``firmware/dealerbox/ui/font.py``'s ``EXTRA`` and its
glyphs in ``GLYPHS``), one 5x8 picture per glyph, and a sheet of the whole font as a PNG to look at.

The firmware keeps only the bytes (MONO_VLSB: one byte per column, bit 0 = top row); this file is where a glyph
is drawn and changed. ``tests/host/test_fontart.py`` checks that the firmware's table is these drawings.

Conventions (those of the ASCII part): small letters sit on rows 2-6 (x-height), their accent on rows 0-1, a
cedilla or the ogonek-like tail of a descender on row 7; capitals are 7 rows tall (rows 0-6), and a capital with a
mark above is drawn 5 rows tall (rows 2-6) under its mark on rows 0-1, except O, whose 5 rows would be the small o:
Ö Ô Ò Ó are 6 rows tall under a 1-row mark (Ô: one pixel, its hat).

    python -m host_tools.fontart               # print the firmware's EXTRA and its lines of GLYPHS
    python -m host_tools.fontart --png F.png   # the sheet: ASCII, then every extra glyph, small and big
"""

import sys

# (character, 8 rows of 5 pixels: "#" ink, "." blank)
ART = (
    ("é", "...#. ..#.. .###. #...# ##### #.... .###. ....."),
    ("è", ".#... ..#.. .###. #...# ##### #.... .###. ....."),
    ("ê", "..#.. .#.#. .###. #...# ##### #.... .###. ....."),
    ("à", ".#... ..#.. .###. ....# .#### #...# .#### ....."),
    ("â", "..#.. .#.#. .###. ....# .#### #...# .#### ....."),
    ("ç", "..... ..... .###. #.... #.... #...# .###. ..##."),
    ("ü", ".#.#. ..... #...# #...# #...# #..## .##.# ....."),
    ("ö", ".#.#. ..... .###. #...# #...# #...# .###. ....."),
    ("ä", ".#.#. ..... .###. ....# .#### #...# .#### ....."),
    ("ß", ".###. #...# #..#. #.#.. #..#. #...# ####. ....."),
    ("ş", "..... ..... .###. #.... .###. ....# ####. ..##."),
    ("ğ", ".#.#. ..#.. .#### #...# #...# .#### ....# .###."),
    ("ı", "..... ..... .##.. ..#.. ..#.. ..#.. .###. ....."),
    ("ñ", ".##.# #..#. ..... #.##. ##..# #...# #...# ....."),
    ("É", "...#. ..#.. ##### #.... ####. #.... ##### ....."),
    ("È", ".#... ..#.. ##### #.... ####. #.... ##### ....."),
    ("Ê", "..#.. .#.#. ##### #.... ####. #.... ##### ....."),
    ("À", ".#... ..#.. .###. #...# ##### #...# #...# ....."),
    ("Â", "..#.. .#.#. .###. #...# ##### #...# #...# ....."),
    ("Ç", ".###. #...# #.... #.... #.... #...# .###. ..##."),
    ("Ü", ".#.#. ..... #...# #...# #...# #...# .###. ....."),
    ("Ö", "#...# .###. #...# #...# #...# #...# .###. ....."),
    ("Ä", ".#.#. ..... .###. #...# ##### #...# #...# ....."),
    ("Ş", ".#### #.... #.... .###. ....# ....# ####. ..##."),
    ("Ğ", ".#.#. ..#.. .#### #.... #.### #...# .###. ....."),
    ("İ", "..#.. ..... ##### ..#.. ..#.. ..#.. ##### ....."),     # serifs 5 wide: never the small i
    ("Ñ", ".##.# #.##. #...# ##..# #.#.# #..## #...# ....."),
    # French, Italian: the other accented small letters
    ("ë", ".#.#. ..... .###. #...# ##### #.... .###. ....."),
    ("î", "..#.. .#.#. ..... .##.. ..#.. ..#.. .###. ....."),
    ("ï", ".#.#. ..... .##.. ..#.. ..#.. ..#.. .###. ....."),
    ("ì", ".#... ..#.. ..... .##.. ..#.. ..#.. .###. ....."),
    ("í", "...#. ..#.. ..... .##.. ..#.. ..#.. .###. ....."),
    ("ô", "..#.. .#.#. .###. #...# #...# #...# .###. ....."),
    ("ò", ".#... ..#.. .###. #...# #...# #...# .###. ....."),
    ("ó", "...#. ..#.. .###. #...# #...# #...# .###. ....."),
    ("û", "..#.. .#.#. #...# #...# #...# #..## .##.# ....."),
    ("ù", ".#... ..#.. #...# #...# #...# #..## .##.# ....."),
    ("ú", "...#. ..#.. #...# #...# #...# #..## .##.# ....."),
    ("ÿ", ".#.#. ..... #...# #...# .#### ....# .###. ....."),
    ("á", "...#. ..#.. .###. ....# .#### #...# .#### ....."),
    ("æ", "..... ..... .###. ..#.# .#### #.#.. .#### ....."),
    ("œ", "..... ..... .#.#. #.#.# #.### #.#.. .#.## ....."),
    # and their capitals
    ("Ë", ".#.#. ..... ##### #.... ####. #.... ##### ....."),
    ("Î", "..#.. .#.#. .###. ..#.. ..#.. ..#.. .###. ....."),
    ("Ï", ".#.#. ..... .###. ..#.. ..#.. ..#.. .###. ....."),
    ("Ì", ".#... ..#.. .###. ..#.. ..#.. ..#.. .###. ....."),
    ("Í", "...#. ..#.. .###. ..#.. ..#.. ..#.. .###. ....."),
    ("Ô", "..#.. .###. #...# #...# #...# #...# .###. ....."),
    ("Ò", "##... .###. #...# #...# #...# #...# .###. ....."),
    ("Ó", "...## .###. #...# #...# #...# #...# .###. ....."),
    ("Û", "..#.. .#.#. #...# #...# #...# #...# .###. ....."),
    ("Ù", ".#... ..#.. #...# #...# #...# #...# .###. ....."),
    ("Ú", "...#. ..#.. #...# #...# #...# #...# .###. ....."),
    ("Ÿ", ".#.#. ..... #...# .#.#. ..#.. ..#.. ..#.. ....."),
    ("Á", "...#. ..#.. .###. #...# ##### #...# #...# ....."),
    ("Æ", ".#### #.#.. #.#.. ####. #.#.. #.#.. #.### ....."),
    ("Œ", ".#### #.#.. #.#.. #.##. #.#.. #.#.. .#### ....."),
    ("ẞ", "####. #..#. #.#.. #.##. ....# #...# ####. ....."),
    # the marks translators use: quotes, apostrophe, ellipsis, middle dot, euro
    ("«", "..... ..... ..... .#..# #..#. .#..# ..... ....."),
    ("»", "..... ..... ..... #..#. .#..# #..#. ..... ....."),
    ("“", ".#..# #..#. ##.## ..... ..... ..... ..... ....."),
    ("”", "##.## .#..# #..#. ..... ..... ..... ..... ....."),
    ("„", "..... ..... ..... ..... ##.## .#..# #..#. ....."),
    ("‘", "...#. ..#.. ..##. ..... ..... ..... ..... ....."),
    ("’", "..##. ...#. ..#.. ..... ..... ..... ..... ....."),
    ("…", "..... ..... ..... ..... ..... ..... #.#.# ....."),
    ("·", "..... ..... ..... .##.. .##.. ..... ..... ....."),
    ("€", "..### .#... ####. .#... ####. .#... ..### ....."),
)

# characters drawn with another one's glyph: a dash is a hyphen at 6x8 (the hyphen already spans the cell)
ALIASES = (("–", "-"), ("—", "-"))


def columns(rows):
    """The 5 MONO_VLSB bytes of a glyph drawn as 8 rows of 5 "#"/"." (bit y of byte x = pixel (x, y))."""
    r = rows.split()
    if len(r) != 8 or any(len(line) != 5 or line.strip("#.") for line in r):
        raise ValueError("a glyph is 8 rows of 5 '#'/'.': %r" % rows)
    return bytes(sum(1 << y for y in range(8) if r[y][x] == "#") for x in range(5))


def extra_bytes():
    """The glyphs of ``ART`` one after another (5 bytes each): ``GLYPHS`` after ASCII, before the box."""
    return b"".join(columns(rows) for _ch, rows in ART)


def extra():
    """``EXTRA``: the characters of ``ART`` in table order."""
    return "".join(ch for ch, _rows in ART)


def source():
    """The Python text of the firmware's ``EXTRA`` and of the lines of ``GLYPHS`` (font.py) after ASCII, 120 columns."""
    out = ['EXTRA = "%s"' % extra()]
    data = extra_bytes()
    for i in range(0, len(data), 20):
        out.append('    b"%s"' % "".join("\\x%02x" % b for b in data[i:i + 20]))
    return "\n".join(out)


def sheet(path, scale=4):
    """A PNG of the whole font drawn by the firmware's canvas: ASCII and every extra glyph, small then big."""
    import framebuf
    from dealerbox.ui import font
    from dealerbox.ui.canvas import Canvas
    from PIL import Image

    from host_tools import hostboard  # noqa: F401  (puts the framebuf shim on the path)

    chars = "".join(chr(c) for c in range(32, 127)) + font.EXTRA + "".join(a for a, _b in ALIASES)
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    cv = Canvas(fb)
    pages = []
    for big, per_line, lines in ((False, 21, 8), (True, 10, 4)):
        for k in range(0, len(chars), per_line * lines):
            cv.clear()
            part = chars[k:k + per_line * lines]
            for j in range(0, len(part), per_line):
                y = (j // per_line) * (16 if big else 8)
                (cv.big if big else cv.text)(part[j:j + per_line], 0, y)
            img = Image.new("L", (128 * scale, 64 * scale), 0)
            px = img.load()
            for y in range(64):
                for x in range(128):
                    if buf[(y >> 3) * 128 + x] >> (y & 7) & 1:
                        for a in range(scale - 1):
                            for b in range(scale - 1):
                                px[x * scale + a, y * scale + b] = 255
            pages.append(img)
    out = Image.new("L", (128 * scale, len(pages) * (64 * scale + scale * 2)), 60)
    for i, img in enumerate(pages):
        out.paste(img, (0, i * (64 * scale + scale * 2)))
    out.save(path)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--png"] and len(argv) == 2:
        sheet(argv[1])
        return 0
    if argv:
        sys.stderr.write("usage: python -m host_tools.fontart [--png FILE.png]\n")
        return 2
    print(source())
    return 0


if __name__ == "__main__":
    sys.exit(main())

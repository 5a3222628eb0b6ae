"""The fonts have every letter the box's five languages need (English, French, Italian, German, Turkish), upper
and lower case, in the small and the big size: drawn, distinct, inside their cells (issue 16). Frames read through
the canvas, so the same on both interpreters."""

import framebuf
from dealerbox.ui import font
from dealerbox.ui.canvas import Canvas

# the alphabet of the languages, upper and lower case
LETTERS = (
    "abcdefghijklmnopqrstuvwxyz" "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    "àâæçéèêëîïôœùûüÿ" "ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ"            # French
    "àèéìíîòóùú" "ÀÈÉÌÍÎÒÓÙÚ"                          # Italian
    "äöüß" "ÄÖÜẞ"                                      # German
    "çğıöşü" "ÇĞİÖŞÜ"                                  # Turkish
    "ñÑáÁ"                                             # (Spanish names, already in the font)
)
# the marks a translator writes: quotes, apostrophe, ellipsis, middle dot, euro
MARKS = "«»„“”‘’…·€"
# the hollow box drawn for a character the font lacks
BOX = b"\x7f\x41\x41\x41\x7f"
# the only letters with ink on the cell's last row (row 7): a cedilla or a descender moved down under a breve
ROW7 = "çşğÇŞ"


def _unique(s):
    out = ""
    for ch in s:
        if ch not in out:
            out += ch
    return out


def _canvas():
    buf = bytearray(1024)
    return buf, Canvas(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB))


def _lit(buf):
    n = 0
    for b in buf:
        while b:
            n += b & 1
            b >>= 1
    return n


def small(ch):
    """The 5 columns (MONO_VLSB bytes) the canvas draws for ``ch`` in the small font; asserts nothing else is lit
    (the glyph stays in its 6x8 cell, the spacing column blank)."""
    buf, cv = _canvas()
    assert cv.text(ch, 0, 0) == font.W
    g = bytes(buf[0:5])
    assert _lit(buf) == _lit(g), ch
    return g


def big(ch):
    """The 10 columns of rows 0-7, then of rows 8-15, the canvas draws for ``ch`` in the big font; asserts nothing
    else is lit (the glyph stays in its 12x16 cell, columns 10-11 blank)."""
    buf, cv = _canvas()
    assert cv.big(ch, 0, 0) == font.BIG_W
    g = bytes(buf[0:10]) + bytes(buf[128:138])
    assert _lit(buf) == _lit(g), ch
    return g


def scaled(g):
    """The small glyph ``g`` scaled 2x: what the big one must be."""
    out = bytearray(20)
    for x in range(5):
        for y in range(8):
            if g[x] >> y & 1:
                for dx in (0, 1):
                    for dy in (0, 1):
                        yy = 2 * y + dy
                        out[(yy >> 3) * 10 + 2 * x + dx] |= 1 << (yy & 7)
    return bytes(out)


def test_every_letter_and_mark_has_a_glyph_in_both_fonts():
    chars = _unique(LETTERS + MARKS)
    assert len(_unique(LETTERS)) == 52 + 32 + 10 + 6 + 6 + 4    # a-z A-Z, French, then the letters each adds
    for ch in chars:
        assert font.has(ord(ch)), ch
        g = small(ch)
        assert _lit(g) >= 2, ch                          # not blank (the middle dot has 4 pixels)
        assert big(ch) == scaled(g), ch                  # the big one is the small one at 2x, inside its cell
        if ch in ROW7:
            assert g[0] & 0x80 or g[1] & 0x80 or g[2] & 0x80 or g[3] & 0x80 or g[4] & 0x80, ch
        else:                                            # row 7 blank: the line below is never touched
            assert not (g[0] | g[1] | g[2] | g[3] | g[4]) & 0x80, ch


def test_all_glyphs_are_pairwise_different():
    chars = _unique(LETTERS + MARKS + "".join(chr(c) for c in range(33, 127)))
    seen = {}
    for ch in chars:
        g = small(ch)
        assert g not in seen, (ch, seen.get(g))
        seen[g] = ch
    assert len(seen) == len(chars)
    # the four accents of e, a, i, o, u apart from each other and from the plain letter, in both cases
    for group in ("eéèêë", "aàâäá", "iìíîï", "oòóôö", "uùúûü", "EÉÈÊË", "AÀÂÄÁ", "IÌÍÎÏİ", "OÒÓÔÖ", "UÙÚÛÜ"):
        gs = [small(ch) for ch in group]
        for i in range(len(gs)):
            for j in range(i + 1, len(gs)):
                assert gs[i] != gs[j], (group[i], group[j])


def test_a_text_of_every_letter_fits_the_screen():
    chars = _unique(LETTERS + MARKS)
    buf, cv = _canvas()
    for per_line, rows, step, draw in ((21, 8, 8, cv.text), (10, 4, 16, cv.big)):
        k = 0
        while k < len(chars):
            cv.clear()
            for r in range(rows):
                part = chars[k:k + per_line]
                if part:
                    draw(part, 0, r * step)
                k += per_line
            assert cv.clipped == 0
            assert _lit(buf) > 0


def test_a_character_the_font_lacks_is_a_visible_box():
    for ch in ("\u0416", "\u4e2d", "\u00bf", "\ufffd"):     # Ж, 中, ¿, the replacement character
        assert not font.has(ord(ch))
        assert small(ch) == BOX                              # drawn, never an exception
        assert big(ch) == scaled(BOX)
    assert font.GLYPHS[font.MISSING * 5:] == BOX
    assert BOX not in [small(ch) for ch in _unique(LETTERS + MARKS + "?")]
    buf, cv = _canvas()
    assert cv.text("a\u0416b", 0, 0) == 3 * font.W and cv.clipped == 0


def test_a_dash_is_the_hyphen():
    for ch in ("\u2013", "\u2014"):                         # en and em dash
        assert font.has(ord(ch)) and small(ch) == small("-") and big(ch) == big("-")


def test_a_cedilla_on_the_last_row_counts_as_clipped_and_the_footer_lifts_it():
    from dealerbox.ui import widgets

    buf, cv = _canvas()
    cv.text("Gec", 1, 57)                                     # ASCII: rows 0-6 on the frame, nothing lost
    assert cv.clipped == 0
    cv.text("Geç", 1, 57)                                     # ç's cedilla (row 7) would be row 64: lost
    assert cv.clipped == 1
    cv.clear()
    cv.big("ç", 0, 48)                                        # big: rows 14-15 on 62-63
    assert cv.clipped == 0
    cv.big("ç", 0, 49)
    assert cv.clipped == 1
    for s, y in (("OK pass", 57), ("OK Geç", 56), ("Şu", 56)):
        cv.clear()
        widgets.footer(cv, s)
        assert cv.clipped == 0
        top = 0                                               # the footer's first lit row under the rule (55)
        while not any(buf[((56 + top) >> 3) * 128 + x] >> ((56 + top) & 7) & 1 for x in range(128)):
            top += 1
        assert 56 + top == y, (s, 56 + top)
        assert buf[(55 >> 3) * 128] >> (55 & 7) & 1           # the rule above it


def test_a_list_source_blits_as_its_framebuffer():
    """The canvas blits a text's line buffer from a list [buffer, width, height, format] (no object made per text):
    the same pixels as from a FrameBuffer of that shape, clipped at every edge, with a key and a palette (the real
    framebuf and the host's stand-in alike)."""
    src = bytearray(b"\x81\xff\x00\x3c\x7e\xc3\x18\x24")
    fsrc = framebuf.FrameBuffer(src, 8, 8, framebuf.MONO_VLSB)
    pal = framebuf.FrameBuffer(bytearray(b"\x01\x00"), 2, 1, framebuf.MONO_VLSB)
    for x, y in ((0, 0), (3, 5), (-3, -2), (123, 60), (60, 28)):
        for key, p in ((0, None), (1, pal), (-1, None)):
            a, cva = _canvas()
            b, cvb = _canvas()
            cva.fb.fill_rect(0, 20, 128, 20, 1)
            cvb.fb.fill_rect(0, 20, 128, 20, 1)
            if p is None:
                cva.fb.blit(fsrc, x, y, key)
                cvb.fb.blit([src, 8, 8, framebuf.MONO_VLSB], x, y, key)
            else:
                cva.fb.blit(fsrc, x, y, key, p)
                cvb.fb.blit([src, 8, 8, framebuf.MONO_VLSB], x, y, key, p)
            assert a == b and _lit(a) > 0, (x, y, key)
    buf, cv = _canvas()
    assert cv.text("", 5, 5) == 5 and _lit(buf) == 0       # an empty text: nothing blitted
    assert cv.num(-1234567, 0, 0) == 8 * font.W
    assert cv.big("Aé", 0, 20) == 2 * font.BIG_W


def test_long_texts_clip_alike_through_the_line_and_glyph_by_glyph():
    """A text of up to 32 characters goes through the line buffer, a longer one glyph by glyph: the same pixels and
    the same count of glyphs cut by the right edge (glyph k at x = 6k is cut from k = 21)."""
    a, cva = _canvas()
    b, cvb = _canvas()
    cva.text("é" * 30, 0, 0)
    cvb.text("é" * 40, 0, 0)
    assert a == b and cva.clipped == 9 and cvb.clipped == 19
    cva.clear()
    cva.text("é" * 21, 0, 0)                                # 21 fit: the 22nd is drawn in part, and counted
    assert a != b and a[:126] == b[:126] and cva.clipped == 0
    cva.clear()
    cva.text("x" * 25, -12, 57)                             # two cut on the left, two on the right; no row 7 ink
    assert cva.clipped == 4
    cva.clear()
    cva.text("çc" * 10, 0, 57)                              # every ç loses its cedilla below the frame
    assert cva.clipped == 10

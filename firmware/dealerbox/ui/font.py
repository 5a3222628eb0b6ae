"""The box's own bitmap font and suit glyphs, as bytes, blitted by ``framebuf`` (C, not Python loops).

Small font: 5x7 pixels in a 6x8 cell, MONO_VLSB (one byte per column, bit 0 = top row),
so glyph ``code`` is ``GLYPHS[(code - FIRST) * 5:(code - FIRST) * 5 + 5]``; codes 16..127:

    16..19  suit glyphs  clubs diamonds hearts spades  ("\\x10\\x11\\x12\\x13" in a text)
    20      the rank "10" in one cell            21..24  arrows up down left right
    25      check mark   26 dot   27 chip   28 up-down arrow   29 back arrow
    32..126 ASCII        127 full block
    then ``EXTRA`` (host_tools/fontart.py draws them): every letter of English, French, Italian, German and
    Turkish, upper and lower case (à â æ ç é è ê ë î ï ì í ô ò ó œ ù û ú ü ÿ ä ö ß ğ ı ş ñ ..., ẞ İ ...), and the
    marks their texts use (« » „ “ ” ‘ ’ … · €; a dash is drawn as the hyphen); a character the font lacks is a
    hollow box (``MISSING``, the strip's last glyph)

Big font: every small glyph scaled 2x (10x14 in a 12x16 cell), drawn from the small one into a
20-byte window each time it is asked for (no table of big glyphs on the heap). Big suits: 9x10
glyphs for the face of a card (``SUITS``, 18 bytes each: 9 bytes of rows 0-7, then 9 bytes
of rows 8-15).

The font is drawn here, not ``framebuf.text``'s built-in one, so that frames are identical on the
device (real ``framebuf``) and on the host (``host_tools/shims/framebuf.py``). Its ASCII glyphs derive
from the classic 5x7 "glcdfont" of the Adafruit GFX Library (BSD licence; 51 of the 95 byte for byte,
the others redrawn): NOTICE at the repository's root records which and carries the licence. The symbols,
the accented letters and the big suits are the project's own.
"""

import framebuf
from micropython import const

FIRST = const(16)
LAST = const(127)
W = const(6)        # small cell width (5 + 1 spacing; 8 high)
BIG_W = const(12)   # big cell width (16 high; a big suit glyph: 9 wide, 10 high)
# the texts write the box's own glyphs by code: "\x10".."\x13" the suits, "\x14" the one-cell 10, "\x15" up,
# "\x16" down, "\x17" left, "\x18" right, "\x19" check mark, "\x1a" dot, "\x1b" chip, "\x1c" up-down, "\x1d" back

# every small glyph, 5 bytes each, one after another (the "strip"): ASCII 16..127, then EXTRA, then the box
# drawn for a character the font lacks; one bytes constant (a concatenation would keep a second copy on the heap)
GLYPHS = (
    b"\x1c\x4b\x7f\x4b\x1c\x08\x3e\x7f\x3e\x08\x0e\x1f\x3e\x1f\x0e\x1c\x5e\x7f\x5e\x1c"
    b"\x7f\x00\x7f\x41\x7f\x04\x06\x3f\x06\x04\x08\x18\x3f\x18\x08\x08\x1c\x3e\x08\x08"
    b"\x08\x08\x3e\x1c\x08\x18\x30\x18\x0c\x06\x00\x1c\x1c\x1c\x00\x3e\x55\x63\x55\x3e"
    b"\x14\x36\x77\x36\x14\x00\x04\x0e\x1f\x04\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x5f\x00\x00\x00\x03\x00\x03\x00\x14\x7f\x14\x7f\x14"
    b"\x24\x2a\x7f\x2a\x12\x23\x13\x08\x64\x62\x36\x49\x55\x22\x50\x00\x00\x03\x00\x00"
    b"\x00\x1c\x22\x41\x00\x00\x41\x22\x1c\x00\x14\x08\x3e\x08\x14\x08\x08\x3e\x08\x08"
    b"\x00\x50\x30\x00\x00\x08\x08\x08\x08\x08\x00\x60\x60\x00\x00\x20\x10\x08\x04\x02"
    b"\x3e\x51\x49\x45\x3e\x00\x42\x7f\x40\x00\x42\x61\x51\x49\x46\x21\x41\x45\x4b\x31"
    b"\x18\x14\x12\x7f\x10\x27\x45\x45\x45\x39\x3c\x4a\x49\x49\x30\x01\x71\x09\x05\x03"
    b"\x36\x49\x49\x49\x36\x06\x49\x49\x29\x1e\x00\x36\x36\x00\x00\x00\x56\x36\x00\x00"
    b"\x08\x14\x22\x41\x00\x14\x14\x14\x14\x14\x00\x41\x22\x14\x08\x02\x01\x51\x09\x06"
    b"\x32\x49\x79\x41\x3e\x7e\x09\x09\x09\x7e\x7f\x49\x49\x49\x36\x3e\x41\x41\x41\x22"
    b"\x7f\x41\x41\x22\x1c\x7f\x49\x49\x49\x41\x7f\x09\x09\x09\x01\x3e\x41\x49\x49\x7a"
    b"\x7f\x08\x08\x08\x7f\x00\x41\x7f\x41\x00\x20\x40\x41\x3f\x01\x7f\x08\x14\x22\x41"
    b"\x7f\x40\x40\x40\x40\x7f\x02\x0c\x02\x7f\x7f\x04\x08\x10\x7f\x3e\x41\x41\x41\x3e"
    b"\x7f\x09\x09\x09\x06\x3e\x41\x51\x21\x5e\x7f\x09\x19\x29\x46\x46\x49\x49\x49\x31"
    b"\x01\x01\x7f\x01\x01\x3f\x40\x40\x40\x3f\x1f\x20\x40\x20\x1f\x3f\x40\x38\x40\x3f"
    b"\x63\x14\x08\x14\x63\x07\x08\x70\x08\x07\x61\x51\x49\x45\x43\x00\x7f\x41\x41\x00"
    b"\x02\x04\x08\x10\x20\x00\x41\x41\x7f\x00\x04\x02\x01\x02\x04\x40\x40\x40\x40\x40"
    b"\x00\x01\x02\x00\x00\x20\x54\x54\x54\x78\x7f\x48\x44\x44\x38\x38\x44\x44\x44\x20"
    b"\x38\x44\x44\x48\x7f\x38\x54\x54\x54\x18\x08\x7e\x09\x01\x02\x0c\x52\x52\x52\x3e"
    b"\x7f\x08\x04\x04\x78\x00\x44\x7d\x40\x00\x20\x40\x44\x3d\x00\x7f\x10\x28\x44\x00"
    b"\x00\x41\x7f\x40\x00\x7c\x04\x18\x04\x78\x7c\x08\x04\x04\x78\x38\x44\x44\x44\x38"
    b"\x7c\x14\x14\x14\x08\x08\x14\x14\x18\x7c\x7c\x08\x04\x04\x08\x48\x54\x54\x54\x20"
    b"\x04\x3f\x44\x40\x20\x3c\x40\x40\x20\x7c\x1c\x20\x40\x20\x1c\x3c\x40\x30\x40\x3c"
    b"\x44\x28\x10\x28\x44\x0c\x50\x50\x50\x3c\x44\x64\x54\x4c\x44\x00\x08\x36\x41\x41"
    b"\x00\x00\x7f\x00\x00\x41\x41\x36\x08\x00\x08\x04\x08\x10\x08\x7f\x7f\x7f\x7f\x7f"
    # EXTRA: letters of the five languages' texts and names (French, Italian, German, Turkish; Spanish's ñ) and
    # the marks their texts use (quotes, apostrophe, ellipsis, middle dot, euro); drawn in host_tools/fontart.py
    # (`python -m host_tools.fontart` prints these lines). Small letters: the accent on rows 0-1 over the
    # x-height letter, a cedilla or a descender on row 7; capitals with a mark above are drawn 5 rows tall
    # (rows 2-6) under it (Ö Ô Ò Ó: 6 rows under a 1-row mark, else they are ö ô ò ó)
    b"\x38\x54\x56\x55\x18\x38\x55\x56\x54\x18\x38\x56\x55\x56\x18\x20\x55\x56\x54\x78"
    b"\x20\x56\x55\x56\x78\x38\x44\xc4\xc4\x20\x3c\x41\x40\x21\x7c\x38\x45\x44\x45\x38"
    b"\x20\x55\x54\x55\x78\x7e\x41\x49\x55\x22\x48\x54\xd4\xd4\x20\x18\xa5\xa6\xa5\x7c"
    b"\x00\x44\x7c\x40\x00\x7a\x11\x09\x0a\x71\x7c\x54\x56\x55\x44\x7c\x55\x56\x54\x44"
    b"\x7c\x56\x55\x56\x44\x78\x15\x16\x14\x78\x78\x16\x15\x16\x78\x3e\x41\xc1\xc1\x22"
    b"\x3c\x41\x40\x41\x3c\x3d\x42\x42\x42\x3d\x78\x15\x14\x15\x78\x46\x49\xc9\xc9\x31"
    b"\x38\x45\x56\x55\x34\x44\x44\x7d\x44\x44\x7e\x09\x13\x22\x7d\x38\x55\x54\x55\x18"
    b"\x00\x4a\x79\x42\x00\x00\x45\x7c\x41\x00\x00\x49\x7a\x40\x00\x00\x48\x7a\x41\x00"
    b"\x38\x46\x45\x46\x38\x38\x45\x46\x44\x38\x38\x44\x46\x45\x38\x3c\x42\x41\x22\x7c"
    b"\x3c\x41\x42\x20\x7c\x3c\x40\x42\x21\x7c\x0c\x51\x50\x51\x3c\x20\x54\x56\x55\x78"
    b"\x20\x54\x7c\x54\x58\x38\x44\x38\x54\x58\x7c\x55\x54\x55\x44\x00\x46\x7d\x46\x00"
    b"\x00\x45\x7c\x45\x00\x00\x45\x7e\x44\x00\x00\x44\x7e\x45\x00\x3c\x42\x43\x42\x3c"
    b"\x3d\x43\x42\x42\x3c\x3c\x42\x42\x43\x3d\x3c\x42\x41\x42\x3c\x3c\x41\x42\x40\x3c"
    b"\x3c\x40\x42\x41\x3c\x04\x09\x70\x09\x04\x78\x14\x16\x15\x78\x7e\x09\x7f\x49\x41"
    b"\x3e\x41\x7f\x49\x41\x6f\x41\x4d\x4b\x30\x10\x28\x00\x10\x28\x28\x10\x00\x28\x10"
    b"\x06\x05\x00\x06\x05\x05\x03\x00\x05\x03\x50\x30\x00\x50\x30\x00\x00\x06\x05\x00"
    b"\x00\x00\x05\x03\x00\x40\x00\x40\x00\x40\x00\x18\x18\x00\x00\x14\x3e\x55\x55\x41"
    # the box: a character the font lacks (never an exception, never taken for a letter)
    b"\x7f\x41\x41\x41\x7f"
)
# the characters of the glyphs after ASCII: EXTRA[i] is drawn by glyph LAST + 1 - FIRST + i of the strip
EXTRA = "éèêàâçüöäßşğıñÉÈÊÀÂÇÜÖÄŞĞİÑëîïìíôòóûùúÿáæœËÎÏÌÍÔÒÓÛÙÚŸÁÆŒẞ«»“”„‘’…·€"

# a dash (en, em) is drawn as the hyphen, which already spans the cell
ALIASES = (8211, 8212)


# the 5x8 window one glyph is copied into (5 byte copies: cheaper than a blit) before it is drawn: built once at
# import, so drawing allocates nothing
MISSING = LAST - FIRST + 1 + len(EXTRA)    # the strip index of the box drawn for a character the font lacks (the last)
_obuf = bytearray(5)
_one = framebuf.FrameBuffer(_obuf, 5, 8, framebuf.MONO_VLSB)
# where a character beyond ASCII is in the strip: _LATIN[code - 160] = strip index + 1 (0: not in the font) for
# Latin-1 and Latin Extended-A (160..383); the few codes above (ẞ, quotes, dashes, ellipsis, euro) in _HIGH/_HIGH_AT
_LATIN = bytearray(224)
_HIGH = []
_HIGH_AT = bytearray()
# EXTRA's characters are read from its UTF-8 bytes: ``EXTRA[i]`` would intern each one-character str for good (on
# MicroPython), ~70 of the qstr pool's entries (issue 12: 14 KB of pool at 1,260 interned strings on the unix port)
_e = EXTRA.encode()
_j = 0
for _i in range(len(EXTRA)):
    _c = _e[_j]
    if _c < 0xE0:
        _c = (_c & 0x1F) << 6 | (_e[_j + 1] & 0x3F)
        _j += 2
    else:
        _c = (_c & 0x0F) << 12 | (_e[_j + 1] & 0x3F) << 6 | (_e[_j + 2] & 0x3F)
        _j += 3
    if _c < 384:
        _LATIN[_c - 160] = LAST + 2 - FIRST + _i
    else:
        _HIGH.append(_c)
        _HIGH_AT.append(LAST + 1 - FIRST + _i)
for _c in ALIASES:
    _HIGH.append(_c)
    _HIGH_AT.append(45 - FIRST)
del _e
# the 10x16 window one big glyph is drawn into (_bbuf: rows 0-7 of its 10 columns, then rows 8-15)
_bbuf = bytearray(20)
_bone = framebuf.FrameBuffer(_bbuf, 10, 16, framebuf.MONO_VLSB)
# one nibble of a small glyph's column, each bit doubled (bit y -> bits 2y and 2y+1): the big font is the small one
# scaled 2x column by column into the window, so no strip of big glyphs stays on the heap (2.2 KB on the box)
WIDE = b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff"
# the big suit glyphs (``cardart.card`` draws ``SUITS[c & 3]``: c a card 0-51), 18 bytes each: 9 bytes of rows 0-7,
# then 9 bytes of rows 8-15
SUITS = (
    framebuf.FrameBuffer(bytearray(b"\x78\x78\x36\x7f\xff\x7f\x36\x78\x78"
                                   b"\x00\x00\x00\x01\x01\x01\x00\x00\x00"), 9, 16, framebuf.MONO_VLSB),    # clubs
    framebuf.FrameBuffer(bytearray(b"\x30\x78\xfc\xfe\xff\xfe\xfc\x78\x30"
                                   b"\x00\x00\x00\x01\x03\x01\x00\x00\x00"), 9, 16, framebuf.MONO_VLSB),    # diamonds
    framebuf.FrameBuffer(bytearray(b"\x1e\x3f\x7f\xfe\xfc\xfe\x7f\x3f\x1e"
                                   b"\x00\x00\x00\x00\x01\x00\x00\x00\x00"), 9, 16, framebuf.MONO_VLSB),    # hearts
    framebuf.FrameBuffer(bytearray(b"\x30\x78\x7c\x3e\xff\x3e\x7c\x78\x30"
                                   b"\x00\x00\x00\x01\x01\x01\x00\x00\x00"), 9, 16, framebuf.MONO_VLSB),    # spades
)


def index(code):
    """The place of character ``code`` in the strip of glyphs (ASCII 16..127, then ``EXTRA``), or ``MISSING`` (a
    hollow box) for a character the font does not have. Table look-ups over ints: nothing allocated."""
    if FIRST <= code <= LAST:
        return code - FIRST
    if 160 <= code < 384:
        k = _LATIN[code - 160]
        if k:
            return k - 1
        return MISSING
    i = 0
    while i < len(_HIGH):
        if _HIGH[i] == code:
            return _HIGH_AT[i]
        i += 1
    return MISSING


def has(code):
    """True when the font draws character ``code`` (the name editor offers only these; others are a hollow box)."""
    return index(code) != MISSING


def low(code):
    """True when glyph ``code`` has ink on its cell's last row (row 7: a cedilla, ğ's tail), which ASCII never has:
    a text with one must end 8 rows above the frame's edge (``canvas.Canvas.ch``, ``widgets.footer``)."""
    i = index(code) * 5
    t = GLYPHS
    return (t[i] | t[i + 1] | t[i + 2] | t[i + 3] | t[i + 4]) & 0x80 != 0


def glyph(code):
    """The small 5x8 glyph for character code ``code`` (see ``index``; a hollow box if the font lacks it), as a
    FrameBuffer.

    The glyph's 5 bytes are copied out of the strip of all glyphs into a shared window buffer, which is returned:
    blit it before asking for another. Nothing is allocated (one strip in RAM instead of one object per glyph).
    """
    if FIRST <= code <= LAST:
        i = (code - FIRST) * 5
    else:
        i = index(code) * 5
    t = GLYPHS
    b = _obuf
    b[0] = t[i]
    b[1] = t[i + 1]
    b[2] = t[i + 2]
    b[3] = t[i + 3]
    b[4] = t[i + 4]
    return _one


def big_glyph(code):
    """The big 10x16 glyph (2x the small one) for ``code``, as a shared window FrameBuffer (see ``glyph``): each
    column of the small glyph doubled (two columns), each of its nibbles doubled (``WIDE``: rows 0-3 into the
    window's first page, rows 4-7 into its second; row 7: a cedilla or ğ's tail, blank in ASCII)."""
    if FIRST <= code <= LAST:
        i = (code - FIRST) * 5
    else:
        i = index(code) * 5
    t = GLYPHS
    b = _bbuf
    w = WIDE
    c = t[i]
    b[0] = b[1] = w[c & 15]
    b[10] = b[11] = w[c >> 4]
    c = t[i + 1]
    b[2] = b[3] = w[c & 15]
    b[12] = b[13] = w[c >> 4]
    c = t[i + 2]
    b[4] = b[5] = w[c & 15]
    b[14] = b[15] = w[c >> 4]
    c = t[i + 3]
    b[6] = b[7] = w[c & 15]
    b[16] = b[17] = w[c >> 4]
    c = t[i + 4]
    b[8] = b[9] = w[c & 15]
    b[18] = b[19] = w[c >> 4]
    return _bone


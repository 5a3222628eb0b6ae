"""The firmware's extra glyphs are the drawings of host_tools/fontart.py (the place a glyph is drawn)."""

from dealerbox.ui import font

from host_tools import fontart


def test_the_firmware_table_is_the_drawings():
    assert font.EXTRA == fontart.extra()
    ascii_end = (font.LAST - font.FIRST + 1) * 5
    assert font.GLYPHS[ascii_end:font.MISSING * 5] == fontart.extra_bytes()
    assert len(font.GLYPHS) == (font.LAST - font.FIRST + 1 + len(font.EXTRA) + 1) * 5     # ASCII, EXTRA, the box
    assert fontart.source().split("\n")[0] == 'EXTRA = "%s"' % font.EXTRA
    assert font.ALIASES == tuple(ord(a) for a, _b in fontart.ALIASES)
    assert fontart.columns("#.... .#... ..#.. ...#. ....# ..... ..... #####") == b"\x81\x82\x84\x88\x90"


def test_the_sheet_is_written(tmp_path):
    out = tmp_path / "sheet.png"
    assert fontart.main(["--png", str(out)]) == 0
    from PIL import Image
    img = Image.open(out)
    assert img.size[0] == 128 * 4 and img.getextrema() == (0, 255)
    assert fontart.main(["--bad"]) == 2

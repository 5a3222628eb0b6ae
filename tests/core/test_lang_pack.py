"""The packed language tables (host_tools/langpack.py, docs/languages.md "How the tables work"): the keys' hash is
the same on both interpreters (the build packs on CPython, the box looks up on MicroPython), a table packs into
the bytes ``build`` writes and every text is found back, a text not in the table stays English, the texts kept for
redraws are made at ``use``, ``said`` formats a refusal from its key and values, and a table file missing
or damaged is refused in words, the language in use unchanged. Both interpreters."""

from dealerbox import lang
from dealerbox.reason import Reason
from langpack import PackError, image, pack, use_table
from store_util import _tmpdir
from support import raises

WORDS = {"Language": "Sprache", "Türkçe": "Türkisch", "%s wins the pot of %d": "%s gewinnt den Pot von %d",
         "chaal": "Chaal-Wort"}


def test_the_hash_is_the_same_on_both_interpreters():
    """Values computed once on CPython: MicroPython must give the very same (a small int at every step)."""
    assert [lang.key_hash(b"Pass the box to", k) for k in (0, 15)] == [550483631, 81689215]
    assert [lang.key_hash("Türkçe".encode(), k) for k in (0, 15)] == [93817688, 210567272]
    assert lang.key_hash(b"", 0) == 0


def test_a_table_packs_as_build_writes_it():
    k, h, o, s = pack({"Language": "Sprache", "Türkçe": "Türkisch", "%s wins the pot of %d": "%s gewinnt den Pot "
                       "von %d"}, lang.key_hash)
    assert k == 0 and bytes(h) == h
    assert h == b"\x05\x97\x8bX\x0c4#\x95\x18\xa1\xc3X"
    assert o == b"\x00\x00\x00\t\x00\"\x00)"
    assert s == "Türkisch%s gewinnt den Pot von %dSprache".encode()


def test_every_text_is_found_back_and_the_rest_stays_english():
    use_table("de", WORDS)
    try:
        assert [lang.tr(k) for k in WORDS] == list(WORDS.values())
        assert lang.tr("Language") is lang.tr("Language")          # made once, kept: no allocation the next time
        assert lang.tr("Players") == "Players"
        won = Reason("%s wins the pot of %d", "Ben", 40)
        assert lang.said(won) == "Ben gewinnt den Pot von 40"
        assert lang.said([won, "not a text of the table"]) == "Ben gewinnt den Pot von 40 not a text of the table"
        assert lang.said(ValueError(Reason("%s wins the pot of %d", won, 2))) == "Ben gewinnt den Pot von 40 " \
            "gewinnt den Pot von 2"
    finally:
        lang.use("en")
    assert lang.tr("Language") == "Language" and lang.said(won) == "Ben wins the pot of 40"


def _kept(english):
    """The key ``keep`` was given for the text ``english``."""
    for keys in lang._kept:
        for k in keys:
            if k == english:
                return k
    raise AssertionError("not kept: %r" % english)


def test_the_kept_texts_are_made_when_the_language_is_chosen():
    """``keep``: the texts drawn inside redraws are in the cache right after ``use`` (ui/screens.py's are kept), in
    English too."""
    from dealerbox.ui import screens, sealcut  # noqa: F401  (their texts kept at import)
    use_table("de", {"Center": "Mitte", "Language": "Sprache"})
    try:
        assert lang._c.get(_kept("Center")) == "Mitte"
        assert lang._c.get(_kept("Not cut")) == "Not cut"
        assert "Language" not in lang._c
    finally:
        lang.use("en")
    assert lang._c.get(_kept("Center")) == "Center" and "Language" not in lang._c


def test_a_table_too_big_for_its_offsets_is_refused_in_words():
    with raises(PackError) as e:
        pack({"a": "x" * 40000, "b": "y" * 30000}, lang.key_hash)
    assert str(e.value) == "the translations pass 65,535 bytes of utf-8 (offsets are 2 bytes)"


def test_the_table_file_is_a_head_and_the_packed_table():
    """``image``: MAGIC, the CRC-32 of the rest, the number of keys, the seed, then H, P and S
    (``host_tools/langpack.py``)."""
    from dealerbox.store import checksum
    words = {"Language": "Sprache", "Türkçe": "Türkisch", "%s wins the pot of %d": "%s gewinnt den Pot von %d"}
    k, h, o, s = pack(words, lang.key_hash)
    data = image(words, lang.key_hash)
    assert data[:4] == b"DBT1" and data[8:12] == b"\x00\x03\x00\x00" and data[12:] == h + o + s
    assert data[4:8] == bytes(bytearray((checksum(data[8:]) >> s_) & 255 for s_ in (24, 16, 8, 0)))
    assert len(data) == 12 + 6 * 3 + 2 + len(s)


def _folder(d):
    """A stand-in for ``lang.table_dir``: the folder ``d`` (str ending in "/")."""
    return lambda: d


def _files(damage):
    """A folder with the table file de.bin of WORDS, damaged by ``damage`` (bytes -> bytes, or None: no file)."""
    d = _tmpdir()
    if damage is not None:
        with open(d + "/de.bin", "wb") as f:
            f.write(damage(image(WORDS, lang.key_hash)))
    return d + "/"


def test_a_table_file_is_read_where_a_text_is_first_needed():
    where = lang.table_dir
    lang.table_dir = _folder(_files(lambda b: b))
    try:
        lang.use("de")
        assert [lang.tr(k) for k in WORDS] == list(WORDS.values()) and lang.tr("Players") == "Players"
    finally:
        lang.table_dir = where
        lang.use("en")
    assert lang._f is None


def test_a_missing_or_damaged_table_file_is_refused_in_words():
    cases = ((None, "no table file %sde.bin"),
             (lambda b: b[:-1], "%sde.bin is damaged: 88 bytes, not 89"),
             (lambda b: b[:20], "%sde.bin is damaged: 20 bytes, cut short (its 4 keys need 38 and more)"),
             (lambda b: b[:-1] + b"x", "%sde.bin is damaged: its CRC-32 is not its head's"),
             (lambda b: b"DBT0" + b[4:], "%sde.bin is damaged: not a table file"),
             (lambda b: b"", "%sde.bin is damaged: not a table file"))
    where = lang.table_dir
    try:
        for damage, said in cases:
            d = _files(damage)
            lang.table_dir = _folder(d)
            use_table("xx", {"Language": "Langue"})
            with raises(ValueError) as e:
                lang.use("de")
            assert str(e.value) == said % d, str(e.value)
            assert lang.code == "xx" and lang.tr("Language") == "Langue"      # unchanged
    finally:
        lang.table_dir = where
        lang.use("en")


def test_a_table_file_that_is_a_folder_is_said_to_be_one():
    """A language's table file replaced by a folder (a card edited on a computer) was "no table file": said as the
    save files are, "... was a folder, not a file"; the language in use unchanged."""
    import os
    where = lang.table_dir
    d = _files(None)
    os.mkdir(d + "de.bin")
    try:
        lang.table_dir = _folder(d)
        use_table("xx", {"Language": "Langue"})
        with raises(ValueError) as e:
            lang.use("de")
        assert str(e.value) == "%sde.bin was a folder, not a file" % d, str(e.value)
        assert lang.code == "xx" and lang.tr("Language") == "Langue"
    finally:
        lang.table_dir = where
        lang.use("en")
        os.rmdir(d + "de.bin")


def test_the_texts_used_at_presses_are_kept_sixteen_at_a_time():
    """``tr``: a text used again soon is the same str (a dict lookup, nothing allocated); after 16 other texts the
    recent ones start anew (the table's texts are not all made and kept); the kept texts stay."""
    from dealerbox.ui import screens, sealcut  # noqa: F401  (their texts kept at import)
    words = {"w%d" % i: "W%d" % i for i in range(40)}
    words["Center"] = "Mitte"
    use_table("de", words)
    try:
        first = lang.tr("w0")
        assert first == "W0" and lang.tr("w0") is first and lang._r == {"w0": "W0"}
        for i in range(1, 16):
            assert lang.tr("w%d" % i) == "W%d" % i
        assert len(lang._r) == 16 and lang.tr("w0") is first
        assert lang.tr("w16") == "W16" and lang._r == {"w16": "W16"}          # started anew
        assert lang.tr("w0") == "W0" and lang._r == {"w16": "W16", "w0": "W0"}  # read from the table again
        key = _kept("Center")
        assert lang.tr(key) == "Mitte" and key not in lang._r   # kept
        assert lang.tr("Players") == "Players" and lang._r["Players"] == "Players"
    finally:
        lang.use("en")
    assert lang._r == {} and lang.tr("Players") == "Players" and lang._r == {}      # English: the str itself


def test_a_table_file_that_cannot_be_read_any_more_gives_english():
    """A read of the table file that fails at a press (OSError: the flash) shows the text in English: no traceback."""
    class Broken:
        def seek(self, *a):
            raise OSError(5)

        def close(self):
            pass

    use_table("de", WORDS)
    try:
        assert lang.tr("Language") == "Sprache"
        lang._f = Broken()
        assert lang.tr("chaal") == "chaal" and lang.tr("Language") == "Sprache"     # (this one kept before)
    finally:
        lang.use("en")


def test_the_tables_are_beside_the_module_or_in_lang_on_a_frozen_firmware():
    """``table_dir``: ``tables/`` beside ``dealerbox/lang/__init__`` when that folder is on the filesystem; a frozen
    firmware's ``__file__`` names no folder there (``asyncio/__init__.py`` on the unix port), so ``/lang/``."""
    where = lang.__file__
    assert lang.table_dir() == where[:where.rfind("/") + 1] + "tables/"
    try:
        lang.__file__ = _tmpdir() + "/no-such-folder/__init__.py"
        assert lang.table_dir() == "/lang/"
    finally:
        lang.__file__ = where
    assert lang.table_dir() == where[:where.rfind("/") + 1] + "tables/"

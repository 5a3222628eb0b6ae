"""The language tables' catalog and build (``python -m host_tools.lang``, issue 16): read from the source, complete,
the core tests' copy up to date; every table in translations/ with exactly the catalog's keys
and each key's %-specifiers in its order, and its packed table in lang/tables/ up to date with it; the packing (no
two keys with one hash, every key found back); ``said`` translating every template and its values;
the tool's answers and errors."""

import os

import pytest
from dealerbox import lang
from dealerbox.engine.base import IllegalAction
from dealerbox.reason import Reason
from langpack import use_table
from pseudo_util import pseudo

from host_tools import lang as tool

SOURCE = '''
from dealerbox.lang import N_, tr
LABELS = {"a": N_("Label one"), "b": ""}
def f(x, err):
    s = tr("Hand %d result") % x
    t = tr("Showdown: x loses" if x else "Showdown")
    u = lang.tr("Via the module")
    v = tr(LABELS[x])                       # chosen at run time: the table's N_ gives the key
    w = str("not a key") + tr("")
    raise IllegalAction("the hand is over")
'''


def test_the_catalog_reads_every_marker_and_only_them():
    assert tool.keys_of_source(SOURCE) == {"Label one", "Hand %d result", "Showdown: x loses", "Showdown",
                                           "Via the module", "the hand is over"}


def test_the_catalog_holds_the_words_of_every_kind_of_source():
    keys = tool.catalog()
    assert keys == sorted(set(keys)) and len(keys) > 400
    for k in ("OK: I am %s", "%s wins the pot of %d", "\x1c choose  OK select",     # screens, hints
              "Karanlik blind", "pay 2x stake", "Show: pay the stake",                  # house rules (N_ tables)
              "Kings to open",                                                          # a preset (engine/rules.py)
              "See cards", "chaal", "Pure seq.", "Everyone else packed",                # actions, categories
              "discard 0 to 4 cards, not %d", "a hand is in progress",                 # the engine's reasons
              "checksum mismatch", "Save damaged (%s): the one before it is used.",     # the store's words
              "action %d of the hand's journal refused (%s)"):                          # ui/snapcheck.py
        assert k in keys, k
    assert "" not in keys and "teen-patti" not in keys and "P%d" not in keys


def test_the_core_tests_copy_of_the_catalog_is_up_to_date():
    with open(tool.MODULE, encoding="utf-8") as f:
        assert f.read() == tool.module_text(tool.catalog()), "run: python -m host_tools.lang module"


def test_the_escape_keeps_a_key_on_one_line_and_reads_back():
    for k in ("\x1c more  OK next", 'say "yes"\nthen', "back\\slash", "Türkçe"):
        e = tool.escape(k)
        assert "\n" not in e and eval('"%s"' % e) == k
    assert tool.escape("\x1c a") == "\\x1c a" and tool.escape("ü") == "ü"


def test_specifiers_in_order():
    assert tool.specifiers("%s wins %d (100%%)") == ["%s", "%d"]
    assert tool.specifiers("%d.%02d") == ["%d", "%02d"]
    assert tool.problems({"a %d b %s": "%s x %d", "gone": "weg", "ok %d": "gut %d"},
                         ["a %d b %s", "new", "ok %d"]) == ["missing: new", "stale: gone", "specifiers: a %d b %s"]


@pytest.mark.parametrize("code", ["fr", "it", "de", "tr"])
def test_every_table_has_exactly_the_catalogs_keys_and_their_specifiers(code):
    """Each table of translations/ (none before the translators write them: then nothing to check) against the
    catalog, and the packed table the box imports up to date with it (none without a source)."""
    t = tool.read_table(code)
    if t is None:
        assert not os.path.exists(tool.table_path(code))
        assert not os.path.exists(tool.generated_path(code)), "a packed table without translations/%s.py" % code
        return
    assert tool.problems(t, tool.catalog()) == []
    assert code in tool.tables()
    with open(tool.generated_path(code), "rb") as f:
        assert f.read() == tool.generated(t, tool.catalog()), "run: python -m host_tools.lang build"
    assert not os.path.exists(tool.old_path(code)), "an earlier format's table: python -m host_tools.lang build"


def test_the_catalog_packs_with_every_key_found_back():
    """The whole catalog as a table: its hashes distinct and ascending, every key's translation found back through
    ``tr`` (nothing else found), and a key drawn inside a redraw (``keep``) translated at ``use``."""
    from dealerbox.ui import modes, screens  # noqa: F401  (their keys kept at import: ``keep``)
    from langpack import pack
    keys = tool.catalog()
    table = {k: pseudo(k) for k in keys}
    k, h, o, s = pack(table, lang.key_hash)
    hashes = [int.from_bytes(h[i:i + 4], "big") for i in range(0, len(h), 4)]
    assert len(hashes) == len(keys) and hashes == sorted(set(hashes)) and max(hashes) < 2 ** 30
    assert len(o) == 2 * len(keys) + 2 and int.from_bytes(o[-2:], "big") == len(s) == len("".join(
        table.values()).encode())
    use_table("xx", table)
    try:
        assert [lang.tr(x) for x in keys] == [pseudo(x) for x in keys]
        assert lang.tr("not a key at all") == "not a key at all" == lang._find("not a key at all")
        assert lang._c.get("Center") == pseudo("Center")    # kept by ui/screens.py
        assert lang._c.get("Look at cards") == pseudo("Look at cards")        # ui/modes.py's action labels
    finally:
        lang.use("en")
    assert lang.tr("Center") == "Center" and lang._c.get("Center") == "Center"


def _collision():
    """Two keys of the same length with one hash under seed 0 (found by trying; the hash has 2**26 values a length)."""
    seen = {}
    i = 0
    while True:
        key = "key %06d" % i
        v = lang.key_hash(key.encode(), 0)
        if v in seen:
            return seen[v], key
        seen[v] = key
        i += 1


def test_two_keys_with_one_hash_take_another_seed_or_are_refused_in_words():
    from langpack import PackError, pack
    a, b = _collision()
    k, h, o, s = pack({a: "A", b: "B"}, lang.key_hash)
    assert k > 0 and len(h) == 8
    use_table("xx", {a: "A", b: "B"})
    try:
        assert lang._k == k
        assert (lang.tr(a), lang.tr(b)) == ("A", "B")
    finally:
        lang.use("en")
    with pytest.raises(PackError) as e:
        pack({a: "A", b: "B"}, lang.key_hash, seeds=1)
    assert str(e.value) == ("the keys %r and %r have the same hash under every seed 0-0: change one of them (or the "
                            "hash, lang.key_hash)" % tuple(sorted((a, b))))


def test_every_text_translated_while_drawing_is_kept():
    """Each ``tr("...")`` of ui/screens.py and ui/foreheads.py (drawn inside a redraw, which allocates nothing) is one
    of the texts its module's ``keep`` translates at ``use``; the other drawing modules translate nothing."""
    import ast
    ui = os.path.join(tool.PACKAGE, "ui")
    for name in ("screens", "foreheads"):
        with open(os.path.join(ui, name + ".py"), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        drawn = set()
        kept = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and tool._called(node) == "tr":
                drawn.update(tool._literals(node.args[0]))
            if isinstance(node, ast.Call) and tool._called(node) == "keep":
                kept.update(tool.keys_of_source(ast.unparse(node)))
        assert drawn and drawn <= kept, (name, sorted(drawn - kept))
    for name in ("canvas", "font", "widgets", "cardart"):
        with open(os.path.join(ui, name + ".py"), encoding="utf-8") as f:
            assert tool.keys_of_source(f.read()) == set(), name


def test_said_translates_every_template_and_its_values():
    """Every catalog key said with plain values (``Reason``) comes back as its translation with the values in (the
    pseudo-language: each letter changed, so a wrong key shows); a str value and a reason quoted in another are said
    too; English is left as it is."""
    keys = tool.catalog()
    table = {k: pseudo(k) for k in keys}
    use_table("xx", table)
    try:
        wrong = []
        for k in keys:
            args = tuple(7 if s == "%d" else 7.5 if s.endswith("f") else "7" for s in tool.specifiers(k))
            if lang.said(Reason(k, *args)) != pseudo(k) % args:
                wrong.append(k)
        assert wrong == []
        reason = Reason("%s is %d to %d chips, not %d", "chaal", 2, 8, 1000)   # a value that is a key: said too
        assert lang.said(reason) == pseudo("%s is %d to %d chips, not %d") % (pseudo("chaal"), 2, 8, 1000)
        two = [Reason("Save damaged (%s): the one before it is used.", "checksum mismatch"),
               Reason("A partial hand log (%d bytes) was removed.", 37)]
        assert lang.said(two) == pseudo("Save damaged (%s): the one before it is used.") % pseudo(
            "checksum mismatch") + " " + pseudo("A partial hand log (%d bytes) was removed.") % 37
        assert lang.said(IllegalAction(reason)) == lang.said(reason)
    finally:
        lang.use("en")
    assert lang.said(reason) == str(reason) == "chaal is 2 to 8 chips, not 1000"


def _run(capsys, argv):
    capsys.readouterr()
    rc = tool.main(argv)
    out = capsys.readouterr()
    return rc, out.out, out.err


@pytest.fixture()
def lang_dir(tmp_path, monkeypatch):
    """translations/ in a temporary folder, and lang/ (lang/__init__.py copied, tables/ written there) and the core
    tests' catalog: the tables the tests write in the returned translations/."""
    with open(os.path.join(tool.LANG_DIR, "__init__.py"), encoding="utf-8") as f:
        (tmp_path / "__init__.py").write_text(f.read(), encoding="utf-8")
    (tmp_path / "tables").mkdir()
    (tmp_path / "translations").mkdir()
    monkeypatch.setattr(tool, "LANG_DIR", str(tmp_path))
    monkeypatch.setattr(tool, "TABLES_DIR", str(tmp_path / "tables"))
    monkeypatch.setattr(tool, "MODULE", str(tmp_path / "lang_catalog.py"))
    monkeypatch.setattr(tool, "TRANSLATIONS", str(tmp_path / "translations"))
    monkeypatch.setattr(tool, "PACKAGE_JSON", None)
    return tmp_path / "translations"


def test_build_packs_every_translation_and_refuses_wrong_specifiers(capsys, lang_dir, monkeypatch):
    keys = tool.catalog()
    de = {k: pseudo(k) for k in keys[1:]}
    de["Gone key"] = "Weg"
    (lang_dir / "de.py").write_text('"""German."""\nT = %r\n' % de, encoding="utf-8")
    fr = {k: pseudo(k) for k in keys}
    bad = [k for k in keys if tool.specifiers(k)][:2]
    for k in bad:
        fr[k] = "sans specificateur"
    (lang_dir / "fr.py").write_text("T = %r\n" % fr, encoding="utf-8")
    rc, out, err = _run(capsys, ["build"])
    tables = lang_dir.parent / "tables"
    assert rc == 1 and sorted(os.listdir(tables)) == ["de.bin"]
    assert out.splitlines() == [os.path.relpath(tool.MODULE) + ": written",
                                os.path.relpath(str(tables / "de.bin")) + ": written"]
    assert err.splitlines() == [
        "lang: translations/de.py: 1 keys missing (shown in English), 1 stale (left out): python -m host_tools.lang "
        "check de",
        "lang: translations/fr.py: not built: 2 translations whose %-specifiers are not their key's (the same ones in "
        "the same order):", "  " + tool.escape(bad[0]), "  " + tool.escape(bad[1])]
    data = (tables / "de.bin").read_bytes()
    same = [k for k in keys[1:] if pseudo(k) == k]      # ("%s: %s"): left out, ``tr`` gives the key itself
    assert data[:4] == b"DBT1" and int.from_bytes(data[8:10], "big") == len(keys) - 1 - len(same) and same
    monkeypatch.setattr(lang, "table_dir", lambda: str(tables) + "/")
    lang.use("de")
    try:
        assert [lang.tr(k) for k in keys] == [keys[0]] + [pseudo(k) for k in keys[1:]]
        assert lang.tr("Gone key") == "Gone key"                # stale: left out
    finally:
        lang.use("en")
    (lang_dir / "fr.py").unlink()
    assert _run(capsys, ["build"])[:2] == (0, "%s: up to date\n%s: up to date\n" % (
        os.path.relpath(tool.MODULE), os.path.relpath(str(tables / "de.bin"))))


def test_build_moves_a_translators_table_out_of_the_firmware_and_packs_it(capsys, lang_dir):
    """A table as the translators wrote it before the move (``lang/tables/it.py``, a dict ``T``): one ``build`` moves
    it to translations/it.py and writes the packed table in its place; a generated table is never moved; a table in
    both places is refused (one would be lost)."""
    keys = tool.catalog()
    it = {k: pseudo(k) for k in keys}
    tables = lang_dir.parent / "tables"
    source = '"""Italiano."""\n\nT = %r\n' % it
    (tables / "it.py").write_text(source, encoding="utf-8")
    rc, out, err = _run(capsys, ["build"])
    assert rc == 0 and err == ""
    src = os.path.relpath(str(lang_dir / "it.py"))
    assert out.splitlines()[0] == ("%s: moved to %s (the translators' table; its packed table is written in its "
                                   "place)" % (os.path.relpath(str(tables / "it.py")), src))
    assert (lang_dir / "it.py").read_text(encoding="utf-8") == source
    assert (tables / "it.bin").read_bytes() == tool.generated(it, keys) and not (tables / "it.py").exists()
    assert _run(capsys, ["build"])[0] == 0 and (lang_dir / "it.py").read_text(encoding="utf-8") == source
    (tables / "it.py").write_text(source, encoding="utf-8")
    rc, out, err = _run(capsys, ["build"])
    assert rc == 1 and err.splitlines()[0] == ("lang: %s is not a generated table and %s exists too: put its "
                                               "changes in %s and delete it" % (os.path.relpath(str(tables / "it.py")),
                                                                                src, src))
    assert (tables / "it.py").read_text(encoding="utf-8") == source      # left as it was, not overwritten


def test_missing_stale_and_check_on_a_table(capsys, lang_dir):
    keys = tool.catalog()
    t = {k: k for k in keys[1:]}
    t["Gone key"] = "Weg"
    t[keys[2]] = "no specifiers" if tool.specifiers(keys[2]) else keys[2] + " %d"
    (lang_dir / "de.py").write_text("T = %r\n" % t, encoding="utf-8")
    assert _run(capsys, ["missing", "de"]) == (1, tool.escape(keys[0]) + "\n", "")
    assert _run(capsys, ["stale", "de"]) == (1, "Gone key\n", "")
    rc, out, err = _run(capsys, ["check", "de"])
    assert rc == 1 and out.splitlines() == ["missing: " + tool.escape(keys[0]), "stale: Gone key",
                                            "specifiers: " + tool.escape(keys[2])]
    (lang_dir / "de.py").write_text("T = %r\n" % {k: k for k in keys}, encoding="utf-8")
    assert [_run(capsys, [c, "de"]) for c in ("missing", "stale", "check")] == [(0, "", "")] * 3
    rc, out, err = _run(capsys, ["missing", "it"])      # no table yet: every key
    assert rc == 1 and len(out.splitlines()) == len(keys) and "no table" in err


def test_a_language_code_in_any_case_is_the_boxs_code(capsys, lang_dir):
    """``check FR`` is ``check fr``, as ``sim --lang FR`` (``hostboard.lang_code``): the same lines and status in
    every case and with spaces around; ``EN`` is English, ``XX`` still unknown (named as typed)."""
    keys = tool.catalog()
    (lang_dir / "fr.py").write_text("T = %r\n" % {k: k for k in keys[1:]}, encoding="utf-8")
    want = (1, "missing: " + tool.escape(keys[0]) + "\n", "")
    for code in ("FR", " fR "):
        assert _run(capsys, ["check", code]) == want, code
        assert _run(capsys, ["missing", code]) == (1, tool.escape(keys[0]) + "\n", ""), code
        assert _run(capsys, ["stale", code]) == (0, "", ""), code
    assert _run(capsys, ["check", "EN"]) == (2, "", "lang: English is the key language: it has no table\n")
    assert _run(capsys, ["check", "XX"]) == (2, "", "lang: unknown language code 'XX': one of fr, it, de, tr\n")


@pytest.mark.parametrize("argv, message", [
    ([], "lang: a command is needed"),
    (["translate"], "lang: unknown command 'translate': one of catalog, missing, stale, check, module, build"),
    (["build", "fr"], "lang: build takes no argument (got fr)"),
    (["catalog", "fr"], "lang: catalog takes no argument (got fr)"),
    (["missing"], "lang: missing needs one language code (fr, it, de, tr)"),
    (["stale", "fr", "de"], "lang: stale needs one language code (fr, it, de, tr)"),
    (["missing", "en"], "lang: English is the key language: it has no table"),
    (["check", "xx"], "lang: unknown language code 'xx': one of fr, it, de, tr"),
    (["module", "x"], "lang: module takes no argument (got x)"),
])
def test_a_bad_argument_is_said_in_words(capsys, argv, message):
    rc, out, err = _run(capsys, argv)
    assert rc == 2 and out == "" and err.splitlines()[0] == message


@pytest.mark.parametrize("text, message", [
    ("T = {'a': \n", "not a Python module"),
    ("T = dict(a='b')\n", "T is not a literal dict (line 1)"),
    ("T = {'a': 1}\n", "T is not a dict of str to str (line 1)"),
    ("X = {}\n", "no dict T = {...}"),
])
def test_a_table_that_cannot_be_read_is_said_in_words(capsys, lang_dir, text, message):
    (lang_dir / "fr.py").write_text(text, encoding="utf-8")
    rc, out, err = _run(capsys, ["missing", "fr"])
    assert rc == 2 and out == "" and message in err and "Traceback" not in err


def test_help_and_the_catalog_on_the_command_line(capsys):
    rc, out, err = _run(capsys, ["--help"])
    assert rc == 0 and out.startswith("usage: python -m host_tools.lang COMMAND [CODE]")
    rc, out, err = _run(capsys, ["catalog"])
    assert rc == 0 and out.splitlines() == [tool.escape(k) for k in tool.catalog()]


def test_a_damaged_table_file_gives_english_and_says_why(tmp_path, monkeypatch, capsys):
    """``langpick.speak`` on a table file damaged on the flash (a byte changed): English, one line saying which file
    and what is wrong, no traceback."""
    from dealerbox.ui import langpick
    with open(tool.generated_path("fr"), "rb") as f:
        data = bytearray(f.read())
    data[-1] ^= 1
    (tmp_path / "fr.bin").write_bytes(bytes(data))
    monkeypatch.setattr(lang, "table_dir", lambda: str(tmp_path) + "/")
    monkeypatch.setattr(langpick, "_found", ("en", "fr"))
    try:
        assert langpick.speak("fr") == "en" and lang.code == "en"
    finally:
        lang.use("en")
    assert capsys.readouterr().out == ("dealerbox: the fr table cannot be read (%s/fr.bin is damaged: its CRC-32 is "
                                       "not its head's): English\n" % tmp_path)

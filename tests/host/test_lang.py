"""The language tables' catalog (``python -m host_tools.lang``, issue 16): read from the source, complete, the core
tests' copy up to date; every table in lang/ with exactly the catalog's keys and each key's %-specifiers in its
order; ``tr_reason`` finding the template of every text formatted from one; the tool's answers and errors."""

import os

import pytest
from dealerbox import lang
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
    for k in ("Pass the box to", "%s wins the pot of %d", "\x1c choose  OK select",     # screens, hints
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
    """Each table of lang/ (none before the translators write them: then nothing to check) against the catalog."""
    t = tool.read_table(code)
    if t is None:
        assert not os.path.exists(tool.table_path(code))
        return
    assert tool.problems(t, tool.catalog()) == []
    assert code in tool.tables()


def test_tr_reason_finds_the_template_of_every_text_made_from_one():
    """Every catalog template formatted with plain arguments comes back as its translation (the pseudo-language:
    each letter changed, so a wrong template shows); English is left as it is."""
    keys = tool.catalog()
    table = {k: pseudo(k) for k in keys}
    lang.use_table("xx", table)
    try:
        wrong = []
        for k in keys:
            spec = tool.specifiers(k)
            if not spec:
                assert lang.tr_reason(k) == table[k]
                continue
            args = tuple(7 if s == "%d" else "7" for s in spec)
            if lang.tr_reason(k % args) != pseudo(k) % args:
                wrong.append(k)
        assert wrong == []
        reason = "chaal is 2 to 8 chips, not 1000"     # an argument that is a key is translated too
        assert lang.tr_reason(reason) == pseudo("%s is %d to %d chips, not %d") % (pseudo("chaal"), 2, 8, 1000)
        two = "Save damaged (checksum mismatch): the one before it is used. A partial hand log (37 bytes) was removed."
        assert lang.tr_reason(two) == pseudo("Save damaged (%s): the one before it is used.") % pseudo(
            "checksum mismatch") + " " + pseudo("A partial hand log (%d bytes) was removed.") % 37
        assert lang.tr_reason("no template says this") == "no template says this"
    finally:
        lang.use("en")
    assert lang.tr_reason("chaal is 2 to 8 chips, not 1000") == "chaal is 2 to 8 chips, not 1000"


def _run(capsys, argv):
    capsys.readouterr()
    rc = tool.main(argv)
    out = capsys.readouterr()
    return rc, out.out, out.err


@pytest.fixture()
def lang_dir(tmp_path, monkeypatch):
    """lang/tables/ in a temporary folder (lang/__init__.py copied beside it): the tables the tests write there."""
    with open(os.path.join(tool.LANG_DIR, "__init__.py"), encoding="utf-8") as f:
        (tmp_path / "__init__.py").write_text(f.read(), encoding="utf-8")
    (tmp_path / "tables").mkdir()
    monkeypatch.setattr(tool, "LANG_DIR", str(tmp_path))
    monkeypatch.setattr(tool, "TABLES_DIR", str(tmp_path / "tables"))
    return tmp_path / "tables"


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


@pytest.mark.parametrize("argv, message", [
    ([], "lang: a command is needed"),
    (["translate"], "lang: unknown command 'translate': one of catalog, missing, stale, check, module"),
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

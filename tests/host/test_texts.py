"""The UI's English texts numbered by the build (host_tools/texts.py, docs/languages.md "English on the box"): which
literals become numbers and which stay, every line keeps its number, the file ``texts.bin`` reads back through
``lang.tr`` and ``lang.text``, a missing or damaged file shows ``#<n>`` instead of a traceback, and in the whole
firmware every numbered text is a catalog key and no copy of one is left as a literal for code to compare against."""

import ast
import io
import os
import subprocess
import tokenize

import pytest
from dealerbox import lang

from host_tools import FIRMWARE, build, texts
from host_tools import lang as tool

SOURCE = '''from dealerbox.lang import N_, tr

TITLES = (N_("Next hand"), N_("End session"), N_("Back to game"))  # 9 bytes: a qstr, left
HOW = {"fold": N_("Everyone else folded"), "x": N_("Save unreadable: %s") % "y"}


def draw(app, d):
    """tr("Docstrings are never numbered")"""
    a = tr("Pass the box to")
    b = tr("Chaal: lowest or highest only" if d["chaal"] == "two-size-limit" else "Chaal: any amount in range")
    c = tr("Ante %d, bet %d") % (1, 2)
    e = N_("Save damaged: %s")
    f = tr("Pass the box to"), tr("one" "two three four"), tr(f"{a} and more text"), app.tr("Method call text")
    return tr(HOW["fold"]), a, b, c, e, f, tr("Short")
'''


def test_the_whole_literal_arguments_become_numbers_and_nothing_else():
    ids = {}
    out, n = texts.number(SOURCE, ids)
    assert ids == {"End session": 0, "Back to game": 1, "Everyone else folded": 2, "Pass the box to": 3,
                   "Chaal: lowest or highest only": 4, "Chaal: any amount in range": 5, "Ante %d, bet %d": 6}
    assert n == 8       # "Pass the box to" twice, one number
    lines = out.splitlines()
    assert len(lines) == len(SOURCE.splitlines())
    assert lines[2] == 'TITLES = (N_("Next hand"), N_(0), N_(1))  # 9 bytes: a qstr, left'
    assert lines[3] == 'HOW = {"fold": N_(2), "x": N_("Save unreadable: %s") % "y"}'
    assert lines[8] == "    a = tr(3)"
    assert lines[9] == '    b = tr(4 if d["chaal"] == "two-size-limit" else 5)'
    assert lines[10] == "    c = tr(6) % (1, 2)"
    assert lines[11] == '    e = N_("Save damaged: %s")'          # inside a function: a reason, formatted later
    assert lines[12] == ('    f = tr(3), tr("one" "two three four"), tr(f"{a} and more text"), '
                         'app.tr("Method call text")')
    assert lines[7] == SOURCE.splitlines()[7]                        # the docstring
    again, _ = texts.number(SOURCE, ids)                             # a second module: the same numbers
    assert again == out and len(ids) == 7
    compile(out, "numbered", "exec")


def _speak_from(tmp_path, monkeypatch, data):
    """``lang`` reading ``texts.bin`` made of ``data`` from ``tmp_path`` (closed again by the caller's ``_reset``)."""
    (tmp_path / "texts.bin").write_bytes(data)
    monkeypatch.setattr(lang, "table_dir", lambda: str(tmp_path) + "/")
    _reset()


def _reset():
    if lang._t is not None:
        lang._t.close()
    lang._t = lang._tw = None
    lang._tn = 0
    lang.use("en")


def test_the_numbered_texts_read_back_in_english_and_in_a_language(tmp_path, monkeypatch):
    from dealerbox.lang.pack import use_table
    ids = {"Pass the box to": 0, "Türkçe – mit Umlaut": 1, "Ante %d, bet %d": 2}
    data = texts.image(ids)
    assert data[:4] == b"DBN1" and data[8:12] == b"\x00\x03\x00\x00"
    assert data[12:20] == b"\x00\x00\x00\x0f\x00\x26\x00\x35"
    try:
        _speak_from(tmp_path, monkeypatch, data)
        assert [lang.text(i) for i in range(3)] == list(ids)
        assert lang.tr(2) == "Ante %d, bet %d" and lang.tr(2) is lang.tr(2) and lang._r == {2: "Ante %d, bet %d"}
        assert lang.text(3) == "#3" and lang.text(-1) == "#-1"
        use_table("de", {"Pass the box to": "Gib die Box an"})
        assert lang.tr(0) == "Gib die Box an" and lang.tr(1) == "Türkçe – mit Umlaut"
    finally:
        _reset()


@pytest.mark.parametrize("damage", ["missing", "cut", "crc", "magic"])
def test_a_texts_file_missing_or_damaged_shows_the_numbers_not_a_traceback(tmp_path, monkeypatch, capsys, damage):
    data = texts.image({"Pass the box to": 0, "End session": 1})
    data = {"missing": None, "cut": data[:-3], "crc": data[:-1] + b"X", "magic": b"DBT1" + data[4:]}[damage]
    try:
        _speak_from(tmp_path, monkeypatch, b"")
        if data is None:
            os.remove(tmp_path / "texts.bin")
        else:
            (tmp_path / "texts.bin").write_bytes(data)
        assert lang.tr(1) == "#1" and lang.text(0) == "#0" and lang._t is None
        why = {"missing": "no table file %s/texts.bin", "cut": "%s/texts.bin is damaged: 41 bytes, not 44",
               "crc": "%s/texts.bin is damaged: its CRC-32 is not its head's",
               "magic": "%s/texts.bin is damaged: not a table file"}[damage] % tmp_path
        assert capsys.readouterr().out == ("dealerbox: %s: the screens show text numbers; copy the build's texts.bin "
                                           "again (make deploy)\n" % why)
    finally:
        _reset()


def test_every_numbered_text_of_the_firmware_is_a_catalog_key_and_no_copy_is_left_to_compare():
    """A number stands for its text only inside ``tr``, a code only inside ``lang.english``: a copy of the text left
    as a literal anywhere in the firmware (an ``item == "End session"``, a ``why == "the hand is over"``) would no
    longer match it on the box. The UI's numbered texts are catalog keys (translated), and so is every message of
    the game layers marked ``N_``."""
    sources, ids, _data = build.numbered_sources()
    ui_ids = {}  # type: dict
    for rel in sources:
        if rel.startswith(texts.PACKAGE):
            with open(os.path.join(FIRMWARE, rel), encoding="utf-8") as f:
                texts.number(f.read(), ui_ids)
    assert len(ui_ids) > 150 and len(ids) > len(ui_ids) + 100
    catalog = set(tool.catalog())
    assert set(ui_ids) <= catalog
    compare = ("==", "!=", "in", "is")
    for rel, src in sources.items():
        toks = [t for t in tokenize.generate_tokens(io.StringIO(src).readline) if t.type != tokenize.NL]
        for i, t in enumerate(toks):
            if t.type != tokenize.STRING or "f" in t.string[:2].lower():
                continue
            v = ast.literal_eval(t.string)
            assert v not in ui_ids or not rel.startswith(texts.PACKAGE), (rel, t.start, t.string)
            assert v not in ids or toks[i - 1].string not in compare and toks[i + 1].string not in compare, (
                rel, t.start, t.string)
        if rel.startswith(texts.MESSAGES):
            with open(os.path.join(FIRMWARE, rel), encoding="utf-8") as f:
                toks = list(tokenize.generate_tokens(io.StringIO(f.read()).readline))
            for i in range(2, len(toks)):
                v = texts._literal(toks[i])
                if v is not None and " " in v and toks[i - 2].string == "N_":
                    assert v in catalog, (rel, toks[i].start, v)


GAME_SOURCE = '''"""A module of the game layers. "A docstring is never coded."""

from dealerbox.lang import N_

PRESETS = (("default", N_("Kings to open")), ("jacks", N_("Jacks or better")))


def why(r, owed, kind):
    """Why not (a docstring)."""
    if r["check_raise"] and kind == "best-of-four":
        return N_("the betting is capped at %d bets and raises") % owed
    if owed > 100:
        return "%s is %d%% of the pot, not %r" % (kind, owed, r["check_raise"])
    return N_("no bet") if owed else f"{kind} is no kind" if kind else "three_of_a_kind"


def quoted(reason):
    return N_("refused (%s)") % reason
'''


def test_the_game_layers_messages_become_codes_that_format_alike():
    ids = {"Pass the box to": 0}
    out, n = texts.coded(GAME_SOURCE, ids)
    assert ids == {"Pass the box to": 0, "Kings to open": 1, "Jacks or better": 2,
                   "the betting is capped at %d bets and raises": 3, "%s is %d%% of the pot, not %r": 4,
                   "refused (%s)": 5}
    assert n == 5
    lines, was = out.splitlines(), GAME_SOURCE.splitlines()
    assert len(lines) == len(was)
    assert lines[4] == 'PRESETS = (("default", N_(\'\\x0101\\x02\')), ("jacks", N_(\'\\x0102\\x02\')))'
    assert lines[10] == "        return N_(\'\\x0103\\x1f%d\\x02\') % owed"
    assert lines[12] == "        return \'\\x0104\\x1f%s\\x1f%d\\x1f%r\\x02\' % (kind, owed, r[\"check_raise\"])"
    assert lines[17] == "    return N_(\'\\x0105\\x1f%s\\x02\') % reason"
    for k in (0, 7, 8, 9, 13):          # docstrings, keys, a short text, an f-string, a name: as written
        assert lines[k] == was[k]
    assert texts.coded(GAME_SOURCE, ids)[0] == out and len(ids) == 6       # a second module: the same codes
    ids[3000] = 4096
    for n in range(6, 4096):
        ids[str(n)] = n
    with pytest.raises(ValueError) as e:
        texts.coded('x = "one more message"\n', ids)
    assert str(e.value) == "more than 4096 numbered texts: a code's number is two characters"


def _run(source):
    """The functions of ``source`` (a dict of its names), with ``N_`` as the box has it."""
    names = {}  # type: dict
    exec(compile(source, "game", "exec"), names)
    return names


def test_a_code_is_written_out_in_english_and_translated(tmp_path, monkeypatch):
    from dealerbox.lang.pack import use_table
    ids = {}  # type: dict
    box, host = _run(texts.coded(GAME_SOURCE, ids)[0]), _run(GAME_SOURCE)
    cases = [({"check_raise": True}, 40, "best-of-four"), ({"check_raise": False}, 150, "draw"),
             ({"check_raise": 0}, 5, "bet"), ({"check_raise": 0}, 0, "bet")]
    try:
        _speak_from(tmp_path, monkeypatch, texts.image(ids))
        for args in cases:
            code, english = box["why"](*args), host["why"](*args)
            assert lang.english(code) == english and lang.tr_reason(code) == english
            assert lang.english(box["quoted"](code)) == host["quoted"](english)
        assert box["why"](*cases[0]) == "\x0102\x1f40\x02" and lang.english("\x0102\x1f40\x02") == (
            "the betting is capped at 40 bets and raises")
        assert lang.english(box["why"](*cases[1])) == "draw is 150% of the pot, not False"
        assert lang.english(box["quoted"](box["quoted"](box["why"](*cases[0])))) == (
            "refused (refused (the betting is capped at 40 bets and raises))")
        label = box["PRESETS"][0][1]
        assert label == "\x0100\x02" and lang.tr(label) == "Kings to open" and lang.english("a " + label) == (
            "a Kings to open")
        for cut in ("\x0102\x1f40", "\x01", "\x010", "x \x0102"):      # a code cut short: left as it is
            assert lang.english(cut) == cut
        plain = "nothing coded"
        assert lang.english(plain) is plain
        use_table("de", {"Kings to open": "Könige öffnen", "the betting is capped at %d bets and raises":
                         "höchstens %d Einsätze und Erhöhungen"})
        assert lang.tr(label) == "Könige öffnen"
        assert lang.tr_reason(box["why"](*cases[0])) == "höchstens 40 Einsätze und Erhöhungen"
    finally:
        _reset()


def test_names_are_interned_on_the_docstring_line_and_compiled_as_qstrs(tmp_path):
    out = texts.interned(GAME_SOURCE)
    lines, was = out.splitlines(), GAME_SOURCE.splitlines()
    assert lines[0] == was[0] + "; global check_raise, three_of_a_kind" and lines[1:] == was[1:]
    assert texts.interned("x = 'check_raise'\n") == "x = 'check_raise'\n"         # no docstring: as written
    assert texts.interned('"""Doc."""\nx = "best-of-four"\n') == '"""Doc."""\nx = "best-of-four"\n'
    obj, qstr = b"\x05\x0bcheck_raise\x00", b"\x16check_raise\x00"   # a str object / a qstr in a .mpy
    for name, src, want, not_want in (("as_written", GAME_SOURCE, obj, qstr), ("interned", out, qstr, obj)):
        (tmp_path / (name + ".py")).write_text(src, encoding="utf-8")
        subprocess.run([build.MPY_CROSS, "-march=armv6m", str(tmp_path / (name + ".py"))], check=True)
        mpy = (tmp_path / (name + ".mpy")).read_bytes()
        assert want in mpy and not_want not in mpy, name


def test_no_name_nor_message_of_the_firmware_is_left_a_str_object(firmware):
    """In the compiled firmware (conftest's ``firmware``), no long literal that is a name is a str object in its
    ``.mpy`` (they are qstrs: ``interned``), nor is any message of the game layers (they are codes: ``coded``). A
    literal also in a tuple of constants is left out: mpy-cross makes the tuple one constant and writes its items as
    str objects (the box finds an interned one again when it loads them)."""
    seen = 0
    for rel in build.firmware_sources():
        with open(os.path.join(FIRMWARE, rel), encoding="utf-8") as f:
            src = f.read()
        toks = list(tokenize.generate_tokens(io.StringIO(src).readline))
        folded = set()
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Tuple) and all(isinstance(e, (ast.Constant, ast.Tuple)) for e in node.elts):
                folded.update(e.value for e in node.elts if isinstance(e, ast.Constant))
        with open(os.path.join(firmware, rel[:-3] + ".mpy"), "rb") as f:
            mpy = f.read()
        docs = texts._docstrings(toks)
        for i, t in enumerate(toks):
            v = texts._literal(t)
            if v is None or i in docs or not (v.isidentifier() or " " in v and rel.startswith(texts.MESSAGES)):
                continue
            if v in folded:
                continue
            b = v.encode()
            if len(b) < 128:
                seen += 1
                assert b"\x05" + bytes([len(b)]) + b + b"\x00" not in mpy, (rel, t.start, v)
    assert seen > 190


def test_the_build_writes_the_texts_beside_the_tables(firmware):
    """The build (conftest's ``firmware``: ``build.compile_all``) writes ``texts.bin`` of every UI module's texts."""
    _sources, ids, data = build.numbered_sources()
    assert data == texts.image(ids)
    with open(os.path.join(firmware, "dealerbox", "lang", "tables", "texts.bin"), "rb") as f:
        assert f.read() == texts.image(ids)


def test_the_build_stamps_the_texts_crc_into_lang_once():
    src = 'x = 1\nTEXTS = 0       # the CRC-32\ny = 2\n'
    assert texts.stamp(src, 305419896) == 'x = 1\nTEXTS = 305419896       # the CRC-32\ny = 2\n'
    for bad in ("x = 1\n", "TEXTS = 0\nTEXTS = 0\n"):
        with pytest.raises(ValueError) as e:
            texts.stamp(bad, 1)
        assert str(e.value).startswith("'TEXTS = 0' is not a line of lang/__init__.py exactly once")
    with open(os.path.join(FIRMWARE, "dealerbox", "lang", "__init__.py"), encoding="utf-8") as f:
        assert "TEXTS = 7 " in texts.stamp(f.read(), 7)


@pytest.mark.parametrize("case", ["missing", "damaged", "another build's", "its own"])
def test_the_box_starts_no_app_without_the_texts_it_was_built_with(tmp_path, monkeypatch, case):
    """``lang.texts_problem`` at power-up (boards/loop.py ``main``): a texts.bin missing, damaged or of another build
    shows FIRMWARE INCOMPLETE on the screen and the REPL, makes no app and leaves the saved session as it was (no
    crash counted); the one the firmware was built with starts the app."""
    from dealerbox.boards import loop
    from dealerbox.store.saves import Store
    from test_hardware_board import make_board

    ids = {"Pass the box to": 0, "End session": 1}
    data = texts.image(ids)
    crc = int.from_bytes(data[4:8], "big")
    folder = tmp_path / "tables"
    folder.mkdir()
    if case != "missing":
        other = texts.image({"Pass the box to": 0, "End session": 1, "New text": 2})
        (folder / "texts.bin").write_bytes({"damaged": data[:-2], "another build's": other, "its own": data}[case])
    monkeypatch.setattr(lang, "table_dir", lambda: str(folder) + "/")
    monkeypatch.setattr(lang, "TEXTS", crc)
    store_dir = tmp_path / "store"
    b, m = make_board(tmp_path=store_dir)
    cfg = {"game": "teen-patti", "players": 2, "names": ["Anna", "Ben"], "chips": 15}
    b.store.save({"v": 1, "cfg": cfg, "table": {"names": ["Anna", "Ben"], "stacks": [10, 20],
                  "bought_in": [15, 15], "dealer": 0}, "engine": None, "hand_no": 1, "last": ""})
    before = sorted(p.name for p in store_dir.iterdir())
    made = []

    def make_app(board):        # the app's place: recorded, then the loop stopped as Ctrl-C stops it
        made.append(board)
        raise KeyboardInterrupt

    try:
        _reset()
        loop.main(b, make_app)
    except KeyboardInterrupt:
        pass
    finally:
        _reset()
    path = "%s/texts.bin" % folder
    why = {"missing": "no table file %s" % path, "damaged": "%s is damaged: 42 bytes, not 44" % path,
           "another build's": "%s is another build's, not this firmware's" % path, "its own": None}[case]
    if why is None:
        assert made == [b]
        return
    assert made == [] and sorted(p.name for p in store_dir.iterdir()) == before
    assert Store(str(store_dir)).load()["hand_no"] == 1
    assert b.messages[-1] == "firmware incomplete: %s; copy the build again (make deploy)" % why
    shown = [t[0] for t in sorted(b.display.texts, key=lambda t: t[2])]
    assert shown[:2] == ["FIRMWARE", "INCOMPLETE:"] and shown[-2:] == ["Run make deploy", "again."]
    short = {"missing": ["no table file", "texts.bin"], "damaged": ["texts.bin is", "damaged: 42", "bytes, not 44"],
             "another build's": ["texts.bin is", "another build's,", "not this", "firmware's"]}[case]
    assert shown[2:-2] == short and max(len(s) for s in shown) <= 16

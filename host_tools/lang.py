"""The language tables' catalog and build: ``python -m host_tools.lang catalog | missing CODE | stale CODE |
check CODE | module | build``.

The catalog is every text the box can show in English, read from the firmware's source (AST, nothing run), so
it is complete without playing a screen. A key is (``dealerbox/lang/__init__.py`` says the same):

* the str literal argument of ``tr("...")`` (each branch of ``tr("a" if x else "b")``);
* the argument of ``N_("...")``: a text chosen at run time (a table of labels, a menu's items), marked where
  it is written and translated where it is shown;
* the first argument of ``IllegalAction("...")``: a refusal of the engine (English; the UI translates it);
* the first argument of ``Reason("...", ...)``: a refusal or a report with its values (``dealerbox/reason.py``).

Commands (one key a line, sorted, escaped as inside a Python "..." literal: ``\\n``, ``\\x1c``, ``\\"``, ``\\\\``;
any other character as itself)::

    catalog        every key
    missing CODE   the keys translations/CODE.py lacks (every key when it does not exist yet); exit 1 when any
    stale CODE     the keys of translations/CODE.py no longer in the catalog; exit 1 when any
    check CODE     every problem of translations/CODE.py: a key missing, a key stale, a translation whose
                   %-specifiers differ from its key's (the same ones in the same order); exit 1 when any
    module         write tests/core/lang_catalog.py, the catalog for the core tests (they run under MicroPython
                   too, which has no ``ast``): run it after adding a text (tests/host/test_lang.py checks it)
    build          write firmware/dealerbox/lang/tables/CODE.bin, the table packed as the box reads it, for every
                   translations/CODE.py (and tests/core/lang_catalog.py, and package.json as ``deploy
                   --write-package``);
                   exit 1 naming the table and the keys when a translation's %-specifiers are not its key's (that
                   table is not written). A translators' table found in lang/tables/ (CODE.py, a dict ``T``, not
                   generated) is first moved to translations/ (the tables lived there before); a packed table of the
                   earlier format there (a generated CODE.py) is deleted.

The translators' tables are ``translations/CODE.py`` at the repository's root: one dict ``T = {English: translation}``.
The box never reads them: ``build`` packs each into ``firmware/dealerbox/lang/tables/CODE.bin`` (generated,
committed; a data file the box reads from flash, ``host_tools/langpack.py`` says what it holds), with only the
catalog's keys (stale ones left out; a missing one shows in English, and ``build`` says how many).

CODE is taken in any case (``check FR`` is ``check fr``: ``hostboard.lang_code``, as ``sim --lang``).

Exit status 2 with a message on stderr for a bad argument (an unknown command or language code, a table that is
not a module with a literal dict ``T``).
"""

import ast
import os
import sys

from host_tools import FIRMWARE

PACKAGE = os.path.join(FIRMWARE, "dealerbox")
LANG_DIR = os.path.join(PACKAGE, "lang")
TABLES_DIR = os.path.join(LANG_DIR, "tables")      # the generated tables, one per language, named by its code
TRANSLATIONS = os.path.join(os.path.dirname(FIRMWARE), "translations")    # the translators' tables (the sources)
MARKERS = ("tr", "N_", "IllegalAction", "Reason")     # the calls whose first argument is a key
USAGE = """usage: python -m host_tools.lang COMMAND [CODE]

  catalog        print every text the screens can show (the English keys), one a line, sorted
  missing CODE   print the keys the table translations/CODE.py lacks (exit 1 when any)
  stale CODE     print the keys of translations/CODE.py no longer used (exit 1 when any)
  check CODE     print every problem of translations/CODE.py: missing, stale, %%-specifiers not as in the key
  module         write tests/core/lang_catalog.py after adding a text
  build          pack every translations/CODE.py into firmware/dealerbox/lang/tables/CODE.bin (after editing one)

CODE: one of %s (English is the key: it has no table)."""


def _literals(node):
    """The str literals ``node`` can evaluate to: a literal, or each branch of ``a if c else b`` (list of str)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    return []


def _called(node):
    """The name a call calls (``tr``, ``lang.tr`` -> "tr"), or None."""
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


def keys_of_source(text, name="<source>"):
    """The catalog keys of one module's source ``text`` (set of str; empty strings are no keys)."""
    out = set()
    for node in ast.walk(ast.parse(text, name)):
        if isinstance(node, ast.Call) and node.args and _called(node) in MARKERS:
            out.update(s for s in _literals(node.args[0]) if s)
    return out


def firmware_files():
    """Every .py of the firmware package but the language tables' package (sorted paths)."""
    out = []
    for dirpath, dirs, files in os.walk(PACKAGE):
        dirs.sort()
        for f in sorted(files):
            path = os.path.join(dirpath, f)
            if f.endswith(".py") and dirpath != TABLES_DIR:
                out.append(path)
    return out


def catalog():
    """Every key of the firmware (sorted list of str)."""
    keys = set()
    for path in firmware_files():
        with open(path, encoding="utf-8") as f:
            keys |= keys_of_source(f.read(), path)
    return sorted(keys)


def escape(s):
    """``s`` on one line, as the inside of a Python "..." literal: backslash, quote and control characters escaped."""
    out = []
    for ch in s:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append("\\x%02x" % ord(ch))
        else:
            out.append(ch)
    return "".join(out)


MODULE = os.path.join(os.path.dirname(FIRMWARE), "tests", "core", "lang_catalog.py")


def module_text(keys):
    """The source of tests/core/lang_catalog.py for the catalog ``keys`` (list of str)."""
    out = ['"""The catalog of the texts the screens show (written by ``python -m host_tools.lang module``: run it',
           'after adding a text; tests/host/test_lang.py checks it is up to date), for the core tests, which run',
           'under MicroPython too."""', "", "KEYS = ("]
    for k in keys:
        out.append('    "%s",' % escape(k))
    out.append(")")
    return "\n".join(out) + "\n"


def codes():
    """The codes of the languages the box speaks (``dealerbox.lang.LANGS``), without running the firmware."""
    return tuple(c for c, _name in _langs())


def specifiers(s):
    """The %-specifiers of ``s`` in order (list of str: "%d", "%s", "%5.2f" ...; "%%" is none)."""
    out = []
    i = 0
    while i < len(s):
        if s[i] == "%" and i + 1 < len(s):
            j = i + 1
            while j < len(s) and s[j] in "0123456789.-+ #":
                j += 1
            if j < len(s) and s[j] != "%":
                out.append(s[i:j + 1])
            i = j + 1
        else:
            i += 1
    return out


def problems(table, keys):
    """Every problem of the language ``table`` (dict) against the catalog ``keys`` (list of str), as lines:
    ``missing: KEY``, ``stale: KEY``, ``specifiers: KEY`` (its translation's %-specifiers are not the key's, in
    the key's order), each key escaped; sorted by key within each kind."""
    have = set(keys)
    out = ["missing: " + escape(k) for k in keys if k not in table]
    out += ["stale: " + escape(k) for k in sorted(table) if k not in have]
    out += ["specifiers: " + escape(k) for k in keys if k in table and specifiers(table[k]) != specifiers(k)]
    return out


class TableError(ValueError):
    """A language table that cannot be read: ``str(e)`` says which and why."""


def table_path(code):
    """The path of the translators' table of ``code`` (``translations/CODE.py``)."""
    return os.path.join(TRANSLATIONS, code + ".py")


def generated_path(code):
    """The path of the packed table of ``code`` the box reads (``firmware/dealerbox/lang/tables/CODE.bin``)."""
    return os.path.join(TABLES_DIR, code + ".bin")


def old_path(code):
    """Where a table of ``code`` was before (``firmware/dealerbox/lang/tables/CODE.py``): the translators' dict, then a
    generated module; ``build`` moves the one (``_adopt``) and deletes the other."""
    return os.path.join(TABLES_DIR, code + ".py")


def tables():
    """The codes of ``LANGS`` whose table exists in translations/ (sorted list of str)."""
    if not os.path.isdir(TRANSLATIONS):
        return []
    known = codes()
    return sorted(f[:-3] for f in os.listdir(TRANSLATIONS) if f.endswith(".py") and f[:-3] in known)


def read_table(code):
    """The dict ``T`` of translations/CODE.py read from its source (its literal), or None when the file does not exist.

    Raises TableError for a file that does not parse or whose ``T`` is not a literal dict of str to str."""
    path = table_path(code)
    if not os.path.exists(path):
        return None
    rel = os.path.relpath(path)
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
    except (SyntaxError, UnicodeDecodeError) as exc:
        raise TableError("%s: not a Python module (%s)" % (rel, exc)) from None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "T" for t in node.targets):
            try:
                t = ast.literal_eval(node.value)
            except ValueError:
                raise TableError("%s: T is not a literal dict (line %d)" % (rel, node.lineno)) from None
            if not isinstance(t, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in t.items()):
                raise TableError("%s: T is not a dict of str to str (line %d)" % (rel, node.lineno))
            return t
    raise TableError("%s: no dict T = {...}" % rel)


def generated(table, keys):
    """The bytes of firmware/dealerbox/lang/tables/CODE.bin for the translators' ``table`` (dict) and the catalog
    ``keys`` (list of str): ``langpack.image`` of its keys in the catalog (stale ones left out), but those translated as
    themselves ("Teen Patti", "Show"): ``tr`` gives a key not in the table unchanged, the caller's own str, so such a
    text costs the box no str of its own. Raises ``langpack.PackError``."""
    from dealerbox.lang import key_hash

    from host_tools.langpack import image
    have = set(keys)
    return image({k: v for k, v in table.items() if k in have and v != k}, key_hash)


def _langs():
    """``LANGS`` of dealerbox/lang/__init__.py, read without running the firmware."""
    with open(os.path.join(LANG_DIR, "__init__.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "LANGS" for t in node.targets):
            return ast.literal_eval(node.value)
    raise ValueError("dealerbox/lang/__init__.py has no LANGS")


GENERATED = "# GENERATED by `python -m host_tools.lang build`"    # the first line of a packed table
PACKAGE_JSON = os.path.join(os.path.dirname(FIRMWARE), "package.json")  # kept in step by ``build`` (None: not)


def _adopt(out, err):
    """A translators' table still in the firmware (``lang/tables/CODE.py`` with a dict ``T``, not generated: as the
    translators wrote them before the tables moved) is moved to translations/CODE.py, where ``build`` reads it. Returns
    the codes refused (set; why on ``err``): translations/CODE.py exists too, one of them would be lost."""
    refused = set()
    for code in codes()[1:]:
        path = old_path(code)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            if f.readline().startswith(GENERATED):
                f.close()
                os.remove(path)
                print("%s: deleted (a packed table of the earlier format: %s replaces it)" % (
                    os.path.relpath(path), os.path.relpath(generated_path(code))), file=out)
                continue
        if os.path.exists(table_path(code)):
            print("lang: %s is not a generated table and %s exists too: put its changes in %s and delete it" % (
                os.path.relpath(path), os.path.relpath(table_path(code)), os.path.relpath(table_path(code))), file=err)
            refused.add(code)
            continue
        os.makedirs(TRANSLATIONS, exist_ok=True)
        os.rename(path, table_path(code))
        print("%s: moved to %s (the translators' table; its packed table is written in its place)" % (
            os.path.relpath(path), os.path.relpath(table_path(code))), file=out)
    return refused


def build(out, err):
    """``build``: tests/core/lang_catalog.py and every generated table from its translations/CODE.py (a translators'
    table found in lang/tables/ moved there first: ``_adopt``), then package.json; the exit status (1 when a table has a
    translation whose specifiers differ from its key's, or cannot be read or packed: that table not written)."""
    from host_tools.langpack import PackError
    keys = catalog()
    refused = _adopt(out, err)
    status = 1 if refused else 0
    _write(MODULE, module_text(keys), out)
    for code in tables():
        if code in refused:
            continue
        try:
            t = read_table(code)
        except TableError as exc:
            print("lang: %s" % exc, file=err)
            status = 1
            continue
        wrong = [k for k in keys if k in t and specifiers(t[k]) != specifiers(k)]
        if wrong:
            print("lang: translations/%s.py: not built: %d translations whose %%-specifiers are not their key's (the "
                  "same ones in the same order):" % (code, len(wrong)), file=err)
            for k in wrong:
                print("  %s" % escape(k), file=err)
            status = 1
            continue
        try:
            text = generated(t, keys)
        except PackError as exc:
            print("lang: translations/%s.py: not built: %s" % (code, exc), file=err)
            status = 1
            continue
        _write(generated_path(code), text, out)
        missing = sum(1 for k in keys if k not in t)
        stale = sum(1 for k in t if k not in set(keys))
        if missing or stale:
            print("lang: translations/%s.py: %d keys missing (shown in English), %d stale (left out): python -m "
                  "host_tools.lang check %s" % (code, missing, stale, code), file=err)
    if PACKAGE_JSON:                        # every firmware file listed (as ``deploy --write-package``)
        from host_tools import deploy
        _write(PACKAGE_JSON, deploy.package_json_text(), out)
    return status


def _write(path, text, out):
    """Write ``text`` (str, or bytes: a table file) to ``path`` unless it is there already; say which."""
    old = None
    binary = isinstance(text, bytes)
    if os.path.exists(path):
        with open(path, "rb" if binary else "r", encoding=None if binary else "utf-8") as f:
            old = f.read()
    if old != text:
        with open(path, "wb" if binary else "w", encoding=None if binary else "utf-8") as f:
            f.write(text)
    print("%s: %s" % (os.path.relpath(path), "up to date" if old == text else "written"), file=out)


def main(argv=None, out=None, err=None):
    """Command line (see the module docstring); returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    out = out or sys.stdout
    err = err or sys.stderr
    known = codes()
    usage = USAGE % ", ".join(c for c in known if c != "en")
    if argv in (["-h"], ["--help"]):
        print(usage, file=out)
        return 0
    if not argv:
        print("lang: a command is needed\n\n" + usage, file=err)
        return 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "catalog":
        if rest:
            print("lang: catalog takes no argument (got %s)" % " ".join(rest), file=err)
            return 2
        for k in catalog():
            print(escape(k), file=out)
        return 0
    if cmd in ("module", "build") and rest:
        print("lang: %s takes no argument (got %s)" % (cmd, " ".join(rest)), file=err)
        return 2
    if cmd == "module":
        keys = catalog()
        with open(MODULE, "w", encoding="utf-8") as f:
            f.write(module_text(keys))
        print("%s: %d keys" % (os.path.relpath(MODULE), len(keys)), file=out)
        return 0
    if cmd == "build":
        return build(out, err)
    if cmd not in ("missing", "stale", "check"):
        print("lang: unknown command %r: one of catalog, missing, stale, check, module, build\n\n%s" % (cmd, usage),
              file=err)
        return 2
    if len(rest) != 1:
        print("lang: %s needs one language code (%s)" % (cmd, ", ".join(c for c in known if c != "en")), file=err)
        return 2
    from host_tools.hostboard import lang_code
    code = lang_code(rest[0])               # any case, as sim --lang: FR is fr
    if code == "en":
        print("lang: English is the key language: it has no table", file=err)
        return 2
    if code not in known:
        print("lang: unknown language code %r: one of %s" % (rest[0], ", ".join(c for c in known if c != "en")),
              file=err)
        return 2
    try:
        t = read_table(code)
    except TableError as exc:
        print("lang: %s" % exc, file=err)
        return 2
    keys = catalog()
    if cmd == "check":
        if t is None:
            print("lang: no table %s yet: every key is missing" % os.path.relpath(table_path(code)), file=err)
        found = problems(t or {}, keys)
        for line in found:
            print(line, file=out)
        return 1 if found else 0
    if cmd == "missing":
        if t is None:
            print("lang: no table %s yet: every key is missing" % os.path.relpath(table_path(code)), file=err)
            t = {}
        found = [k for k in keys if k not in t]
    else:
        have = set(keys)
        found = sorted(k for k in (t or {}) if k not in have)
    for k in found:
        print(escape(k), file=out)
    return 1 if found else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:         # (the reader went away: ``... | head``)
        sys.stderr.close()
        sys.exit(0)

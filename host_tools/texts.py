"""The UI's English texts taken out of the compiled code: the build numbers them (``python -m host_tools.build``).

On the box a module is its ``.mpy`` loaded into RAM, and every str literal of it longer than 10 bytes is a str
object on the heap for as long as the module is loaded (shorter ones are interned: qstrs): a header and the text,
64-96 bytes each on the 64-bit unix port. The UI holds about 300 such texts, each shown only now and then. So the
build hands mpy-cross a copy of each UI module's source (``dealerbox/ui/``, never changing ``firmware/``) in which
each such text is replaced by its number, and writes the texts to ``dealerbox/lang/tables/texts.bin`` beside the
language tables, its CRC-32 stamped into ``lang/__init__.py`` (``TEXTS``: the box checks the file at power-up);
``lang.tr(number)`` reads a text from that file where it is first needed, as it reads a translation
(docs/languages.md, "English on the box"). The source keeps its English (the code reads as the screen
shows, and CPython, the simulator and the tests run it as written: ``tr`` takes the English str too), and a
firmware frozen into flash (``manifest.py``, whose literals are in flash already) is built from the source as is.

Only tokens are replaced, so every line keeps its number (an error from mpy-cross names the line of the source).
What is numbered (a literal longer than 10 bytes of utf-8, a plain str, on one line):

* the literal that is the whole argument of ``tr(...)``, or each branch of ``tr("a" if x else "b")``;
* the literal that is the whole argument of ``N_(...)`` in a statement at the top level of its module (a table of
  labels or menu items, shown through ``tr``: ``tr(LABELS[key])``), unless an operator follows the call (an
  ``N_("...") % x`` is formatted before any ``tr`` sees it).

Everything else of the UI stays as written: a literal built into another (``"a" + "b"``, implicit concatenation), a
text formatted before ``tr`` (the engine's and the store's reasons, shown through ``tr_reason``, which matches English).

The game layers (``MESSAGES``: ``engine/``, ``games/``, ``eval/``) hold about 150 more such texts: refusal reasons,
rule labels, error messages, formatted with ``%`` and compared by nothing. There each long one-line literal with a
space in it (English words: a message; a key such as ``"check_raise"`` or ``"best-of-four"`` has none), other than a
docstring, becomes its *code* (``coded``): a short str that the same ``%`` formats, ``"\\x01" + two characters of
its number + "\\x1f" + specifier for each specifier + "\\x02"`` (``"\\x01\\x30\\x35\\x1f%d\\x02" % 40``), interned by
MicroPython when 10 bytes or fewer. ``lang.english`` writes a code out in English from ``texts.bin`` (inside any
text, in any argument of another); ``lang.tr_reason``, ``lang.tr`` (a label) and the box's error screens call it.

And in every module, each long literal that is a name (``"check_raise"``: a rule key, a category) is made a qstr
(``interned``): mpy-cross interns a literal it has already seen as a name, so the build names them in a ``global``
statement on the docstring's line; the box then keeps one copy of each for all modules (a str object per module
and 48-64 bytes each otherwise).
"""

import ast
import io
import keyword
import os
import re
import tokenize

SHORT = 10          # a literal of this many bytes or fewer is interned by MicroPython (a qstr): not worth a number
PACKAGE = "dealerbox/ui/"   # the modules whose texts are numbered (paths relative to firmware/)
MESSAGES = ("dealerbox/engine/", "dealerbox/games/", "dealerbox/eval/")    # the modules whose messages are coded
CODES = 4096        # a code's number is two characters "0".."o" (64 x 64; no "%": ``%`` formats the code)
_SPEC = re.compile(r"%[-+ #0-9.]*[a-zA-Z%]")    # a %-specifier of a message (``%%`` too: a literal %, no argument)
MAGIC = b"DBN1"     # texts.bin's first bytes (``lang._open`` checks them)
_OPERATORS = ("%", ".", "+", "*", "[", "(")     # after ``N_(...)``: the text is used before ``tr`` sees it


def _literal(tok):
    """The str value of the STRING token ``tok`` when it is a plain one-line str literal longer than ``SHORT`` bytes
    of utf-8, else None."""
    if tok.type != tokenize.STRING or tok.start[0] != tok.end[0]:
        return None
    prefix = tok.string[:tok.string.index(tok.string[-1])].lower()
    if "f" in prefix or "b" in prefix:
        return None
    v = ast.literal_eval(tok.string)
    return v if isinstance(v, str) and len(v.encode()) > SHORT else None


def _candidates(toks):
    """(index of a STRING token in ``toks``, "tr" or "N_", at top level: bool, the token after the call) for every
    literal argument of a ``tr``/``N_`` call in ``toks`` (significant tokens only), as the module docstring says."""
    depth = 0       # indentation: 0 at the module's top level
    out = []
    for i, t in enumerate(toks):
        if t.type == tokenize.INDENT:
            depth += 1
        elif t.type == tokenize.DEDENT:
            depth -= 1
        if t.type != tokenize.NAME or t.string not in ("tr", "N_") or i + 1 >= len(toks) or toks[i + 1].string != "(":
            continue
        if i and toks[i - 1].string in (".", "def"):
            continue
        level, j = 0, i + 1
        while j < len(toks):                    # the call's closing parenthesis
            if toks[j].string in ("(", "[", "{"):
                level += 1
            elif toks[j].string in (")", "]", "}"):
                level -= 1
                if level == 0:
                    break
            j += 1
        args = toks[i + 2:j]
        after = toks[j + 1] if j + 1 < len(toks) else None
        if len(args) == 1:
            picks = [i + 2]
        elif (t.string == "tr" and len(args) >= 5 and args[1].string == "if" and args[-2].string == "else"
              and [a.string for a in args].count("if") == 1 and [a.string for a in args].count("else") == 1):
            picks = [i + 2, j - 1]
        else:
            continue
        for k in picks:
            out.append((k, t.string, depth == 0, after))
    return out


def _replaced(lines, edits):
    """The source of ``lines`` (its lines, ends kept) with each one-line token span of ``edits`` (``(start, end,
    text)``, tokenize's (row, column) pairs) replaced by its text: only tokens change, every line keeps its number."""
    for (row, c0), (_row, c1), rep in sorted(edits, reverse=True):
        line = lines[row - 1]
        lines[row - 1] = line[:c0] + rep + line[c1:]
    return "".join(lines)


def number(source, ids):
    """``source`` (a module's text) with its numbered texts replaced by their numbers (str), and how many were
    replaced. ``ids`` ({text: number}) is shared by every module of a build: a text already numbered keeps its
    number, a new one gets ``len(ids)``. Raises SyntaxError (tokenize.TokenError) for source that does not tokenize."""
    skip = (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT)
    toks = [t for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type not in skip]
    lines = source.splitlines(True)
    edits = []
    for k, name, top, after in _candidates(toks):
        if name == "N_" and (not top or (after is not None and after.string in _OPERATORS)):
            continue
        v = _literal(toks[k])
        if v is None:
            continue
        n = ids.setdefault(v, len(ids))
        edits.append((toks[k].start, toks[k].end, str(n)))
    return _replaced(lines, edits), len(edits)


def _docstrings(toks):
    """The indexes in ``toks`` (all tokens) of the STRING tokens that are a whole statement: docstrings (and any
    other string statement: discarded by the compiler, never worth a code)."""
    out = set()
    ends = (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT)
    for i, t in enumerate(toks):
        if (t.type == tokenize.STRING and (i == 0 or toks[i - 1].type in ends)
                and i + 1 < len(toks) and toks[i + 1].type in (tokenize.NEWLINE, tokenize.COMMENT)):
            out.add(i)
    return out


def coded(source, ids):
    """``source`` (a module of the game layers, ``MESSAGES``) with each message literal replaced by its code, as the
    module docstring says, and how many were replaced. ``ids`` ({text: number}) is the build's, shared with the UI's
    numbers. Raises ValueError when the numbers pass ``CODES``, SyntaxError (tokenize.TokenError) for source that
    does not tokenize."""
    toks = list(tokenize.generate_tokens(io.StringIO(source).readline))
    docs = _docstrings(toks)
    lines = source.splitlines(True)
    edits = []
    for i, t in enumerate(toks):
        v = _literal(t)
        if v is None or i in docs or " " not in v:
            continue
        n = ids.setdefault(v, len(ids))
        if n >= CODES:
            raise ValueError("more than %d numbered texts: a code's number is two characters" % CODES)
        code = "\x01" + chr(48 + n // 64) + chr(48 + n % 64)
        for spec in _SPEC.findall(v):
            if spec != "%%":
                code += "\x1f" + spec
        edits.append((t.start, t.end, repr(code + "\x02")))
    return _replaced(lines, edits), len(edits)


def interned(source):
    """``source`` (any firmware module) with ``; global <name>, ...`` after its docstring, on the docstring's last
    line (every line keeps its number), naming each long literal of the module that is a name (a plain one-line str
    literal longer than ``SHORT`` bytes, an identifier, not a keyword): mpy-cross then compiles each such literal as a
    qstr (module docstring). A module without a docstring is returned as it is. At the top level ``global`` changes
    nothing and compiles to no code."""
    toks = list(tokenize.generate_tokens(io.StringIO(source).readline))
    names = []
    for t in toks:
        v = _literal(t)
        if v is not None and v.isidentifier() and not keyword.iskeyword(v) and v not in names:
            names.append(v)
    docs = _docstrings(toks)
    first = next((i for i, t in enumerate(toks) if t.type not in (tokenize.NL, tokenize.COMMENT, tokenize.ENCODING)),
                 None)
    if not names or first not in docs:
        return source
    lines = source.splitlines(True)
    row, col = toks[first].end
    line = lines[row - 1]
    lines[row - 1] = line[:col] + "; global " + ", ".join(names) + line[col:]
    return "".join(lines)


STAMP = "TEXTS = 0"     # the line of ``lang/__init__.py`` the build sets to texts.bin's CRC-32 (``stamp``)


def stamp(source, crc):
    """``source`` (``dealerbox/lang/__init__.py``'s text) with its line ``TEXTS = 0`` set to ``TEXTS = <crc>``: the
    firmware then knows the texts.bin it was numbered with (``lang.texts_problem``: the box starts no app with another
    one). Raises ValueError when that line is not there exactly once."""
    lines = source.splitlines(True)
    at = [i for i, line in enumerate(lines) if line.startswith(STAMP + " ") or line.rstrip() == STAMP]
    if len(at) != 1:
        raise ValueError("%r is not a line of lang/__init__.py exactly once (found %d)" % (STAMP, len(at)))
    lines[at[0]] = "TEXTS = %d" % crc + lines[at[0]][len(STAMP):]
    return "".join(lines)


def image(ids):
    """The file ``texts.bin`` (bytes) of the numbered texts ``ids`` ({text: number}, numbers 0..N-1): a 12-byte head
    as a language table's (``MAGIC``, the CRC-32 of the rest, N in 2 bytes, 0, 0), where each text starts in S and
    one more offset, S's end (2 bytes each, big-endian), then S, every text in utf-8 in the order of its number
    (``lang.text`` reads it). Raises ValueError when the texts pass 65,535 bytes of utf-8 (offsets are 2 bytes)."""
    from dealerbox.store import checksum
    texts = sorted(ids, key=ids.get)
    offsets = bytearray()
    s = b""
    for t in texts:
        offsets += len(s).to_bytes(2, "big")
        s += t.encode()
    if len(s) > 65535:
        raise ValueError("the numbered texts pass 65,535 bytes of utf-8 (offsets are 2 bytes)")
    offsets += len(s).to_bytes(2, "big")
    body = len(texts).to_bytes(2, "big") + b"\0\0" + bytes(offsets) + s
    return MAGIC + checksum(body).to_bytes(4, "big") + body


def problem(build):
    """Why the compiled firmware in the folder ``build`` would not start or speak its languages (str), or None: the
    box's own checks (``lang.texts_problem``: its ``texts.bin`` missing, damaged or another build's than the ``.mpy``
    files'; then ``lang.use`` of every language table there: one damaged), run on that build under the real
    MicroPython as the box imports it (``sys.path == [""]`` in ``build``); a ``lang`` that does not import is named
    too. ``make deploy`` asks before copying anything (``host_tools/deploy.py``)."""
    import subprocess
    import sys
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    code = """import os
from dealerbox import lang
w = lang.texts_problem()
for c in lang.codes()[1:] if w is None else ():
    try:
        os.stat(lang.table_dir() + c + ".bin")
    except OSError:
        continue
    try:
        lang.use(c)
    except ValueError as e:
        w = str(e)
        break
print('texts: ' + ('ok' if w is None else w))
"""
    r = subprocess.run([mp, "-c", code], cwd=build, env={"MICROPYPATH": ""}, capture_output=True, text=True,
                       timeout=60)
    out = r.stdout.strip().splitlines()
    if r.returncode == 0 and out and out[-1].startswith("texts: "):
        return None if out[-1] == "texts: ok" else out[-1][len("texts: "):]
    err = (r.stderr or r.stdout).strip().splitlines()
    return "its dealerbox/lang does not import (%s)" % (err[-1] if err else "exit status %d" % r.returncode)

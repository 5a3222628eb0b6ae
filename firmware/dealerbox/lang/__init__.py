"""The box's words in the table's language (issue 16): ``tr(english)`` is the text in the chosen language.

Every text a screen shows passes through ``tr``. The English text is the key (as in gettext), so the
code reads as it shows in English and English needs no table. Each other language is one module of
``lang/tables/`` named by its code (``tables/fr.py``; not ``lang/fr.py``: a table ``lang/tr.py`` would
replace the function ``tr`` on this package) holding one dict ``T`` {English text: its translation};
templates keep their ``%d``/``%s`` in the same order (``tr("%s wins %d") % (name, chips)``). Only the
chosen language's module is imported (one table loaded at a time on the box); a text missing from a table
shows in English (the tests fail on any missing text, tests/core/test_lang*.py).

``LANGS``: the languages the box speaks, as ``(code, name in that language)``.

How the catalog finds every key (``python -m host_tools.lang catalog``, read from the source, nothing run):

* ``tr("literal")``: the literal is a key (also each branch of ``tr("a" if x else "b")``);
* ``N_("literal")``: a key chosen at run time, marked where it is written (a table of labels, a tuple of menu
  items) and translated where it is shown (``tr(LABELS[key])``); ``N_`` returns its argument unchanged;
* ``IllegalAction("literal")``: a refusal of the engine.

The engine and the store stay English (the host tools print their words; they never import the UI):
their reasons are plain English str, each literal marked ``N_`` (``return N_("the hand is over")``, a
template ``N_("discard 0 to 4 cards, not %d") % n``; the store, which imports only the primitives, has
its own ``N_``). The UI shows such a text through ``tr_reason``, which finds the catalog template the
English text was formatted from and formats its translation with the same arguments (each argument
translated in turn: a reason inside a damage report), so each rule keeps its one place and every hand
log and host tool is unchanged.

A text shown that none of these names is not in the catalog: the "no English left" test finds it.
"""

LANGS = (("en", "English"), ("fr", "Français"), ("it", "Italiano"), ("de", "Deutsch"), ("tr", "Türkçe"))

code = "en"     # the language in use (read it as ``lang.code``, never ``from dealerbox.lang import code``)
_c = None       # the translations used so far {English str: its translation}; None for English
_k = 0          # the table in use (``tables/<code>.py``, made by ``python -m host_tools.lang build``): hash seed,
_h = b""        # its keys' hashes (4 bytes each, big-endian, ascending),
_o = b""        # the start of each translation in ``_s`` (2 bytes each, big-endian; one more: the end),
_s = b""        # and every translation, utf-8, in the order of ``_h``
_kept = []      # tuples of keys drawn inside redraws (``keep``): translated at ``use``, so a redraw allocates nothing

MOD = 34636577  # a prime: ``h * 31 + 255`` stays under 2**30 (a small int on the RP2040, nothing allocated)


def key_hash(b, k):
    """The 30-bit hash (int) of the English key ``b`` (bytes, utf-8) with the seed ``k`` (int 0-15): the same on
    CPython and MicroPython, every step a small int (nothing allocated on the RP2040). A polynomial over the bytes
    with the multiplier ``31 - k`` modulo ``MOD`` (26 bits), then the length's low 4 bits."""
    m = 31 - k
    h = 0
    for c in b:
        h = (h * m + c) % MOD
    return h << 4 | len(b) & 15


def _find(s):
    """The translation of ``s`` (str) in the table in use (str, made from ``_s``), or None when ``s`` is not one of its
    keys. Binary search of ``s``'s hash in ``_h`` (keys never collide there: the build checks)."""
    b = s.encode()
    h = key_hash(b, _k)
    t = _h
    lo = 0
    hi = len(t) >> 2
    while lo < hi:
        m = (lo + hi) >> 1
        j = m << 2
        v = t[j] << 24 | t[j + 1] << 16 | t[j + 2] << 8 | t[j + 3]
        if v < h:
            lo = m + 1
        elif v > h:
            hi = m
        else:
            o = _o
            j = m << 1
            return _s[o[j] << 8 | o[j + 1]:o[j + 2] << 8 | o[j + 3]].decode()
    return None


def tr(s):
    """``s`` (str, the English text) in the language in use; ``s`` itself in English or when missing.

    Kept once used ({English str: translation}, the English str being the caller's own literal): a text already
    used costs a dict lookup and allocates nothing; a new one is found in the table (``_find``) at its first use."""
    c = _c
    if c is None:
        return s
    t = c.get(s)
    if t is None:
        t = _find(s)
        if t is None:
            t = s
        c[s] = t
    return t


def keep(keys):
    """Translate the English ``keys`` (tuple of str) now and at every ``use``: the texts a draw function passes to ``tr``
    (a redraw allocates nothing, docs/device.md; their first ``tr`` would). Called once per module at import."""
    _kept.append(keys)
    if _c is not None:
        for s in keys:
            tr(s)


def N_(s):
    """``s`` unchanged: marks the literal ``s`` as a catalog key translated later, where it is shown (``tr``)."""
    return s


def tr_reason(s):
    """``s`` (str: an English text formatted from catalog templates, e.g. a refusal ``"discard 0 to 4 cards, not
    5"`` or a damage report of sentences joined by spaces) in the language in use; ``s`` itself in English, and
    where no template of the table matches. Sentence by sentence; the template matching a sentence with the most
    literal text wins, and its ``%s``/``%r`` arguments are translated the same way (a reason quoted in another).
    Slow (it walks the English templates, ``lang/templates.py``, imported here the first time and kept): for a
    refusal or a report, at a press, never in a redraw."""
    r = _tr(s) if s else None
    return s if r is None else r


def _get(s):
    """The translation of ``s`` (str) if it is a key of the table in use, else None (``_c`` not grown: ``s`` may be any
    text)."""
    t = _c.get(s)
    return t if t is not None and t is not s else _find(s)


def _tr(s):
    """``s`` translated (``tr_reason``), or None in English or when no key or template of the table matches it."""
    if _c is None:
        return None
    t = _get(s)
    if t is not None:
        return t
    i = s.find(". ")
    while i >= 0:                           # sentences joined by a space: the first one a key or a template
        first = _tr(s[:i + 1])
        if first is not None:
            return first + " " + tr_reason(s[i + 2:])
        i = s.find(". ", i + 1)
    from dealerbox.lang.templates import T  # (rare path: kept once imported)
    best = None
    size = -1
    n = len(T)
    a = 0
    while a < n:
        e = T.find("\x00", a)
        if e < 0:
            e = n
        i = T.find("%", a, e)
        r = T.rfind("%", a, e)
        if i > a and not s.startswith(T[a:i]) or not s.endswith(T[r + 2:e]):
            a = e + 1
            continue                        # (quick: the text before the first and after the last specifier)
        key = T[a:e]
        a = e + 1
        pk = _parts(key)
        lit = len("".join(pk[0])) if pk is not None else -1
        if lit <= size:
            continue
        args = _match(pk, s)
        if args is not None:
            t = _get(key)
            if t is not None:
                best = (t, pk[1], args)
                size = lit
    if best is None:
        return None
    pt = _parts(best[0])
    if pt is None or pt[1] != best[1]:      # a translation whose specifiers differ: not used
        return None
    out = pt[0][0]
    for i in range(len(best[2])):
        a = best[2][i]
        out += (tr_reason(a) if pt[1][i] != "d" else a) + pt[0][i + 1]
    return out


def _parts(tpl):
    """``(pieces, kinds)`` of the %-template ``tpl``: the literal text around its specifiers (list of str, one
    more than the specifiers; "%%" is a literal %) and each specifier's letter (str, "d" "s" "r"); None when
    ``tpl`` has no specifier."""
    pieces = []
    kinds = ""
    cur = ""
    i = 0
    n = len(tpl)
    while i < n:
        ch = tpl[i]
        if ch == "%" and i + 1 < n:
            j = i + 1
            while j < n and tpl[j] in "0123456789.-+ #":
                j += 1
            if j < n and tpl[j] == "%":
                cur += "%"
            elif j < n:
                pieces.append(cur)
                kinds += tpl[j]
                cur = ""
            i = j + 1
            continue
        cur += ch
        i += 1
    if not kinds:
        return None
    pieces.append(cur)
    return pieces, kinds


def _match(pk, s):
    """The arguments (list of str) that made ``s`` from the template of ``pk`` (``_parts``), or None when ``s``
    is not made from it (a ``%d`` argument must be an integer)."""
    pieces, kinds = pk
    first = pieces[0]
    last = pieces[-1]
    end = len(s) - len(last)
    if end < len(first) or not s.startswith(first) or not s.endswith(last):
        return None
    pos = len(first)
    args = []
    for k in range(1, len(pieces)):
        if k < len(pieces) - 1:
            j = s.find(pieces[k], pos, end) if pieces[k] else -1
            if j < 0:
                return None
        else:
            j = end
            if j < pos:
                return None
        a = s[pos:j]
        if kinds[k - 1] == "d" and not (a.isdigit() or a[:1] == "-" and a[1:].isdigit()):
            return None
        args.append(a)
        pos = j + len(pieces[k])
    return args


def codes():
    """The codes of ``LANGS`` in order (tuple of str)."""
    return tuple(c for c, _ in LANGS)


def use(c):
    """Speak the language ``c`` (a code of ``LANGS``) from now on: imports its table the first time (a module stays
    imported), starts the translations used anew and translates the kept keys (``keep``).

    Raises ValueError for an unknown code (the language in use is unchanged).
    """
    if c not in codes():
        raise ValueError("unknown language %r: one of %s" % (c, ", ".join(codes())))
    if c == "en":
        _speak(c, None)
    else:
        m = __import__("dealerbox.lang.tables." + c, None, None, ("S",))
        _speak(c, (m.K, m.H, m.O, m.S))


def use_table(c, table):
    """Speak from ``table`` (dict {English: text}) under the code ``c``: tests (a pseudo-language). The dict is packed
    as the build packs a table (``lang/pack.py``)."""
    from dealerbox.lang.pack import pack
    _speak(c, pack(table, key_hash))


def _speak(c, packed):
    """Speak ``c`` from ``packed`` (``(K, H, O, S)`` of a generated table, or None: English)."""
    global code, _c, _k, _h, _o, _s
    if packed is None:
        _c = None
        _k, _h, _o, _s = 0, b"", b"", b""
    else:
        _k, _h, _o, _s = packed
        _c = {}
        for keys in _kept:
            for s in keys:
                tr(s)
    code = c

"""The box's words in the table's language (issue 16): ``tr(english)`` is the text in the chosen language.

Every text a screen shows passes through ``tr``. The English text is the key (as in gettext), so the
code reads as it shows in English and English needs no table. Each other language is one module of
this package holding one dict ``T`` {English text: its translation}; templates keep their ``%d``/``%s``
in the same order (``tr("%s wins %d") % (name, chips)``). Only the chosen language's module is
imported (one table loaded at a time on the box); a text missing from a table shows in English (the
tests fail on any missing text, tests/core/test_lang*.py).

``LANGS``: the languages the box speaks, as ``(code, name in that language)``.

How the catalog finds every key (``python -m host_tools.lang catalog``, read from the source, nothing run):

* ``tr("literal")``: the literal is a key (also each branch of ``tr("a" if x else "b")``);
* ``N_("literal")``: a key chosen at run time, marked where it is written (a table of labels, a tuple of menu
  items) and translated where it is shown (``tr(LABELS[key])``); ``N_`` returns its argument unchanged;
* ``IllegalAction("literal", ...)``: a refusal reason of the engine (its template; the engine stays English);

A text shown that none of these names is not in the catalog: the "no English left" test finds it.
"""

LANGS = (("en", "English"), ("fr", "Français"), ("it", "Italiano"), ("de", "Deutsch"), ("tr", "Türkçe"))

code = "en"     # the language in use (read it as ``lang.code``, never ``from dealerbox.lang import code``)
_t = None       # its table, None for English


def tr(s):
    """``s`` (str, the English text) in the language in use; ``s`` itself in English or when missing."""
    t = _t
    if t is None:
        return s
    return t.get(s, s)


def N_(s):
    """``s`` unchanged: marks the literal ``s`` as a catalog key translated later, where it is shown (``tr``)."""
    return s


def codes():
    """The codes of ``LANGS`` in order (tuple of str)."""
    return tuple(c for c, _ in LANGS)


def use(c):
    """Speak the language ``c`` (a code of ``LANGS``) from now on: imports its table the first time.

    Raises ValueError for an unknown code (the language in use is unchanged).
    """
    global code, _t
    if c not in codes():
        raise ValueError("unknown language %r: one of %s" % (c, ", ".join(codes())))
    _t = None if c == "en" else __import__("dealerbox.lang." + c, None, None, ("T",)).T
    code = c


def use_table(c, table):
    """Speak from ``table`` (dict {English: text}) under the code ``c``: tests (a pseudo-language)."""
    global code, _t
    _t = table
    code = c

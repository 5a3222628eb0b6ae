"""The language choice (issue 16, docs/languages.md): the "Language" row of the first setup screen, its list,
the choice kept by the store (``prefs.json``, ``Store.save_prefs``) and spoken again at the next boot.

Imported with the app. The row is the last one of the game screen (``row()``, after the games: ``own_name`` of the
language spoken); OK or RIGHT on it opens the list (``ui/langlist.py``, imported then) of the languages the box has
(``present``: English always, each other one whose table file ``dealerbox/lang/tables/<code>.bin`` is there), each
named in its own language; OK there speaks it from the next frame and keeps it, LEFT goes back unchanged.

Every board switches in place: a table is a data file read from flash (``lang.use`` closes the one in use and opens
the next), so a second language costs the heap nothing more than the first.
"""

from dealerbox import lang

_found = None       # ``present()``'s answer, looked up once (tests set it: the codes the box "has", tuple of str)


def row():
    """The language row's index on the game screen (after the games)."""
    from dealerbox.ui.settings import GAMES  # (the setup's: imported when the setup first shows)

    return len(GAMES)


def own_name(code):
    """The name of language ``code`` in that language ("Deutsch"); the code itself when unknown."""
    for c, n in lang.LANGS:
        if c == code:
            return n
    return code


def present():
    """The codes of ``lang.LANGS`` whose table is on this box (tuple of str, ``LANGS`` order, "en" first).

    A table is the file ``<code>.bin`` in ``lang.table_dir()`` (``dealerbox/lang/tables/``, or ``/lang/`` on a
    firmware frozen into flash), or the table frozen into the firmware (``lang.frozen_table``)."""
    global _found
    if _found is None:
        import os
        base = lang.table_dir()
        found = []
        for c in lang.codes():
            try:
                if c != "en":
                    os.stat(base + c + ".bin")
            except OSError:         # no table file: the one frozen into the firmware, if any
                if lang.frozen_table(c) is None:
                    continue
            found.append(c)
        _found = tuple(found)
    return _found


def speak(code):
    """Speak ``code`` from now on (``lang.use``); a code not offered, or a table that cannot be read (missing,
    damaged), gives English. Returns the code spoken (str)."""
    if code not in present():
        code = "en"
    try:
        lang.use(code)
    except Exception as e:  # a damaged or missing table: English, said on the REPL / terminal, never a traceback
        print("dealerbox: the %s table cannot be read (%s): English" % (code, e))
        lang.use("en")
        code = "en"
    return code


def boot(store):
    """At boot, before the first frame: speak the language ``store`` keeps (``load_prefs``). A damaged or unknown
    value gives English; no record leaves the language as it is (English on a box just switched on). (A mark
    ``"then": "setup"`` kept by the firmware of 2026-12-01, which restarted the Pico for a second table, is
    ignored: the boot goes on as usual.)"""
    load = getattr(store, "load_prefs", None)
    if load is None:
        return
    try:
        prefs = load()
    except Exception:  # a store that cannot be read: English
        prefs = {}
    if prefs is None:
        return
    if not isinstance(prefs, dict):
        prefs = {}
    code = prefs.get("lang")
    speak(code if isinstance(code, str) else "en")

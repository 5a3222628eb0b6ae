"""Helpers of the tests run in every language (no tests here): which languages the box has, and a run in one.

Both interpreters. A language is "present" when its table ``firmware/dealerbox/lang/tables/<code>.bin`` is there
(``langpick.present``; under MicroPython the compiled ``.mpy`` in build/mpy)."""

from dealerbox import lang
from dealerbox.ui import langpick


def present():
    """The codes of the languages the box has, English first (tuple of str)."""
    return langpick.present()


def in_language(code, fn, *args):
    """``fn(*args)`` with ``code`` spoken (``langpick.speak``), English spoken again after; returns what it returned.
    Raises AssertionError when the table of ``code`` cannot be read (it would silently be English)."""
    try:
        got = langpick.speak(code)
        assert got == code, "the %s table cannot be read" % code
        return fn(*args)
    finally:
        lang.use("en")                  # (its table file closed: nothing of it left on the heap)

"""Tests only (tests/core/lang_util.py): drop a language table a run imported. The tests walk every language in one
process, while the box holds one table at a time (ui/langpick.py); on MicroPython every imported table stays on the
512K test heap, and with four tables the last language of a 10-player walk ran out of it. The firmware never
unloads code. A module of its own: imported only after a run in a language (it costs the other tests nothing)."""

import sys

from dealerbox.lang import tables
from dealerbox.ui import langpick


def forget(code):
    """Drop the table of ``code`` (not "en") from ``sys.modules``, its package and ``langpick``'s list of the tables
    imported; English must be spoken (``lang.use("en")``) so that nothing holds it."""
    sys.modules.pop("dealerbox.lang.tables." + code, None)
    if hasattr(tables, code):
        delattr(tables, code)
    if code in langpick._loaded:
        langpick._loaded.remove(code)

"""Helpers for the core tests, which run unchanged under pytest and under MicroPython.

Core tests are plain ``test_*`` functions using ``assert``; no fixtures, no
parametrize. ``raises`` stands in for ``pytest.raises`` on both interpreters; ``message`` is the English of a
refusal or an error (on the box build the game layers' messages are codes).
"""

import sys

MICROPYTHON = sys.implementation.name == "micropython"


class raises:
    """Context manager: the block must raise ``exc``; ``match`` must be in the message.

    ``with raises(CardError, "twice") as r: ...`` then ``r.value`` is the exception.
    """

    def __init__(self, exc, match=None):
        self.exc = exc
        self.match = match
        self.value = None

    def __enter__(self):
        return self

    def __exit__(self, typ, value, tb):
        if typ is None:
            raise AssertionError("%s not raised" % self.exc.__name__)
        if not issubclass(typ, self.exc):
            return False
        self.value = value
        if self.match is not None and self.match not in message(value):
            raise AssertionError("%r does not mention %r" % (message(value), self.match))
        return True


def message(e):
    """The English text of the exception or message ``e`` (str, or anything ``str`` takes; None stays None): on the
    box build a message of the game layers is a code (host_tools/texts.py), written out by ``lang.english``."""
    from dealerbox.lang import english

    if e is None:
        return None
    return english(e if type(e) is str else str(e))


class Skipped(Exception):
    """Raised by ``skip`` under MicroPython: tests/mp_run.py reports the test as skipped, with the reason."""


def skip(reason):
    """Skip the running test, saying why (``reason``, str): ``pytest.skip`` under pytest, ``Skipped`` under
    MicroPython (tests/mp_run.py counts it apart from the passed and failed ones)."""
    if MICROPYTHON:
        raise Skipped(reason)
    import pytest
    pytest.skip(reason)

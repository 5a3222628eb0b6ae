"""Helpers for the core tests, which run unchanged under pytest and under MicroPython.

Core tests are plain ``test_*`` functions using ``assert``; no fixtures, no
parametrize. ``raises`` stands in for ``pytest.raises`` on both interpreters.
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
        if self.match is not None and self.match not in str(value):
            raise AssertionError("%r does not mention %r" % (str(value), self.match))
        return True


def allows(o, amount):
    """True when the offered ``Option`` ``o`` allows ``amount`` (int) as its fields say: one of its ``amounts`` when it
    has them, else ``min`` .. ``max`` (the tests' own reading of an option, against ``engine.base.amount_reason``)."""
    return amount in o.amounts if o.amounts is not None else o.min <= amount <= o.max


def session_over(t):
    """True when the ``Table`` ``t``'s session is over: one player holds every chip, or the players stopped
    (``Table.stop``)."""
    return t.stopped or len(t.seats_in_play()) <= 1


class Skipped(Exception):
    """Raised by ``skip`` under MicroPython: tests/mp_run.py reports the test as skipped, with the reason."""


def skip(reason):
    """Skip the running test, saying why (``reason``, str): ``pytest.skip`` under pytest, ``Skipped`` under
    MicroPython (tests/mp_run.py counts it apart from the passed and failed ones)."""
    if MICROPYTHON:
        raise Skipped(reason)
    import pytest
    pytest.skip(reason)

"""CPython stand-in for MicroPython's ``micropython`` module (host only, never deployed).

Only what the core uses: ``const`` is the identity, ``native``/``viper`` decorators
leave the function alone.
"""


def const(x):
    """Return ``x``: on MicroPython ``const`` folds the value at compile time."""
    return x


def native(f):
    """Identity decorator standing in for ``@micropython.native``."""
    return f


viper = native

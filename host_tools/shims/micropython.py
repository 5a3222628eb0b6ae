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


kbd_intr_calls = []  # what the host's tests of the Pico board see: the arguments of every kbd_intr call


def kbd_intr(c):
    """Record ``c`` (MicroPython: the character that raises KeyboardInterrupt, -1 for none)."""
    kbd_intr_calls.append(c)

"""A whole session of one game through the app, as on the box (MicroPython only): heap and flash use.

    MICROPYPATH=build/mpy:tests/core micropython -X heapsize=256K tests/device/session.py GAME PLAYERS HANDS [MODE]

The session itself is tests/device/session_run.py (its docstring says what it plays and prints). This
entry keeps the harness out of the figures without hiding any firmware: it first imports the firmware
modules the harness uses (the app imports them anyway), then measures the heap the harness's own code
holds (``session_run`` and ``autoplay_util``, a collection before and after), and ``main`` subtracts
those bytes from every sample (printed as ``harness=``). Only this small module stays counted.
"""

import gc

import framebuf  # noqa: F401  (built in: nothing on the heap)
from dealerbox.rng import SeededEntropy  # noqa: F401
from dealerbox.store.saves import Store  # noqa: F401
from dealerbox.ui import buttons, modes  # noqa: F401

gc.collect()
_before = gc.mem_alloc()
import session_run  # noqa: E402

gc.collect()
session_run.main(gc.mem_alloc() - _before)

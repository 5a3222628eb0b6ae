"""Host-side tools: the simulator, table generator, hand ranking and replay commands.

Importing this package puts ``firmware/`` (the core) and ``host_tools/shims``
(CPython stand-ins for MicroPython-only modules such as ``micropython``) on
``sys.path``, so the very same core runs here as on the box.
"""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(_HERE)
FIRMWARE = os.path.join(ROOT, "firmware")
SHIMS = os.path.join(_HERE, "shims")

for _p in (SHIMS, FIRMWARE):
    if _p not in sys.path:
        sys.path.insert(0, _p)

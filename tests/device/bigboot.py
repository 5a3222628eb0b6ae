"""Boot the box on the store folder ``sys.argv[1]`` and resume (issue 24, "Boot in bounded memory"): run by
tests/host/test_ledger_memory.py under ``micropython -X heapsize=192K``. Prints ``ok <hand> <phase> <stacks>
<heap used at the peak>`` or raises (a MemoryError is the failure)."""

import gc
import sys

import micropython
from dealerbox.store.saves import Store
from dealerbox.ui import modes
from dealerbox.ui.app import App
from dealerbox.ui.buttons import OK


def main():
    gc.collect()
    app = App(lambda n: bytes(n), store=Store(sys.argv[1]))
    for _ in range(4):
        if app.mode != modes.M_RESUME:
            break
        app.press(OK)
    e = app.engine
    if e is None:
        raise AssertionError("not resumed: mode %d, %r, %r" % (app.mode, app.store.found, app.store.report))
    gc.collect()
    print("ok", e.hand_no, e.phase, " ".join(str(x) for x in app.table.stacks), app.store.tip()[:16])
    micropython.mem_info()


main()

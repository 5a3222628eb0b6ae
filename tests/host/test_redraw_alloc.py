"""Every redraw of every screen allocates 0 bytes, counted under the real MicroPython on the .mpy build.

tests/device/redraw_alloc.py sets each game up by presses and plays hands through the app, and counts
each draw with ``micropython.mem_total()`` (bytes handed out by the heap during the call, freed or not:
call frames of more than 11 slots, temporary strs, interned characters). The drawing code (ui/canvas.py,
font.py, widgets.py, screens.py, cardart.py) keeps its buffers from import and paints only what the app
prepared when its state changed (docs/device.md, Memory).
"""

import re

import pytest
from test_hardware_device import run_mp

SCREENS = {"game", "players", "names", "name", "chips", "boot", "struct", "preset", "rules", "summary", "gate",
           "turn", "showdown", "awards", "standings", "between", "menu", "end", "rulesview", "peek", "seal", "drawn"}


@pytest.mark.parametrize("lang", ["en", "xx"])
def test_no_redraw_of_any_screen_allocates(firmware, lang):
    """In English and in a translated box (the pseudo-language of tests/core/pseudo_util.py: ``tr`` looks up
    every text in a table of every catalog key)."""
    # three games in one heap (1M): memory is test_full_session's job
    r = run_mp(firmware, "1M", "redraw_alloc", "3", lang, as_on_the_box=True)
    assert r.returncode == 0 and r.stdout.strip().endswith("redraw: OK"), r.stdout[-2000:] + r.stderr[-2000:]
    rows = re.findall(r"^redraw (\w+) draws=(\d+) max=(\d+)$", r.stdout, re.M)
    assert {name for name, _n, _mx in rows} == SCREENS
    assert all(int(n) > 0 for _name, n, _mx in rows)
    allocating = [(name, int(mx)) for name, _n, mx in rows if int(mx)]
    assert allocating == []
    assert re.search(r"^redraw_alloc_max=0$", r.stdout, re.M)
    assert int(re.search(r"^redraw_draws=(\d+)$", r.stdout, re.M).group(1)) > 500


DRAWING = ("canvas", "font", "widgets", "screens", "cardart", "battery")


def test_no_drawing_function_needs_a_heap_frame(firmware):
    """Every function of the drawing modules, as compiled for the box, needs at most 11 frame slots (more and
    MicroPython takes the call's frame from the heap): also the paths the games above did not draw. Only code
    run once at import (the module body, the suit glyphs' generator) may be bigger."""
    import os

    from host_tools import mpyframes

    seen = 0
    for name in DRAWING:
        for func, slots, handlers in mpyframes.frames(os.path.join(firmware, "dealerbox", "ui", name + ".mpy")):
            if func.startswith("<"):
                continue
            seen += 1
            assert slots + 2 * handlers <= mpyframes.LIMIT, (name, func, slots, handlers)
    assert seen > 40

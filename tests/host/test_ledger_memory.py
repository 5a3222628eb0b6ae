"""A boot in bounded memory (issue 24): the power went between the hand log's append and its journal line, with a
hands.log of 256 KB and more; the box boots in the heap it needs for a 1 KB log (every recovery path reads the log
from its end, or line by line from the save's mark: tests/device/bigboot.py), catches the hand up from the log and
keeps every line. Before, the boot read all of hands.log and failed past ~34 KB at 192K.

The heap: the log adds nothing to it (a 1 KB and a 270 KB log resume at the same heap), and the boot passes at 192K
as issue 24 asks, run as on the box (``as_on_the_box``: the paths MicroPython interns are the box's): a save offered
loads no setup code (ui/resume.py), and the boot's own code is what issue 26 left (it passes down to 192K, fails at
184K). (Run from the checkout, each module's full path is interned too: ~45 more strings, a bigger qstr pool.)"""

import json
import os

import fair_support as fs
from dealerbox.store.saves import Store
from test_hardware_device import run_mp

from host_tools import verify

HEAP = "192K"      # issue 24


def _store_cut_after_the_log(d, size=270 * 1024):
    """A session on store ``d`` whose hands.log holds 256 KB+ of earlier nights, then hand 1 played to its end; the
    journal line of the action that ended it removed (the power went before it). Returns hands.log's lines."""
    from app_util import Rig, act, setup
    from test_store_resume import HAND1

    old = [json.dumps(log) for log in fs.session("teen-patti", 6, 40, 3)]
    text = ""
    while len(text) < size:
        text += "".join(ln + "\n" for ln in old)
    with open(d + "/hands.log", "w") as f:
        f.write(text)
    rig = Rig(seed=7, store=Store(d))
    setup(rig, "teen-patti", 4)
    for kind, amount in HAND1:
        act(rig, kind, amount)
    assert rig.app.engine.phase == "over"
    with open(d + "/session.jnl", "rb") as f:
        jnl = f.read()
    with open(d + "/session.jnl", "wb") as f:
        f.write(jnl[:jnl[:-1].rfind(b"\n") + 1])          # the last journal line: never written
    with open(d + "/hands.log") as f:
        return f.read().splitlines()


def _boot(firmware, d):
    r = run_mp(firmware, HEAP, "bigboot", d, as_on_the_box=True)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    return r.stdout.split("\n")[0].split()


def test_a_boot_after_a_cut_between_the_log_and_the_journal_with_a_256k_log_needs_no_more_heap(firmware, tmp_path):
    small = str(tmp_path / "small")
    os.mkdir(small)
    _store_cut_after_the_log(small, 0)
    assert os.path.getsize(small + "/hands.log") < 2000
    assert _boot(firmware, small)[:3] == ["ok", "1", "over"]
    d = str(tmp_path / "data")
    os.mkdir(d)
    lines = _store_cut_after_the_log(d)
    assert os.path.getsize(d + "/hands.log") > 256 * 1024
    out = _boot(firmware, d)
    assert out[:3] == ["ok", "1", "over"] and out[3:7] == ["96", "108", "98", "98"], out   # caught up
    assert out[7] == verify.line_hash(lines[-1])[:16]
    with open(d + "/hands.log") as f:
        assert f.read().splitlines() == lines        # every line kept

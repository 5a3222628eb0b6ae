"""A boot in bounded memory (issue 24): the power went between the hand log's append and its journal line, with a
hands.log of 256 KB and more; the box boots at ``micropython -X heapsize=192K`` (every recovery path reads the log
from its end, or line by line from the save's mark: tests/device/bigboot.py), catches the hand up from the log and
keeps every line. Before, the boot read all of hands.log and failed past ~34 KB at 192K."""

import json
import os

import fair_support as fs
from dealerbox.store.saves import Store
from test_hardware_device import run_mp

from host_tools import verify


def _store_cut_after_the_log(d):
    """A session on store ``d`` whose hands.log holds 256 KB+ of earlier nights, then hand 1 played to its end; the
    journal line of the action that ended it removed (the power went before it). Returns hands.log's lines."""
    from app_util import Rig, act, setup
    from test_store_resume import HAND1

    old = [json.dumps(log) for log in fs.session("teen-patti", 6, 40, 3)]
    text = ""
    while len(text) < 270 * 1024:
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


def test_a_boot_after_a_cut_between_the_log_and_the_journal_with_a_256k_log_passes_in_192k(firmware, tmp_path):
    d = str(tmp_path / "data")
    os.mkdir(d)
    lines = _store_cut_after_the_log(d)
    assert os.path.getsize(d + "/hands.log") > 256 * 1024
    r = run_mp(firmware, "192K", "bigboot", d)
    assert r.returncode == 0, r.stderr[-2000:]
    out = r.stdout.split("\n")[0].split()
    assert out[:3] == ["ok", "1", "over"] and out[3:7] == ["96", "108", "98", "98"], r.stdout   # caught up
    assert out[7] == verify.line_hash(lines[-1])[:16]
    with open(d + "/hands.log") as f:
        assert f.read().splitlines() == lines        # every line kept

"""The deal's commitment under the real MicroPython (docs/fairness.md): time to seal a 52-card deal
(16-byte salt, SHA-256 of the deck, the hex text) as a ratio to the Fisher-Yates shuffle of the same deck
measured in the same run. Target: below 1 (sealing costs less than the shuffle the box already does at
every deal: no noticeable delay)."""

import os
import shutil
import subprocess
import sys
import tempfile

from host_tools import ROOT

MP = os.path.join(ROOT, ".venv", "bin", "micropython")

_SCRIPT = r"""
import time
from dealerbox.rng import SeededEntropy, shuffle
from binascii import hexlify
from dealerbox.engine.base import commitment
N = 200
src = SeededEntropy(1)
t0 = time.ticks_us()
for i in range(N):
    deck = shuffle(list(range(52)), src.read)
t_shuffle = time.ticks_diff(time.ticks_us(), t0)
t0 = time.ticks_us()
for i in range(N):
    salt = src.read(16)                                 # as Engine.seal_deck seals: a fresh salt, the commitment
    commit = (commitment(i + 1, "teen-patti", deck, salt), hexlify(salt).decode())
t_seal = time.ticks_diff(time.ticks_us(), t0)
print(t_seal, t_shuffle)
"""


def rows():
    mpy = tempfile.mkdtemp(prefix="bench_commit_")    # the firmware as on the box (.mpy)
    try:
        subprocess.run([sys.executable, "-m", "host_tools.build", "--out", mpy], check=True, cwd=ROOT,
                       capture_output=True)
        env = dict(os.environ, MICROPYPATH=mpy)
        r = subprocess.run([MP, "-X", "heapsize=192K", "-c", _SCRIPT], capture_output=True, text=True, env=env,
                           timeout=300)
    finally:
        shutil.rmtree(mpy, ignore_errors=True)
    if r.returncode != 0:
        return [("seal_vs_shuffle", "error: " + (r.stderr.strip().splitlines() or ["?"])[-1], "", "", False)]
    t_seal, t_shuffle = (int(x) for x in r.stdout.split())
    ratio = t_seal / t_shuffle
    return [("seal_vs_shuffle", round(ratio, 3), "x", "< 1: sealing a deal costs less than shuffling it", ratio < 1)]


def run():
    """``make bench``: the seal's cost beside the shuffle's, under MicroPython (host_tools/bench.py)."""
    from host_tools.bench import line
    for name, value, unit, target, _ok in rows():
        line(name, value, unit, target)

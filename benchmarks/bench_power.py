"""How long the box works, and how long a charge lasts: the loop's busy share of a real session, per game.

tests/device/busy_session.py runs each game's full-table session (10 players, Turkish 5; 6 hands; the seeds of
bench_flash) through the compiled firmware's own loop (``boards.loop.run``) on the unix port, at a table's pace
(a press held 120 ms; 4 s at a gate, 2.5 s deciding, 5 s reading results, 40 s between hands), on a virtual
clock: the time the port spends between two of the loop's sleeps is the work. On the chip that work takes
``calib`` times longer (10,000 turns of a small loop: 74 ms on the RP2040 at 125 MHz, /work/shared/DESIGN.md;
timed on this machine in the same run), plus what the port does not spend: 24 ms per frame sent over I2C at
400 kHz (DESIGN.md) and the flash's own time (45 ms per 4 KB erase, 0.4 ms per 256-byte page: W25Q16JV typical).

* ``busy_share_<game>``: chip busy time / the session's wall time, % (median of 3 runs; target <= 20 %: the
  work's +45 mW is then under 6 % of the budget).
* ``battery_hours_<cell>``: hours of play per charge of each cell of hardware/bom.md at the highest of the
  three shares, from the budget in hardware/power.md (``budget``).

``python -m benchmarks.bench_power`` prints the ``bench:`` lines alone.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

from host_tools import ROOT, build

FULL_TABLE = (("teen-patti", 10), ("turkish", 5), ("indian", 10))
HANDS = 6
RUNS = 3
MP = os.path.join(os.path.dirname(sys.executable), "micropython")
CHIP_CALIB_US = 74000   # DESIGN.md: 10,000 turns of ``s = (s + i*3) & 0xFFFF`` on the RP2040 at 125 MHz
FRAME_MS = 24.0         # DESIGN.md: a full 1 KB frame to the SSD1306 over I2C at 400 kHz
ERASE_MS, PAGE_MS = 45.0, 0.4   # W25Q16JV typical: 4 KB sector erase, 256-byte page program

# The budget (hardware/power.md has the sources): power drawn from the cell, mW
PICO_IDLE_MW = 130.0    # a Pico running MicroPython, core waiting in sleep_ms: ~26 mA at 5 V on VBUS
PICO_BUSY_MW = 45.0     # more while the core runs Python (RP2040 datasheet: core supply scales with activity)
OLED_MW = 33.0          # SSD1306 0.96" module, a text screen at full contrast (~10 mA at 3.3 V)
DIODE_V = 0.25          # 1N5817 forward drop: its loss is the current times this
CELL_V = 3.7            # LiPo nominal; NiMH 3 x 1.2 V, alkaline 3 x 1.25 V average under load
CELLS = (("258_1200mAh", 1.200 * 3.7), ("2011_2000mAh", 2.000 * 3.7), ("3xAA_alkaline_2000mAh", 2.000 * 3.75),
         ("3xAA_NiMH_2000mAh", 2.000 * 3.6))   # usable energy, Wh (to the protection's 3.0 V / AA at 1.0 V)


def budget(share):
    """The box's average draw in mW at a busy share ``share`` (0-1) while a hand is played, the display bright."""
    load = PICO_IDLE_MW + share * PICO_BUSY_MW + OLED_MW
    return load * (1 + DIODE_V / CELL_V)


def hours(share):
    """[(cell name, hours per charge)] at busy share ``share``."""
    mw = budget(share)
    return [(name, wh * 1000 / mw) for name, wh in CELLS]


def session(out, game, players, hands=HANDS):
    """One busy_session run on the firmware compiled into ``out``: its ``key=value`` ints, or None (output shown)."""
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([out, os.path.join(ROOT, "tests", "core")]))
    disk = os.path.join(out, "flash.bin")
    r = subprocess.run([MP, "-X", "heapsize=1M", os.path.join(ROOT, "tests", "device", "busy_session.py"), game,
                        str(players), str(hands), disk], capture_output=True, text=True, env=env, cwd=ROOT,
                       timeout=600)
    if r.returncode != 0 or not r.stdout.strip().endswith("busy_session: OK"):
        sys.stderr.write(r.stdout[-2000:] + r.stderr[-2000:])
        return None
    return {k: int(x) for k, x in re.findall(r"^(\w+)=(\d+)$", r.stdout, re.M)}


def share(v):
    """The chip's busy share (0-1) of one run's figures ``v``."""
    busy_ms = v["busy_us"] / 1000 * CHIP_CALIB_US / v["calib_us"]
    busy_ms += v["shows"] * FRAME_MS + v["flash_erases"] * ERASE_MS + v["flash_bytes"] / 256 * PAGE_MS
    return busy_ms / v["wall_ms"]


def rows():
    out = tempfile.mkdtemp(prefix="bench-power-")
    try:
        _ok, bad, _size = build.compile_all(out)
        if bad:
            return [("busy sessions", "not compiled", "", "")]
        res = []
        worst = None
        for game, players in FULL_TABLE:
            shares = []
            for _ in range(RUNS):
                v = session(out, game, players)
                if v is not None:
                    shares.append(share(v))
            if not shares:
                res.append(("busy_share_%s" % game, "failed", "", ""))
                continue
            shares.sort()
            s = shares[len(shares) // 2]
            worst = s if worst is None else max(worst, s)
            res.append(("busy_share_%s" % game, round(100 * s, 1), "%", "<= 20 %"))
        if worst is not None:
            for name, h in hours(worst):
                res.append(("battery_hours_%s" % name, round(h, 1), "h", ">= 10 h: two long evenings"))
        return res
    finally:
        shutil.rmtree(out, ignore_errors=True)


def run():
    """``make bench``: the busy shares and the hours per charge (host_tools/bench.py)."""
    from host_tools.bench import line
    for name, value, unit, target in rows():
        line(name, value, unit, target)


if __name__ == "__main__":
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    for name, value, unit, target in rows():
        print("bench: %s = %s %s  (target: %s)" % (name, value, unit, target))

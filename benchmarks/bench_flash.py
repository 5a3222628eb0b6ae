"""Flash wear and press time of a whole session per game, on the compiled firmware under the real MicroPython.

For each game's full-table session (10 players, Turkish 5; 6 hands; the seeds of tests/device/session.py),
tests/device/flash_session.py plays it through the app with the store on littlefs2 in the Pico's geometry
(``vfs.VfsLfs2``, 4096-byte blocks, 256-byte programs) on a RAM block device that counts erases and bytes
programmed. Per player action (counted in the hand logs):

* ``flash_erases_per_action_<game>``: 4 KB blocks erased (target <= 0.5; a snapshot per action was 2.3);
* ``flash_bytes_per_action_<game>``: bytes programmed (target <= 1536 B; was ~6,100);
* ``flash_ms_per_action_<game>``: the flash's time for them at the W25Q16JV's typical figures, 45 ms per
  4 KB erase and 0.4 ms per 256-byte page program (target <= 25 ms);

and ``press_cpu_us_unix``: the median over the three sessions' presses of ``app.press`` + ``app.draw`` on
the unix port, the flash writes excluded (they come after the frame, as on the box; target <= 150 us);
``press_cpu_us_unix_fr``: the same sessions spoken in French (a text not yet kept is read from the table file).
Both are the median of ``ROUNDS`` rounds, English and French interleaved (the machine is shared: a figure taken
while another job runs is not compared with one taken alone).

``python -m benchmarks.bench_flash`` prints the ``bench:`` lines alone.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

from host_tools import ROOT, build
from host_tools.bench import median

ERASE_MS = 45.0     # W25Q16JV, typical sector (4 KB) erase time
PAGE_MS = 0.4       # W25Q16JV, typical page (256 bytes) program time
PAGE = 256
FULL_TABLE = (("teen-patti", 10), ("turkish", 5), ("indian", 10))
HANDS = 6
ROUNDS = 5          # rounds of the press timing, English and French interleaved
MP = os.path.join(os.path.dirname(sys.executable), "micropython")


def session(out, game, players, hands=HANDS, lang="en"):
    """Run tests/device/flash_session.py on the firmware compiled into ``out``, spoken in ``lang``; the dict of its
    ``key=value`` ints, or None when it failed (its output is then printed)."""
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([out, os.path.join(ROOT, "tests", "core")]))
    r = subprocess.run([MP, "-X", "heapsize=2M", os.path.join(ROOT, "tests", "device", "flash_session.py"), game,
                        str(players), str(hands), lang], capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    if r.returncode != 0 or not r.stdout.strip().endswith("flash_session: OK"):
        sys.stderr.write(r.stdout[-2000:] + r.stderr[-2000:])
        return None
    v = {k: int(x) for k, x in re.findall(r"^(\w+)=(\d+)$", r.stdout, re.M)}
    v["press_us"] = [int(x) for x in re.search(r"^press_us=([\d,]+)$", r.stdout, re.M).group(1).split(",")]
    return v


def rows():
    out = tempfile.mkdtemp(prefix="bench-flash-")
    try:
        _ok, bad, _size = build.compile_all(out)
        if bad:
            return [("flash sessions", "not compiled", "", "", False)]
        res = []
        times = {"en": [], "fr": []}       # per round, the median press of the three sessions in each language
        for game, players in FULL_TABLE:
            v = session(out, game, players)
            if v is None:
                res.append(("flash_session_%s" % game, "failed", "", "", False))
                continue
            n = v["actions"]
            erases = v["flash_erases"] / n
            size = v["flash_bytes"] / n
            ms = (v["flash_erases"] * ERASE_MS + v["flash_bytes"] / PAGE * PAGE_MS) / n
            res.append(("flash_erases_per_action_%s" % game, round(erases, 2), "", "<= 0.5", erases <= 0.5))
            res.append(("flash_bytes_per_action_%s" % game, round(size), "B", "<= 1536 B", size <= 1536))
            res.append(("flash_ms_per_action_%s" % game, round(ms, 1), "ms", "<= 25 ms", ms <= 25))
        for r in range(ROUNDS):             # English and French interleaved (the machine is shared), each first in turn
            for lang in ("en", "fr") if r % 2 == 0 else ("fr", "en"):
                us = []
                for game, players in FULL_TABLE:
                    v = session(out, game, players, lang=lang)
                    if v is not None:
                        us.extend(v["press_us"])
                if us:
                    times[lang].append(median(us))
        for lang, name in (("en", "press_cpu_us_unix"), ("fr", "press_cpu_us_unix_fr")):
            if times[lang]:
                us = round(median(times[lang]))
                res.append((name, us, "us", "<= 150 us", us <= 150))
        return res
    finally:
        shutil.rmtree(out, ignore_errors=True)


def run():
    """``make bench``: the flash and press figures (host_tools/bench.py)."""
    from host_tools.bench import line
    for name, value, unit, target, _ok in rows():
        line(name, value, unit, target)


def main():
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    for name, value, unit, target, _ok in rows():
        print(("bench: %s = %s %s" % (name, value, unit)).rstrip() + "   (target %s)" % target)
    return 0


if __name__ == "__main__":
    sys.exit(main())

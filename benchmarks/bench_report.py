"""The night's report on a year of nights (issue 27): ``report`` on a 10,000-hand log, in a process of its own.

The log: 50 nights of 4 sessions x 50 hands (Teen Patti, Turkish Poker, Indian Poker, Forehead Stud; each night 4
of 6 friends, another four than the night before, a chip value on most sessions, a rebuy now and then), played
through the engines with seeded choices (tests/host/fair_support.py) and kept in ``build/`` (made again when
missing). ``python -m host_tools.report`` runs on it three times as a child process; the figures are the median
CPU time (user + system, ``resource`` in the child), the peak memory (the child's own max RSS) and the bytes it writes.

Targets (issue 27): under 10 s of CPU, under 200 MB, output under 5 MB.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

from host_tools import ROOT
from host_tools.bench import line, median

HANDS = 10000
NIGHTS = 50
LOG = os.path.join(ROOT, "build", "bench-report-%d-hands.log" % HANDS)
FRIENDS = ("Anna", "Ben", "Carla", "Dev", "Emre", "Fatma")
GAMES = (("teen-patti", None), ("turkish", None), ("indian", None), ("indian", {"stud": True}))


def year_log(path=LOG):
    """Write the 10,000-hand log to ``path`` unless it is there (str: the path)."""
    if os.path.exists(path):
        return path
    sys.path.insert(0, os.path.join(ROOT, "tests", "host"))
    try:
        from fair_support import session
    finally:
        sys.path.pop(0)
    per = HANDS // NIGHTS // len(GAMES)
    out = []
    for night in range(NIGHTS):
        names = [FRIENDS[(night + k) % len(FRIENDS)] for k in range(4)]
        for g, (game, rules) in enumerate(GAMES):
            seed = night * 10 + g
            cents = (0, 5, 10, 25)[seed % 4]
            rebuy = (per // 2, seed % 4, 100) if seed % 3 == 0 else None
            logs = []
            while len(logs) < per:         # a session that ends early (one player has every chip): play another
                logs += session(game, 4, per - len(logs), seed, rules=rules, names=names, cents=cents, rebuy=rebuy)
                seed += 1000
            out += logs
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.writelines(json.dumps(log) + "\n" for log in out)
    os.replace(tmp, path)
    return path


# the child: the report's own main, then its own CPU time and peak memory (RUSAGE_SELF: no other child counts)
CHILD = """import resource, sys
from host_tools import report
rc = report.main(sys.argv[1:])
u = resource.getrusage(resource.RUSAGE_SELF)
print("BENCH %r %r %r" % (u.ru_utime + u.ru_stime, u.ru_maxrss, rc), file=sys.stderr)
"""


def measure(log, out_dir):
    """One run of the report on ``log`` into ``out_dir``: (CPU seconds, peak MB, bytes written)."""
    r = subprocess.run([sys.executable, "-c", CHILD, log, "--out", out_dir], cwd=ROOT, capture_output=True, text=True)
    last = r.stderr.strip().splitlines()[-1:] or [""]
    if not last[0].startswith("BENCH ") or last[0].split()[3] != "0":
        raise RuntimeError("report failed: %s" % r.stderr.strip()[-300:])
    _, cpu, rss, _rc = last[0].split()
    size = sum(os.path.getsize(os.path.join(out_dir, n)) for n in os.listdir(out_dir))
    return float(cpu), int(rss) / 1024, size


def run(log=None):
    """Print the three figures for ``log`` (the 10,000-hand log by default)."""
    log = log or year_log()
    runs = []
    for _ in range(3):
        out = tempfile.mkdtemp(prefix="bench-report-")
        try:
            runs.append(measure(log, out))
        finally:
            shutil.rmtree(out, True)
    line("report_cpu_s_10k_hands", median([r[0] for r in runs]), "s", "< 10 s of CPU, median of 3")
    line("report_peak_mb_10k_hands", max(r[1] for r in runs), "MB", "< 200 MB (max RSS)")
    line("report_output_mb_10k_hands", runs[0][2] / 1e6, "MB", "< 5 MB (report.html and stacks.png)")

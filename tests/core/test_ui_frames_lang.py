"""Golden frames in every language (issue 16): the walks of tests/core/test_ui_frames.py and
test_ui_frames_rules.py (setup to a seen turn, settling up, the rule screens) in French, Italian, German and
Turkish, against the hashes of tests/core/golden_lang.py, identical on CPython and MicroPython. A language
whose table is not there yet is skipped, saying so; one whose table is there but has no golden frames fails,
naming the command that writes them (``.venv/bin/python -m host_tools.golden``, docs/languages.md)."""

from golden_lang import GOLDEN
from lang_util import in_language, present
from support import skip
from test_ui_frames import walk, walk_settle
from test_ui_frames_rules import walk_rules

REGENERATE = ".venv/bin/python -m host_tools.golden"


def frames():
    """{"frames", "settle", "rules"}: the golden walks in the language spoken."""
    return {"frames": walk(), "settle": walk_settle()[0], "rules": walk_rules()}


def check(code):
    if code not in present():
        skip("no %s table yet (firmware/dealerbox/lang/tables/%s.bin)" % (code, code))
    want = GOLDEN.get(code)
    assert want is not None, "no golden frames for %s yet: %s" % (code, REGENERATE)
    got = in_language(code, frames)
    for part in ("frames", "settle", "rules"):
        assert [g[0] for g in got[part]] == [w[0] for w in want[part]], (code, part)
        for g, w in zip(got[part], want[part]):
            assert tuple(g) == tuple(w), (code, part, g, w, REGENERATE)


def test_golden_frames_fr():
    check("fr")


def test_golden_frames_it():
    check("it")


def test_golden_frames_de():
    check("de")


def test_golden_frames_tr():
    check("tr")


def test_every_language_of_the_box_is_checked_here():
    from dealerbox import lang
    assert [c for c in lang.codes() if c != "en"] == ["fr", "it", "de", "tr"]

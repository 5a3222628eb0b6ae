"""The UI's functions stay small (issue 25): radon's cyclomatic complexity at most 15 each in ui/
(host_tools/complexity.py, which ``make lint`` also runs on store/), and the gate sees a function over it."""

import os

from host_tools import FIRMWARE, complexity


def test_no_ui_function_is_above_the_limit():
    assert complexity.too_complex([os.path.join(FIRMWARE, "dealerbox", "ui")]) == []


def test_the_gate_counts_a_branchy_function(tmp_path):
    body = "".join("    if x == %d:\n        return %d\n" % (i, i) for i in range(16))
    (tmp_path / "m.py").write_text("def f(x):\n%s    return -1\n" % body)
    assert complexity.too_complex([str(tmp_path)]) == [(17, str(tmp_path / "m.py"), 1, "f")]
    assert complexity.main([str(tmp_path)]) == 1

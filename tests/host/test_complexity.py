"""The UI's functions stay small (issue 25): radon's cyclomatic complexity at most 15 each (host_tools/complexity.py,
also run by ``make lint``), and the gate sees a function over it."""

from host_tools import complexity


def test_no_ui_function_is_above_the_limit():
    found = complexity.scan(complexity.DIRS)
    assert len(found) > 300 and found[0][3] <= complexity.LIMIT, found[:3]


def test_the_gate_counts_a_branchy_function(tmp_path):
    body = "".join("    if x == %d:\n        return %d\n" % (i, i) for i in range(16))
    (tmp_path / "m.py").write_text("def f(x):\n%s    return -1\n" % body)
    assert [r[1:] for r in complexity.scan([str(tmp_path)])] == [(1, "f", 17)]
    assert complexity.main([str(tmp_path)]) == 1

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


def _fields(source, cls):
    """The attributes the methods of class ``cls`` in ``source`` set on ``self`` (sorted names)."""
    import ast

    node = [n for n in ast.parse(source).body if isinstance(n, ast.ClassDef) and n.name == cls][0]
    return sorted({t.attr for n in ast.walk(node) if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign))
                   for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                   if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"})


def test_the_app_keeps_at_most_15_fields():
    # issue 25: App keeps only what the whole box shares (table, store, board, language); a screen keeps its own
    with open(os.path.join(FIRMWARE, "dealerbox", "ui", "app.py"), encoding="utf-8") as f:
        fields = _fields(f.read(), "App")
    assert len(fields) <= 15, fields
    assert "table" in fields and "store" in fields and "screen" in fields
    assert len(_fields("class App:\n    def f(self):\n" + "".join("        self.a%d = 0\n" % i for i in range(16)),
                       "App")) == 16          # the count sees each field

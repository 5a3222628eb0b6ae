"""The layers of firmware/ (README, Architecture): no import cycle, no import from a lower layer to a higher one,
nothing unloaded (issue 12).

Layers, lowest first: the primitives (``cards``, ``rng``); the evaluator (``eval``) and the store
(``store``: records, not screens, so it imports neither the engine nor the UI); the engine and its helpers
(``engine``); the games (``games``); the UI (``ui``); the boards (``boards``); ``main.py`` on top. Every import
counts, at the top of a module or inside a function.
"""

import ast
import os

from host_tools import FIRMWARE

LAYER = {"lang": 1, "eval": 1, "store": 1, "engine": 2, "games": 3, "ui": 4, "boards": 5}


def _modules():
    """{dotted name: path} of every module under firmware/."""
    mods = {}
    for dirpath, _dirs, files in os.walk(FIRMWARE):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(dirpath, f)
                name = os.path.relpath(path, FIRMWARE)[:-3].replace(os.sep, ".")
                mods[name[:-9] if name.endswith(".__init__") else name] = path
    return mods


def _imports(mods):
    """{module: set of firmware modules it imports}."""
    edges = {}
    for name, path in mods.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        out = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names if a.name in mods)
            elif isinstance(node, ast.ImportFrom) and node.module in mods:
                for a in node.names:
                    sub = node.module + "." + a.name
                    out.add(sub if sub in mods else node.module)
        edges[name] = out - {name}
    return edges


def _layer(name):
    parts = name.split(".")
    if parts[0] == "main":
        return 9
    return LAYER.get(parts[1], 0) if len(parts) > 1 else 0


def _cycles(edges):
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_and_no_import_upwards():
    mods = _modules()
    edges = _imports(mods)
    assert len(mods) > 40 and "dealerbox.engine.base" in edges["dealerbox.games.turkish"]
    assert _cycles(edges) == []
    upward = [(m, w) for m in sorted(edges) for w in sorted(edges[m]) if _layer(w) > _layer(m)]
    assert upward == []
    store = [(m, w) for m in sorted(edges) if m.startswith("dealerbox.store") for w in sorted(edges[m])
             if _layer(w) > 0 and not w.startswith("dealerbox.store")]
    assert store == []


def test_the_checks_fail_on_a_cycle_and_on_an_import_upwards():
    edges = {"dealerbox.engine.a": {"dealerbox.engine.b"}, "dealerbox.engine.b": {"dealerbox.engine.a"},
             "dealerbox.store.saves": {"dealerbox.ui.modes"}, "dealerbox.ui.modes": set()}
    assert _cycles(edges) == [["dealerbox.engine.a", "dealerbox.engine.b"]]
    assert _layer("dealerbox.ui.modes") > _layer("dealerbox.store.saves")


def test_nothing_in_firmware_touches_sys_modules():
    for name, path in _modules().items():
        with open(path, encoding="utf-8") as f:
            assert "sys.modules" not in f.read(), name


# ---- no module writes another's fields (issue 25) ----
# A module sets the fields of its own classes only: ``self.x = ...`` in a method, or ``obj.x = ...`` where ``x`` is a
# field some class of the same module sets on itself. Another module's object is changed through its methods. A class
# may name the fields the modules drawing with it set (``REGISTERS``: the canvas's loop registers). The writes below
# were there before the rule, outside the UI, each in a module that builds or restores its neighbour's object (the
# engine's state restored, a ranking configured, a store's load split across modules); a new one anywhere fails the
# test.
KNOWN = {
    "dealerbox.boards.loop": {"defer"},
    "dealerbox.boards.pi": {"text", "direction", "pull"},
    "dealerbox.engine.base": {"carry", "round", "stock"},
    "dealerbox.engine.hilo": {"contributed", "folded", "all_in"},
    "dealerbox.eval.indian": {"low", "suit_order"},
    "dealerbox.eval.teenpatti": {"order", "muflis", "wild_ranks"},
    "dealerbox.games.turkish": {"carry"},
}


def _own_fields(tree):
    """The fields the classes of a module set on themselves, and their class attributes."""
    out = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for sub in ast.walk(node):
            if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) and isinstance(sub.value, ast.Name) \
                    and sub.value.id in ("self", "cls"):
                out.add(sub.attr)
        for st in node.body:
            if isinstance(st, ast.Assign):
                out.update(t.id for t in st.targets if isinstance(t, ast.Name))
    return out


def _registers(trees):
    """The fields classes let other modules set (their ``REGISTERS``)."""
    out = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for st in node.body:
                    if isinstance(st, ast.Assign) and any(getattr(t, "id", "") == "REGISTERS" for t in st.targets):
                        out.update(ast.literal_eval(st.value))
    return out


def _foreign_writes(trees):
    """{module: [(line, "obj.field")]}: the attributes a module assigns on objects not its own (see above)."""
    regs = _registers(trees.values())
    found = {}
    for name, tree in trees.items():
        own = _own_fields(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            else:
                continue
            for t in targets:
                for sub in ast.walk(t):
                    if not (isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store)):
                        continue
                    if isinstance(sub.value, ast.Name) and sub.value.id in ("self", "cls"):
                        continue
                    if sub.attr not in own and sub.attr not in regs:
                        found.setdefault(name, []).append((sub.lineno, ast.unparse(sub)))
    return found


def _trees():
    out = {}
    for name, path in _modules().items():
        with open(path, encoding="utf-8") as f:
            out[name] = ast.parse(f.read())
    return out


def test_no_module_writes_another_modules_fields():
    found = _foreign_writes(_trees())
    new = {m: [w for w in ws if w[1].rsplit(".", 1)[1] not in KNOWN.get(m, ())] for m, ws in found.items()}
    assert {m: ws for m, ws in new.items() if ws} == {}
    assert not [m for m in found if m.startswith("dealerbox.ui")]       # the UI: none at all
    gone = {m: sorted(f for f in KNOWN[m] if f not in {w[1].rsplit(".", 1)[1] for w in found.get(m, ())})
            for m in KNOWN}
    assert {m: f for m, f in gone.items() if f} == {}                   # the list names only writes still there


def test_the_field_check_fails_on_a_write_into_another_modules_object():
    trees = {
        "dealerbox.ui.a": ast.parse("class A:\n    def __init__(self):\n        self.x = 1\n"
                                    "def f(a):\n    a.x = 2\n"),
        "dealerbox.ui.b": ast.parse("def g(app):\n    app.sel = 3\n    app.screen.top += 1\n"),
        "dealerbox.ui.c": ast.parse("class C:\n    REGISTERS = ('k',)\n\ndef h(cv):\n    cv.k = 0\n"),
    }
    assert _foreign_writes(trees) == {"dealerbox.ui.b": [(2, "app.sel"), (3, "app.screen.top")]}

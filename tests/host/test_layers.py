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

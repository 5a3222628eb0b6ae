"""Dealer Box core: cards, shuffling, evaluation, table, games, screens. Imports no hardware module."""

import sys


def unload(*names):
    """Drop the modules ``names`` (dotted str; a name ending in ``.*`` drops every module under that package)
    from ``sys.modules`` and from their package, so their code is freed once nothing else refers to it; a
    later import loads them again. Memory on the box (docs/device.md, Memory): the code of a phase is loaded
    only while the phase runs."""
    mods = sys.modules
    for name in names:
        if name[-2:] == ".*":
            unload(*[k for k in mods if k.startswith(name[:-1])])
        elif name in mods:
            del mods[name]
            i = name.rfind(".")
            pkg = mods.get(name[:i])
            attr = name[i + 1:]
            if pkg is not None and hasattr(pkg, attr):
                delattr(pkg, attr)

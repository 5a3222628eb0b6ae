"""Dealer Box core: cards, shuffling, evaluation, table, games, screens. Imports no hardware module."""

import sys


def unload(*names):
    """Drop the modules ``names`` (dotted str; a name ending in ``.*`` drops every module under that package)
    from ``sys.modules`` and from their package, so their code is freed once nothing else refers to it; a
    later import loads them again.

    LEFT FOR THE STORE ONLY: ``dealerbox/store/saves.py`` (another branch's redesign) still calls it; nothing
    else does. Delete this function (and ``import sys``) when that call is gone: nothing is unloaded."""
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

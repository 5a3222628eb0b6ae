"""Modules loaded for a while and released after (issue 26: the play's heap): the setup's screens and the boot offer,
for the setup (a hand needs none of them: the rules view, a rebuy or a new session imports them again), and what a
boot reads a save with, for the boot. Their code is ~60 KB of heap on the unix port (~45 KB on the chip) the play has
free. ``App.next_hand`` releases the setup, ``App.restore`` the setup and the boot; ``resume.boot`` the setup's screens
before a save is read, and the store's reading after it.
"""

import sys

SETUP_SCREENS = ("dealerbox.ui.setup_flow", "dealerbox.ui.settings")
SETUP = SETUP_SCREENS + ("dealerbox.ui.resume",)
READ_SAVE = ("dealerbox.store.boot", "dealerbox.store.damage")     # the store's reading of its files at boot
RECOVERY = ("dealerbox.ui.snapcheck", "dealerbox.ui.catchup") + READ_SAVE


def release(names):
    """Unload the modules ``names`` (full names, tuple of str): out of ``sys.modules`` and of their package, so that
    the next collection frees their code once nothing refers to them; the next import loads them again."""
    for name in names:
        if sys.modules.pop(name, None) is not None:
            pkg, attr = name.rsplit(".", 1)
            if getattr(sys.modules.get(pkg), attr, None) is not None:
                delattr(sys.modules[pkg], attr)

"""The store's answers to a damaged newest save or journal line (docs/device.md, "Saves"): imported by
``Store.load`` only when it found one, and kept.

* ``journal(store, ok, good, number, reports)``: a journal line that failed its CRC after good ones,
  with whole lines after it, is damage: say how many actions were lost;
* ``logged_after(store, mark, names)``: the hand logs committed after an older save's mark (``Store.later``).
"""

def N_(s):
    """``s`` unchanged: the catalog's marker of a text the screens show (``dealerbox.lang.N_``; the store imports
    only the primitives, so it keeps its own)."""
    return s


def journal(store, ok, good, number, reports):
    """True (and ``store.found``, ``store.later_why`` and ``reports`` say so) when the journal line after the
    ``ok`` good ones (ending at byte ``good``) is damaged with whole lines after it; False when it is the last
    line (a write the power cut short: dropped silently). The bad line and every line after it are lost (the
    CRC chain: nothing after a bad line is used). A first line is counted only when it has not the shape of a
    journal line (``boot.first_line_whole``): a whole line that does not chain cannot be told from the journal
    of an earlier snapshot (a snapshot saved and no action recorded since), which is not damage."""
    data = store._read("session.jnl") or b""     # saves.JOURNAL (this module imports nothing of the store)
    n = data.count(b"\n", good)
    lost = n if n > 1 or n == 1 and not data.endswith(b"\n") else 0
    if not lost:
        return False
    store.later_why = N_("journal line %d is damaged") % (ok + 1)
    store.found.append("session.jnl: line %d damaged, %d action%s after save %d lost" % (
        ok + 1, lost, "" if lost == 1 else "s", number))
    reports.append((N_("Save damaged: journal line %d is damaged; %d saved action is lost.") if lost == 1 else
                    N_("Save damaged: journal line %d is damaged; %d saved actions are lost.")) % (ok + 1, lost))
    return True


def logged_after(store, mark, names):
    """The whole hand-log lines (list of str) after byte ``mark`` of the log: ``names`` is ``(older, newest)``
    (``hands.1.log``, ``hands.log``); read from ``mark`` on (a few KB, never the whole log), in the older file
    too when the newest is shorter than ``mark`` (it moved after the save)."""
    old, log = names
    out = []
    for name in (old, log) if store._size(log) < mark else (log,):
        size = store._size(name)
        if size <= mark:
            mark = 0 if name == old and size == mark else mark
            continue
        f = store._open(store.path(name), "rb")
        try:
            f.seek(mark)
            data = f.read()
        finally:
            f.close()
        mark = 0
        for ln in data[:data.rfind(b"\n") + 1].decode().split("\n"):
            if ln:
                out.append(ln)
    return out

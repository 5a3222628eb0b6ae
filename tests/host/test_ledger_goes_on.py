"""After each fault between or during hands, the game goes on and the log still verifies (issue 24, attacked): the
three-hand session of tests/core/test_ledger_faults.py, its files taken after every write; at every third write each
of these faults - an older save copied back (the snapshot, or every save file of that earlier write beside today's
hand log), the newest save cut in half, garbled or a folder, one bit of any journal line flipped - then a boot, the
first choice of the resume screen, and two more hands by presses (none when the session's only save was
destroyed before a backup existed: a new session is said, and the log keeps the hands). The hand log afterwards keeps
every line it held
and verifies whole (no hand reopened, voided or logged twice: the chain, the hand numbers and the stacks); no screen
says an errno or a traceback."""


from autoplay_util import autoplay
from dealerbox.rng import SeededEntropy
from dealerbox.store.saves import Store
from dealerbox.ui import modes
from pseudo_util import LangRig
from store_util import _clean, _laid_out
from test_ledger_faults import OK, _lines, _read, _record

from host_tools.verify import verify_lines


def _faults(states, i):
    """(name, files) of each fault at write ``i`` (files: name -> bytes, None a folder)."""
    s = states[i]
    out = []
    for j in range(0, i, 4):
        older = {k: v for k, v in states[j].items() if k != "hands.log"}
        if "hands.log" in s:
            older["hands.log"] = s["hands.log"]
        out.append(("every save of write %d" % j, older))
        if "session.json" in states[j]:
            out.append(("session.json of write %d" % j, dict(s, **{"session.json": states[j]["session.json"]})))
    d = s.get("session.json")       # (none at the first write: the session's genesis line, before its first save)
    if d is not None:
        g = bytearray(d)
        g[len(g) // 2] ^= 0x20
        out += [("session.json half", dict(s, **{"session.json": d[:len(d) // 2]})),
                ("session.json garbled", dict(s, **{"session.json": bytes(g)})),
                ("session.json a folder", dict(s, **{"session.json": None}))]
    lines = (s.get("session.jnl") or b"").split(b"\n")
    for k in range(len(lines) - 1):
        flipped = list(lines)
        b = bytearray(flipped[k])
        b[len(b) // 2] ^= 1
        flipped[k] = bytes(b)
        out.append(("journal line %d bit" % (k + 1), dict(s, **{"session.jnl": b"\n".join(flipped)})))
    return out


def _boot_and_play(files):
    """Boot on ``files``, take the first choice of the resume screen, play two hands; (hands.log, its .bad, screens'
    words, the hands played)."""
    d = _laid_out(files)
    rig = LangRig(seed=9, store=Store(d))
    app = rig.app
    for _ in range(6):
        if app.mode != modes.M_RESUME:
            break
        rig.press(OK)
    played = 0
    if app.mode != modes.M_GAME:          # (no usable save: a new session, said)
        played = autoplay(rig, SeededEntropy(3).read, 2)[0]
    log, bad = _read(d + "/hands.log") or b"", _read(d + "/hands.log.bad")
    _clean(d)
    return log, bad, " | ".join(str(t) for t in rig.said), played


def test_after_every_fault_the_game_goes_on_and_the_log_verifies():
    states = _record()
    boots = played = 0
    for i in range(0, len(states), 3):
        logged = _lines(states[i].get("hands.log"))
        for name, files in _faults(states, i):
            log, bad, said, n = _boot_and_play(files)
            for word in ("Traceback", "rrno", "flash error"):
                assert word not in said, (i, name, said[-300:])
            kept = _lines(log) + _lines(bad)
            assert all(ln in kept for ln in logged), (i, name)
            if b'"deck"' in log:      # (a log of a genesis line alone holds no hand to verify)
                seen = []
                assert verify_lines(log.decode().split("\n"), out=seen.append)[1:] == (0, []), (i, name, seen)
            boots += 1
            if n == 0 and "session.json" not in files:     # every save gone (write 0: the genesis line alone)
                assert name == "every save of write 0", (i, name)
            elif n == 0:    # the session's only save destroyed (no session.bak yet): a new session, said
                assert "session.bak" not in states[i] and name.startswith("session.json "), (i, name)
                assert "Save unusable" in said or "folder, not a" in said, (i, name, said)
            played += n > 0
    assert (boots, played) == (212, 194)

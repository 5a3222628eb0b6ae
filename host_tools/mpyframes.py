"""The call-frame size of every bytecode function in .mpy files (mpy-cross output, .mpy version 6).

    python -m host_tools.mpyframes build/mpy/dealerbox/ui/screens.mpy [...]

MicroPython takes a call's frame from the heap when it needs more than 11 slots (arguments, locals and
the deepest value stack, ``VM_MAX_STATE_ON_STACK`` in ``py/objfun.c``; an exception handler adds to it):
a transient allocation on every call. Per-frame drawing code must stay within 11 (docs/device.md,
Memory). Prints ``FILE FUNCTION slots=N`` with ``HEAP`` after the functions that exceed it.
"""

import argparse
import sys

LIMIT = 11


def _uint(b, p):
    v = 0
    while True:
        x = b[p]
        p += 1
        v = (v << 7) | (x & 0x7F)
        if not x & 0x80:
            return v, p


def frames(path):
    """[(function name, n_state, n_exc_stack)] of the bytecode functions in the .mpy file ``path``."""
    b = open(path, "rb").read()
    if b[:2] != b"M\x06":
        raise ValueError("%s: not a version 6 .mpy file" % path)
    p = 4
    nq, p = _uint(b, p)
    no, p = _uint(b, p)
    names = []
    for _ in range(nq):
        ls, p = _uint(b, p)
        if ls & 1:
            names.append("static qstr %d" % (ls >> 1))   # a name built into MicroPython (``__init__``...)
        else:
            names.append(b[p:p + (ls >> 1)].decode())
            p += (ls >> 1) + 1

    def obj(p):
        t = b[p]
        p += 1
        if t in (5, 6, 7, 8, 9):        # str, bytes (NUL-terminated), int, float, complex
            n, p = _uint(b, p)
            p += n + (1 if t in (5, 6) else 0)
        elif t == 10:                   # tuple
            n, p = _uint(b, p)
            for _ in range(n):
                p = obj(p)
        return p

    for _ in range(no):
        p = obj(p)
    out = []

    def raw(p, outer=False):
        kl, p = _uint(b, p)
        data = b[p:p + (kl >> 3)]
        p += kl >> 3
        if kl & 3 == 0:                 # bytecode: the prelude's signature, xSSSSEAA then xFSSKAED bytes
            z = data[0]
            q = 1
            s, e, ns, ne = (z >> 3) & 0xF, (z >> 2) & 1, 4, 1
            while z & 0x80:
                z = data[q]
                q += 1
                s |= ((z >> 4) & 3) << ns
                e |= ((z >> 1) & 1) << ne
                ns += 2
                ne += 1
            while data[q] & 0x80:       # the prelude's sizes
                q += 1
            name, _q = _uint(data, q + 1)
            if outer:
                name = "<module>"       # the module's body, run once at import
            else:
                name = names[name] if name < len(names) else "?"
            out.append((name, s + 1, e))
        if kl & 4:
            n, p = _uint(b, p)
            for _ in range(n):
                p = raw(p)
        return p

    raw(p, True)
    return out


def main(argv=None):
    """Print each function's frame of the .mpy files given; exit status 2 with one line for a file that cannot be
    read or is not a version 6 .mpy file (argparse's usage line for no file or a bad option)."""
    ap = argparse.ArgumentParser(prog="python -m host_tools.mpyframes", description=__doc__.split("\n")[0])
    ap.add_argument("mpy", nargs="+", help=".mpy files (python -m host_tools.build writes them to build/mpy)")
    a = ap.parse_args(argv)
    for path in a.mpy:
        try:
            found = frames(path)
        except OSError as e:
            print("mpyframes: %s: %s" % (path, e.strerror or e), file=sys.stderr)
            return 2
        except ValueError as e:         # frames' own words: "<path>: not a version 6 .mpy file"
            print("mpyframes: %s" % e, file=sys.stderr)
            return 2
        except IndexError:
            print("mpyframes: %s: cut short (not a whole .mpy file)" % path, file=sys.stderr)
            return 2
        for name, slots, exc in found:
            print("%s %s slots=%d%s%s" % (path, name, slots, " handlers=%d" % exc if exc else "",
                                          " HEAP" if slots + 2 * exc > LIMIT else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

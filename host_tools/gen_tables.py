"""Generate ``firmware/dealerbox/eval/tables*.py``, the lookup tables of the hand evaluators.

    python -m host_tools.gen_tables            # rewrite the modules that changed
    python -m host_tools.gen_tables --check    # exit 1 if a committed module differs

Deterministic: no randomness, no dependence on dict order or the Python version, so
``tests/host/test_tables_regen.py`` regenerates the text and compares it byte for byte.

How a hand becomes a table entry (see ``docs/evaluator.md``): every card of rank ``r``
and suit ``s`` has the value ``W[r] << 8 | SUIT[s]``; a hand's key is the plain sum of
its cards' values, so no sorting is needed. ``W`` is the greedy B_h set (h = cards per
hand): the smallest weights for which every multiset of ranks a hand can hold has a
different sum ``R = x >> 8``. ``SUIT`` is ``1, h+1, (h+1)**2`` for d h s (0 for c), so
``x & 255`` counts the suits in base h+1 and ``FLUSH[x & 255]`` is 1 exactly when all
h cards share a suit (Teen Patti's table; the Turkish scorer needs none: all h cards share a suit exactly
when ``x & 255`` is h times the first card's suit value, a count being at most h, no carry). ``R`` is
spread over a few thousand values; a row-displacement
table packs them: with ``row = R & (2**rb - 1)`` and ``col = R >> rb``, the entry is
``U[U[row] + col]`` (the first ``2**rb`` words of ``U`` are the row offsets).
The entry is ``code << 9 | within`` (``dealerbox/eval/build.py``; the codes ``TP_*`` and ``TK_*`` are the
games' evaluator modules'). Every table is one ``bytes``.
"""

import argparse
import os
import sys
from itertools import combinations_with_replacement

from dealerbox.eval import turkish as TKC

from host_tools import FIRMWARE

# the layout the firmware's scorers read as literals: an entry is ``code << WITHIN_BITS | within``
# (dealerbox/eval/build.py), a table row is ``R & (2**ROW_BITS - 1)`` (eval/teenpatti.py, eval/turkish.py)
WITHIN_BITS = 9
TP_ROW_BITS = 7
TK_ROW_BITS = 8
# Teen Patti's pattern codes (dealerbox/eval/build.py's docstring; eval/teenpatti.py's build maps them in this order)
TP_HIGH, TP_PAIR, TP_SEQ, TP_SEQ_AKQ, TP_SEQ_A23, TP_TRAIL = range(6)
TK_STRAIGHT = TKC.TK_CATEGORIES.index("straight")     # the code of the straight (eval/turkish.py's _STRAIGHT)

OUT_DIR = os.path.join(FIRMWARE, "dealerbox", "eval")


# ---------------------------------------------------------------- rank patterns


def _multisets(n, h, maxmult):
    """Every multiset of ``h`` ranks 0..n-1 (as descending tuples), each rank at most ``maxmult`` times."""
    out = []
    for c in combinations_with_replacement(range(n), h):
        if max(c.count(r) for r in set(c)) <= maxmult:
            out.append(tuple(sorted(c, reverse=True)))
    return out


def _dense(keys):
    """Map each distinct sortable key to its index in ascending order."""
    return {k: i for i, k in enumerate(sorted(set(keys)))}


def _groups(p):
    """Ranks of pattern ``p`` ordered by (count, rank) descending: the standard tie-break order."""
    cnt = {}
    for r in p:
        cnt[r] = cnt.get(r, 0) + 1
    order = sorted(cnt, key=lambda r: (cnt[r], r), reverse=True)
    return tuple(cnt[r] for r in order), tuple(order)


def teen_patti_patterns():
    """Dict: descending rank triple (ranks 0-12) -> (code, within). RULES.md, Teen Patti."""
    pats = _multisets(13, 3, 3)
    out = {}
    high = []
    pair = []
    for p in pats:
        shape, order = _groups(p)
        if shape == (3,):
            out[p] = (TP_TRAIL, p[0])
        elif shape == (2, 1):
            pair.append(p)
        elif p == (12, 1, 0):
            out[p] = (TP_SEQ_A23, 0)
        elif p == (12, 11, 10):
            out[p] = (TP_SEQ_AKQ, 0)
        elif p[0] - p[2] == 2:
            out[p] = (TP_SEQ, p[0])
        else:
            high.append(p)
    hd = _dense(high)
    for p in high:
        out[p] = (TP_HIGH, hd[p])
    pd = _dense(_groups(p)[1] for p in pair)
    for p in pair:
        out[p] = (TP_PAIR, pd[_groups(p)[1]])
    return out


def turkish_patterns(n):
    """Dict: descending 5-tuple of slots (0..n-1, n-1 = ace) -> (code, within) for the deck of n ranks.

    The code is the index in ``TK_CATEGORIES`` (RULES.md, Turkish Poker; seed 002); these
    are the non-flush entries, the flush categories come from the deltas.
    """
    cat = TKC.TK_CATEGORIES.index
    pats = _multisets(n, 5, 4)
    ace = n - 1
    minor = (ace, 3, 2, 1, 0)
    by_shape = {
        (2, 1, 1, 1): cat("pair"),
        (2, 2, 1): cat("two_pair"),
        (3, 1, 1): cat("three_of_a_kind"),
        (3, 2): cat("full_house"),
        (4, 1): cat("four_of_a_kind"),
    }
    out = {}
    high = []
    grouped = {}
    for p in pats:
        shape, order = _groups(p)
        if shape == (1, 1, 1, 1, 1):
            if p[0] - p[4] == 4:
                out[p] = (TK_STRAIGHT, p[0])
            else:
                high.append(p)
        else:
            grouped.setdefault(by_shape[shape], []).append(p)
    hd = _dense(high)
    for p in high:
        out[p] = (cat("minor_straight") if p == minor else cat("high_card"), hd[p])
    for code in sorted(grouped):
        d = _dense(_groups(p)[1] for p in grouped[code])
        for p in grouped[code]:
            out[p] = (code, d[_groups(p)[1]])
    return out


# ---------------------------------------------------------------- hashing and packing


def greedy_weights(n, h, maxmult):
    """Smallest increasing weights w[0..n-1] (w[0] = 0) whose h-fold multiset sums are all distinct.

    Multisets hold each rank at most ``maxmult`` times (a deck has 4 suits). A new weight
    ``c`` used ``j`` times adds ``j * c`` to a multiset of ``h - j`` earlier ranks.
    """
    w = [0]
    while len(w) < n:
        # sums of the multisets of m earlier ranks, for m = 0..h
        part = [[sum(w[r] for r in m) for m in _multisets(len(w), k, maxmult)] if k else [0] for k in range(h + 1)]
        c = w[-1] + 1
        while True:
            sums = set()
            total = 0
            for j in range(min(h, maxmult) + 1):
                for s in part[h - j]:
                    sums.add(j * c + s)
                total += len(part[h - j])
            if len(sums) == total:
                break
            c += 1
        w.append(c)
    return w


def pack(entries, rb):
    """Row-displacement packing of ``entries`` (dict R -> 16-bit value) with ``row = R & (2**rb-1)``.

    Returns the list U: 2**rb row offsets, then the packed values (unused slots 0), such
    that ``U[U[R & mask] + (R >> rb)] == entries[R]`` for every key.
    """
    nrows = 1 << rb
    rows = {}
    for key in sorted(entries):
        rows.setdefault(key & (nrows - 1), []).append((key >> rb, entries[key]))
    order = sorted(rows, key=lambda r: (-len(rows[r]), -max(c for c, _ in rows[r]), r))
    used = []
    off = [0] * nrows
    for r in order:
        cols = [c for c, _ in rows[r]]
        d = 0
        while any(d + c < len(used) and used[d + c] is not None for c in cols):
            d += 1
        need = d + max(cols) + 1
        if need > len(used):
            used.extend([None] * (need - len(used)))
        for c, v in rows[r]:
            used[d + c] = v
        off[r] = nrows + d
    u = off + [0 if v is None else v for v in used]
    assert len(u) < 1 << 16
    for key, v in entries.items():
        assert u[u[key & (nrows - 1)] + (key >> rb)] == v
    return u


def best_pack(entries):
    """(rb, U) with the smallest U over row widths 2**4 .. 2**10 (ties: the smaller rb).

    How the fixed row bits (``TP_ROW_BITS``, ``TK_ROW_BITS`` above) were chosen; the tables use those.
    """
    best = None
    for rb in range(4, 11):
        u = pack(entries, rb)
        if best is None or len(u) < len(best[1]):
            best = (rb, u)
    return best


def evaluator_tables(patterns, n, h, maxmult, rb):
    """Weights, rb, U for a dict of rank patterns (slots 0..n-1) -> (code, within), with ``rb`` row bits."""
    w = greedy_weights(n, h, maxmult)
    entries = {}
    for p, (code, within) in patterns.items():
        assert 0 <= within < 1 << WITHIN_BITS
        key = sum(w[r] for r in p)
        assert key not in entries
        entries[key] = code << WITHIN_BITS | within
    assert max(entries) * (1 << 8) + 255 < 1 << 30  # the sum x stays a MicroPython small int
    return w, rb, pack(entries, rb)


def suit_weights(h):
    """Suit values c d h s: 0, 1, h+1, (h+1)**2 (the suits counted in base h+1)."""
    return [0, 1, h + 1, (h + 1) ** 2]


def flush_table(h):
    """bytes: 1 at the suit sums of h cards of one suit, else 0."""
    sw = suit_weights(h)
    t = bytearray(h * sw[3] + 1)
    for s in sw:
        t[h * s] = 1
    return bytes(t)


def u16le(values):
    return b"".join(v.to_bytes(2, "little") for v in values)


# ---------------------------------------------------------------- output


def _byte_lines(data):
    return ["    b'" + "".join("\\x%02x" % b for b in data[i : i + 24]) + "'" for i in range(0, len(data), 24)]


def _bytes_literal(name, data, text):
    """Text of ``name = (b'...' ...)``: one ``bytes``, 24 to a line."""
    return "\n".join(["# %s (%d bytes)" % (text, len(data)), "%s = (" % name] + _byte_lines(data) + [")"])


_HEADER = [
    "",
    "GENERATED by ``python -m host_tools.gen_tables``; do not edit. The layout is described",
    "there and in ``docs/evaluator.md``; ``tests/host/test_tables_regen.py`` checks this file",
    "is exactly what the generator writes.",
    '"""',
    "",
]


def _module(title, tables):
    out = ['"""%s' % title] + _HEADER
    for name, data, comment in tables:
        out.append(_bytes_literal(name, data, comment))
        out.append("")
    return "\n".join(out)


def tables():
    """Dict: module name (in firmware/dealerbox/eval/) -> list of (name, bytes, comment), one module per
    game and Turkish deck: ``tables_tp`` (Teen Patti), ``tables_tk24`` .. ``tables_tk36`` (Turkish Poker, each
    deck with its own weights; no flush table: the scorer compares the suit sum with the first card's),
    ``tables_in`` (Indian Poker). A game loads only its own.
    Row bits are fixed (``TP_ROW_BITS``, ``TK_ROW_BITS`` above): the scorers of ``eval/teenpatti.py`` and
    ``eval/turkish.py`` use them as literals."""
    tp_w, tp_rb, tp_u = evaluator_tables(teen_patti_patterns(), 13, 3, 3, TP_ROW_BITS)
    out = {
        "tables_tp": [
            ("W", u16le(tp_w), "rank weights, ranks 2..A, uint16 little-endian"),
            ("SUIT", bytes(suit_weights(3)), "suit values c d h s for 3-card hands"),
            ("FLUSH", flush_table(3), "1 where the suit sum of 3 cards is one suit"),
            ("U", u16le(tp_u), "%d row offsets then packed entries, uint16 LE (row bits %d)" % (1 << tp_rb, tp_rb)),
        ]
    }
    for deck in TKC.TK_DECKS:
        n = deck // 4
        w, rb, u = evaluator_tables(turkish_patterns(n), n, 5, 4, TK_ROW_BITS)
        out["tables_tk%d" % deck] = [
            ("W", u16le(w), "rank weights by slot (the deck's lowest rank first), uint16 LE"),
            ("SUIT", bytes(suit_weights(5)), "suit values c d h s for 5-card hands"),
            ("U", u16le(u), "%d row offsets then packed entries, uint16 LE (row bits %d)" % (1 << rb, rb)),
        ]
    out["tables_in"] = [
        ("HIGH", bytes(range(13)), "ace high: strength of ranks 2..A"),
        ("LOW", bytes(12 - (r + 1) % 13 for r in range(13)), "low, ace low: strength of ranks 2..A"),
    ]
    return out


def total_bytes():
    """Bytes of all the evaluator tables together (every game and deck)."""
    return sum(len(data) for t in tables().values() for _, data, _ in t)


_TITLES = {
    "tables_tp": "Teen Patti evaluator tables (3-card hands)",
    "tables_in": "Indian Poker evaluator tables (rank strengths)",
}


def render():
    """Dict: file name (in firmware/dealerbox/eval/) -> text of every generated tables module."""
    files = {}
    for name, t in tables().items():
        title = _TITLES.get(name) or "Turkish Poker evaluator tables, %s-card deck" % name[-2:]
        files[name + ".py"] = _module("%s: %d bytes." % (title, sum(len(d) for _, d, _ in t)), t)
    return files


def stale_files():
    """Generated-looking files in OUT_DIR (``tables*.py``) the generator no longer writes."""
    made = render()
    return sorted(n for n in os.listdir(OUT_DIR) if n.startswith("tables") and n.endswith(".py") and n not in made)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.gen_tables", description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the committed tables differ")
    a = ap.parse_args(argv)
    stale = []
    for name in stale_files():
        stale.append(name)
        if not a.check:
            os.remove(os.path.join(OUT_DIR, name))
            print("removed %s" % os.path.relpath(os.path.join(OUT_DIR, name)))
    for name, text in sorted(render().items()):
        path = os.path.join(OUT_DIR, name)
        old = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = f.read()
        if old == text:
            continue
        stale.append(name)
        if not a.check:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print("wrote %s" % os.path.relpath(path))
    if a.check:
        print("tables are %s" % ("STALE: %s (run python -m host_tools.gen_tables)" % ", ".join(stale) if stale
                                 else "up to date"))
        return 1 if stale else 0
    if not stale:
        print("tables are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A language table packed as the box reads it (``dealerbox/lang/__init__.py``): ``pack(dict)`` gives
``(K, H, P, S)``, ``image(dict)`` the table file ``tables/<code>.bin`` made of them.

Used by ``python -m host_tools.lang build`` (which writes ``image``'s bytes as ``tables/<code>.bin``) and by
``use_table`` (tests: a table made in memory; the core tests import it under MicroPython too, as ``langpack``:
it imports nothing of host_tools). Not on the box.

* ``K``: the hash seed (int 0-15), the first for which no two keys of the table have the same hash;
* ``H``: each key's ``key_hash`` (4 bytes, big-endian), ascending;
* ``P``: where each translation starts in ``S`` (2 bytes, big-endian, utf-8 byte offsets), in the order of ``H``,
  and one more: the end of ``S``;
* ``S``: every translation, utf-8, in the order of ``H``.

The file (``image``): a 12-byte head, ``MAGIC`` (4 bytes), the CRC-32 of everything after these 8 bytes (4 bytes,
big-endian), the number of keys N (2 bytes, big-endian), ``K`` (1 byte), 0 (1 byte); then ``H`` (4N bytes), ``P``
(2N + 2 bytes) and ``S``. The box reads it from flash where a text is first needed (``lang._find``): no byte of the
table on the heap.

What it saves (docs/languages.md): a dict of ~480 str keys and values is ~960 str objects on the heap (a header each,
32 bytes on the 64-bit unix port, 16 on the RP2040, besides the text), and the keys repeat texts the UI's own code
already holds; packed, a table is ~5 bytes per key and the translations' text, read from a file.
"""

MAGIC = b"DBT1"     # the table file's first bytes (its format's version)
HEAD = 12           # the table file's head: MAGIC, CRC-32, N, K, 0
SEEDS = 16      # ``key_hash``'s seeds: the multipliers 31 down to 16


class PackError(ValueError):
    """A table that cannot be packed: ``str(e)`` says why (two keys with one hash under every seed, a table whose
    translations pass 64 KB)."""


def pack(table, key_hash, seeds=SEEDS):
    """``(K, H, P, S)`` (int, bytearray, bytearray, bytearray: ``bytes()`` of each is what ``build`` writes) of
    ``table`` (dict {English str: translation str}); the seed ``K`` is the first of ``range(seeds)`` under which no
    two keys share a hash (``key_hash``: ``lang.key_hash``, passed in: this module imports nothing, so no import
    cycle with ``lang``).

    Raises PackError naming two keys that collide under every seed tried, or when the translations pass 65,535
    bytes of utf-8 (the offsets are 2 bytes)."""
    clash = ("", "")
    for k in range(seeds):
        rows = sorted([(key_hash(key.encode(), k), key, v) for key, v in table.items()])   # (the table's own str)
        found = False
        for i in range(1, len(rows)):
            if rows[i][0] == rows[i - 1][0]:
                clash = (rows[i - 1][1], rows[i][1])
                found = True
                break
        if not found:
            return (k,) + _join(rows)
    raise PackError("the keys %r and %r have the same hash under every seed 0-%d: change one of them (or the hash, "
                    "lang.key_hash)" % (clash[0], clash[1], seeds - 1))


def _join(rows):
    """``(H, P, S)`` of the sorted ``rows`` ((hash, key, translation), ...): bytearrays of their final size, each
    allocated once, the utf-8 made one text at a time (a MicroPython test's heap is full of the app: no room there
    for a bytearray grown by doubling, nor for a second copy of every text)."""
    n = len(rows)
    total = 0
    for r in rows:
        total += len(r[2].encode())
    if total > 65535:
        raise PackError("the translations pass 65,535 bytes of utf-8 (offsets are 2 bytes)")
    h = bytearray(4 * n)
    o = bytearray(2 * n + 2)
    s = bytearray(total)
    pos = 0
    for i in range(n):
        v, _key, t = rows[i]
        vb = t.encode()
        j = 4 * i
        h[j] = v >> 24 & 255
        h[j + 1] = v >> 16 & 255
        h[j + 2] = v >> 8 & 255
        h[j + 3] = v & 255
        o[2 * i] = pos >> 8
        o[2 * i + 1] = pos & 255
        s[pos:pos + len(vb)] = vb
        pos += len(vb)
    o[2 * n] = pos >> 8
    o[2 * n + 1] = pos & 255
    return h, o, s


def image(table, key_hash, seeds=SEEDS):
    """The table file (bytes, the module docstring says its layout) of ``table`` (dict {English str: translation
    str}), packed by ``pack``. Raises PackError as ``pack``."""
    from binascii import crc32

    k, h, o, s = pack(table, key_hash, seeds)
    n = len(h) >> 2
    body = bytes(bytearray((n >> 8, n & 255, k, 0))) + bytes(h) + bytes(o) + bytes(s)
    c = crc32(body) & 0xFFFFFFFF
    return MAGIC + bytes(bytearray((c >> 24 & 255, c >> 16 & 255, c >> 8 & 255, c & 255))) + body


def use_table(c, table):
    """Speak from ``table`` (dict {English: text}) under the code ``c``: tests (a pseudo-language, stand-in words). The
    dict is packed as the build packs a table (``image``) and ``lang`` reads it from memory as from its file;
    ``lang.use("en")`` after. Raises PackError as ``pack``."""
    import io

    from dealerbox import lang
    lang._speak(c, io.BytesIO(image(table, lang.key_hash)))

"""Saves on flash: power-cut-safe snapshots, checksums, the hand logs. Knows records, not screens.

The file names, the header formats, the checksum and the readers of a hand log file (a line at a time, the last
line from the end) are here, shared by ``saves`` (the ``Store``: what every session does, the files) and ``boot``
(``Recovery``: reading saves back at boot, deciding what is used, saying what was damaged; imported by ``saves``
when first needed): ``boot`` imports nothing from ``saves`` and reads and writes files only through the ``Store``'s
public methods, so there is no import cycle. The formats: ``saves``'s docstring.
"""

try:
    from binascii import crc32 as _crc32_c
except ImportError:  # a port built without binascii.crc32
    _crc32_c = None  # type: ignore[assignment]

MAGIC = "DBX3"                  # the format written; DBX2 and DBX1 (earlier firmware) are read (boot.check)
SESSION = "session.json"
BACKUP = "session.bak"
TEMP = "session.tmp"
JOURNAL = "session.jnl"
LOG = "hands.log"
OLD_LOG = "hands.1.log"
LOG_TEMP = "hands.tmp"
TIP = "hands.tip"           # the hash of the last line of the hands the table dropped (``Store.drop_hands``)
TIP_TEMP = "tip.tmp"
CRASHES = "crashes"
NAMES = "names.json"        # the table's names kept across sessions (``load_names`` / ``save_names``; names.tmp)
PREFS = "prefs.json"        # the box's settings kept across sessions: the language (``load_prefs``; prefs.tmp)
BAD = ".bad"
CRASHED = ".crashed"
HEAD = "%s %08x %s"                 # a snapshot file's header: magic, CRC, then FIELDS
FIELDS = "%010d %010d %010d\n"      # save number, JSON length, hands.log length


ZERO = "0" * 64                     # the "prev" of a chain's first line: no line before it (docs/hand-log.md)
GENESIS_KEY = b'"genesis": '        # in a session's genesis line only (docs/hand-log.md): the lines that are no hand


def line_hash(line):
    """The hash that chains a hand log line (docs/hand-log.md): SHA-256 of its bytes without the newline, as 64
    lowercase hex digits. ``line``: the bytes (or str) of the line, or the hand-log dict itself (hashed as
    ``json.dumps`` writes it, as ``Store.append_log`` does)."""
    from binascii import hexlify
    from hashlib import sha256

    if isinstance(line, dict):
        import json

        line = json.dumps(line)
    if isinstance(line, str):
        line = line.encode()
    return hexlify(sha256(line).digest()).decode()


def N_(s):
    """``s`` unchanged: the catalog's marker of a text the screens show (``dealerbox.lang.N_``; the store imports
    only the primitives, so it keeps its own)."""
    return s


def checksum(data, crc=0):
    """CRC-32 of ``data`` (bytes) as an int 0..2**32-1, continuing ``crc``: ``binascii.crc32`` where the port has
    it (``saves.crc32``)."""
    if _crc32_c is not None:
        return _crc32_c(data, crc) & 0xFFFFFFFF
    from dealerbox.store.crc32 import crc32_py  # only on a port without binascii.crc32

    return crc32_py(data, crc)


def journal_line(line):
    """One journal line (bytes, no newline: ``<record> <hex log mark> <8 hex CRC>``) as ``(record bytes, mark, crc)``
    (ints), or None when it has not that shape. The CRC covers the line but its last 9 bytes."""
    parts = line.split(b" ")
    if len(parts) != 3 or len(parts[2]) != 8:
        return None
    try:
        return parts[0], int(parts[1], 16), int(parts[2], 16)
    except ValueError:
        return None


def chunks(f, size):
    """The next ``size`` bytes of file ``f`` as memoryview slices of one 64-byte buffer (each valid until the
    next); OSError(EIO) when the file ends first. 64 bytes: the buffer is on the heap at the peak of a session (its
    last save reads the snapshot back for the CRC), and littlefs2 reads from its own cache (no flash read each)."""
    mv = memoryview(bytearray(64))
    while size:
        k = f.readinto(mv[:size if size < 64 else 64])
        if not k:
            raise OSError(5)
        yield mv[:k]
        size -= k


def log_lines(store, name, start):
    """Each whole line (bytes, no newline) of the ``Store``'s file ``name`` from byte ``start`` (a line's start),
    read in 256-byte chunks: only the line being read is on the heap. A last line without its newline is not
    given (``Recovery.clean_log``, ``damage.logged_after``)."""
    f = store.open(name, "rb")
    try:
        f.seek(start)
        part = b""
        while True:
            chunk = f.read(256)
            if not chunk:
                return
            part += chunk
            nl = part.find(b"\n")
            while nl >= 0:
                yield part[:nl]
                part = part[nl + 1:]
                nl = part.find(b"\n")
    finally:
        f.close()


def last_line(store, name=LOG, size=None):
    """``(start, end)`` byte offsets of the last whole line of the ``Store``'s file ``name`` (``end`` its newline's
    offset), or None when it holds none; read from its end in 256-byte chunks (a log of any size in bounded
    memory). ``size``: the line before that byte (a save's mark), else before the file's end."""
    size = store.size(name) if size is None else size
    if size <= 0:
        return None
    f = store.open(name, "rb")
    try:
        end = None
        pos = size
        buf = bytearray(256)
        while pos > 0:
            k = 256 if pos >= 256 else pos
            pos -= k
            f.seek(pos)
            mv = memoryview(buf)[:k]
            f.readinto(mv)
            data = bytes(mv)
            i = k
            while True:
                i = data.rfind(b"\n", 0, i)
                if i < 0:
                    break
                if end is None:
                    end = pos + i
                elif pos + i < end:
                    return pos + i + 1, end
            if end is None and pos == 0:
                return None
        return (0, end) if end is not None else None
    finally:
        f.close()


def last_line_hash(store, name=LOG, size=None):
    """The hash (``line_hash``) of the last whole line of the ``Store``'s file ``name`` (before byte ``size``, as
    ``last_line``), streamed in 64-byte chunks; None when it has none."""
    from binascii import hexlify
    from hashlib import sha256

    span = last_line(store, name, size)
    if span is None:
        return None
    h = sha256()
    f = store.open(name, "rb")
    try:
        f.seek(span[0])
        for part in chunks(f, span[1] - span[0]):
            h.update(bytes(part))
    finally:
        f.close()
    return hexlify(h.digest()).decode()

"""The deal's commitment: a SHA-256 the box shows before anyone sees a card (docs/fairness.md).

Commit, then reveal: when a hand is dealt the box hashes the hand's number, the game, the whole
shuffled deck and a fresh 16-byte salt from its entropy, and shows the first 8 hex digits of the
hash before the first privacy gate (anyone may photograph it). The hand log reveals the deck and
the salt; ``python -m host_tools.verify`` recomputes the hash and checks that every card dealt,
drawn and shown came from that deck in order.

The bytes hashed (version 1), integers unsigned big-endian::

    b"DBX1"                 4 bytes, the encoding's name and version
    hand                    4 bytes, the hand's number in its session (1, 2, ...)
    len(game)               1 byte, then the game's name in ASCII ("teen-patti", "turkish", "indian")
    len(deck)               1 byte, then one byte per card (card ints 0-51, rank*4 + suit) in dealt order
    salt                    16 bytes

``commitment = sha256(those bytes)``, written as 64 lowercase hex digits; the log keeps the salt as
32 lowercase hex digits. The salt makes the hash impossible to reverse by trying every deck (a
52-card deck has about 2**226 orders, a Turkish 24-card deck only 2**79). ``hashlib`` and
``binascii`` are built into MicroPython on rp2 and unix. Small on purpose (loaded at every deal):
host_tools/verify.py recomputes the hash with its own code, from this layout.
"""

import hashlib
from binascii import hexlify


def commitment(hand, game, deck, salt):
    """The commitment of a deal, 64 lowercase hex digits (str): SHA-256 of the layout above.

    ``hand``: int 1..2**32-1; ``game``: str (ASCII, 1-255 characters); ``deck``: list of card ints 0-51
    (1-255 of them); ``salt``: 16 bytes. Raises ValueError for a hand number or salt out of range, a
    card not 0-255 (``bytes``); callers pass the engine's own deck and game."""
    g = game.encode()
    if not 0 < hand < 4294967296 or len(salt) != 16:
        raise ValueError("no deal to commit")
    h = hashlib.sha256(b"DBX1")
    h.update(bytes((hand >> 24, hand >> 16 & 255, hand >> 8 & 255, hand & 255, len(g))))
    h.update(g)
    h.update(bytes((len(deck),)))
    h.update(bytes(deck))
    h.update(salt)
    return hexlify(h.digest()).decode()


def seal(log, read):
    """Commit the deal of the hand-log dict ``log`` (its ``hand``, ``game`` and ``deck``) with a fresh salt of
    16 bytes from the entropy source ``read(n) -> bytes``: sets ``log["salt"]`` (32 hex digits) and
    ``log["commit"]`` (64 hex digits; the screens show its first 8). Raises ValueError as ``commitment``."""
    salt = read(16)
    log["commit"] = commitment(log["hand"], log["game"], log["deck"], salt)
    log["salt"] = hexlify(salt).decode()


def reveal(log):
    """The deal's commitment recomputed from the hand-log dict ``log``'s own ``hand``, ``game``, ``deck`` and
    ``salt`` (str, 64 hex digits). ValueError when the salt is not 32 hex digits."""
    from binascii import unhexlify
    return commitment(log["hand"], log["game"], log["deck"], unhexlify(log["salt"]))

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
``binascii`` are built into MicroPython on rp2 and unix. The box's own hashing is ``engine.base.commitment``
(called by ``Engine.start_hand`` and ``Engine.seal_deck`` at every deal: no module of its own to load); this
module, which the box never loads, is ``reveal`` (the tests' and tools' check of a logged deal).
host_tools/verify.py recomputes the hash with its own code, from this layout.
"""

from dealerbox.engine.base import commitment


def reveal(log):
    """The deal's commitment recomputed from the hand-log dict ``log``'s own ``hand``, ``game``, ``deck`` and
    ``salt`` (str, 64 hex digits), and for a version 2 line its ``cut`` (undone: the sealed deck) and ``prev``.
    ValueError when the salt is not 32 hex digits."""
    from binascii import unhexlify
    deck = log["deck"]
    if log.get("v") != 2:
        return commitment(log["hand"], log["game"], deck, unhexlify(log["salt"]))
    k = len(deck) - log["cut"]
    return commitment(log["hand"], log["game"], deck[k:] + deck[:k], unhexlify(log["salt"]), log["prev"])

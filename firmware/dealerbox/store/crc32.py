"""CRC-32 in pure Python, for a MicroPython port built without ``binascii.crc32`` (the store's checksum).

The Pico's MicroPython has ``binascii.crc32``; ``store.crc32`` imports this module only where it is
missing, so it is not on the heap otherwise.
"""

# CRC-32 (the ZIP / binascii polynomial) four bits at a time, for ports without binascii.crc32.
_CRC_NIBBLE = (
    0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC, 0x76DC4190, 0x6B6B51F4, 0x4DB26158, 0x5005713C,
    0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C, 0x9B64C2B0, 0x86D3D2D4, 0xA00AE278, 0xBDBDF21C,
)


def crc32_py(data, crc=0):
    """CRC-32 of ``data`` (bytes) in pure Python, equal to ``binascii.crc32(data, crc)``; an int 0..2**32-1."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc = (crc >> 4) ^ _CRC_NIBBLE[(crc ^ b) & 15]
        crc = (crc >> 4) ^ _CRC_NIBBLE[(crc ^ (b >> 4)) & 15]
    return crc ^ 0xFFFFFFFF

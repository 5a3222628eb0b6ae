"""Send only what changed of a 128x64 SSD1306 frame: the changed pages, and in each the changed column span.

The SSD1306's RAM is 8 pages of 128 columns (a byte: 8 pixel rows, MONO_VLSB, as the frame buffer). In
horizontal addressing mode it takes a window (set column address 0x21 c0 c1, set page address 0x22 p0 p1) and
then data that fills it. ``Pages`` keeps a copy of the last frame sent and, at ``show``, compares the frame with
it page by page (a memoryview compare each, in C), then in a changed page chunk by chunk (``CHUNK`` columns)
from each end, and sends each changed page's span of chunks in its own window through the board's
``window(page, c0, c1, data)``; when those windows would cost as much as the whole frame (a new screen), the
frame goes as one window, as the driver's own ``show`` sends it. Nothing is allocated per frame: the page, chunk
and span views (288 spans: ~6 KB on the chip) are made once.

Bytes on the bus per window (micropython-lib's ``write_cmd``: a control byte 0x80 and the command, 2 bytes
each; ``write_data``: a control byte 0x40, then the data): 6 x 2 command bytes + 1 + the span. A full frame is
12 + 1 + 1024 = 1037 bytes (24 ms at 400 kHz); one changed 8-pixel text line of 40 columns is 12 + 1 + 48.
``sent`` counts them all (command bytes included), ``windows`` the windows sent.
"""

from micropython import const

WIDTH = const(128)
PAGES = const(8)
CHUNK = const(16)                       # columns compared (and sent) together within a page
_CHUNKS = const(8)                      # WIDTH // CHUNK
_SPANS = const(36)                      # spans (first chunk, last chunk) of a page: 8 * 9 / 2
WINDOW_BYTES = const(13)                # the six commands (2 bytes each) and the data's control byte
FULL_BYTES = const(1037)                # the whole frame in one window


def _span_index(i, j):
    """The index of the span from chunk ``i`` to chunk ``j`` (0 <= i <= j < 8) among a page's ``_SPANS``."""
    return i * _CHUNKS - i * (i - 1) // 2 + (j - i)


class Pages:
    """The page diff of frame ``buf`` (bytearray of ``WIDTH * PAGES``, the driver's buffer, MONO_VLSB).

    ``window(page, c0, c1, data)``: sends ``data`` (a memoryview, ``(c1 - c0 + 1) * (p1 - p0 + 1)`` bytes)
    into the window of columns ``c0..c1`` and pages ``page..p1`` (``p1`` = ``page`` but for the full frame:
    ``page`` -1 means pages 0-7, columns 0-127). ``show()`` sends what changed since the last ``show`` and
    returns the bytes sent; the first ``show`` (and the first after ``forget``) sends the whole frame.
    """

    def __init__(self, buf, window):
        self.window = window
        self.frame = memoryview(buf)
        self.last = bytearray(WIDTH * PAGES)
        last = memoryview(self.last)
        f = self.frame
        self.pages = [f[p * WIDTH:(p + 1) * WIDTH] for p in range(PAGES)]
        self.last_pages = [last[p * WIDTH:(p + 1) * WIDTH] for p in range(PAGES)]
        self.chunks = [f[c * CHUNK:(c + 1) * CHUNK] for c in range(PAGES * _CHUNKS)]
        self.last_chunks = [last[c * CHUNK:(c + 1) * CHUNK] for c in range(PAGES * _CHUNKS)]
        spans = []
        for p in range(PAGES):
            for i in range(_CHUNKS):
                for j in range(i, _CHUNKS):
                    spans.append(f[p * WIDTH + i * CHUNK:p * WIDTH + (j + 1) * CHUNK])
        self.spans = spans
        self.first = bytearray(PAGES)   # per page: the first changed chunk (_CHUNKS: none), the last one
        self.end = bytearray(PAGES)
        self.known = False      # the glass holds ``last``
        self.sent = 0           # bytes sent, command bytes included
        self.windows = 0

    def forget(self):
        """The glass's contents are unknown (a display reset): the next ``show`` sends the whole frame."""
        self.known = False

    def show(self):
        """Send the changed spans (see the module docstring); returns the bytes sent by this call (int)."""
        if not self.known:
            return self._full()
        first = self.first
        cost = 0
        for p in range(PAGES):
            if self.pages[p] == self.last_pages[p]:
                first[p] = _CHUNKS          # unchanged
                continue
            base = p * _CHUNKS
            i = 0
            while self.chunks[base + i] == self.last_chunks[base + i]:
                i += 1
            j = _CHUNKS - 1
            while self.chunks[base + j] == self.last_chunks[base + j]:
                j -= 1
            first[p] = i
            self.end[p] = j
            cost += WINDOW_BYTES + (j - i + 1) * CHUNK
        if cost >= FULL_BYTES:
            return self._full()
        sent = 0
        for p in range(PAGES):
            i = first[p]
            if i == _CHUNKS:
                continue
            j = self.end[p]
            self.window(p, i * CHUNK, (j + 1) * CHUNK - 1, self.spans[p * _SPANS + _span_index(i, j)])
            self.last_pages[p][:] = self.pages[p]
            sent += WINDOW_BYTES + (j - i + 1) * CHUNK
            self.windows += 1
        self.sent += sent
        return sent

    def _full(self):
        self.window(-1, 0, WIDTH - 1, self.frame)
        self.last[:] = self.frame
        self.known = True
        self.sent += FULL_BYTES
        self.windows += 1
        return FULL_BYTES


def set_window(driver, page, c0, c1):
    """The six commands of a window through ``driver.write_cmd`` (the SSD1306 drivers' own): columns ``c0..c1``,
    page ``page`` (-1: pages 0-7)."""
    driver.write_cmd(0x21)                  # set column address
    driver.write_cmd(c0)
    driver.write_cmd(c1)
    driver.write_cmd(0x22)                  # set page address
    driver.write_cmd(0 if page < 0 else page)
    driver.write_cmd(PAGES - 1 if page < 0 else page)


class Paged:
    """A mixin before an SSD1306 driver's class (``class D(Paged, ssd1306.SSD1306_I2C)``, boards/pico.py and pi.py):
    its ``show`` sends only what changed (``Pages``) through the class's ``window(page, c0, c1, data)``, from
    ``frame()``, the driver's 1024-byte frame. The first ``show`` (the driver's own, at its start) sends it all.
    ``shows`` counts the frames shown, ``pager.sent`` the bytes sent."""

    pager = None
    shows = 0

    def frame(self):
        """The driver's frame (the board's class says where it is)."""
        raise NotImplementedError

    def window(self, page, c0, c1, data):
        """Send ``data`` into a window (``Pages``); the board's class does it with its driver."""
        raise NotImplementedError

    def show(self):
        """Send what changed of the frame since the last ``show``."""
        if self.pager is None:
            self.pager = Pages(self.frame(), self.window)
        self.shows += 1
        self.pager.show()


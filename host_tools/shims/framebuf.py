"""CPython stand-in for MicroPython's ``framebuf`` (host only, never deployed).

Only what the Dealer Box UI uses, only the MONO_VLSB format (the SSD1306 layout: one
byte holds 8 vertical pixels, bit 0 on top; byte ``(y >> 3) * stride + x``):
``FrameBuffer(buf, width, height, MONO_VLSB[, stride])`` with ``fill``, ``pixel``,
``hline``, ``vline``, ``fill_rect``, ``rect`` and ``blit`` (with ``key`` and a 2-colour
``palette``; the source a FrameBuffer or a ``(buffer, width, height, format[, stride])``
sequence). Clipping and colour rules follow ``extmod/modframebuf.c`` exactly (any
non-zero colour is 1; the key is compared after the palette), so the bytes of a frame
are identical to the real module's; ``tests/host/test_sim_frames.py`` checks this against
the real MicroPython. Whole bytes are handled at once (``bytes.translate`` and column
bit masks), so a frame costs about as much as on the device.
"""

MONO_VLSB = 0
MVLSB = MONO_VLSB
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_TABLES = {}


def _table(mask, col):
    """256-byte translation setting (col=1) or clearing (col=0) the bits of ``mask``."""
    k = (mask, col)
    t = _TABLES.get(k)
    if t is None:
        t = bytes(((b | mask) if col else (b & ~mask & 0xFF)) for b in range(256))
        _TABLES[k] = t
    return t


class FrameBuffer:
    """A MONO_VLSB frame buffer over ``buf`` (a bytearray or other writable buffer).

    Raises ValueError for another format or a buffer too small, as the real module does.
    """

    def __init__(self, buf, width, height, format, stride=None):  # noqa: A002 (the real signature)
        if format != MONO_VLSB:
            raise ValueError("shim framebuf supports MONO_VLSB only")
        if stride is None:
            stride = width
        if width < 1 or height < 1 or stride < width:
            raise ValueError("invalid framebuffer size")
        if len(buf) < ((height + 7) >> 3) * stride:
            raise ValueError("buffer too small")
        self.buf = memoryview(buf).cast("B") if not isinstance(buf, bytearray) else buf
        self.width = width
        self.height = height
        self.stride = stride

    # -- primitives ---------------------------------------------------------------------
    def _fill_rect(self, x, y, w, h, col):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        buf = self.buf
        col = 1 if col else 0
        page = y >> 3
        while page * 8 < yend:
            top = max(y, page * 8) - page * 8
            bot = min(yend, page * 8 + 8) - page * 8
            mask = ((1 << bot) - 1) & ~((1 << top) - 1)
            off = page * self.stride
            a, b = off + x, off + xend
            if mask == 0xFF:
                buf[a:b] = (b"\xff" if col else b"\x00") * (b - a)
            else:
                buf[a:b] = bytes(buf[a:b]).translate(_table(mask, col))
            page += 1

    def fill(self, c):
        """Set every pixel to ``c`` (0 or non-zero)."""
        self._fill_rect(0, 0, self.width, self.height, c)

    def fill_rect(self, x, y, w, h, c):
        """Fill the ``w`` x ``h`` rectangle at (``x``, ``y``), clipped to the buffer."""
        self._fill_rect(x, y, w, h, c)

    def hline(self, x, y, w, c):
        """Horizontal line of ``w`` pixels from (``x``, ``y``)."""
        self._fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        """Vertical line of ``h`` pixels from (``x``, ``y``)."""
        self._fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        """Outline (or, with ``f``, filled) rectangle, drawn as the C module draws it."""
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def pixel(self, x, y, c=None):
        """Get (``c`` None) or set pixel (``x``, ``y``); outside the buffer: None / no-op."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        i = (y >> 3) * self.stride + x
        bit = 1 << (y & 7)
        if c is None:
            return 1 if self.buf[i] & bit else 0
        if c:
            self.buf[i] |= bit
        else:
            self.buf[i] &= ~bit & 0xFF
        return None

    def _column(self, x):
        """The bits of column ``x`` as an int, bit ``y`` = pixel (x, y)."""
        v = 0
        buf, stride = self.buf, self.stride
        for p in range((self.height + 7) >> 3):
            v |= buf[p * stride + x] << (8 * p)
        return v & ((1 << self.height) - 1)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        """Copy ``fbuf`` (a FrameBuffer) with its top-left at (``x``, ``y``).

        Source pixels whose colour (after ``palette``, a 2x1 FrameBuffer mapping colour
        0 and 1) equals ``key`` are skipped; -1 copies every pixel. ``fbuf`` may also be a
        tuple or list ``(buffer, width, height, format[, stride])``, as in the real module
        (which reads it as a FrameBuffer of that shape: ValueError for a bad one).
        """
        if isinstance(fbuf, (tuple, list)):
            if not 4 <= len(fbuf) <= 5:
                raise ValueError("invalid source framebuffer")
            fbuf = FrameBuffer(*fbuf)
        if x >= self.width or y >= self.height or -x >= fbuf.width or -y >= fbuf.height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + fbuf.width)
        y0end = min(self.height, y + fbuf.height)
        if x0 >= x0end or y0 >= y0end:
            return
        p0, p1 = 0, 1
        if palette is not None:
            p0 = palette.pixel(0, 0)
            p1 = palette.pixel(1, 0)
        rows = y0end - y0
        rmask = (1 << rows) - 1
        buf, stride = self.buf, self.stride
        for cx in range(x0end - x0):
            src = (fbuf._column(x1 + cx) >> y1) & rmask
            ones = src if p1 else 0          # positions whose output colour is 1
            if p0:
                ones |= ~src & rmask
            zeros = rmask & ~ones            # positions whose output colour is 0
            write = rmask
            if key == 1:
                write = zeros
            elif key == 0:
                write = ones
            if not write:
                continue
            setbits = (ones & write) << y0
            clrbits = (zeros & write) << y0
            dx = x0 + cx
            p = y0 >> 3
            while p * 8 < y0end:
                sh = 8 * p
                s = (setbits >> sh) & 0xFF
                c = (clrbits >> sh) & 0xFF
                if s or c:
                    i = p * stride + dx
                    buf[i] = (buf[i] & ~c & 0xFF) | s
                p += 1

    def text(self, s, x, y, c=1):
        """Not in the shim: the box draws text with its own font (``dealerbox.ui.font``)."""
        raise NotImplementedError("use dealerbox.ui.canvas: the box has its own font")


FrameBuffer1 = FrameBuffer

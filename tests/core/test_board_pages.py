"""The page diff (boards/pages.py): only the changed pages and column spans go to the display, what the display
holds is the frame after every show, the bytes are counted exactly, and a show allocates nothing (MicroPython)."""

import framebuf
from dealerbox.boards.pages import FULL_BYTES, Pages
from support import MICROPYTHON, skip


class Glass:
    """The SSD1306's RAM as the windows leave it (the window commands as the panel takes them: columns c0..c1 of
    the page, or all of it for page -1)."""

    def __init__(self):
        self.ram = bytearray(1024)
        self.windows = []

    def window(self, page, c0, c1, data):
        self.windows.append((page, c0, c1, len(data)))
        if page < 0:
            assert (c0, c1, len(data)) == (0, 127, 1024)
            self.ram[:] = data
            return
        assert len(data) == c1 - c0 + 1
        for i in range(len(data)):
            self.ram[page * 128 + c0 + i] = data[i]


def rig():
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    glass = Glass()
    return buf, fb, glass, Pages(buf, glass.window)


def test_the_first_show_sends_the_whole_frame_then_only_what_changed():
    buf, fb, glass, pages = rig()
    fb.fill_rect(0, 0, 128, 9, 1)
    assert pages.show() == FULL_BYTES == 1037 and glass.windows == [(-1, 0, 127, 1024)]
    assert glass.ram == buf
    glass.windows = []
    assert pages.show() == 0 and glass.windows == []                 # nothing changed: nothing sent
    fb.pixel(0, 20, 1)                                                  # page 2, column 0: the first 16 columns
    assert pages.show() == 13 + 16 and glass.windows == [(2, 0, 15, 16)]
    fb.pixel(127, 63, 1)                                                # page 7, the last 16 columns
    assert pages.show() == 29 and glass.windows[-1] == (7, 112, 127, 16)
    fb.pixel(5, 30, 1)
    fb.pixel(100, 31, 1)                                                # page 3: columns 0-111 (chunks 0 to 6)
    fb.pixel(40, 44, 1)                                                 # page 5: columns 32-47
    assert pages.show() == (13 + 112) + (13 + 16)
    assert glass.windows[-2:] == [(3, 0, 111, 112), (5, 32, 47, 16)]
    assert glass.ram == buf and pages.sent == 1037 + 29 + 29 + 125 + 29 and pages.windows == 5


def test_a_new_screen_goes_as_one_window_when_the_pages_would_cost_more():
    buf, fb, glass, pages = rig()
    pages.show()
    fb.fill(1)
    fb.fill_rect(3, 3, 2, 2, 0)          # every page changed almost entirely: 8 windows would be 8 x 13 + 1024
    assert pages.show() == FULL_BYTES and glass.windows[-1] == (-1, 0, 127, 1024) and glass.ram == buf
    pages.forget()                        # the display was reset: its RAM is unknown
    assert pages.show() == FULL_BYTES and glass.ram == buf


def test_the_glass_is_the_frame_after_every_show():
    """300 frames of random rectangles and text: after each show the display's RAM is the frame, byte for byte."""
    buf, fb, glass, pages = rig()
    x = 7
    for i in range(300):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        if i % 50 == 0:
            fb.fill(0)
        fb.fill_rect(x % 128, (x >> 7) % 64, 1 + (x >> 13) % 40, 1 + (x >> 19) % 12, (x >> 25) & 1)
        n = pages.show()
        assert glass.ram == buf, i
        assert 0 <= n <= FULL_BYTES


class Counter:
    """A window that allocates nothing (counts the bytes of its data)."""

    def __init__(self):
        self.n = 0

    def window(self, page, c0, c1, data):
        self.n += len(data)


def test_a_show_allocates_nothing():
    if not MICROPYTHON:
        skip("heap_lock is MicroPython's")
    import micropython

    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    c = Counter()
    pages = Pages(buf, c.window)
    pages.show()
    for y in (0, 20, 40, 63):
        fb.fill_rect(y, y, 30, 5, 1)
        micropython.heap_lock()
        try:
            pages.show()                     # raises MemoryError if it allocates
        finally:
            micropython.heap_unlock()
        fb.fill(0)
    # each rectangle's chunks (rows 20-24: pages 2 and 3), and the last one's cleared
    assert c.n == 1024 + 32 + (32 + 48 + 48) + (48 + 48 + 48) + (48 + 48)

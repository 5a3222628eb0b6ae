"""The buttons sampled from a timer into a small preallocated queue, so no press is lost while the loop is busy.

On the Pico (boards/pico.py) a ``machine.Timer`` calls ``Sampler.sample`` every ``PERIOD_MS``: it reads the
buttons and queues ``(ticks_ms, mask)`` only when the mask changed, allocating nothing (two preallocated arrays,
a ring of ``SIZE`` entries). The run loop (boards/loop.py) drains the queue into the debouncer with each
sample's own time, so a tap made while the box writes its save at the end of a hand (~250 ms with no button
read by the loop) is still seen, at the time it happened, once the loop is back.

A full queue (``SIZE - 1`` changes not yet drained: ~30 bounces) drops the new change; the next sample that
still differs from the last queued mask queues it then (late, never lost). One producer (the timer), one
consumer (the loop): the producer only writes ``head``, the consumer only ``tail``.
"""

from array import array

from micropython import const

PERIOD_MS = const(5)    # the timer's period: three samples in a row (10 ms, ui.buttons.Debouncer.EDGE_MS): a press
SIZE = const(32)        # ring entries (one stays free: 31 queued changes)
_WRAP = const(31)


class Sampler:
    """A queue of button changes: ``read()`` -> mask (the board's ``buttons``), ``ticks()`` -> ms.

    ``sample(_timer=None)``: the timer callback; ``pending()``: queued changes (int); ``take()``: the oldest
    change's time (int ms; its mask is then ``mask``, and it leaves the queue). ``last``: the last queued mask;
    ``period``: ``PERIOD_MS`` (the sample before a change, ``period`` ms earlier, read the level before it).
    """

    period = PERIOD_MS

    def __init__(self, read, ticks):
        self.read = read
        self.ticks = ticks
        self.times = array("i", [0] * SIZE)
        self.masks = bytearray(SIZE)
        self.head = 0               # next slot the timer writes
        self.tail = 0               # next slot the loop reads
        self.last = read()          # the level the queue ends with (a button held at boot: its level)
        self.mask = self.last       # the mask of the change ``take`` returned
        self.dropped = 0            # changes that found the queue full (queued later)

    def sample(self, _timer=None):
        """Read the buttons; queue ``(ticks, mask)`` when the mask is not the last one queued. Allocates nothing."""
        m = self.read()
        if m == self.last:
            return
        h = self.head
        n = (h + 1) & _WRAP
        if n == self.tail:
            self.dropped += 1
            return
        self.times[h] = self.ticks()
        self.masks[h] = m
        self.last = m
        self.head = n

    def pending(self):
        """The number of queued changes."""
        return (self.head - self.tail) & _WRAP

    def take(self):
        """The oldest queued change: its time (ms) returned, its mask in ``mask``; it leaves the queue."""
        t = self.tail
        self.mask = self.masks[t]
        when = self.times[t]
        self.tail = (t + 1) & _WRAP
        return when

"""The battery's level from what the board measures: pure functions (no ``machine``), the same on every interpreter.

The Pico measures VSYS through a 3:1 divider on GP29 (ADC3) and sees USB power (VBUS) on GP24
(``boards.pico.PicoBoard.battery_mv``, ``usb_power``). The battery (hardware/power.md: a 1-cell LiPo through the
power switch and a 1N5817 Schottky diode to VSYS) is VSYS plus the diode's drop. ``level`` turns the reading into
one of five levels the between-hands screen shows (``ui/battery.py``)::

    USB        on USB power (charging, or no battery at all): VBUS present
    FULL       the cell at 3.90 V or more   (about 70-100 % of a LiPo's charge)
    HALF       3.65-3.90 V                  (about 30-70 %)
    LOW        3.50-3.65 V                  (about 10-30 %: hours left; the screen says "plug in")
    CRITICAL   under 3.50 V                 (the last 10 %: the cell's protection cuts near 3.0 V)

None: nothing measured (a board without the divider, the Pico W, the Raspberry Pi).
"""

from micropython import const

USB = const(0)
CRITICAL = const(1)
LOW = const(2)
HALF = const(3)
FULL = const(4)
NAMES = ("usb", "critical", "low", "half", "full")

DIODE_MV = const(250)       # the 1N5817's forward drop at the box's 30-45 mA (its datasheet's curve: 0.2-0.3 V)
FULL_MV = const(3900)       # the cell's voltage at each level's floor (a LiPo's discharge curve at 0.05 C)
HALF_MV = const(3650)
LOW_MV = const(3500)
ADC_FULL = const(65535)     # read_u16's full scale
VREF_MV = const(3300)       # the ADC's reference: the Pico's 3V3
DIVIDER = const(3)          # VSYS / 3 on GP29 (Pico datasheet, "Powering Pico")


def vsys_mv(raw):
    """VSYS in millivolts (int) from ADC3's ``read_u16()`` value ``raw`` (0-65535): raw * 3 * 3300 / 65535."""
    return raw * DIVIDER * VREF_MV // ADC_FULL


def level(mv, usb, was=None):
    """The battery's level (``USB``, ``FULL``, ``HALF``, ``LOW``, ``CRITICAL``) or None.

    ``mv``: VSYS in millivolts (int) or None (not measured); ``usb``: True when VBUS is present (then ``USB``,
    whatever VSYS says: USB feeds VSYS, the cell cannot be read, and it charges). ``was``: the level shown so
    far: on battery the level never goes up again (a cell does not charge without USB; a reading lifted by a
    lighter load would make the glyph flicker), only after USB power was seen.
    """
    if usb:
        return USB
    if mv is None:
        return None
    cell = mv + DIODE_MV
    if cell >= FULL_MV:
        new = FULL
    elif cell >= HALF_MV:
        new = HALF
    elif cell >= LOW_MV:
        new = LOW
    else:
        new = CRITICAL
    if was is not None and was != USB and was < new:
        return was
    return new


def warns(lvl):
    """True when level ``lvl`` is one the table must be told about: ``LOW`` or ``CRITICAL`` (plug in)."""
    return lvl == LOW or lvl == CRITICAL

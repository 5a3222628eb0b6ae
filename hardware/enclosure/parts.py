"""The real parts of hardware/bom.md that go into the box, with their sizes: the one table the enclosure is sized from.

Every size is in millimetres, ``(x, y, z)`` = length, width, height as the part lies in the box (x along the box's
length, z up). Sources: the makers' drawings (Raspberry Pi Pico datasheet, "Mechanical specification"; Omron B3F
datasheet; C&K OS series drawing; Adafruit product pages 258, 2011, 4410) and, for the generic OLED module, the
common GM009605 drawing (measure yours: they differ by a few tenths).

The button table (``buttons``) reads the order and the labels from the firmware's one source, the pin map
(``dealerbox.boards.pico.BUTTON_PINS``) and ``dealerbox.ui.buttons.NAMES``: the same as hardware/pinout.md and
hardware/wiring.png (host_tools/wiring.py draws them from there).
"""

import host_tools  # noqa: F401, I001  (first: it puts firmware/ and the MicroPython shims on sys.path)
from dealerbox.boards import pico
from dealerbox.ui.buttons import NAMES

PARTS = {
    # Raspberry Pi Pico SC0915 (datasheet: 51 x 21 mm, 1 mm board, holes 2.1 mm at 47 x 11.4 mm; the micro-USB
    # receptacle overhangs the short edge by 1.3 mm and stands 2.7 mm above the board)
    "pico": {"bom": "Raspberry Pi Pico SC0915", "pcb": (51.0, 21.0, 1.0), "holes": (47.0, 11.4), "hole_d": 2.1,
             "usb": (5.7, 7.5, 2.7), "usb_overhang": 1.3, "parts_h": 1.5, "standoff": 3.0},
    # 0.96" 128x64 SSD1306 I2C module (GM009605): board 27.3 x 27.8, glass 26.7 x 19.26 x 1.5, active area
    # 21.744 x 10.864 (SSD1306 panel drawing), holes 2 mm from the board's edges, 4-pin header soldered behind
    "oled": {"bom": "0.96in SSD1306 I2C module (GM009605)", "pcb": (27.3, 27.8, 1.2), "glass": (26.7, 19.26, 1.5),
             "glass_y": 4.27, "active": (21.744, 10.864), "active_y": 5.4, "hole_inset": 2.0, "hole_d": 2.0,
             "header": (10.2, 2.5, 8.5)},
    # Omron B3F-4055: 12 x 12 mm body 3.5 mm high, round plunger, 7.3 mm over the board, 0.5 mm travel
    "switch": {"bom": "Omron B3F-4055 12 mm tactile switch", "body": (12.0, 12.0, 3.5), "plunger_d": 6.8,
               "height": 7.3, "travel": 0.5},
    # the buttons' perfboard (cut from the BOM's 5x7 cm board) and the solder joints and leads under it
    "button_board": {"bom": "perfboard 5x7 cm, cut to 46 x 46", "pcb": (46.0, 46.0, 1.6), "solder": 1.5},
    # Adafruit 2011 (2000 mAh, 60 x 36 x 7 mm) and 258 (1200 mAh, 62 x 34 x 5 mm): the bay takes either
    "battery": {"bom": "LiPo 3.7 V, Adafruit 258 (1200 mAh) or 2011 (2000 mAh)", "cells": {
        "Adafruit 258 (1200 mAh)": (62.0, 34.0, 5.0), "Adafruit 2011 (2000 mAh)": (60.0, 36.0, 7.0)}},
    # Adafruit 4410 Micro-Lipo charger, USB-C (27.9 x 17.8 mm board; USB-C receptacle 8.9 x 7.3 x 3.2, 1 mm over
    # the edge; JST-PH jack at the other end)
    "charger": {"bom": "Adafruit 4410 Micro-Lipo USB-C charger", "pcb": (27.9, 17.8, 1.0), "usb": (7.3, 8.9, 3.2),
                "usb_overhang": 1.0, "jst": (6.0, 8.0, 4.5), "rail": 2.0},
    # C&K OS102011MA1QN1 slide switch: body 8.6 x 4.4 x 4.5, lever 2 x 4 out of the body, 3 mm travel
    "power_switch": {"bom": "C&K OS102011MA1QN1 slide switch", "body": (8.6, 4.4, 4.5), "lever": (2.0, 4.0, 2.0),
                     "travel": 3.0, "pedestal": 2.0},
    # the plugs that must reach the two USB ports from outside (overmould of a micro-USB B and a USB-C cable)
    "plug_micro_usb": {"bom": "micro-USB cable (flashing, power)", "overmold": (12.0, 10.6, 6.6)},
    "plug_usb_c": {"bom": "USB-C cable (charging)", "overmold": (12.0, 12.4, 6.5)},
}


def battery_bay():
    """The battery bay (x, y, z): the largest of the BOM's cells in each direction (mm)."""
    cells = PARTS["battery"]["cells"].values()
    return tuple(max(c[i] for c in cells) for i in range(3))


def buttons():
    """The five buttons in the firmware's order: a list of (label, GPIO), e.g. ("UP", 10): the labels of
    hardware/pinout.md and hardware/wiring.png (``NAMES`` upper-cased) and the GPIOs of the pin map."""
    return [(NAMES[i].upper(), gpio) for i, gpio in enumerate(pico.BUTTON_PINS)]

"""Make hardware/diagram.json (Wokwi), hardware/wiring.png and hardware/pinout.md from the pin map,
and hardware/pi/pinout.md and hardware/pi/wiring.png from the Raspberry Pi's.

    python -m host_tools.wiring [--check]

The pin maps are ``firmware/dealerbox/boards/pico.py`` (I2C_SDA, I2C_SCL, BUTTON_PINS) and
``firmware/dealerbox/boards/pi.py`` (BCM numbers and header pins); the Pico's header and the
Raspberry Pi's 40-pin header (which GPIO is on which physical pin, where GND and 3V3 are) are below.
With ``--check`` nothing is written: exit status 1 if a file differs from what the pin map
gives (tests/host/test_hardware.py runs the same check).
"""

import argparse
import json
import os
import sys

from dealerbox.boards import pi, pico
from dealerbox.ui.buttons import NAMES

from host_tools import ROOT

HARDWARE = os.path.join(ROOT, "hardware")
HARDWARE_PI = os.path.join(HARDWARE, "pi")

# The Raspberry Pi Pico's 40-pin header: physical pin -> name (datasheet, "Pinout").
HEADER = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND", 9: "GP6", 10: "GP7",
    11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11", 16: "GP12", 17: "GP13", 18: "GND", 19: "GP14",
    20: "GP15", 21: "GP16", 22: "GP17", 23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21", 28: "GND",
    29: "GP22", 30: "RUN", 31: "GP26", 32: "GP27", 33: "GND", 34: "GP28", 35: "ADC_VREF", 36: "3V3(OUT)",
    37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}
GND_PINS = (3, 8, 13, 18, 23, 28, 33, 38)  # Wokwi calls them GND.1 ... GND.8 in this order
PIN_3V3 = 36
BUTTON_GND = 18  # the GND between the button pins
OLED_GND = 38    # the GND beside 3V3(OUT)
COLORS = ("green", "orange", "violet", "cyan", "gold")  # wire colour per button
BUTTON_COLORS = ("blue", "blue", "yellow", "yellow", "green")  # cap colour per button
I2C_PINS = {0: ((0, 4, 8, 12, 16, 20), (1, 5, 9, 13, 17, 21)), 1: ((2, 6, 10, 14, 18, 26), (3, 7, 11, 15, 19, 27))}


def physical_pin(gpio):
    """The Pico header pin (1-40) of GPIO ``gpio``; ValueError if it is not on the header."""
    for n, name in HEADER.items():
        if name == "GP%d" % gpio:
            return n
    raise ValueError("GP%d is not on the Pico header" % gpio)


def wokwi_pin(n):
    """Wokwi's name of physical pin ``n`` of the ``wokwi-pi-pico`` part (GP4, GND.4, 3V3, ...)."""
    if n in GND_PINS:
        return "GND.%d" % (GND_PINS.index(n) + 1)
    return HEADER[n].replace("(OUT)", "")


def connections():
    """The wiring as [(from, to, colour)]: Wokwi pin names, part ids oled1 and btn_<name>."""
    out = [
        ("oled1:SDA", "pico:" + wokwi_pin(physical_pin(pico.I2C_SDA)), "green"),
        ("oled1:SCL", "pico:" + wokwi_pin(physical_pin(pico.I2C_SCL)), "blue"),
        ("oled1:VCC", "pico:" + wokwi_pin(PIN_3V3), "red"),
        ("oled1:GND", "pico:" + wokwi_pin(OLED_GND), "black"),
    ]
    for i, gpio in enumerate(pico.BUTTON_PINS):
        out.append(("btn_%s:1.l" % NAMES[i], "pico:" + wokwi_pin(physical_pin(gpio)), COLORS[i]))
        out.append(("btn_%s:2.l" % NAMES[i], "pico:" + wokwi_pin(BUTTON_GND), "black"))
    return out


def diagram():
    """The Wokwi ``diagram.json`` (a dict): Pico running MicroPython, SSD1306 at 0x3C, the buttons."""
    parts = [
        {"type": "wokwi-pi-pico", "id": "pico", "top": 0, "left": 0, "attrs": {"env": "micropython-20241129-v1.24.1"}},
        {"type": "board-ssd1306", "id": "oled1", "top": -140, "left": -230, "attrs": {"i2cAddress": "0x3c"}},
    ]
    for i, _gpio in enumerate(pico.BUTTON_PINS):
        parts.append({"type": "wokwi-pushbutton", "id": "btn_" + NAMES[i], "top": 20 + 52 * i, "left": -200,
                      "attrs": {"color": BUTTON_COLORS[i], "label": NAMES[i].upper()}})
    conns = [["pico:GP0", "$serialMonitor:RX", "", []], ["pico:GP1", "$serialMonitor:TX", "", []]]
    conns += [[a, b, c, []] for a, b, c in connections()]
    return {"version": 1, "author": "Dealer Box", "editor": "wokwi", "parts": parts, "connections": conns,
            "dependencies": {}}


def diagram_text():
    d = diagram()
    parts = ",\n".join("    " + json.dumps(p) for p in d["parts"])
    conns = ",\n".join("    " + json.dumps(c) for c in d["connections"])
    return ('{\n  "version": 1,\n  "author": "Dealer Box",\n  "editor": "wokwi",\n  "parts": [\n%s\n  ],\n'
            '  "connections": [\n%s\n  ],\n  "dependencies": {}\n}\n' % (parts, conns))


def pinout_rows():
    """Rows of the pinout table: (part, signal, GPIO or '-', Pico pin, note)."""
    rows = [
        ("SSD1306 OLED", "SDA", "GP%d" % pico.I2C_SDA, physical_pin(pico.I2C_SDA), "I2C%d SDA" % pico.I2C_ID),
        ("SSD1306 OLED", "SCL", "GP%d" % pico.I2C_SCL, physical_pin(pico.I2C_SCL), "I2C%d SCL" % pico.I2C_ID),
        ("SSD1306 OLED", "VCC", "-", PIN_3V3, "3V3(OUT), 3.3 V"),
        ("SSD1306 OLED", "GND", "-", OLED_GND, "GND"),
    ]
    for i, gpio in enumerate(pico.BUTTON_PINS):
        rows.append(("Button " + NAMES[i].upper(), "to GPIO", "GP%d" % gpio, physical_pin(gpio),
                     "input, internal pull-up, pressed = low"))
    rows.append(("Buttons (all five)", "other leg", "-", BUTTON_GND, "GND"))
    return rows


PINOUT_HEAD = """# Pinout

Generated from the pin map in `firmware/dealerbox/boards/pico.py` by `python -m host_tools.wiring`
(do not edit by hand; `tests/host/test_hardware.py` checks that this table, `diagram.json` and
`wiring.png` agree with the code).

| part | signal | GPIO | Pico pin | note |
|---|---|---|---|---|
"""

PINOUT_TAIL = """
- Every button is a plain normally-open push button between its GPIO and GND: no resistor,
  the RP2040's internal pull-ups hold the pin high, a press pulls it low. The firmware
  samples them every 5 ms from a timer and debounces in software (a press: held 10 ms; free
  again after 30 ms released, so contact chatter never makes two presses; held 700 ms = long
  press where the screen has one; docs/device.md).
- The battery is read on GP29 (ADC3: VSYS / 3, on the Pico's own board) and USB power on
  GP24 (VBUS): nothing to wire but the battery to VSYS (power.md).
- The OLED is a 0.96" 128x64 SSD1306 module with I2C (4 pins: GND VCC SCL SDA). Its address
  is 0x3C (some modules: 0x3D; printed on the back as 0x78/0x7A, the 8-bit form): the
  firmware finds it with `i2c.scan()`. The modules carry their own I2C pull-up resistors.
- Power the OLED from 3V3(OUT) (pin 36), not VBUS/VSYS: 5 V on VCC works on most modules
  but then their pull-ups lift SDA/SCL to 5 V, which the RP2040 does not tolerate.
- GP0/GP1 (UART0) stay free for a serial console; the on-board LED (GP25) is unused.

![wiring](wiring.png)
"""


def pinout_md():
    body = "".join("| %s | %s | %s | %d | %s |\n" % r for r in pinout_rows())
    return PINOUT_HEAD + body + PINOUT_TAIL


WIRE_RGB = {"green": (0, 150, 0), "blue": (30, 80, 220), "red": (220, 30, 30), "black": (0, 0, 0),
            "orange": (240, 130, 0), "violet": (140, 60, 200), "cyan": (0, 160, 170), "gold": (190, 150, 0)}


def _sheet(w, h):
    """A white ``w`` x ``h`` picture to draw a wiring diagram on: (image, its ImageDraw, 13 px and 18 px fonts)."""
    from PIL import Image, ImageDraw, ImageFont

    img = Image.new("RGB", (w, h), "white")
    return img, ImageDraw.Draw(img), ImageFont.load_default(size=13), ImageFont.load_default(size=18)


def _oled(d, font, oy0):
    """The SSD1306 module drawn at (60, ``oy0``) on the ImageDraw ``d``: {pin name: (x, y)} of its 4 pins."""
    ox0 = 60
    d.rectangle([ox0, oy0, ox0 + 230, oy0 + 130], fill=(30, 30, 120), outline="black", width=2)
    d.rectangle([ox0 + 20, oy0 + 35, ox0 + 210, oy0 + 120], fill=(10, 10, 10))
    d.text((ox0 + 30, oy0 + 65), "SSD1306 128x64  0x3C", fill="white", font=font)
    opins = {}
    for i, name in enumerate(("GND", "VCC", "SCL", "SDA")):
        x, y = ox0 + 40 + i * 50, oy0 + 12
        d.ellipse([x - 5, y - 5, x + 5, y + 5], fill=(230, 200, 80), outline="black")
        d.text((x - 12, y + 6), name, fill="white", font=font)
        opins[name] = (x, y)
    return opins


def _buttons(d, big, count, y0):
    """``count`` buttons drawn 62 px apart from ``y0`` down: {button: (pin 1 (x, y), pin 2 (x, y))}."""
    bpins = {}
    for i in range(count):
        y = y0 + i * 62
        bx = 150
        d.rectangle([bx, y - 18, bx + 60, y + 18], fill=(200, 200, 200), outline="black")
        d.ellipse([bx + 15, y - 13, bx + 45, y + 13], fill=WIRE_RGB.get(COLORS[i], (0, 0, 0)), outline="black")
        d.text((bx - 70, y - 8), NAMES[i].upper(), fill="black", font=big)
        bpins[i] = ((bx + 60, y - 10), (bx + 60, y + 10))
    return bpins


def wiring_png(path):
    """Draw the wiring diagram (Pillow) into ``path``: the Pico's header, the OLED, the buttons, the wires."""
    w, h = 1000, 780
    img, d, font, big = _sheet(w, h)
    rgb = WIRE_RGB
    # the Pico, USB at the top: pins 1-20 down the left side, 21-40 up the right side
    px0, px1, py0, step = 560, 720, 190, 26
    d.rectangle([px0, py0 - 30, px1, py0 + 20 * step + 10], fill=(20, 110, 60), outline="black", width=2)
    d.rectangle([px0 + 55, py0 - 45, px1 - 55, py0 - 20], fill=(190, 190, 190), outline="black")
    d.text((px0 + 50, py0 - 70), "Raspberry Pi Pico (USB)", fill="black", font=font)

    def pin_xy(n):
        if n <= 20:
            return px0, py0 + (n - 1) * step
        return px1, py0 + (40 - n) * step

    for n in range(1, 41):
        x, y = pin_xy(n)
        d.ellipse([x - 5, y - 5, x + 5, y + 5], fill=(230, 200, 80), outline="black")
        label = "%s %d" % (HEADER[n], n) if n <= 20 else "%d %s" % (n, HEADER[n])
        tw = d.textlength(label, font=font)
        tx = x + 9 if n <= 20 else x - 9 - tw
        d.text((tx, y - 7), label, fill="white", font=font)
    oy0 = 110
    opins = _oled(d, font, oy0)
    bpins = _buttons(d, big, len(pico.BUTTON_PINS), 410)
    # wires: out from the part, along a lane of their own, into the Pico pin
    def wire(a, n, colour, lane, rise=None):
        x, y = pin_xy(n)
        c = rgb[colour]
        if rise is None:  # straight out to the lane, along it, into the pin
            pts = [a, (lane, a[1]), (lane, y), (x, y)]
        elif n <= 20:  # up from the OLED, over to the lane, down to a left-side pin
            pts = [a, (a[0], rise), (lane, rise), (lane, y), (x, y)]
        else:  # up from the OLED, over the Pico, down the right side
            pts = [a, (a[0], rise), (lane, rise), (lane, y), (x, y)]
        d.line(pts, fill=c, width=3, joint="curve")

    wire(opins["SDA"], physical_pin(pico.I2C_SDA), "green", 500, rise=oy0 - 18)
    wire(opins["SCL"], physical_pin(pico.I2C_SCL), "blue", 480, rise=oy0 - 32)
    wire(opins["VCC"], PIN_3V3, "red", 770, rise=oy0 - 62)
    wire(opins["GND"], OLED_GND, "black", 790, rise=oy0 - 80)
    for i, gpio in enumerate(pico.BUTTON_PINS):
        wire(bpins[i][0], physical_pin(gpio), COLORS[i], 460 - 12 * i)
        wire(bpins[i][1], BUTTON_GND, "black", 280 + 8 * i)
    d.text((40, h - 60), "Buttons: one leg to the GPIO, the other to GND (pin %d). No resistors: internal pull-ups."
           % BUTTON_GND, fill="black", font=font)
    d.text((40, h - 40), "OLED: VCC to 3V3(OUT) pin 36, GND to pin 38, SDA GP%d (pin %d), SCL GP%d (pin %d)."
           % (pico.I2C_SDA, physical_pin(pico.I2C_SDA), pico.I2C_SCL, physical_pin(pico.I2C_SCL)),
           fill="black", font=font)
    img.save(path, optimize=True)
    return img

# ---- The Raspberry Pi (Zero 2 W, 3, 4, 5): the same 40-pin header on every model ---------------

# physical pin -> name (Raspberry Pi documentation, "GPIO and the 40-pin header"); GPIO as BCMn
PI_HEADER = {
    1: "3V3", 2: "5V", 3: "BCM2", 4: "5V", 5: "BCM3", 6: "GND", 7: "BCM4", 8: "BCM14", 9: "GND", 10: "BCM15",
    11: "BCM17", 12: "BCM18", 13: "BCM27", 14: "GND", 15: "BCM22", 16: "BCM23", 17: "3V3", 18: "BCM24",
    19: "BCM10", 20: "GND", 21: "BCM9", 22: "BCM25", 23: "BCM11", 24: "BCM8", 25: "GND", 26: "BCM7",
    27: "BCM0", 28: "BCM1", 29: "BCM5", 30: "GND", 31: "BCM6", 32: "BCM12", 33: "BCM13", 34: "GND",
    35: "BCM19", 36: "BCM16", 37: "BCM26", 38: "BCM20", 39: "GND", 40: "BCM21",
}
PI_NOTES = {2: "SDA1", 3: "SCL1", 14: "TXD", 15: "RXD", 0: "ID_SD", 1: "ID_SC"}


def pi_physical_pin(bcm):
    """The Raspberry Pi header pin (1-40) of GPIO BCM ``bcm``; ValueError if it is not on the header."""
    for n, name in PI_HEADER.items():
        if name == "BCM%d" % bcm:
            return n
    raise ValueError("BCM%d is not on the Raspberry Pi header" % bcm)


def pi_check_map():
    """The Pi pin map's header pins against PI_HEADER: a list of disagreements in words ([] when none)."""
    bad = []
    pairs = [("SDA", pi.I2C_SDA, pi.I2C_SDA_PIN), ("SCL", pi.I2C_SCL, pi.I2C_SCL_PIN)]
    pairs += [("button " + NAMES[i].upper(), g, n) for i, (g, n) in enumerate(zip(pi.BUTTON_PINS, pi.BUTTON_HEADER))]
    for what, bcm, pin in pairs:
        if PI_HEADER.get(pin) != "BCM%d" % bcm:
            bad.append("%s: BCM%d is not on header pin %d (%s is)" % (what, bcm, pin, PI_HEADER.get(pin)))
    for what, pin, want in (("OLED VCC", pi.OLED_VCC, "3V3"), ("OLED GND", pi.OLED_GND, "GND"),
                            ("buttons' GND", pi.BUTTON_GND, "GND")):
        if PI_HEADER.get(pin) != want:
            bad.append("%s: header pin %d is %s, not %s" % (what, pin, PI_HEADER.get(pin), want))
    return bad


def pi_pinout_rows():
    """Rows of the Pi's pinout table: (part, signal, BCM or '-', header pin, note)."""
    rows = [
        ("SSD1306 OLED", "SDA", "BCM%d" % pi.I2C_SDA, pi.I2C_SDA_PIN,
         "I2C%d SDA (/dev/i2c-%d)" % (pi.I2C_BUS, pi.I2C_BUS)),
        ("SSD1306 OLED", "SCL", "BCM%d" % pi.I2C_SCL, pi.I2C_SCL_PIN, "I2C%d SCL" % pi.I2C_BUS),
        ("SSD1306 OLED", "VCC", "-", pi.OLED_VCC, "3V3, 3.3 V"),
        ("SSD1306 OLED", "GND", "-", pi.OLED_GND, "GND"),
    ]
    for i, (gpio, pin) in enumerate(zip(pi.BUTTON_PINS, pi.BUTTON_HEADER)):
        rows.append(("Button " + NAMES[i].upper(), "to GPIO", "BCM%d" % gpio, pin,
                     "input, internal pull-up, pressed = low"))
    rows.append(("Buttons (all five)", "other leg", "-", pi.BUTTON_GND, "GND"))
    return rows


PI_PINOUT_HEAD = """# Pinout: Raspberry Pi (Zero 2 W, 3, 4, 5)

Generated from the pin map in `firmware/dealerbox/boards/pi.py` by `python -m host_tools.wiring`
(do not edit by hand; `tests/host/test_hardware_pi.py` checks that this table and `wiring.png`
agree with the code and with the Raspberry Pi's 40-pin header). GPIO numbers are BCM numbers
(Blinka's `board.D17` is BCM17); header pins count from pin 1 (3V3), the corner nearest the SD
card on a Zero, odd pins on the inner row.

| part | signal | BCM | header pin | note |
|---|---|---|---|---|
"""

PI_PINOUT_TAIL = """
- The same parts as the Pico's box (`../bom.md`): a 0.96" 128x64 SSD1306 I2C module and five
  normally-open push buttons between their GPIO and GND, no resistors (the Pi's internal
  pull-ups; the firmware samples every 10 ms and debounces in software, as on the Pico: docs/device.md).
- The buttons are those of Adafruit's 128x64 OLED Bonnet (product 3531): its joystick is UP,
  DOWN, LEFT, RIGHT and its centre press is OK; the bonnet's A and B buttons (BCM5, BCM6) are
  not used. With the bonnet nothing needs wiring.
- Power the OLED from 3V3 (pin 1), never 5V: the Pi's GPIO are 3.3 V only, and the module's
  pull-ups would lift SDA/SCL to its VCC. The Pi has its own 1.8 kOhm pull-ups on SDA1/SCL1.
- Enable I2C first (`sudo raspi-config nonint do_i2c 0`, then reboot); `i2cdetect -y 1`
  (package i2c-tools) should then show `3c`. The I2C speed is the kernel's:
  `dtparam=i2c_arm_baudrate=400000` in `/boot/firmware/config.txt` for 400 kHz.
- BCM14/15 (UART) stay free for a serial console; BCM4 is the 1-Wire default pin: leave 1-Wire off.

![wiring](wiring.png)
"""


def pi_pinout_md():
    body = "".join("| %s | %s | %s | %d | %s |\n" % r for r in pi_pinout_rows())
    return PI_PINOUT_HEAD + body + PI_PINOUT_TAIL


def pi_wiring_png(path):
    """Draw the Raspberry Pi wiring diagram (Pillow) into ``path``: the 40-pin header, the OLED, the buttons."""
    w, h = 1000, 760
    img, d, font, big = _sheet(w, h)
    rgb = WIRE_RGB
    # the header, pin 1 at the top: odd pins in the left column, even pins in the right (drawn apart, the
    # names between them, so that no wire crosses a name)
    hx0, hx1, hy0, step = 640, 840, 130, 26
    d.rectangle([hx0 - 20, hy0 - 20, hx1 + 20, hy0 + 19 * step + 20], fill=(20, 110, 60), outline="black", width=2)
    d.text((hx0 - 20, hy0 + 19 * step + 28), "Raspberry Pi 40-pin header (pin 1 = 3V3, the square pad)",
           fill="black", font=font)

    def pin_xy(n):
        return (hx0 if n % 2 else hx1), hy0 + (n - 1) // 2 * step

    for n in range(1, 41):
        x, y = pin_xy(n)
        if n == 1:
            d.rectangle([x - 5, y - 5, x + 5, y + 5], fill=(230, 200, 80), outline="black")
        else:
            d.ellipse([x - 5, y - 5, x + 5, y + 5], fill=(230, 200, 80), outline="black")
        name = PI_HEADER[n]
        label = "%d %s" % (n, name) if n % 2 else "%s %d" % (name, n)
        tw = d.textlength(label, font=font)
        tx = x + 10 if n % 2 else x - 10 - tw
        d.text((tx, y - 7), label, fill="white", font=font)
    oy0 = 90
    opins = _oled(d, font, oy0)
    bpins = _buttons(d, big, len(pi.BUTTON_PINS), 360)

    def wire(a, n, colour, lane, rise=None):
        """From part pin ``a`` to header pin ``n`` along a vertical ``lane`` of its own, into an odd pin from the
        left; an even pin is reached over the top of the header and down its right side."""
        x, y = pin_xy(n)
        pts = [a, (a[0], rise), (lane, rise)] if rise is not None else [a, (lane, a[1])]
        if n % 2:
            pts += [(lane, y), (x, y)]
        else:
            k = lane % 23
            top, right = hy0 - 28 - k, hx1 + 40 + k
            pts += [(lane, top), (right, top), (right, y), (x, y)]
        d.line(pts, fill=rgb[colour], width=3, joint="curve")

    wire(opins["SDA"], pi.I2C_SDA_PIN, "green", 580, rise=oy0 - 18)
    wire(opins["SCL"], pi.I2C_SCL_PIN, "blue", 565, rise=oy0 - 32)
    wire(opins["VCC"], pi.OLED_VCC, "red", 595, rise=oy0 - 46)
    wire(opins["GND"], pi.OLED_GND, "black", 608, rise=oy0 - 60)
    for i, pin in enumerate(pi.BUTTON_HEADER):
        wire(bpins[i][0], pin, COLORS[i], 540 - 14 * i)
        wire(bpins[i][1], pi.BUTTON_GND, "black", 290 + 8 * i)
    d.text((40, h - 60), "Buttons: one leg to the GPIO, the other to GND (pin %d). No resistors: internal pull-ups."
           % pi.BUTTON_GND, fill="black", font=font)
    d.text((40, h - 40), "OLED: VCC to 3V3 pin %d, GND to pin %d, SDA BCM%d (pin %d), SCL BCM%d (pin %d). "
           "Enable I2C first (raspi-config)." % (pi.OLED_VCC, pi.OLED_GND, pi.I2C_SDA, pi.I2C_SDA_PIN, pi.I2C_SCL,
                                                 pi.I2C_SCL_PIN), fill="black", font=font)
    img.save(path, optimize=True)
    return img


def _same_png(path, tmp):
    from PIL import Image

    if not os.path.exists(path):
        return False
    a, b = Image.open(path), Image.open(tmp)
    return a.size == b.size and a.convert("RGB").tobytes() == b.convert("RGB").tobytes()


def check():
    """Names of the hardware files that differ from what the pin maps give ([] when all agree)."""
    import tempfile

    bad = []
    for name, text in (("diagram.json", diagram_text()), ("pinout.md", pinout_md()), ("pi/pinout.md", pi_pinout_md())):
        p = os.path.join(HARDWARE, name)
        if not os.path.exists(p) or open(p).read() != text:
            bad.append(name)
    with tempfile.TemporaryDirectory() as t:
        for name, draw in (("wiring.png", wiring_png), ("pi/wiring.png", pi_wiring_png)):
            tmp = os.path.join(t, name.replace("/", "_"))
            draw(tmp)
            if not _same_png(os.path.join(HARDWARE, name), tmp):
                bad.append(name)
    return bad


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.wiring", description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is out of date")
    a = ap.parse_args(argv)
    if a.check:
        bad = check() + ["pi.py (%s)" % p for p in pi_check_map()]
        for name in bad:
            print("hardware/%s does not match the pin map: run python -m host_tools.wiring" % name)
        return 1 if bad else 0
    os.makedirs(HARDWARE, exist_ok=True)
    with open(os.path.join(HARDWARE, "diagram.json"), "w") as f:
        f.write(diagram_text())
    with open(os.path.join(HARDWARE, "pinout.md"), "w") as f:
        f.write(pinout_md())
    wiring_png(os.path.join(HARDWARE, "wiring.png"))
    problems = pi_check_map()
    if problems:
        for p in problems:
            print("firmware/dealerbox/boards/pi.py: %s" % p, file=sys.stderr)
        return 1
    os.makedirs(HARDWARE_PI, exist_ok=True)
    with open(os.path.join(HARDWARE_PI, "pinout.md"), "w") as f:
        f.write(pi_pinout_md())
    pi_wiring_png(os.path.join(HARDWARE_PI, "wiring.png"))
    print("wrote hardware/diagram.json, hardware/pinout.md, hardware/wiring.png, hardware/pi/pinout.md, "
          "hardware/pi/wiring.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""hardware/ agrees with the pin map in firmware/dealerbox/boards/pico.py.

The Wokwi ``diagram.json`` is read as a netlist (independently of host_tools/wiring.py,
which writes it): each button must join its GPIO to a GND, in the order of ui.buttons; the
SSD1306 (at 0x3C) must have SDA/SCL on the map's I2C pins, VCC on 3V3, GND on a GND. The
pinout table is parsed the same way, and the generated files must be up to date.
"""

import json
import os
import re

from dealerbox.boards import pico
from dealerbox.ui.buttons import NAMES

from host_tools import ROOT, wiring

HW = os.path.join(ROOT, "hardware")


def _diagram():
    with open(os.path.join(HW, "diagram.json")) as f:
        return json.load(f)


def _nets(d):
    """part:pin -> set of part:pin it is wired to."""
    nets = {}
    for a, b, _colour, _route in d["connections"]:
        nets.setdefault(a, set()).add(b)
        nets.setdefault(b, set()).add(a)
    return nets


def _pico_pin(nets, end):
    """The single pico pin wired to ``end`` (e.g. 'GP10', 'GND.4', '3V3')."""
    got = [p[len("pico:"):] for p in nets.get(end, ()) if p.startswith("pico:")]
    assert len(got) == 1, "%s is wired to %r" % (end, sorted(nets.get(end, ())))
    return got[0]


def test_diagram_parts():
    d = _diagram()
    types = {p["id"]: p["type"] for p in d["parts"]}
    assert types["pico"] == "wokwi-pi-pico"
    assert types["oled1"] == "board-ssd1306"
    oled = [p for p in d["parts"] if p["id"] == "oled1"][0]
    assert oled["attrs"]["i2cAddress"] == "0x3c"
    assert int(oled["attrs"]["i2cAddress"], 16) in pico.OLED_ADDRESSES
    buttons = [p for p in d["parts"] if p["type"] == "wokwi-pushbutton"]
    assert [p["attrs"]["label"] for p in buttons] == ["UP", "DOWN", "LEFT", "RIGHT", "OK"]
    assert pico.I2C_SDA != pico.I2C_SCL


def test_diagram_buttons_match_the_pin_map():
    d = _diagram()
    nets = _nets(d)
    labels = {p["id"]: p["attrs"]["label"] for p in d["parts"] if p["type"] == "wokwi-pushbutton"}
    gpio_of = {}
    for pid, label in labels.items():
        ends = sorted(_pico_pin(nets, "%s:%s" % (pid, leg)) for leg in ("1.l", "2.l"))
        gnd = [e for e in ends if e.startswith("GND.")]
        gp = [e for e in ends if e.startswith("GP")]
        assert len(gnd) == 1 and len(gp) == 1, (label, ends)  # one leg to a GPIO, the other to GND
        gpio_of[label] = int(gp[0][2:])
    assert [gpio_of[n.upper()] for n in NAMES] == list(pico.BUTTON_PINS)


def test_diagram_display_matches_the_pin_map():
    nets = _nets(_diagram())
    assert _pico_pin(nets, "oled1:SDA") == "GP%d" % pico.I2C_SDA
    assert _pico_pin(nets, "oled1:SCL") == "GP%d" % pico.I2C_SCL
    assert _pico_pin(nets, "oled1:VCC") == "3V3"
    assert re.fullmatch(r"GND\.[1-8]", _pico_pin(nets, "oled1:GND"))


def test_pin_map_is_sound():
    used = [pico.I2C_SDA, pico.I2C_SCL] + list(pico.BUTTON_PINS)
    assert len(set(used)) == len(used)  # no GPIO used twice
    assert not {0, 1} & set(used)  # UART0 stays free for a serial console
    assert len(pico.BUTTON_PINS) == len(NAMES) == 5
    # the I2C block can route to these pins (RP2040 datasheet, GPIO functions)
    sda_ok = {0: (0, 4, 8, 12, 16, 20), 1: (2, 6, 10, 14, 18, 26)}[pico.I2C_ID]
    scl_ok = {0: (1, 5, 9, 13, 17, 21), 1: (3, 7, 11, 15, 19, 27)}[pico.I2C_ID]
    assert pico.I2C_SDA in sda_ok and pico.I2C_SCL in scl_ok


def _physical(gpio):
    """Pico header pin of GP0..GP15 (left side: two GPIO, then a GND, every 5 pins)."""
    assert 0 <= gpio <= 15
    return gpio + 1 + (gpio + 2) // 4


def test_pinout_table_matches_the_pin_map():
    with open(os.path.join(HW, "pinout.md")) as f:
        text = f.read()
    rows = re.findall(r"^\| ([^|]+) \| ([^|]+) \| ([^|]+) \| (\d+) \| ([^|]+) \|$", text, re.M)
    table = {(part, sig): (gp, int(pin)) for part, sig, gp, pin, _note in rows}
    for i, name in enumerate(NAMES):
        g = pico.BUTTON_PINS[i]
        assert table[("Button " + name.upper(), "to GPIO")] == ("GP%d" % g, _physical(g))
    assert table[("SSD1306 OLED", "SDA")] == ("GP%d" % pico.I2C_SDA, _physical(pico.I2C_SDA))
    assert table[("SSD1306 OLED", "SCL")] == ("GP%d" % pico.I2C_SCL, _physical(pico.I2C_SCL))
    assert table[("SSD1306 OLED", "VCC")] == ("-", 36)
    assert table[("Buttons (all five)", "other leg")][1] in (3, 8, 13, 18, 23, 28, 33, 38)
    assert table[("SSD1306 OLED", "GND")][1] in (3, 8, 13, 18, 23, 28, 33, 38)
    assert len(rows) == 4 + 5 + 1


def test_header_table_agrees_with_the_formula():
    for g in range(16):
        assert wiring.physical_pin(g) == _physical(g)
    assert [wiring.wokwi_pin(n) for n in (3, 18, 36, 38, 6)] == ["GND.1", "GND.4", "3V3", "GND.8", "GP4"]


def test_generated_hardware_files_are_up_to_date():
    assert wiring.check() == []


def test_wiring_png_is_an_image_of_the_board():
    from PIL import Image

    img = Image.open(os.path.join(HW, "wiring.png"))
    assert img.format == "PNG" and img.size == (1000, 780)


def test_hardware_docs_exist_and_link():
    for name in ("README.md", "pinout.md", "bom.md", "power.md", "diagram.json", "wiring.png"):
        assert os.path.exists(os.path.join(HW, name)), name
    with open(os.path.join(HW, "README.md")) as f:
        readme = f.read()
    for name in ("pinout.md", "bom.md", "power.md", "diagram.json", "wiring.png"):
        assert name in readme

"""hardware/pi/ agrees with the Raspberry Pi pin map in firmware/dealerbox/boards/pi.py, and the map with the header.

The 40-pin header is written here a second time, as the Raspberry Pi documentation draws it
(independently of host_tools/wiring.py's table): the map's header pin for every BCM number
must be the one the header has, its 3V3 and GND pins must be 3V3 and GND, and the pinout
table in hardware/pi/pinout.md is parsed and held against both. The generated files (the
table and wiring.png) must be what the pin map gives today.
"""

import os
import re

from dealerbox.boards import pi
from dealerbox.ui.buttons import NAMES

from host_tools import ROOT, wiring

HW = os.path.join(ROOT, "hardware", "pi")

# The header as two rows, pin 1 at the left: odd pins (inner row), then even pins (outer row).
ODD = "3V3 2 3 4 GND 17 27 22 3V3 10 9 11 GND 0 5 6 13 19 26 GND".split()
EVEN = "5V 5V GND 14 15 18 GND 23 24 GND 25 8 7 1 GND 12 GND 16 20 21".split()


def _header(pin):
    """What is on header pin ``pin`` (1-40): 'BCM<n>', '3V3', '5V' or 'GND'."""
    name = (ODD if pin % 2 else EVEN)[(pin - 1) // 2]
    return "BCM" + name if name.isdigit() else name


def test_pin_map_matches_the_header():
    assert _header(pi.I2C_SDA_PIN) == "BCM%d" % pi.I2C_SDA and _header(pi.I2C_SCL_PIN) == "BCM%d" % pi.I2C_SCL
    assert (pi.I2C_SDA, pi.I2C_SCL, pi.I2C_BUS) == (2, 3, 1)  # the header's I2C is I2C1's SDA1/SCL1
    assert [_header(n) for n in pi.BUTTON_HEADER] == ["BCM%d" % g for g in pi.BUTTON_PINS]
    assert _header(pi.OLED_VCC) == "3V3" and _header(pi.OLED_GND) == "GND" and _header(pi.BUTTON_GND) == "GND"
    assert wiring.pi_check_map() == []
    assert all(wiring.PI_HEADER[n] == _header(n) for n in range(1, 41))


def test_pin_map_is_sound():
    used = [pi.I2C_SDA, pi.I2C_SCL] + list(pi.BUTTON_PINS)
    assert len(set(used)) == len(used) and len(pi.BUTTON_PINS) == len(NAMES) == 5
    assert not {0, 1, 14, 15} & set(used)  # the HAT EEPROM's ID pins and the serial console stay free
    # Adafruit's 128x64 OLED Bonnet: joystick up 17, down 22, left 27, right 23, centre 4
    assert pi.BUTTON_PINS == (17, 22, 27, 23, 4)


def test_pinout_table_matches_the_pin_map():
    with open(os.path.join(HW, "pinout.md")) as f:
        text = f.read()
    rows = re.findall(r"^\| ([^|]+) \| ([^|]+) \| ([^|]+) \| (\d+) \| ([^|]+) \|$", text, re.M)
    table = {(part, sig): (gp, int(pin)) for part, sig, gp, pin, _note in rows}
    assert len(rows) == 4 + 5 + 1
    for i, name in enumerate(NAMES):
        g = pi.BUTTON_PINS[i]
        bcm, pin = table[("Button " + name.upper(), "to GPIO")]
        assert bcm == "BCM%d" % g and _header(pin) == bcm
    for sig, g in (("SDA", pi.I2C_SDA), ("SCL", pi.I2C_SCL)):
        bcm, pin = table[("SSD1306 OLED", sig)]
        assert bcm == "BCM%d" % g and _header(pin) == bcm
    assert _header(table[("SSD1306 OLED", "VCC")][1]) == "3V3"
    assert _header(table[("SSD1306 OLED", "GND")][1]) == "GND"
    assert _header(table[("Buttons (all five)", "other leg")][1]) == "GND"


def test_generated_pi_files_are_up_to_date():
    bad = wiring.check()
    assert "pi/pinout.md" not in bad and "pi/wiring.png" not in bad, bad


def test_wiring_png_is_the_pi_picture_and_the_docs_link_it():
    from PIL import Image

    img = Image.open(os.path.join(HW, "wiring.png"))
    assert img.format == "PNG" and img.size == (1000, 760)
    for name in ("README.md", "pinout.md", "wiring.png", "dealerbox.service"):
        assert os.path.exists(os.path.join(HW, name)), name
    with open(os.path.join(HW, "README.md")) as f:
        readme = f.read()
    for name in ("pinout.md", "wiring.png", "dealerbox.service", "raspi-config", "python -m host_tools.pi"):
        assert name in readme, name
    with open(os.path.join(ROOT, "hardware", "README.md")) as f:
        assert "pi/README.md" in f.read()


def test_a_changed_pin_map_makes_the_check_fail(monkeypatch):
    """The check can fail: a button moved in the map disagrees with the header and the generated files."""
    monkeypatch.setattr(pi, "BUTTON_HEADER", (11, 15, 13, 18, 7))
    assert wiring.pi_check_map() == ["button RIGHT: BCM23 is not on header pin 18 (BCM24 is)"]
    assert "pi/pinout.md" in wiring.check()


def test_systemd_unit_starts_the_launcher():
    with open(os.path.join(HW, "dealerbox.service")) as f:
        unit = f.read()
    sections = re.findall(r"^\[(\w+)\]$", unit, re.M)
    assert sections == ["Unit", "Service", "Install"]
    execs = re.findall(r"^ExecStart=(.*)$", unit, re.M)
    assert len(execs) == 1 and execs[0].split()[1:4] == ["-m", "host_tools.pi", "--data"]
    assert re.search(r"^Restart=always$", unit, re.M) and re.search(r"^WantedBy=multi-user.target$", unit, re.M)
    assert re.search(r"^StateDirectory=dealerbox$", unit, re.M)  # /var/lib/dealerbox, the store's folder

# ruff: noqa: F821  (include, require, package, module are given by MicroPython's manifestfile.py)
# Freeze the whole box into a custom MicroPython firmware for the Raspberry Pi Pico (one .uf2: the code, main.py,
# the display driver and the language tables; README "Build the box into one .uf2"):
#
#   git clone https://github.com/micropython/micropython && cd micropython
#   make -C mpy-cross && make -C ports/rp2 submodules
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/dealerbox/manifest.py
#
# then copy ports/rp2/build-RPI_PICO/firmware.uf2 onto the RPI-RP2 drive (hold BOOTSEL). BOARD=RPI_PICO2 (RP2350)
# and RPI_PICO_W build the same way. Frozen modules run from flash, not RAM: more free heap, faster boot. main.py is
# frozen too, and a frozen main.py runs at every boot INSTEAD of any main.py on the filesystem (pyexec_file_if_exists
# looks among the frozen modules first): a filesystem main.py is then ignored. Imports look in the filesystem first
# (sys.path = ['', '.frozen', '/lib']): remove a /dealerbox left there by `make deploy`, or it shadows the frozen one.
# Sessions and hand logs still go to the filesystem (/data). docs/device.md has the details.
#
# A manifest freezes Python modules, not data files, so each language table (firmware/dealerbox/lang/tables/
# <code>.bin, the file the box reads) is frozen as a module of one bytes constant, dealerbox_table_<code>.T, written
# here at build time into a temporary folder; the box reads it in place in flash (dealerbox.lang.frozen_table), and a
# table file copied to /lang/ wins over it.

import os
import tempfile

TABLES = os.path.join("firmware", "dealerbox", "lang", "tables")    # (makemanifest runs this from its folder)


def table_modules(out):
    """Write ``dealerbox_table_<code>.py`` (``T = b"..."``: the bytes of ``TABLES/<code>.bin``) into ``out`` for
    every table; returns their file names, sorted."""
    names = []
    for name in sorted(os.listdir(TABLES)):
        if name.endswith(".bin"):
            with open(os.path.join(TABLES, name), "rb") as f:
                data = f.read()
            mod = "dealerbox_table_%s.py" % name[:-4]
            with open(os.path.join(out, mod), "w") as f:
                f.write("# the language table %s, frozen by manifest.py (read in place: dealerbox.lang.frozen_table)\n"
                        "T = %r\n" % (name, data))
            names.append(mod)
    return names


include("$(PORT_DIR)/boards/manifest.py")  # the Pico's usual frozen modules (asyncio, rp2, ...)
require("ssd1306")  # micropython-lib's display driver
package("dealerbox", base_path="firmware")
module("main.py", base_path="firmware")
_out = tempfile.mkdtemp(prefix="dealerbox-tables-")
for _mod in table_modules(_out):
    module(_mod, base_path=_out)

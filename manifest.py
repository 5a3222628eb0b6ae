# ruff: noqa: F821  (include, require, package, module are given by MicroPython's manifestfile.py)
# Freeze Dealer Box into a custom MicroPython firmware for the Raspberry Pi Pico.
#
#   git clone https://github.com/micropython/micropython && cd micropython
#   make -C mpy-cross && make -C ports/rp2 submodules
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/dealerbox/manifest.py
#
# then copy ports/rp2/build-RPI_PICO/firmware.uf2 onto the RPI-RP2 drive (hold BOOTSEL).
# Frozen modules run from flash, not RAM: more free heap, faster boot. main.py is frozen too,
# and a frozen main.py runs at every boot INSTEAD of any main.py on the filesystem
# (pyexec_file_if_exists looks among the frozen modules first): a filesystem main.py is then
# ignored. Imports look in the filesystem first (sys.path = ['', '.frozen', '/lib']): remove a
# /dealerbox left there by `make deploy`, or it shadows the frozen one. Sessions and hand logs
# still go to the filesystem (/data). docs/device.md has the details.

include("$(PORT_DIR)/boards/manifest.py")  # the Pico's usual frozen modules (asyncio, rp2, ...)
require("ssd1306")  # micropython-lib's display driver
package("dealerbox", base_path="firmware")
module("main.py", base_path="firmware")

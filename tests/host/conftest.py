"""Fixtures shared by the host tests."""

import shutil

import pytest


@pytest.fixture(scope="session")
def firmware(tmp_path_factory):
    """firmware/ and the device test helpers compiled by mpy-cross into a folder, once per run (as the Pico
    runs them: tests/host/test_hardware_device.py ``compiled_firmware``)."""
    from test_hardware_device import compiled_firmware

    out = str(tmp_path_factory.mktemp("mpy"))
    yield compiled_firmware(out)
    shutil.rmtree(out, ignore_errors=True)

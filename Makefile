# Dealer Box: `make sim` runs the box in the simulator, `make test` runs every test.
# Both create .venv from the pinned requirement files on first use.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
MP     := $(VENV)/bin/micropython
STAMP  := $(VENV)/.installed-$(shell cat requirements.txt requirements-dev.txt | cksum | cut -d' ' -f1)
MPPATH := build/mpy:tests/core
HEAP   ?= 256K
ARGS   ?=

CHROMIUM := /usr/bin/chromium

.PHONY: sim test test-cpython test-micropython compile lint bench soak deploy screenshots tables clean

$(STAMP): requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements.txt -r requirements-dev.txt
	rm -f $(VENV)/.installed-*
	touch $@

## make sim: the box in the simulator (ARGS="--game turkish --seed 7" etc.)
sim: $(STAMP)
	$(PY) -m host_tools.sim $(ARGS)

## make test: mpy-cross of firmware/, pytest (CPython), then the core tests under MicroPython
test: compile test-cpython test-micropython

test-cpython: $(STAMP) $(CHROMIUM)
	$(PY) -m pytest

# the report's browser test (tests/host/test_report.py) opens it in Debian's Chromium; CI is a fresh machine (root)
$(CHROMIUM):
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

# The core tests run under MicroPython against the very .mpy files that go onto the board.
test-micropython: compile
	MP_HEAP=$(HEAP) MICROPYPATH=$(MPPATH) $(MP) -X heapsize=$(HEAP) tests/mp_run.py

compile: $(STAMP)
	$(PY) -m host_tools.build

lint: $(STAMP)
	$(PY) -m ruff check firmware host_tools tests benchmarks
	$(PY) -m host_tools.typecheck

bench: $(STAMP)
	$(PY) -m host_tools.bench

## make soak: the long runs kept out of make test: the power cut at every block write of the app sessions
soak: compile
	MICROPYPATH=$(MPPATH) $(MP) -X heapsize=1M tests/device/powercut_app.py

## make deploy: the firmware, precompiled, onto a Pico over USB (PORT=... to choose)
deploy: compile
	$(PY) -m host_tools.deploy $(ARGS)

## make screenshots: regenerate docs/screenshots with the simulator
screenshots: $(STAMP)
	$(PY) -m host_tools.screenshots

## make tables: regenerate the evaluator's lookup tables (firmware/dealerbox/eval/tables*.py)
tables: $(STAMP)
	$(PY) -m host_tools.gen_tables

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache .mypy_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

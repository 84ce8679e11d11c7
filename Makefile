# Robot Referee: every entry point sets up what it needs on a fresh machine.
# Only web, test, bench, pico and fuzz need Node (npm ci): the others are Python only.
#   make sim    the referee in the desktop simulator (ARGS="--script F --screenshot P")
#   make web    the referee in a browser: builds build/web/ and serves it on localhost
#               (ARGS="--port 8001" if 8000 is taken)
#   make test   static lane, CPython lane, MicroPython VM lane, emulated Pico, browser lane
#   make bench  heap, allocations, .mpy size, bus bytes; checked against docs/design.md budgets;
#               then the emulated Pico's figures (emulated time), both firmware builds
#   make pico   button scripts on the emulated Pico (ARGS="--script F" or "--all")

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
READY := $(VENV)/.ready
NODE_READY := node_modules/.ready
ARGS ?=

.PHONY: help setup browser socat sim web test static pytest bench fonts screenshots replay export hardware deploy fuzz clean pico uf2

# Everything: the Python packages and Node's (the MicroPython VM, the
# emulated Pico, the browser lane's driver). The Python-only targets below
# depend on $(READY) alone, so they run on a machine with no Node.
help:
	@echo "make sim                  the referee in the terminal simulator (ARGS=\"--script F --screenshot P\")"
	@echo "make web                  the referee in a browser page (ARGS=\"--port N\")"
	@echo "make uf2                  build/referee.uf2 (a new board; erases games) and build/referee-update.uf2 (keeps them)"
	@echo "make deploy [PORT=...]    install over USB, with a self-test of the panel and buttons"
	@echo "make export PORT=... | FROM=dir [OUT=dir]   a game night's journals to score tables, charts, a page"
	@echo "make replay JOURNAL=file [CSV=out]          one journal replayed: its final state and score table"
	@echo "make test                 every check (static, CPython, MicroPython VM, emulated Pico, browser)"
	@echo "make bench                the figures against the budgets (docs/figures.md)"
	@echo "make pico ARGS=--all      button scripts on the emulated Pico, in emulated time"
	@echo "make fuzz                 the long input storm and the simulated year"
	@echo "make hardware | screenshots | fonts   regenerate the wiring pictures, the docs' screenshots, the fonts"
	@echo "make clean                remove .venv, node_modules and build"

setup: $(READY) $(NODE_READY)

# A new .venv each time: one left by another Python (say a 3.10 that failed
# on a pinned wheel) would keep failing after switching to 3.11.
$(READY): requirements.txt requirements-device.txt requirements-stubs.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  echo "Robot Referee needs Python 3.11 or newer; '$(PYTHON)' is $$($(PYTHON) --version 2>&1 || echo missing)." >&2; \
	  echo "Install one (Linux, macOS, or WSL on Windows) and run: make PYTHON=python3.11 ..." >&2; \
	  exit 1; }
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	rm -rf build/lib build/stubs
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --target build/lib -r requirements-device.txt
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --target build/stubs -r requirements-stubs.txt
	touch $@

$(NODE_READY): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The browser lane's Chromium: Debian's package (Playwright's own browser
# download does not reach this network). Installed once, as root or by sudo.
browser:
	@command -v chromium >/dev/null || { \
	  echo "installing Debian's chromium for the browser lane (apt-get)"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null 2>&1 || \
	  { $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null; } || { \
	  echo "could not install chromium: install Debian's chromium package (or put a chromium on PATH)" >&2; exit 1; }; }

# The emulated Pico's serial port (tests/test_pico_deploy.py): Debian's socat
# puts a pseudo-terminal in front of the harness's TCP port, for mpremote.
# Installed once, as root or by sudo.
socat:
	@command -v socat >/dev/null || { \
	  echo "installing Debian's socat for the emulated Pico's serial port (apt-get)"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$SUDO apt-get install -y -qq --no-install-recommends socat >/dev/null 2>&1 || \
	  { $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq --no-install-recommends socat >/dev/null; } || { \
	  echo "could not install socat: install Debian's socat package (or put a socat on PATH)" >&2; exit 1; }; }

# The simulator is Python only: no npm needed for it.
sim: $(READY)
	$(PY) -m host_tools.sim $(ARGS)

# The referee in a browser: build/web/ (a static site), served on localhost
# (ARGS="--port 8001"; any static web server can serve build/web/ instead)
web: $(READY) $(NODE_READY)
	$(PY) -m host_tools.web.build --serve $(ARGS)

static: $(READY)
	$(BIN)/ruff check firmware host_tools tests
	$(BIN)/ruff format --check firmware host_tools tests
	$(BIN)/mypy
	$(PY) -m host_tools.portability
	$(PY) -m host_tools.import_graph
	$(PY) -m host_tools.fontgen --check

# Two workers (the machine's two cores), each taking whole test files (a
# shared session fixture's files together: conftest.py); then the browser
# lane on its own, as it plays in real time.
pytest: setup browser socat
	$(BIN)/pytest -n 2 --ignore=tests/test_web.py
	$(BIN)/pytest tests/test_web.py

test: static pytest

# bench, pico and fuzz run the MicroPython VM or the emulated Pico: Node too.
bench: setup
	$(PY) -m host_tools.bench; vm=$$?; $(PY) -m host_tools.pico.bench && exit $$vm

# make pico ARGS="--script tests/scenarios/coin.txt [--press-ms 50 --gap-ms 50] [--screenshots DIR]"
# or ARGS="--all": button scripts on the emulated Pico (rp2040js), figures in emulated time
pico: setup
	$(PY) -m host_tools.pico $(ARGS)

fonts: $(READY)
	$(PY) -m host_tools.fontgen

clean:
	rm -rf build $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache

screenshots: $(READY)
	$(PY) -m host_tools.screenshots

# make replay JOURNAL=build/sim-flash/data/game.jnl [CSV=scores.csv]
replay: $(READY)
	$(PY) -m host_tools.replay $(JOURNAL) $(if $(CSV),--csv $(CSV))

# make export FROM=build/sim-flash/data [OUT=folder]   or   make export PORT=/dev/ttyACM0 [OUT=folder]
export: $(READY)
	$(PY) -m host_tools.export $(if $(FROM),--from $(FROM)) $(if $(PORT),--port $(PORT)) $(if $(OUT),--out $(OUT))

hardware: $(READY)
	$(PY) -m host_tools.hardware

# make deploy [PORT=/dev/ttyACM0]: copy the referee onto a Pico, self-test, reset
deploy: $(READY)
	$(PY) -m host_tools.deploy $(if $(PORT),--port $(PORT))

# make uf2: build/referee.uf2 (MicroPython ROMFS build, the referee, a fresh filesystem:
# a first install, erases saved games) and build/referee-update.uf2 (keeps them)
uf2: $(READY)
	$(PY) -m host_tools.uf2

# make fuzz: the long input storm (100,000 events a seed on CPython, 20,000 in the VM)
# and the whole simulated year (1,000 games on the Pico's 1.4 MB of flash)
fuzz: setup
	STORM_EVENTS=100000 $(BIN)/pytest tests/test_storm.py
	YEAR_GAMES=1000 $(BIN)/pytest -s tests/test_year.py

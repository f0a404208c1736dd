# Every target bootstraps .venv on a fresh machine with only Python 3.11.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
COMPILED_VENV := .venv-compiled

.PHONY: play demo test test-compiled compiled lint typecheck pytest docs bench clean

# The dev install: ravenry, then the tutorial's game (examples/liars_dice, docs/adding-a-game.md),
# whose entry point makes the lobby offer it.
$(STAMP): pyproject.toml examples/liars_dice/pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "need $(PYTHON) on PATH"; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	$(BIN)/python -m pip install -q -e examples/liars_dice
	@touch $(STAMP)

# The server on an embedded SQLite file under ./var/; it prints the address to open.
# PORT=8001 serves on another port (8000 by default).
play: $(STAMP)
	$(BIN)/ravenry serve --database sqlite:///var/ravenry.sqlite$(if $(PORT), --port $(PORT))

# Four greedy bots play one game of Catan in the terminal.
demo: $(STAMP)
	$(BIN)/ravenry demo catan --players 4 --seed $${SEED:-1}

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	RAVENRY_EXPECT_BUILD=pure $(BIN)/pytest -n $${PYTEST_WORKERS:-2} --dist worksteal

# The suite against ravenry compiled with mypyc (setup.py, RAVENRY_COMPILE=1), built in .venv-compiled
# from a clean temporary copy of the tree and rebuilt whenever src/ravenry, setup.py or pyproject change.
# Run from the repo root, pytest imports that installed build: src/ is not on its path.
# The browser and server tests check the page and the server (never compiled), not the rules
# build: they run once, in `make test`. The random-game sweeps play the three quarters of each that
# `make test` does not (tests/conformance/conftest.py, sweep_share).
test-compiled: compiled
	env -u PYTHONPATH RAVENRY_EXPECT_BUILD=compiled \
		$(COMPILED_VENV)/bin/python -m pytest -p no:cacheprovider -n $${PYTEST_WORKERS:-2} --dist worksteal tests \
		--ignore=tests/browser --ignore=tests/server

# The fast build for long simulations: .venv-compiled/bin/ravenry simulate ... (about 3x pure Python).
compiled:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "need $(PYTHON) on PATH"; exit 1; }
	$(PYTHON) benchmarks/compiled_venv.py $(COMPILED_VENV) --extras dev --plugin examples/liars_dice

# The documentation site (mkdocs.yml, docs/) into site/: --strict fails on a broken link, a page
# left out of the nav or an API reference that does not resolve. Offline, a few seconds.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

bench: $(STAMP)
	$(BIN)/python benchmarks/catan_speed.py

clean:
	rm -rf $(VENV) $(COMPILED_VENV) .mypy_cache .pytest_cache .ruff_cache site

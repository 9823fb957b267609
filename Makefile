# Two commands on a fresh machine: `make run` (the bot, SQLite by default) and `make test`.
# Both create .venv and install the project the first time.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test test-fast sandbox lint bench install

$(BIN)/.installed: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip >/dev/null
	$(BIN)/pip install -e '.[dev]'
	touch $@

install: $(BIN)/.installed

run: install
	$(BIN)/python -m bot

sandbox: install
	$(BIN)/python -m bot sandbox

# every test, on every core (pytest-xdist; the suite is ~13 min on two)
test: install
	$(BIN)/python -m pytest -q -n auto

# the edit loop: everything but the long random-game runs, on two cores (CI runs `make test`)
test-fast: install
	$(BIN)/python -m pytest -q -m "not slow" -n 2

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy engines games renderers bot i18n

bench: install
	$(BIN)/python benchmarks/run_all.py

# Two commands do all the set-up on a fresh machine:
#   make play   - play Ilium in the terminal against two AI seats
#   make test   - lint, type-check and run the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve test lint bench golden clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server,dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/kleos play ilium --players 3 --seats human,random,random

serve: $(STAMP)
	$(BIN)/kleos serve

lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/ruff format --check src tests bench scripts
	$(BIN)/mypy
	$(BIN)/lint-imports

test: lint
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/kleos bench ilium

golden: $(STAMP)
	$(BIN)/python scripts/regenerate_golden.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache

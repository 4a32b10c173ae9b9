# Two commands do all the set-up on a fresh machine:
#   make serve  - the game server and its browser client at http://127.0.0.1:8000
#   (make play  - Ilium in the terminal against two AI seats)
#   make test   - lint, type-check and run the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve test lint bench golden clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server,rl,scale,dev,e2e]'
	touch $(STAMP)

# The browser tests drive Debian's chromium (Playwright cannot download browsers here);
# KLEOS_CHROMIUM names another chromium binary.
CHROMIUM ?= $(or $(KLEOS_CHROMIUM),/usr/bin/chromium)
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	else \
	  echo "The browser tests need chromium at $(CHROMIUM): install Debian's 'chromium' package or set KLEOS_CHROMIUM." >&2; exit 1; \
	fi

play: $(STAMP)
	$(BIN)/kleos play ilium --players 3 --seats human,random,random

serve: $(STAMP)
	$(BIN)/kleos serve

# The browser client's tooling (Biome: lint and format; TypeScript: a type check of the JS)
# from the npm registry, as locked.
NODE_STAMP := node_modules/.installed
# The envelope's types for the type check, generated from its JSON Schema (never committed).
ENVELOPE_TYPES := src/kleos/web/types/envelope.d.ts
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $(NODE_STAMP)

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check src tests bench scripts examples
	$(BIN)/ruff format --check src tests bench scripts examples
	$(BIN)/mypy
	$(BIN)/lint-imports
	npx --no-install biome check src/kleos/web
	npx --no-install json2ts -i src/kleos/core/data/envelope.schema.json -o $(ENVELOPE_TYPES) --bannerComment ""
	npx --no-install tsc -p jsconfig.json

test: lint $(CHROMIUM)
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/kleos bench ilium

golden: $(STAMP)
	$(BIN)/python scripts/regenerate_golden.py

clean:
	rm -rf $(VENV) node_modules build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache

# Two commands do all the set-up on a fresh machine:
#   make serve  - the game server and its browser client at http://127.0.0.1:8000
#   (make play  - Ilium in the terminal against two AI seats)
#   make test   - lint, type-check and run the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve test test-compiled compiled lint bench golden weights clean

# The checkout's environment: an editable install, always pure Python (setup.py).
$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	KLEOS_PURE=1 $(BIN)/python -m pip install --quiet -e '.[server,rl,scale,dev,e2e,train]'
	touch $(STAMP)

# The compiled build (README, "The compiled engine"): an sdist and the wheel built from it as a
# user's `pip install` builds it (hot modules compiled by mypyc), in dist/, installed in an
# environment of its own, so that no compiled module ever shadows the checkout's files. It is
# rebuilt when any file of the package changes.
CVENV := .venv-compiled
CBIN := $(CVENV)/bin
CSTAMP := $(CVENV)/.installed
$(CSTAMP): pyproject.toml setup.py $(shell find src/kleos -type f -not -path '*/__pycache__/*')
	rm -rf dist build
	test -x $(CBIN)/python || $(PYTHON) -m venv $(CVENV)
	$(CBIN)/python -m pip install --quiet --upgrade pip build
	$(CBIN)/python -m build --outdir dist . >/dev/null
	$(CBIN)/python -m pip install --quiet "$$(ls dist/kleos-*.whl)[server,rl,dev]"
	$(CBIN)/python -m pip install --quiet --force-reinstall --no-deps dist/kleos-*.whl
	$(CBIN)/python -c 'import kleos, sys; sys.exit(not kleos.compiled())'
	touch $(CSTAMP)

compiled: $(CSTAMP)

# The rules' suites on the compiled build: the same playthroughs, records and perft counts, and
# the agents' (the search is compiled too).
test-compiled: $(CSTAMP)
	KLEOS_EXPECT_COMPILED=1 $(CBIN)/pytest -n 2 -p no:cacheprovider \
	  tests/conformance tests/golden tests/perft tests/games tests/core tests/agents

# The kleos command of `make serve`, `make play` and `make bench`: the compiled build's when it is installed
# and up to date (no file of the package newer), else the checkout's.
KLEOS = $$(if [ -f $(CSTAMP) ] && [ -z "$$(find src/kleos setup.py pyproject.toml -newer $(CSTAMP) -type f -not -path '*/__pycache__/*' | head -n 1)" ]; then echo $(CBIN)/kleos; else echo $(BIN)/kleos; fi)

# The browser tests drive Debian's chromium (Playwright cannot download browsers here);
# KLEOS_CHROMIUM names another chromium binary.
CHROMIUM ?= $(or $(KLEOS_CHROMIUM),/usr/bin/chromium)
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	else \
	  echo "The browser tests need chromium at $(CHROMIUM): install Debian's 'chromium' package or set KLEOS_CHROMIUM." >&2; exit 1; \
	fi

# The shipped learned models (docs/agents.md, "The shipped weights"): generation 0 of `kleos
# train`, positions of the default policy's games, for each config where the learned value
# made the search stronger at equal iterations. Elysium with 2 and 3 players: 24,000 and 8,000
# games, each position labelled by a 64-iteration search that plays its rollouts to the end,
# blended with the game's result; with 4 players, where those labels measured no better: 30,000
# games, labelled by their results. On the compiled build (the labelling searches are most of
# the work), with the train extra added to it; about 80 minutes on 2 cores. The runs
# (report.json, curve.png) stay in runs/weights/ (not build/, which `make compiled` clears).
WEIGHTS_SEED := 2026
WEIGHTS_RUNS := runs/weights
WEIGHTS_LABELS := --label-search ismcts:iterations=64:depth=0 --label-share 0.8
WEIGHTS_ELYSIUM_2 := --positions 24000 $(WEIGHTS_LABELS)
WEIGHTS_ELYSIUM_3 := --positions 8000 $(WEIGHTS_LABELS)
WEIGHTS_ELYSIUM_4 := --positions 30000
define train_weights
rm -rf $(WEIGHTS_RUNS)/elysium-$(1)p
$(CBIN)/kleos train elysium --players $(1) $(WEIGHTS_ELYSIUM_$(1)) --generations 0 --epochs 6 \
  --hidden 64 --search ismcts:iterations=200 --opponent heuristic --evaluation-games 30 \
  --jobs 2 --seed $(WEIGHTS_SEED) --out $(WEIGHTS_RUNS)/elysium-$(1)p
cp $(WEIGHTS_RUNS)/elysium-$(1)p/weights/gen0-$(1)p.npz \
  src/kleos/games/elysium/data/weights/default-$(1)p.npz

endef
weights: $(CSTAMP)
	$(CBIN)/python -m pip install --quiet "$$(ls dist/kleos-*.whl)[train]"
	mkdir -p src/kleos/games/elysium/data/weights
	$(foreach n,2 3 4,$(call train_weights,$(n)))

play: $(STAMP)
	$(KLEOS) play ilium --players 3 --seats human,random,random

serve: $(STAMP)
	$(KLEOS) serve

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
	$(KLEOS) bench ilium

golden: $(STAMP)
	$(BIN)/python scripts/regenerate_golden.py

clean:
	rm -rf $(VENV) $(CVENV) dist node_modules build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache

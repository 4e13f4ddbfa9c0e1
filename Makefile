# bridgekit: two commands on a fresh machine, `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SAMPLE := samples/match.pbn

.PHONY: run test bench bench-long clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/bridgekit show $(SAMPLE) --board 1
	$(BIN)/bridgekit check $(SAMPLE)
	$(BIN)/bridgekit score $(SAMPLE)
	$(BIN)/bridgekit match $(SAMPLE)
	$(BIN)/bridgekit event samples/pairs.pbn --ranking

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2

# The benchmarks of the issues' targets, a few minutes in all.
bench: $(VENV)/.installed-test
	$(BIN)/python bench/parse.py
	$(BIN)/python bench/check.py
	$(BIN)/python bench/dd.py
	$(BIN)/python bench/par.py --deals 1000
	$(BIN)/python bench/event.py
	$(BIN)/python bench/handrecord.py

# The long runs: par over 10,000 deals (fills a DD cache first), agreement with
# other software over the corpus, and 100 deals played by the computer.
bench-long: $(VENV)/.installed-test
	$(BIN)/python bench/par.py --deals 10000
	$(BIN)/python bench/agreement.py
	$(BIN)/python bench/ai.py --deals 100

clean:
	rm -rf $(VENV) build *.egg-info

# bridgekit: two commands on a fresh machine, `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SAMPLE := samples/match.pbn

.PHONY: run test bench clean

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

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2

bench: $(VENV)/.installed-test
	for b in bench/*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info

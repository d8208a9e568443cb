# Two commands for a fresh clone (only Python >= 3.10 needed):
#   make play   set up, then run the main job
#   make test   set up, then run every test
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m warkit demo --seed 7

lint: $(STAMP)
	$(PY) -m ruff check warkit widgets tests

test: lint
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) tests/bench/bench_engine.py
	$(PY) tests/bench/bench_odds.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache

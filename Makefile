# Two commands for a fresh clone (only Python >= 3.10 needed):
#   make play   set up, then run the main job
#   make test   set up, then run every test (lint, unit and property tests, notebooks, browser)
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# the Voilà templates: the dashboard's (warkit) and the lessons' (warkit-lesson)
TEMPLATES := $(wildcard notebooks/jupyter/voila/templates/*)
# One stamp per extra of pyproject.toml, made by one rule: `make play` installs only what
# playing needs (the "play" extra); `make test` and the tools add the test toolchain on top
# (the "test" extra, after "play"), so both work on a fresh clone, in either order.
PLAY_STAMP := $(VENV)/.installed-play
STAMP  := $(VENV)/.installed-test
# the notebooks' build tools (notebooks/build_tools/), kept out of the installed package
TOOLS    := PYTHONPATH=notebooks $(PY) -m

.PHONY: play play-lan demo lesson test test-fast lint bench screenshots clean notebooks outline \
        clean-outputs handouts catalogues strings

$(VENV)/.installed-%: pyproject.toml $(addsuffix /conf.json,$(TEMPLATES))
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install --quiet --upgrade pip
	@# PYTHONWARNINGS: setuptools' boxed "Editable installation" notice is for packagers
	PYTHONWARNINGS=ignore $(PY) -m pip install --quiet -e ".[$*]"
	@# jsonschema works without it, and importing it costs 3 s in every Jupyter process
	@$(PY) -m pip uninstall --quiet -y rfc3987-syntax
	@# the Voilà templates, where Voilà finds templates (links: edits apply at once)
	@mkdir -p $(VENV)/share/jupyter/voila/templates
	@$(foreach t,$(TEMPLATES),ln -sfn $(CURDIR)/$(t) $(VENV)/share/jupyter/voila/templates/$(notdir $(t)) &&) true
	@# mypy reads widgets/ as the package warkit_widgets through this link (pyproject's mypy_path)
	@mkdir -p $(VENV)/mypy
	@ln -sfn $(CURDIR)/widgets $(VENV)/mypy/warkit_widgets
	@touch $@

$(STAMP): $(PLAY_STAMP)

# the name the set-up had before the extras were split (some notes still use it)
$(VENV)/.installed: $(STAMP)
	@touch $@

# Voilà warns on every page that an unsigned notebook "is not trusted": sign it (in the
# user's Jupyter data folder) whenever it changes
$(VENV)/.trusted-play: notebooks/play.ipynb $(PLAY_STAMP)
	@$(VENV)/bin/jupyter trust notebooks/play.ipynb > /dev/null
	@touch $@

# The gettext catalogues (one pair of .po per package: widgets/locale/, widgets/play/locale/...),
# compiled to .mo when a .po changes; a .po newer than its .mo is read directly all the same.
PO := $(wildcard widgets/locale/*.po widgets/*/locale/*.po)
$(VENV)/.catalogues: $(PO) | $(PLAY_STAMP)
	$(PY) -m warkit_widgets.i18n.compile $?
	touch $@
catalogues: $(VENV)/.catalogues

# After adding tr("new.key", ...) calls: add every key the code uses and its package's catalogues
# lack, empty, to both .po files (fill both msgstr), and list the problems left.
strings: $(STAMP)
	-$(PY) -m warkit_widgets.i18n.check --update

play: $(PLAY_STAMP) $(VENV)/.trusted-play catalogues
	@echo "War in the browser: open http://localhost:8866/ (?lang=en for English; Ctrl+C to stop)"
	cd notebooks && ../$(PY) -m warkit_widgets.rooms.server.embedded play.ipynb --no-browser --port=8866

# The game for friends on the same network (home, classroom): anyone who reaches this machine
# can open it (README, "Play with friends"); the invitations name the machine's address.
play-lan: $(PLAY_STAMP) $(VENV)/.trusted-play catalogues
	@echo "War for your local network: friends open http://$$(hostname -I 2>/dev/null | cut -d' ' -f1):8866/"
	@echo "Anyone on this network can open it: use it only on a network you trust (Ctrl+C to stop)"
	cd notebooks && WARKIT_LAN=1 ../$(PY) -m warkit_widgets.rooms.server.embedded play.ipynb \
		--no-browser --port=8866 \
		--Voila.ip=0.0.0.0

demo: $(PLAY_STAMP) catalogues
	$(PY) -m warkit demo --seed 7

# Served from notebooks/ so that notebooks/voila.json applies (the idle kernels' culler, the
# extensions left out...), with the lessons' template, whose _xsrf cookie lets a closed or
# reloaded tab's beacon stop its kernel (tests/browser/test_lesson_kernel_browser.py).
lesson: $(PLAY_STAMP) catalogues
	@echo "Opening the pilot lesson at http://localhost:8866/ (Ctrl+C to stop)"
	cd notebooks && ../$(VENV)/bin/voila lessons/classic/03-dice-and-battles.ipynb --no-browser \
		--port=8866 --template=warkit-lesson

# The lessons and labs in both languages, built from notebooks/source/ (edit the sources, never the
# built .ipynb); a rebuild also clears the outputs of a lesson saved after a run.
notebooks: $(STAMP)
	$(TOOLS) build_tools.build

# The minutes per section in notebooks/TEACHERS.md, from the built notebooks' ## headings.
outline: $(STAMP)
	$(TOOLS) build_tools.outline

# Clear the outputs and widget state of the notebooks written by hand (the game, the gallery) after
# a saved run (nbconvert's ClearOutputPreprocessor).
clean-outputs: $(STAMP)
	$(TOOLS) build_tools.build --clear-unbuilt

# Self-study copies (no solutions, each exercise sealed), nbgrader sources, answer keys, printable
# handouts and A4 worksheets of every lesson and lab in both languages, under build/handouts/
# (several minutes: each notebook runs twice; one notebook per core; a failing notebook is named,
# the others go on, and the run exits non-zero).
handouts: $(STAMP)
	$(TOOLS) build_tools.handouts

lint: $(STAMP) catalogues
	$(PY) -m ruff check warkit widgets tests
	$(PY) -m warkit_widgets.i18n.check
	@mkdir -p $(VENV)/mypy && ln -sfn $(CURDIR)/widgets $(VENV)/mypy/warkit_widgets
	$(PY) -m mypy

test: lint
	$(PY) -m pytest --nbval-lax --durations=15 tests notebooks

# The tests to run often: the engine, odds, bots, widgets and the dashboard's controllers, without
# a browser, the notebooks, the rooms' PostgreSQL or the benchmarks (a selection by path; `make
# test` runs everything).
FAST_SKIP := tests/browser tests/rooms tests/bench tests/test_notebooks.py tests/test_handouts.py \
             tests/test_answers_not_shown_above.py tests/test_nbgrader.py
# the restless player plays 2 x 10 games here (2 x 100 in `make test`); the Dask cluster test
# (marked slow) runs in `make test` only
test-fast: $(STAMP) catalogues
	HYPOTHESIS_PROFILE=warkit-fast $(PY) -m pytest -q --durations=5 -m "not slow" tests \
		$(addprefix --ignore=,$(FAST_SKIP))

# About 5 minutes on 2 cores (under 10 when busy); the full dashboard benchmark (10 sessions) is
# `.venv/bin/python tests/bench/bench_play.py`. The side-by-side with the lean Risk engine pyrisk
# needs a pyrisk checkout, never part of this repository: `make bench PYRISK=/path/to/pyrisk`
# (without PYRISK it is skipped, saying so).
PYRISK ?=
bench: $(STAMP)
	$(PY) tests/bench/bench_engine.py
	@if [ -n "$(PYRISK)" ]; then $(PY) tests/bench/bench_vs_pyrisk.py --pyrisk "$(PYRISK)"; \
	else echo "skipped tests/bench/bench_vs_pyrisk.py: it needs PYRISK=/path/to/pyrisk"; fi
	$(PY) tests/bench/bench_engine.py --rules smart
	$(PY) tests/bench/bench_checked.py --games 20 --rounds 2
	$(PY) tests/bench/bench_odds.py
	$(PY) tests/bench/bench_bots.py --games 100 --many 400
	$(PY) tests/bench/bench_play.py --loads 3 --clicks 20 --sessions 5 --turns 2
	$(PY) tests/bench/bench_rooms.py --rooms 4 --seconds 30
	$(PY) tests/bench/bench_rooms_browser.py --rooms 1 --seconds 30

screenshots: $(STAMP)
	WARKIT_SCREENSHOTS=1 $(PY) -m pytest tests/browser -q

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache

# boardlab developer tasks. Needs only python3 (>= 3.11) with pip.
#   make venv     create .venv and install boardlab editable with [lab,dev,browser,site,dask,parquet]
#   make lab      start JupyterLab on notebooks/ (LAB_ARGS="--ip=0.0.0.0 --port=8888");
#                 as root (a container) it passes --allow-root, which JupyterLab needs there
#   make app      serve one notebook as an app with Voila (GAME=kilimanjaro, APP_ARGS=...);
#                 the page shows a spinner and "Executing n of m" while the kernel starts
#   make site     build the no-install JupyterLite site into build/site/
#   make pyodide  Pyodide's core (npm package pyodide, pinned: PYODIDE_VERSION) into
#                 build/pyodide/, once: tests/browser/test_pyodide.py runs the engines on it
#   make test     ruff lint + format check, then pytest on tests/ and nbval on notebooks/
#                 and, beside them, the real-browser suite (tests/browser/, needs Chromium;
#                 its log in test-artifacts/browser-suite.log, shown after); each on
#                 JOBS=2 workers (pytest-xdist); <= 10 min on 2 cores (8 min 45 s)
#   make test-full  the same with the long statistical runs (BOARDLAB_FULL=1): more
#                 conformance seeds, every results file remade whole (a nightly run)
#   make check GAME=x  one game: its rule, render, conformance, playthrough, trust,
#                 coverage, figure and widget tests and its notebook under nbval
#   make browser-test  the real-browser suite alone
#   make bench    python -m boardlab.bench
#   make figures  python -m boardlab.figures (writes figures/)
#   make lab-files  a new game joins the game-design lab: writes its figures/<game>_lab.csv
#                 and re-runs notebooks/game_design_lab.ipynb (python -m boardlab.figures --lab)
#   make playthroughs  rewrite tests/playthroughs/ (golden games) after a deliberate rule change
#   make clean    remove build and cache files (keeps .venv)

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.boardlab-installed
LAB_ARGS ?=
PYTEST_ARGS ?=
SANITIZE := notebooks/sanitize.cfg
# The template game's notebook pattern: run by nbval like the games' notebooks.
TEMPLATE_NOTEBOOK := boardlab/games/_template/notebook.ipynb
GAME ?= kilimanjaro
APP_ARGS ?=
SITE_ARGS ?=
# The Pyodide the site's kernel loads (jupyterlite-pyodide-kernel's PYODIDE_VERSION): its
# core only, from npm (no package wheels), for the offline test of the site's kernel.
PYODIDE_VERSION := 314.0.6
PYODIDE_STAMP := build/pyodide/node_modules/pyodide/.boardlab-$(PYODIDE_VERSION)
# JupyterLab refuses to run as root unless told: containers often run as root.
# (Voila's own server does not refuse root, and has no such flag.)
AS_ROOT := $(if $(filter 0,$(shell id -u 2>/dev/null)),--allow-root)
PYTEST := env -u MPLBACKEND $(BIN)/python -m pytest -p no:cacheprovider
# Parallel workers (pytest-xdist); JOBS=1 runs in one process. Each notebook stays
# whole on one worker, its cells in order (conftest.py schedules them so).
JOBS ?= 2
XDIST := $(if $(filter-out 1,$(JOBS)),-n $(JOBS))
NBVAL := --nbval --nbval-current-env $(if $(wildcard $(SANITIZE)),--nbval-sanitize-with $(SANITIZE))
#: What `make check GAME=x` runs: -k GAME picks the game's own tests in these.
CHECK_TESTS := tests/games tests/test_conformance.py tests/test_playthroughs.py \
	tests/test_trust.py tests/test_render.py tests/test_figures.py tests/test_coverage.py \
	tests/test_widget_behaviours.py tests/test_what_if.py tests/test_bots.py

.PHONY: venv lab app site pyodide test test-full check browser-test bench figures lab-files notebooks playthroughs clean

venv: $(STAMP)

# Create the venv if missing. Where `python3 -m venv` cannot bootstrap pip
# (Debian without python3-venv), fall back to a pip-less venv and let the
# system pip install pip into it.
$(BIN)/python:
	@if ! $(PYTHON) -m venv $(VENV); then \
		echo "python3 -m venv failed; retrying --without-pip + system pip" >&2; \
		rm -rf $(VENV) && \
		$(PYTHON) -m venv --without-pip $(VENV) && \
		$(PYTHON) -m pip --python $(BIN)/python install pip; \
	fi

# (Re)install when pyproject.toml changes.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[lab,dev,browser,site,dask,parquet]'
	@touch $@

lab: venv
	$(BIN)/jupyter lab --no-browser --notebook-dir=notebooks $(AS_ROOT) $(LAB_ARGS)

# A notebook as an app (Voila, no code): only its cells tagged "app" (the game, its guided
# first game, its rules in players' words), cut out into build/app/ afresh each time, served
# on the first free port from 8866 (APP_ARGS: --port=N, --ip=ADDRESS or Voila options) with
# idle kernels of closed pages culled. It prints the URL once Voila listens.
app: venv
	@test -f notebooks/$(GAME).ipynb || { echo "no notebooks/$(GAME).ipynb; GAME is one of:" \
		$(basename $(notdir $(wildcard notebooks/*.ipynb))) >&2; exit 2; }
	$(BIN)/python -m boardlab.widgets.app --serve notebooks/$(GAME).ipynb build/app $(APP_ARGS)

# The classroom site: static files, serve build/site/ from any web server.
site: venv
	$(BIN)/python lite/build_site.py $(SITE_ARGS)

# Installed once per version (the stamp), ignored by git like all of build/. Without npm
# (or the npm registry) a developer's `make test` goes on and that test skips; CI fails.
pyodide: $(PYODIDE_STAMP)

$(PYODIDE_STAMP):
	@echo "npm install --prefix build/pyodide pyodide@$(PYODIDE_VERSION)"
	@if command -v npm >/dev/null 2>&1 && npm install --prefix build/pyodide --no-save \
		--no-audit --no-fund --loglevel=error pyodide@$(PYODIDE_VERSION); then touch $@; \
	elif [ -n "$$CI" ]; then echo "make pyodide: npm could not install pyodide" >&2; exit 1; \
	else echo "make pyodide: no Pyodide core; tests/browser/test_pyodide.py will skip" >&2; fi

# MPLBACKEND is cleared so nbval kernels use the inline backend
# (the root conftest.py clears it too). The kernel-side tests and the real-browser suite
# (skipped without Chromium, except in CI) run side by side: the browser suite mostly waits
# on pages and kernels (about 0.7 of a core over its run), so next to the CPU-bound tests it
# adds little wall time: one after the other took ~14.5 min, side by side 8 min 45 s (a
# fresh clone, quiet 2 cores, December 2026). Its output goes to BROWSER_LOG and is shown
# whole once the kernel-side tests are done (streamed on from there); make fails if either
# fails.
BROWSER_LOG := test-artifacts/browser-suite.log
test: venv pyodide
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	@mkdir -p $(dir $(BROWSER_LOG))
	@echo "the real-browser suite runs beside these tests; its log: $(BROWSER_LOG)"
	@$(MAKE) --no-print-directory browser-test > $(BROWSER_LOG) 2>&1 & browser=$$!; \
	$(PYTEST) $(XDIST) $(NBVAL) --ignore=tests/browser $(PYTEST_ARGS) \
		tests notebooks $(TEMPLATE_NOTEBOOK); kernel_side=$$?; \
	echo "== the real-browser suite (run beside the tests above): $(BROWSER_LOG)"; \
	tail -n +1 --pid=$$browser -f $(BROWSER_LOG); \
	wait $$browser; browser_side=$$?; \
	[ $$kernel_side -eq 0 ] && [ $$browser_side -eq 0 ]

# Nightly: the long studies remade and compared whole (tests/test_figures.py), and three
# times the conformance seeds.
test-full:
	BOARDLAB_FULL=1 BOARDLAB_CONFORMANCE_SEEDS=12 $(MAKE) --no-print-directory test

# One game's tests, in <= 3 min: `make check GAME=tembo`.
check: venv
	@test -f notebooks/$(GAME).ipynb || { echo "no notebooks/$(GAME).ipynb; GAME is one of:" \
		$(basename $(notdir $(wildcard notebooks/*.ipynb))) >&2; exit 2; }
	$(PYTEST) $(XDIST) $(NBVAL) -k $(GAME) $(PYTEST_ARGS) $(CHECK_TESTS) notebooks/$(GAME).ipynb

# Whole notebooks to each worker (tests/browser/conftest.py's scheduler, on loadgroup).
# Its own --basetemp: beside `make test`'s other pytest run, neither clears the other's
# temporary folders.
browser-test: venv pyodide
	$(PYTEST) $(if $(XDIST),$(XDIST) --dist loadgroup) --basetemp=build/pytest-browser \
		$(PYTEST_ARGS) tests/browser

bench: venv
	$(BIN)/python -m boardlab.bench

figures: venv
	$(BIN)/python -m boardlab.figures

# A new game joins the game-design lab: the figures/<game>_lab.csv of every game that has
# none, then the lab notebook re-run (its saved outputs list every game). Commit both.
lab-files: venv
	$(BIN)/python -m boardlab.figures --lab

# Re-run notebooks in place after an engine change (NB=notebooks/x.ipynb for one).
notebooks: venv
	$(BIN)/python tools/refresh_notebooks.py $(NB)

# Rewrite the golden playthroughs (tests/playthroughs/) after a deliberate rule change.
playthroughs: venv
	$(BIN)/python -m boardlab.playthrough

clean:
	rm -rf build dist test-artifacts .pytest_cache .ruff_cache *.egg-info
	find . -path ./$(VENV) -prune -o \
		\( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print0 \
		| xargs -0 rm -rf

# boardlab developer tasks. Needs only python3 (>= 3.11) with pip.
#   make venv     create .venv and install boardlab editable with [lab,dev]
#   make lab      start JupyterLab on notebooks/ (LAB_ARGS="--ip=0.0.0.0 --port=8888")
#   make test     ruff lint + format check, pytest on tests/ and nbval on notebooks/
#   make bench    python -m boardlab.bench
#   make figures  python -m boardlab.figures (writes figures/)
#   make clean    remove build and cache files (keeps .venv)

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.boardlab-installed
LAB_ARGS ?=
PYTEST_ARGS ?=
SANITIZE := notebooks/sanitize.cfg

.PHONY: venv lab test bench figures notebooks clean

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
	$(BIN)/python -m pip install -e '.[lab,dev]'
	@touch $@

lab: venv
	$(BIN)/jupyter lab --no-browser --notebook-dir=notebooks $(LAB_ARGS)

# MPLBACKEND is cleared so nbval kernels use the inline backend
# (tests/conftest.py clears it too).
test: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	env -u MPLBACKEND $(BIN)/python -m pytest --nbval --nbval-current-env -p no:cacheprovider \
		$(if $(wildcard $(SANITIZE)),--nbval-sanitize-with $(SANITIZE)) \
		$(PYTEST_ARGS) tests notebooks

bench: venv
	$(BIN)/python -m boardlab.bench

figures: venv
	$(BIN)/python -m boardlab.figures

# Re-run notebooks in place after an engine change (NB=notebooks/x.ipynb for one).
notebooks: venv
	$(BIN)/python tools/refresh_notebooks.py $(NB)

clean:
	rm -rf build dist test-artifacts .pytest_cache .ruff_cache *.egg-info
	find . -path ./$(VENV) -prune -o \
		\( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print0 \
		| xargs -0 rm -rf

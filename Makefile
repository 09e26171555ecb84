# Set up and run the course on a bare machine with Python 3.11 or newer.
#   make lab    create .venv, install the course, start JupyterLab on notebooks/00_start_here
#   make test   create .venv, install the course, run every test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings
PORT ?= 8888
NOTEBOOKS ?= solutions/*.ipynb
# JupyterLab refuses to run as root unless told to (CI runs as root).
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test release outputs clean

$(STAMP): pyproject.toml etc/jupyterlab-overrides.json
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,report,cluster]'
	mkdir -p $(LAB_SETTINGS)
	cp etc/jupyterlab-overrides.json $(LAB_SETTINGS)/overrides.json
	touch $@

lab: $(STAMP)
	$(BIN)/jupyter lab --LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb --no-browser --ip=127.0.0.1 --port=$(PORT) $(ALLOW_ROOT)

test: $(STAMP)
	$(BIN)/python -m pytest tests solutions --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg

# Instructor: regenerate notebooks/ from solutions/.
release: $(STAMP)
	$(BIN)/course release

# Instructor: run every solution notebook again and store its outputs.
outputs: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.store_widget_state=False $(NOTEBOOKS)
	$(BIN)/course release

clean:
	rm -rf $(VENV) test-artifacts

# Set up and run the course on a bare machine with Python 3.11 or newer.
#   make lab    create .venv, install the course, start JupyterLab on notebooks/00_start_here
#   make lab-fr the same in French: notebooks/fr/00_start_here in a French JupyterLab
#   make test   create .venv, install the course, run every test
#   make lock   refresh constraints.txt, the lock every install of the course uses
#   make lite   the course as a static website in _site/, Python in the browser (README)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Every version an install of the course resolves, for every extra and Python 3.11 and newer.
LOCK := constraints.txt
# The lock's tool, pinned so that a refresh writes the same format.
UV := uv==0.13.9
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings
# The hub test's proxy, the npm package configurable-http-proxy, installed next to the venv.
HUB_PROXY := $(VENV)/hub-proxy
CHP := $(HUB_PROXY)/node_modules/.bin/configurable-http-proxy
# `course lite`: Pyodide's core (the npm package pyodide, the version the kernel was built
# for) and the wheels the site serves, fetched next to the venv.
LITE_CACHE := $(VENV)/lite
PYODIDE := pyodide@314.0.6
# The browser tests' accessibility audit, the npm package axe-core, installed next to the venv.
AXE := $(VENV)/axe/node_modules/axe-core/axe.min.js
AXE_VERSION := 4.14.1
PORT ?= 8888
TEST_JOBS ?= 2
NOTEBOOKS ?= solutions/*.ipynb
# the worksheets whose stored cases `make outputs` computes again (all when empty)
WORKSHEETS ?=
# JupyterLab refuses to run as root unless told to (CI runs as root).
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab lab-fr test lock release outputs clean hub-proxy lite-deps lite axe

$(STAMP): pyproject.toml $(LOCK) etc/jupyterlab-overrides.json
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c $(LOCK) -e '.[test,grade,report,hub,cluster,i18n,lite]'
	mkdir -p $(LAB_SETTINGS)
	cp etc/jupyterlab-overrides.json $(LAB_SETTINGS)/overrides.json
	touch $@

lab: $(STAMP)
	$(BIN)/jupyter lab --LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb --no-browser --ip=127.0.0.1 --port=$(PORT) $(ALLOW_ROOT)

# The French notebooks in a French JupyterLab (its own settings folder selects the language pack).
lab-fr: $(STAMP)
	$(BIN)/python -c "import course.i18n.lab_language as l; l.write_user_settings('$(VENV)/lab-settings-fr', 'fr')"
	JUPYTERLAB_SETTINGS_DIR=$(VENV)/lab-settings-fr $(BIN)/jupyter lab --LabApp.default_url=/lab/tree/notebooks/fr/00_start_here.ipynb --no-browser --ip=127.0.0.1 --port=$(PORT) $(ALLOW_ROOT)

# Version 5 needs node 20 (Debian 12's own node is 18: version 4 there). Without npm (or
# its registry) the hub test is skipped, with the reason.
hub-proxy: $(STAMP)
	@if [ -x $(CHP) ]; then :; \
	elif command -v npm >/dev/null 2>&1; then \
		major=$$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0); \
		version=$$([ "$$major" -ge 20 ] && echo 5 || echo 4); \
		echo "Installing configurable-http-proxy@$$version for the hub test"; \
		npm install --silent --no-audit --no-fund --prefix $(HUB_PROXY) configurable-http-proxy@$$version \
			|| echo "configurable-http-proxy could not be installed: the hub test will be skipped"; \
	else echo "npm is missing: the hub test will be skipped"; fi

# What `course lite` builds the site from (the only step of it that needs the network).
# Without npm (or its registry) the lite test is skipped, with the reason.
lite-deps: $(STAMP)
	@if [ -f $(LITE_CACHE)/node_modules/pyodide/pyodide-lock.json ]; then :; \
	elif command -v npm >/dev/null 2>&1; then \
		echo "Installing $(PYODIDE) for the JupyterLite site"; \
		npm install --silent --no-audit --no-fund --prefix $(LITE_CACHE) $(PYODIDE) \
			|| echo "$(PYODIDE) could not be installed: the lite test will be skipped"; \
	else echo "npm is missing: the lite test will be skipped"; fi
	@$(BIN)/python -c "import course.lite as l; l.download_wheels(l.DEFAULT_CACHE / 'wheels', l.Path('$(LOCK)'))" \
		|| echo "the site's wheels could not be downloaded: the lite test will be skipped"

# Instructor: the course in the browser, a static site in _site/ (see README "Teaching a class").
lite: lite-deps
	$(BIN)/course lite --to _site

# Without npm (or its registry) the accessibility audits are skipped, with the reason.
axe: $(STAMP)
	@if [ -f $(AXE) ]; then :; \
	elif command -v npm >/dev/null 2>&1; then \
		echo "Installing axe-core@$(AXE_VERSION) for the accessibility audits"; \
		npm install --silent --no-audit --no-fund --prefix $(VENV)/axe axe-core@$(AXE_VERSION) \
			|| echo "axe-core could not be installed: the accessibility audits will be skipped"; \
	else echo "npm is missing: the accessibility audits will be skipped"; fi

# Tests run in TEST_JOBS processes, a file's tests together (notebooks keep their kernel):
# the tests, nbval on the solutions' stored outputs, the doctests of src/ and the README's.
# The 20 slowest are listed at the end (the tests take about 11 minutes on 2 cores).
test: $(STAMP) hub-proxy lite-deps axe
	$(BIN)/python -m pytest tests solutions src README.md \
		--nbval --nbval-sanitize-with tests/nbval_sanitize.cfg \
		--doctest-modules --doctest-glob=README.md -n $(TEST_JOBS) --dist loadfile --durations=20

# Instructor, before a term: resolve every dependency anew (the newest releases that fit
# pyproject.toml, for every extra and every Python the course supports), then `make test`.
lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet '$(UV)'
	$(BIN)/uv pip compile pyproject.toml --all-extras --universal --python-version 3.11 --upgrade \
		--quiet --custom-compile-command 'make lock' --output-file $(LOCK)

# Instructor: regenerate notebooks/ (and notebooks/fr/) from solutions/.
release: $(STAMP)
	$(BIN)/course release
	$(BIN)/course release --lang fr

# Instructor: compute the checks' generated examples, run every solution notebook again and
# store its outputs. After a change to one worksheet, name it and its notebook:
# make outputs WORKSHEETS=jass NOTEBOOKS=solutions/01_jass_melds.ipynb
outputs: $(STAMP)
	$(BIN)/course cases $(addprefix --worksheet ,$(WORKSHEETS))
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.store_widget_state=False $(NOTEBOOKS)
	$(BIN)/course release
	$(BIN)/course release --lang fr

clean:
	rm -rf $(VENV) test-artifacts

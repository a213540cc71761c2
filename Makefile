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

lint: $(STAMP)
	$(PYTHON) -m ruff check src hooks tests bench scripts
	$(VENV)/bin/zizmor --offline --quiet .github/workflows/
	$(VENV)/bin/actionlint .github/workflows/*.yml

setup: $(STAMP) node_modules/.installed browser

$(STAMP): requirements.txt pyproject.toml
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip==26.3
	$(PYTHON) -m pip install --quiet -r requirements.txt
	$(PYTHON) -m pip install --quiet --no-deps -e .
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

browser:
	bash scripts/install-browser.sh

lock: $(STAMP)
	{ echo "# Every package the site and its tests use, pinned (regenerate with \`make lock\`)."; \
	  $(PYTHON) -m pip freeze --exclude-editable; } > requirements.txt

clean:
	rm -rf site test-artifacts .pytest_cache

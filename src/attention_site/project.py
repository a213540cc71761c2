"""Where the project is, seen from this package: the folder above it that holds mkdocs.yml.

The package is installed editable from the project's checkout (src layout), so the pages, the programs and
CONTRIBUTING.md it reads sit in that folder. A build started by MkDocs knows its folder from its config instead
(`mkdocs_adapter.config.project_root`), which is the same folder in every use of this project.
"""

from __future__ import annotations

from pathlib import Path


def project_folder() -> Path:
    """The nearest folder above this package that holds mkdocs.yml."""
    for folder in Path(__file__).resolve().parents:
        if (folder / "mkdocs.yml").is_file():
            return folder
    raise FileNotFoundError("no mkdocs.yml above the attention_site package: install the project from its "
                            "checkout (`pip install -e .`), as `make serve` does")

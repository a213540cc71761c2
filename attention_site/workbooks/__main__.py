"""Write every workbook into a folder: `python -m attention_site.workbooks site/downloads [--site-url URL]`.

For builds that run no MkDocs hooks (Zensical): run it after the build, with SOURCE_DATE_EPOCH set as
the Makefile sets it, to get the same bytes as the hook would write.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from .build import write_workbooks


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, write the files, print their paths."""
    parser = argparse.ArgumentParser(prog="python -m attention_site.workbooks", description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path, help="where the .xlsx files go, e.g. site/downloads")
    parser.add_argument("--site-url", help="the site's address for the links (default: site_url of mkdocs.yml)")
    args = parser.parse_args(argv)
    for path in write_workbooks(args.folder, site_url=args.site_url):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

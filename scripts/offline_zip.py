"""Pack a site built for reading from disk (`make offline`) into one zip, the same bytes for the same files.

    python scripts/offline_zip.py SITE_DIR ZIP_FILE

Entries are sorted and dated from SOURCE_DATE_EPOCH (1980-01-01 without it), so two builds of one commit give
one zip.
"""

from __future__ import annotations

import os
import sys
import time
import zipfile
from pathlib import Path

FOLDER = "attention-by-hand"  # the one folder the zip unpacks to; open attention-by-hand/index.html


def zip_site(site: Path, target: Path) -> int:
    """Write every file of `site` into `target` under FOLDER/; return how many files went in."""
    stamp = time.gmtime(max(int(os.environ.get("SOURCE_DATE_EPOCH", "315532800")), 315532800))[:6]
    files = sorted(path for path in site.rglob("*") if path.is_file())
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in files:
            entry = zipfile.ZipInfo(f"{FOLDER}/{path.relative_to(site).as_posix()}", date_time=stamp)
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, path.read_bytes(), compress_type=zipfile.ZIP_DEFLATED)
    return len(files)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python scripts/offline_zip.py SITE_DIR ZIP_FILE")
    count = zip_site(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"{sys.argv[2]}: {count} files; unpack it and open {FOLDER}/index.html")

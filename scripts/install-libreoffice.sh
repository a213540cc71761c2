#!/usr/bin/env bash
# Make sure LibreOffice Calc (headless) is installed for the workbook tests (tests/test_workbooks.py).
# The tests ask `soffice --headless` to recalculate every generated .xlsx; Debian's libreoffice-calc-nogui
# has no GUI dependencies. poppler-utils (pdftoppm) turns a workbook's PDF into a PNG to look at.
set -euo pipefail
if command -v soffice >/dev/null; then
  exit 0
fi
# As root, apt-get runs as it is; otherwise through sudo, if it needs no password (as on CI runners).
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null || ! sudo -n true 2>/dev/null; then
    echo "LibreOffice is missing: run 'sudo apt-get install -y libreoffice-calc-nogui' (Debian's package), then 'make test' again." >&2
    exit 1
  fi
  as_root=(sudo -n)
fi
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  libreoffice-calc-nogui fonts-liberation poppler-utils >/dev/null
soffice --version

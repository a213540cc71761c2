#!/usr/bin/env bash
# Make sure Debian's Chromium is at /usr/bin/chromium for the browser tests.
# Playwright drives this browser; it never downloads one of its own. (GitHub's Ubuntu runners already
# have a Chromium at /usr/bin/chromium, so there this script does nothing.)
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
# As root, apt-get runs as it is; otherwise through sudo, if it needs no password (as on CI runners).
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null || ! sudo -n true 2>/dev/null; then
    echo "Chromium is missing: run 'sudo apt-get install -y chromium' (Debian's package), then 'make test' again." >&2
    exit 1
  fi
  as_root=(sudo -n)
fi
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
/usr/bin/chromium --version

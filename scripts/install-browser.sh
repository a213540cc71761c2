#!/usr/bin/env bash
# Make sure Debian's Chromium is at /usr/bin/chromium for the browser tests.
# Playwright drives this browser; it never downloads one of its own.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' (Debian's package), then 'make test' again." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
/usr/bin/chromium --version

#!/usr/bin/env bash
# Make sure a program the tests drive is installed, from Debian's packages:
#
#   bash scripts/install-debian-packages.sh PROGRAM PACKAGE...
#
# Nothing happens when PROGRAM is already on the PATH (GitHub's Ubuntu runners have a Chromium at
# /usr/bin/chromium). Otherwise apt-get installs the packages: as root directly, else through sudo if it
# needs no password (as on CI runners), else the script says what to run and stops.
set -euo pipefail
program=$1
shift
if command -v "$program" >/dev/null; then
  exit 0
fi
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null || ! sudo -n true 2>/dev/null; then
    echo "$program is missing: run 'sudo apt-get install -y $*' (Debian's packages), then 'make test' again." >&2
    exit 1
  fi
  as_root=(sudo -n)
fi
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
command -v "$program"

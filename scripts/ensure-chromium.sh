#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (never a downloaded one); install it when missing.
set -euo pipefail
source "$(dirname "$0")/lib/apt-install.sh"
has_chromium() { [ -x /usr/bin/chromium ]; }
missing has_chromium || exit 0
echo "Installing Debian's chromium package for the browser tests…"
apt_install chromium >/dev/null

#!/usr/bin/env bash
# The multi-instance test (tests/server/redis-instances.test.ts) runs Debian's redis-server, started
# by the test itself, unprivileged, in a temporary folder; install the package when missing.
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then exit 0; fi
echo "Installing Debian's redis-server package for the multi-instance test…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
# The package's service is not wanted (the test starts its own Redis); where policy-rc.d allows
# services to start, Debian starts one on port 6379, which the test never uses.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null

#!/usr/bin/env bash
# The Redis tests run Debian's redis-server, started by the test itself, unprivileged, in a
# temporary folder; install the package when missing.
set -euo pipefail
source "$(dirname "$0")/lib/apt-install.sh"
has_redis() { command -v redis-server >/dev/null 2>&1; }
missing has_redis || exit 0
echo "Installing Debian's redis-server package for the Redis tests…"
# The package's service is not wanted (the tests start their own Redis); where policy-rc.d allows
# services to start, Debian starts one on port 6379, which the tests never use.
apt_install redis-server >/dev/null

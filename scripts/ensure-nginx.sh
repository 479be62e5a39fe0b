#!/usr/bin/env bash
# `npm run start:nginx` and the tests in front of several instances run Debian's nginx (with the
# brotli_static module for the precompressed .br files); install them when missing.
set -euo pipefail
source "$(dirname "$0")/lib/apt-install.sh"
has_nginx() { [ -x /usr/sbin/nginx ] && [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; }
missing has_nginx || exit 0
echo "Installing Debian's nginx and its brotli_static module…"
# The package's own service is not wanted here (no init system in CI; we run nginx ourselves).
apt_install --no-install-recommends nginx-light libnginx-mod-http-brotli-static >/dev/null 2>&1 \
  || apt_install --no-install-recommends nginx libnginx-mod-http-brotli-static >/dev/null

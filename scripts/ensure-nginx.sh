#!/usr/bin/env bash
# `npm run start:nginx` and its test run Debian's nginx (with the brotli_static module for the
# precompressed .br files); install them when missing, as scripts/ensure-chromium.sh does Chromium.
set -euo pipefail
if [ -x /usr/sbin/nginx ] && [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; then exit 0; fi
echo "Installing Debian's nginx and its brotli_static module…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
# The package's own service is not wanted here (no init system in CI; we run nginx ourselves).
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nginx-light libnginx-mod-http-brotli-static >/dev/null 2>&1 \
  || DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nginx libnginx-mod-http-brotli-static >/dev/null

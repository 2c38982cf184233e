#!/usr/bin/env bash
# Installs the headless browser the GUI's end-to-end tests drive (web-ui/e2e): Debian's
# chromium at /usr/bin/chromium. playwright-core never downloads a browser of its own here.
# Idempotent; needs root (or an existing /usr/bin/chromium).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "missing /usr/bin/chromium: install Debian's 'chromium' package as root" >&2
    exit 1
fi
echo "installing chromium (Debian package) for the GUI's browser tests" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

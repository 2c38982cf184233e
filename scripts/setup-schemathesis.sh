#!/usr/bin/env bash
# Creates the virtualenv scripts/schemathesis.sh runs: schemathesis (an independent OpenAPI
# fuzzer) at a pinned version from PyPI, under target/schemathesis-venv. Idempotent.
# Exit 0: ready. Exit 3: cannot be set up here (no python3 venv module, or PyPI unreachable);
# the reason is printed, and callers count the schemathesis stage as skipped.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version=4.32.5
venv="$root/target/schemathesis-venv"
log="$root/target/schemathesis/install.log"
mkdir -p "$(dirname "$log")"
if [ -x "$venv/bin/st" ] && "$venv/bin/pip" show schemathesis 2>/dev/null | grep -qx "Version: $version"; then
    exit 0
fi
if ! python3 -m venv --help >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "installing python3-venv (Debian package) for schemathesis" >&2
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null || true
    fi
    if ! python3 -m venv --help >/dev/null 2>&1; then
        echo "setup-schemathesis.sh: python3 with venv is missing (apt-get install python3-venv)"; exit 3
    fi
fi
rm -rf "$venv"
python3 -m venv "$venv"
if ! "$venv/bin/pip" install -q "schemathesis==$version" >"$log" 2>&1; then
    echo "setup-schemathesis.sh: could not install schemathesis $version from PyPI (see $log)"
    rm -rf "$venv"; exit 3
fi

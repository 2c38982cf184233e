#!/usr/bin/env bash
# Checks (and where possible installs) what the build and the tests need on a Debian 12 machine:
# JDK 17, Maven, Node and npm (the GUI is built with npm). Idempotent; run it as often as you like.
# --hosts also installs what `hsdba lab --hosts` and its tests need: iproute2, ethtool, iperf3;
# and what the real-POFSwitch tests need to build and drive it (scripts/pofswitch.sh): gcc, make,
# patch, python3, unshare (util-linux).
set -euo pipefail
quiet=false
hosts=false
for a in "$@"; do
    case "$a" in
        --quiet) quiet=true ;;
        --hosts) hosts=true ;;
        *) echo "usage: scripts/setup.sh [--quiet] [--hosts]" >&2; exit 2 ;;
    esac
done
say() { $quiet || echo "$@"; }

missing=()
command -v java >/dev/null || missing+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null || missing+=(maven)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if $hosts; then
    command -v ip >/dev/null || missing+=(iproute2)
    command -v ethtool >/dev/null || missing+=(ethtool)
    command -v iperf3 >/dev/null || missing+=(iperf3)
    command -v gcc >/dev/null || missing+=(gcc)
    command -v make >/dev/null || missing+=(make)
    command -v patch >/dev/null || missing+=(patch)
    [ -e /usr/include/stdio.h ] || missing+=(libc6-dev)
    command -v python3 >/dev/null || missing+=(python3)
    command -v unshare >/dev/null || missing+=(util-linux)
fi
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "installing ${missing[*]}"
        apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "missing: ${missing[*]} (install them with apt-get as root)" >&2
        exit 1
    fi
fi
jv=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
if [ "${jv:-0}" -lt 17 ]; then
    echo "JDK 17 or newer is needed to build (found ${jv:-none}); the bytecode targets Java 11" >&2
    exit 1
fi
say "setup: java $jv, $(mvn -v 2>/dev/null | head -1 | sed 's/\x1b\[[0-9;]*m//g'), node $(node --version), npm $(npm --version)"

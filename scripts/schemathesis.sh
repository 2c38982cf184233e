#!/usr/bin/env bash
# The REST API against its own OpenAPI document: schemathesis (an independent OpenAPI fuzzer,
# pinned version from PyPI, in a virtualenv under target/) with every check, against the lab.
#   scripts/schemathesis.sh                  # starts a lab on free loopback ports, fuzzes, stops it
#   HSDBA_URL=http://127.0.0.1:8181/onos/hsdba/ scripts/schemathesis.sh   # a lab already running
# Environment: ST_MAX_EXAMPLES (default 25 per operation), ST_TIMEOUT (default 240 s for the
# whole run: a bound, not a target). Exit status: schemathesis's (0 = no failure).
# Skips (exit 0, with a message) when python3 with venv or the network to PyPI is missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
version=4.32.5
venv="$root/target/schemathesis-venv"
out="$root/target/schemathesis"
mkdir -p "$out"

if [ ! -x "$venv/bin/st" ] || ! "$venv/bin/pip" show schemathesis 2>/dev/null | grep -qx "Version: $version"; then
    if ! python3 -m venv --help >/dev/null 2>&1; then
        echo "schemathesis.sh: SKIPPED: python3 with venv is missing (apt-get install python3-venv)"; exit 0
    fi
    rm -rf "$venv"
    python3 -m venv "$venv"
    if ! "$venv/bin/pip" install -q "schemathesis==$version" >"$out/install.log" 2>&1; then
        echo "schemathesis.sh: SKIPPED: could not install schemathesis $version from PyPI (see $out/install.log)"
        rm -rf "$venv"; exit 0
    fi
fi

lab_pid=""
data=""
cleanup() {
    if [ -n "$lab_pid" ] && kill -0 "$lab_pid" 2>/dev/null; then
        kill -TERM -- "-$lab_pid" 2>/dev/null || true
        for _ in $(seq 1 75); do kill -0 "$lab_pid" 2>/dev/null || break; sleep 0.2; done
        kill -KILL -- "-$lab_pid" 2>/dev/null || true
    fi
    [ -n "$data" ] && rm -rf "$data"
}
trap cleanup EXIT

base="${HSDBA_URL:-}"
if [ -z "$base" ]; then
    data="$(mktemp -d -t hsdba-st-XXXXXX)"
    log="$out/lab.log"
    setsid "$root/hsdba" lab --http-port 0 --pof-port 0 --switches 1 --data-dir "$data" --status 0 >"$log" 2>&1 &
    lab_pid=$!
    deadline=$((SECONDS + ${HSDBA_LAB_TIMEOUT:-600}))
    while :; do
        ui="$(grep -oE 'http://127\.0\.0\.1:[0-9]+/onos/hsdba/ui/' "$log" | head -1 || true)"
        if [ -n "$ui" ]; then base="${ui%ui/}"; break; fi
        if ! kill -0 "$lab_pid" 2>/dev/null; then echo "the lab stopped; see $log" >&2; exit 1; fi
        if [ $SECONDS -ge $deadline ]; then echo "the lab did not start in time; see $log" >&2; exit 1; fi
        sleep 1
    done
fi

echo "schemathesis $version, every check, against ${base}v1/openapi.json"
set +e
cd "$out" # schemathesis keeps a cache in its working directory
timeout "${ST_TIMEOUT:-240}" "$venv/bin/st" run "${base}v1/openapi.json" --url "${base}v1" \
    --checks all --auth onos:rocks --max-examples "${ST_MAX_EXAMPLES:-25}" --generation-deterministic \
    --request-timeout 10 --report junit --report-dir "$out" 2>&1 | tee "$out/run.txt"
status=${PIPESTATUS[0]}
set -e
[ "$status" -eq 124 ] && echo "schemathesis.sh: stopped after ${ST_TIMEOUT:-240} s (the bound); see $out/run.txt"
exit "$status"

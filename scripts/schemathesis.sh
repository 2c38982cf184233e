#!/usr/bin/env bash
# The REST API against its own OpenAPI document: schemathesis (an independent OpenAPI fuzzer,
# pinned version from PyPI, in a virtualenv under target/) with every check, against the lab.
#   scripts/schemathesis.sh                  # starts a lab on free loopback ports, fuzzes, stops it
#   HSDBA_URL=http://127.0.0.1:8181/onos/hsdba/ scripts/schemathesis.sh   # a lab already running
# Environment: ST_MAX_EXAMPLES (default 25 per operation), ST_TIMEOUT (default 240 s for the
# whole run: a bound, not a target). Exit status: schemathesis's (0 = no failure).
# Skips (exit 0, with a message) when python3 with venv or the network to PyPI is missing
# (scripts/setup-schemathesis.sh makes the virtualenv). Settings: scripts/schemathesis.toml.
# Ends with "# tests N", "# fail N", "# skipped N" for the test command's closing line.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
venv="$root/target/schemathesis-venv"
out="$root/target/schemathesis"
mkdir -p "$out"

# A summary the test command counts (scripts/test-all.sh): one test per API operation and phase
# of the JUnit report, or one skipped / failed test when there is no report.
summary() { # tests fail skipped
    printf '# tests %s\n# fail %s\n# skipped %s\n' "$1" "$2" "$3"
}

set +e
"$here/setup-schemathesis.sh"
setup=$?
set -e
if [ $setup -eq 3 ]; then
    echo "schemathesis.sh: SKIPPED (see above)"; summary 1 0 1; exit 0
elif [ $setup -ne 0 ]; then
    exit $setup
fi
version="$("$venv/bin/st" --version | sed 's/.*version //')"

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
rm -f "$out"/junit-*.xml
timeout "${ST_TIMEOUT:-240}" "$venv/bin/st" --config-file "$here/schemathesis.toml" run "${base}v1/openapi.json" \
    --url "${base}v1" --checks all --auth onos:rocks --max-examples "${ST_MAX_EXAMPLES:-25}" \
    --generation-deterministic --request-timeout 10 --report junit --report-dir "$out" 2>&1 | tee "$out/run.txt"
status=${PIPESTATUS[0]}
set -e
report="$(ls "$out"/junit-*.xml 2>/dev/null | head -1 || true)"
if [ "$status" -eq 124 ]; then
    echo "schemathesis.sh: stopped after ${ST_TIMEOUT:-240} s (the bound); see $out/run.txt"
    summary 1 1 0
elif [ -n "$report" ]; then
    python3 - "$report" "$status" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
cases = root.iter("testcase")
tests = failed = skipped = 0
for c in cases:
    tests += 1
    failed += c.find("failure") is not None or c.find("error") is not None
    skipped += c.find("skipped") is not None
if tests == 0 or (failed == 0 and sys.argv[2] != "0"):  # a run that failed without failing cases
    tests, failed = tests + 1, failed + 1
print(f"# tests {tests}\n# fail {failed}\n# skipped {skipped}")
PY
else
    summary 1 1 0
fi
exit "$status"

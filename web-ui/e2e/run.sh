#!/usr/bin/env bash
# The GUI's browser tests against the real server: starts the lab (app core + REST API + this
# page, reference POF switches and traffic) on free loopback ports, waits for the page URL it
# prints, runs e2e/*.test.mjs with Node's test runner in headless Chromium, then stops the lab.
#   web-ui/e2e/run.sh                 # screenshots go to docs/screenshots/
#   HSDBA_URL=http://127.0.0.1:8181/onos/hsdba/ui/ web-ui/e2e/run.sh   # against a lab already running
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
ui="$(dirname "$here")"
root="$(dirname "$ui")"

"$root/scripts/setup-browser.sh"
if [ ! -d "$ui/node_modules/playwright-core" ]; then
    (cd "$ui" && npm ci --no-audit --no-fund --loglevel=error)
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

if [ -z "${HSDBA_URL:-}" ]; then
    mkdir -p "$ui/target"
    # The page is packaged into the lab's jar; ./hsdba rebuilds only for changes under */src/main,
    # so rebuild here when the page's own sources are newer than the lab jar.
    jar="$root/lab/target/hsdba-lab.jar"
    if [ -f "$jar" ] && [ -n "$(find "$ui/src" "$ui/package.json" "$ui/build.mjs" -newer "$jar" -print -quit)" ]; then
        echo "the page changed since the lab was built: mvn -pl lab -am package (tests skipped)"
        (cd "$root" && mvn -q -pl lab -am package -DskipTests >"$ui/target/e2e-build.log" 2>&1) || {
            echo "build failed; see $ui/target/e2e-build.log" >&2; exit 1; }
    fi
    log="$ui/target/e2e-lab.log"
    data="$(mktemp -d -t hsdba-e2e-XXXXXX)"
    echo "starting the lab (any free loopback ports; its output: $log)"
    # Port 0: the lab takes free ports itself and prints the page's URL once a switch is programmed.
    # Its own process group (setsid), so that stopping it also stops a first-use build under it.
    setsid "$root/hsdba" lab --http-port 0 --pof-port 0 --switches 1 --data-dir "$data" --status 0 >"$log" 2>&1 &
    lab_pid=$!
    # The first run may build the project first; then the lab prints the page's URL.
    deadline=$((SECONDS + ${HSDBA_LAB_TIMEOUT:-600}))
    while :; do
        url="$(grep -oE 'http://127\.0\.0\.1:[0-9]+/onos/hsdba/ui/' "$log" | head -1 || true)"
        if [ -n "$url" ] && curl -s -o /dev/null -w '%{http_code}' "$url" | grep -qE '^(200|303|401)$'; then
            break
        fi
        if ! kill -0 "$lab_pid" 2>/dev/null; then
            echo "the lab exited before serving the page; its log:" >&2
            tail -40 "$log" >&2
            exit 1
        fi
        if [ $SECONDS -gt $deadline ]; then
            echo "the lab did not print its page URL in time; its log:" >&2
            tail -40 "$log" >&2
            exit 1
        fi
        sleep 1
    done
    export HSDBA_URL="$url"
fi

echo "testing $HSDBA_URL"
cd "$ui"
node --test --test-concurrency=1 e2e/

#!/usr/bin/env bash
# Runs every test of the project:
#   1. the Maven build: unit, property, component, end-to-end (TCP), packaging tests, the GUI's unit
#      tests (node --test) and the Karaf container test;
#   2. the GUI's browser tests in headless Chromium against the real lab (web-ui/e2e/run.sh);
#   3. the REST API against its OpenAPI document: schemathesis with every check against a lab
#      (scripts/schemathesis.sh, pinned virtualenv from scripts/setup-schemathesis.sh, bounded in
#      time); each API operation counts as one test, the whole stage as one skipped test when
#      python3-venv or PyPI is unavailable;
#   4. a smoke run of every benchmark (scripts/bench.sh all --quick --no-build, on the classes
#      mvn verify built), so that a broken benchmark cannot land; each counts as one test.
# Full output goes to target/test-all.log; the console gets the test summaries and any failure,
# and the last line counts every test: "N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

"$root/scripts/setup.sh" --quiet || exit 1
# Real-port and real-host tests need root, ethtool and iperf3; without root they skip with a message.
if [ "$(id -u)" = 0 ]; then "$root/scripts/setup.sh" --quiet --hosts || exit 1; fi
"$root/scripts/setup-browser.sh" || exit 1

mkdir -p target
log="$root/target/test-all.log"
e2e_log="$root/target/test-all-gui.log"
bench_log="$root/target/test-all-bench.log"
st_log="$root/target/test-all-schemathesis.log"
: >"$e2e_log"
: >"$bench_log"
: >"$st_log"

echo "== mvn verify (full log: target/test-all.log)"
started=$(date +%s)
# The same run writes each module's test class path (target/bench.cp) for the benchmark smoke stage:
# a goal run on its own later could not resolve the sibling modules, which are never installed.
mvn verify dependency:build-classpath -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test "$@" >"$log" 2>&1
status=$?
# Per-module results, errors and the reactor verdict.
grep -E "Tests run:|^# (pass|fail)|FAIL|ERROR\]|BUILD (SUCCESS|FAILURE)|Reactor Summary|hsdba .* (SUCCESS|FAILURE|SKIPPED)" "$log" \
    | grep -v "Tests run: .*, Time elapsed" || true

gui_status=0
if [ $status -eq 0 ]; then
    echo "== GUI browser tests against the lab (web-ui/e2e/run.sh; log: target/test-all-gui.log)"
    # Screenshots into target/: a test run leaves docs/screenshots/ as committed (refresh those
    # by running web-ui/e2e/run.sh directly).
    HSDBA_SCREENSHOTS="$root/target/gui-screenshots" "$root/web-ui/e2e/run.sh" >"$e2e_log" 2>&1
    gui_status=$?
    grep -E "^# (tests|pass|fail|skipped)|^not ok" "$e2e_log" || true
fi

st_status=0
if [ $status -eq 0 ]; then
    echo "== REST API against its OpenAPI document (scripts/schemathesis.sh; log: target/test-all-schemathesis.log)"
    # Bounded: 10 examples per operation and phase, at most 4 minutes of fuzzing after the lab starts.
    ST_MAX_EXAMPLES=10 ST_TIMEOUT=240 "$root/scripts/schemathesis.sh" >"$st_log" 2>&1
    st_status=$?
    grep -E "^# (tests|fail|skipped)|SKIPPED|stopped after|^ *(❌|✅) |^=+ .* in [0-9.]+s =+$" "$st_log" || true
fi

bench_status=0
if [ $status -eq 0 ]; then
    echo "== benchmarks, smoke run (scripts/bench.sh all --quick --no-build; log: target/test-all-bench.log)"
    "$root/scripts/bench.sh" all --quick --no-build >"$bench_log" 2>&1
    bench_status=$?
    grep -E "^[a-z][a-z-]* +(ok|FAILED) |^    |^== |^bench.sh:" "$bench_log" || true
fi

# One closing line over every runner: surefire/failsafe XML reports and node's TAP summaries.
# Reports older than this run (a test class since renamed or removed) do not count.
python3 - "$root" "$started" "$bench_log" "$log" "$e2e_log" "$st_log" <<'PY'
import glob, os, re, sys, xml.etree.ElementTree as ET
root, started, bench_log, logs = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
tests = failed = skipped = 0
reports = glob.glob(root + "/**/target/surefire-reports/TEST-*.xml", recursive=True) \
        + glob.glob(root + "/**/target/failsafe-reports/TEST-*.xml", recursive=True)
for f in reports:
    if os.path.getmtime(f) < started:
        continue
    r = ET.parse(f).getroot()
    tests += int(r.get("tests", 0)); skipped += int(r.get("skipped", 0))
    failed += int(r.get("failures", 0)) + int(r.get("errors", 0))
for path in logs:
    text = open(path, errors="replace").read()
    for kind, n in re.findall(r"^# (tests|fail|skipped) (\d+)$", text, re.M):
        n = int(n)
        if kind == "tests": tests += n
        elif kind == "fail": failed += n
        else: skipped += n
# bench.sh prints one line per benchmark: "NAME  ok ..." or "NAME  FAILED ..."
for verdict in re.findall(r"^[a-z][a-z-]* +(ok|FAILED) ", open(bench_log, errors="replace").read(), re.M):
    tests += 1
    failed += verdict == "FAILED"
print(f"{tests - failed - skipped} passed, {failed} failed, {skipped} skipped")
PY

if [ $status -ne 0 ]; then
    echo "mvn verify failed (exit $status); the last lines of target/test-all.log:"
    tail -60 "$log"
    exit $status
fi
if [ $st_status -ne 0 ]; then
    # A document that says more or less than the server accepts fails the test command (a machine
    # without python3-venv or PyPI skips the stage with exit 0 and says so).
    echo "schemathesis found failures (exit $st_status); the last lines of target/test-all-schemathesis.log:"
    tail -40 "$st_log"
fi
if [ $bench_status -ne 0 ]; then
    echo "benchmark smoke run failed (exit $bench_status); the last lines of target/test-all-bench.log:"
    tail -40 "$bench_log"
fi
if [ $gui_status -ne 0 ]; then
    echo "GUI browser tests failed (exit $gui_status); the last lines of target/test-all-gui.log:"
    tail -60 "$e2e_log"
    exit $gui_status
fi
if [ $st_status -ne 0 ]; then
    exit $st_status
fi
exit $bench_status

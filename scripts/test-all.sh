#!/usr/bin/env bash
# Runs every test of the project: the Maven build (unit, component, end-to-end, packaging tests).
# Full output goes to target/test-all.log; the console gets the test summaries and any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

"$root/scripts/setup.sh" --quiet

mkdir -p target
log="$root/target/test-all.log"
echo "== mvn verify (full log: target/test-all.log)"
set +e
mvn verify "$@" >"$log" 2>&1
status=$?
set -e
# Per-module surefire results, errors and the reactor verdict.
grep -E "Tests run:|FAIL|ERROR\]|BUILD (SUCCESS|FAILURE)|Reactor Summary|hsdba .* (SUCCESS|FAILURE|SKIPPED)" "$log" \
    | grep -v "Tests run: .*, Time elapsed" || true

# One closing line over every module's surefire reports.
python3 - "$root" <<'PY'
import glob, sys, xml.etree.ElementTree as ET
tests = failed = skipped = 0
for f in glob.glob(sys.argv[1] + "/**/target/surefire-reports/TEST-*.xml", recursive=True) + glob.glob(sys.argv[1] + "/**/target/failsafe-reports/TEST-*.xml", recursive=True):
    r = ET.parse(f).getroot()
    tests += int(r.get("tests", 0)); skipped += int(r.get("skipped", 0))
    failed += int(r.get("failures", 0)) + int(r.get("errors", 0))
print(f"{tests - failed - skipped} passed, {failed} failed, {skipped} skipped")
PY
if [ $status -ne 0 ]; then
    echo "mvn verify failed (exit $status); the last lines of target/test-all.log:"
    tail -60 "$log"
fi
exit $status

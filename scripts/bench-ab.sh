#!/usr/bin/env bash
# A/B of the interpreter benchmark between two builds of the reference switch, in alternating
# rounds in the same minutes, so that the machine's swing between minutes (other work, frequency)
# hits both builds alike. A driver alternating both hot paths inside one JVM is not possible (the
# two builds are the same classes), so each run is its own JVM; the order inside a round alternates
# (A B, then B A, ...) so that neither build always runs right after the other.
#
#   scripts/bench-ab.sh [--rounds N] [--seconds S] [--lock FILE] [--no-build] [--out FILE] A B
#
# A and B: a directory holding a checkout of this repository (its reference-switch is built
# there, or reused with --no-build), or a git revision of this repository (checked out detached
# under target/bench-ab/trees/<sha>, built once, reused afterwards).
#   --rounds N   rounds (default 5); each round runs A and B once
#   --seconds S  simulated seconds of traffic per run (hsdba.bench.seconds, default 0.5)
#   --lock FILE  builds under `flock -s FILE`, the rounds under `flock -x FILE` (a quiet lock shared
#                with other builds on the machine)
#   --no-build   reuse the trees' classes (each needs reference-switch/target/bench.cp)
#   --out FILE   where the figures go (default target/bench-ab/ab-<UTC time>.txt)
# Each run's line: round, build, UTC time, 1-minute load before and after, then the benchmark's
# figures in packets per CPU second of its thread (the HSDBA program's fast path and interpreter,
# the stock pipeline's fast path) and the fast path's wall ns per packet. The summary gives each
# round's B/A ratio of the fast path's CPU rate and their median, min and max: a change is a
# change only if the ratios' spread does not straddle 1.
# Every run uses this tree's JVM options (jvm/opens.args, jvm/gc.args) for both builds.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

die() { echo "bench-ab.sh: $*" >&2; exit 2; }

rounds=5 seconds=0.5 lock= build=true out=
trees=()
while [ $# -gt 0 ]; do
    a=$1
    shift
    case "$a" in
        --rounds) [[ ${1:-} =~ ^[1-9][0-9]*$ ]] || die "--rounds needs a positive number"; rounds=$1; shift ;;
        --seconds) [[ ${1:-} =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "--seconds needs a number"; seconds=$1; shift ;;
        --lock) [ -n "${1:-}" ] || die "--lock needs a file"; lock=$1; shift ;;
        --out) [ -n "${1:-}" ] || die "--out needs a file"; out=$1; shift ;;
        --no-build) build=false ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) die "unknown option $a (see --help)" ;;
        *) trees+=("$a") ;;
    esac
done
[ ${#trees[@]} -eq 2 ] || die "needs two builds, A and B (see --help)"

# A tree: a directory as given, or a revision checked out once under target/bench-ab/trees/.
resolve() {
    if [ -d "$1" ]; then
        (cd "$1" && pwd)
        return
    fi
    local sha
    sha=$(git -C "$root" rev-parse --verify --short "$1^{commit}" 2>/dev/null) \
        || die "'$1' is neither a directory nor a git revision of $root"
    local dir="$root/target/bench-ab/trees/$sha"
    if [ ! -d "$dir" ]; then
        mkdir -p "$(dirname "$dir")"
        git -C "$root" worktree add --detach "$dir" "$sha" >/dev/null 2>&1 || die "git worktree add $dir $sha failed"
    fi
    echo "$dir"
}
dirs=("$(resolve "${trees[0]}")" "$(resolve "${trees[1]}")")
describe() {
    echo "$(git -C "$1" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$1" diff --quiet HEAD -- . 2>/dev/null || echo '+changes') ($1)"
}

locked() { # MODE COMMAND...: under the quiet lock when one was given
    local mode=$1
    shift
    if [ -n "$lock" ]; then flock "$mode" "$lock" "$@"; else "$@"; fi
}

if $build; then
    for d in "${dirs[@]}"; do
        echo "== building reference-switch in $d"
        (cd "$d" && locked -s mvn -B -q -o -Dstyle.color=never -DskipTests -pl reference-switch -am package \
            dependency:build-classpath -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test) \
            >"$root/target/bench-ab-build.log" 2>&1 || { tail -30 "$root/target/bench-ab-build.log"; die "build in $d failed"; }
    done
fi
for d in "${dirs[@]}"; do
    [ -f "$d/reference-switch/target/bench.cp" ] || die "$d/reference-switch is not built: run without --no-build"
done

mkdir -p "$root/target/bench-ab"
[ -n "$out" ] || out="$root/target/bench-ab/ab-$(date -u +%Y%m%dT%H%M%S).txt"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# figure LINE-REGEX FIELD-REGEX FILE: the number (commas removed) after FIELD-REGEX on the line
figure() {
    grep -E -- "$1" "$3" | head -1 | grep -oE -- "[0-9,.]+ $2" | head -1 | cut -d' ' -f1 | tr -d ,
}

run_one() { # ROUND LABEL DIR
    local d=$3 res="$work/$2-$1.txt"
    local cp="$d/reference-switch/target/classes:$(cat "$d/reference-switch/target/bench.cp")"
    local l0 t
    l0=$(cut -d' ' -f1 /proc/loadavg)
    t=$(date -u +%H:%M:%S)
    (cd "$work" && java "@$root/jvm/opens.args" "@$root/jvm/gc.args" -Dhsdba.bench.seconds="$seconds" \
        -cp "$cp" org.hsdba.pofswitch.bench.InterpreterBenchmark "$res" >"$work/log" 2>&1) \
        || { tail -20 "$work/log"; die "the benchmark failed in $d (round $1)"; }
    local fast interp stock ns
    fast=$(figure '^HSDBA program, fast path' 'packets per CPU second' "$res")
    interp=$(figure '^HSDBA program, interpreter' 'packets per CPU second' "$res")
    stock=$(figure '^stock 5-table GOTO_TABLE pipeline, fast path' 'packets per CPU second' "$res")
    ns=$(figure '^HSDBA program, fast path' 'ns/packet' "$res" | sed 's/^(//')
    printf '%-5s %-2s %s  load %5s -> %5s  fast %9s /CPU s (%s ns wall)  interpreter %8s /CPU s  stock fast %9s /CPU s\n' \
        "$1" "$2" "$t" "$l0" "$(cut -d' ' -f1 /proc/loadavg)" "$fast" "$ns" "$interp" "$stock"
}

rounds_run() {
    echo "# scripts/bench-ab.sh, $(date -u '+%Y-%m-%d %H:%M UTC'), $rounds rounds, $seconds s simulated per run"
    echo "# machine: $(nproc) cores ($(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)); $(uptime)"
    echo "# JVM: $(java -version 2>&1 | sed -n '2p'); options: @jvm/opens.args @jvm/gc.args ($(sed 's/#.*//' "$root/jvm/gc.args" | tr -s ' \n' ' '))"
    echo "# A: $(describe "${dirs[0]}")"
    echo "# B: $(describe "${dirs[1]}")"
    echo "# round build time  load  HSDBA fast path, interpreter, stock fast path (packets per CPU second of the benchmark thread)"
    for r in $(seq 1 "$rounds"); do
        if [ $((r % 2)) -eq 1 ]; then
            run_one "$r" A "${dirs[0]}"; run_one "$r" B "${dirs[1]}"
        else
            run_one "$r" B "${dirs[1]}"; run_one "$r" A "${dirs[0]}"
        fi
    done
    echo "# $(uptime)"
}

export -f run_one figure die
locked -x bash -c "$(declare -p root seconds work rounds dirs); $(declare -f rounds_run describe); rounds_run" | tee "$out.runs"

# Summary: per build median of the fast path's CPU rate; per round B/A.
awk '
    $1 ~ /^[0-9]+$/ { for (i = 1; i <= NF; i++) if ($i == "fast") { v[$2, $1] = $(i + 1); r = $1; break } }
    function median(a, k,    i, j, t) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
        return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
    END {
        for (b = 0; b < 2; b++) { lab = b ? "B" : "A"; k = 0; for (i = 1; i <= r; i++) if ((lab, i) in v) s[++k] = v[lab, i]
            lo = s[1]; hi = s[1]; for (i = 1; i <= k; i++) { if (s[i] < lo) lo = s[i]; if (s[i] > hi) hi = s[i] }
            printf "# %s: HSDBA fast path median %.0f packets per CPU second (min %.0f, max %.0f, %d runs)\n", lab, median(s, k), lo, hi, k }
        k = 0; for (i = 1; i <= r; i++) if (("A", i) in v && ("B", i) in v) q[++k] = v["B", i] / v["A", i]
        lo = q[1]; hi = q[1]; line = ""; for (i = 1; i <= k; i++) { if (q[i] < lo) lo = q[i]; if (q[i] > hi) hi = q[i]; line = line sprintf(" %.3f", q[i]) }
        printf "# B/A per round:%s\n# B/A median %.3f (min %.3f, max %.3f): %s\n", line, median(q, k), lo, hi,
            (lo > 1 ? "B faster in every round" : hi < 1 ? "B slower in every round" : "within the spread (no difference shown)")
    }' "$out.runs" | tee "$out.summary"
cat "$out.runs" "$out.summary" >"$out" && rm -f "$out.runs" "$out.summary"
echo "written to $out"

#!/usr/bin/env bash
# A/B of the reference switch's fast path between two builds, in one JVM: each build's classes in
# a class loader of their own (scripts/ab/AbDriver.java, AbRunner.java), run in alternating chunks
# of packets (A B, B A, ...) of the interpreter benchmark's HSDBA case, each chunk timed by the
# thread's CPU clock. The two chunks of a pair are milliseconds apart, so the machine's swing
# between minutes (other work, the sibling hardware thread, frequency) hits both builds alike;
# separate JVMs minutes apart (the A/B rounds until now) could not show a 5 % change.
#
#   scripts/bench-ab.sh [--pairs N] [--chunk P] [--batch B] [--jvms J] [--lock FILE] [--no-build] [--out FILE] A B
#
# A and B: a directory holding a checkout of this repository (its reference-switch is built
# there, or reused with --no-build), or a git revision of this repository (checked out detached
# under target/bench-ab/trees/<sha>, built once, reused afterwards).
#   --pairs N    measured pairs of chunks per JVM (default 40; 20 pairs before them warm the JIT up)
#   --chunk P    packets per chunk (default 50000, about 50 ms)
#   --batch B    packets per datapath call where a build has Datapath.processBatch (default 32, as
#                a real port's recvmmsg batch); a build without it, or --batch 1, feeds one at a time
#   --jvms J     JVMs one after another (default 2): the JIT's choices differ between JVMs
#   --lock FILE  builds under `flock -s FILE`, the measurement under `flock -x FILE` (a quiet lock
#                shared with other builds on the machine)
#   --no-build   reuse the trees' classes (each needs reference-switch/target/bench.cp)
#   --out FILE   where the figures go (default target/bench-ab/ab-<UTC time>.txt)
# Prints each pair (ns of CPU per packet of A and B, and B/A in packets per CPU second), each
# build's median and best, and the median and quartiles of B/A: a change is shown only when both
# quartiles are on one side of 1. The JVM runs with this tree's jvm/opens.args and jvm/gc.args.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

die() { echo "bench-ab.sh: $*" >&2; exit 2; }

pairs=40 chunk=50000 batch=32 jvms=2 lock= build=true out=
trees=()
while [ $# -gt 0 ]; do
    a=$1
    shift
    case "$a" in
        --pairs) [[ ${1:-} =~ ^[1-9][0-9]*$ ]] || die "--pairs needs a positive number"; pairs=$1; shift ;;
        --chunk) [[ ${1:-} =~ ^[1-9][0-9]*$ ]] || die "--chunk needs a positive number"; chunk=$1; shift ;;
        --batch) [[ ${1:-} =~ ^[1-9][0-9]*$ ]] || die "--batch needs a positive number"; batch=$1; shift ;;
        --jvms) [[ ${1:-} =~ ^[1-9][0-9]*$ ]] || die "--jvms needs a positive number"; jvms=$1; shift ;;
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

# Each build's runner compiled against its own classes; the driver against the JDK only.
cps=()
for i in 0 1; do
    d=${dirs[$i]}
    cp="$d/reference-switch/target/classes:$(cat "$d/reference-switch/target/bench.cp")"
    mkdir -p "$work/runner$i"
    javac -nowarn -d "$work/runner$i" -cp "$cp" "$root/scripts/ab/AbRunner.java" || die "AbRunner does not compile against $d"
    cps+=("$work/runner$i:$cp")
done
mkdir -p "$work/driver"
javac -d "$work/driver" "$root/scripts/ab/AbDriver.java" || die "AbDriver does not compile"

measure() {
    echo "# scripts/bench-ab.sh, $(date -u '+%Y-%m-%d %H:%M UTC'), $jvms JVM(s) x $pairs pairs of $chunk packets, batch $batch"
    echo "# machine: $(nproc) cores ($(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1));$(uptime)"
    echo "# JVM: $(java -version 2>&1 | sed -n '2p'); options: @jvm/opens.args @jvm/gc.args ($(sed 's/#.*//' "$root/jvm/gc.args" | tr -s ' \n' ' '))"
    echo "# A: $(describe "${dirs[0]}")"
    echo "# B: $(describe "${dirs[1]}")"
    for j in $(seq 1 "$jvms"); do
        echo "## JVM $j, $(date -u +%H:%M:%S);$(uptime | sed 's/.*load/ load/')"
        java "@$root/jvm/opens.args" "@$root/jvm/gc.args" -cp "$work/driver" AbDriver "${cps[0]}" "${cps[1]}" \
            "$chunk" "$pairs" "$batch" 1 20 || die "the driver failed"
    done
    echo "# end $(date -u +%H:%M:%S);$(uptime | sed 's/.*load/ load/')"
}
export -f measure describe die
export root jvms pairs chunk batch work
export cpA=${cps[0]} cpB=${cps[1]} dirA=${dirs[0]} dirB=${dirs[1]}
locked -x bash -c 'dirs=("$dirA" "$dirB"); cps=("$cpA" "$cpB"); measure' | tee "$out"
echo "written to $out"

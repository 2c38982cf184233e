#!/usr/bin/env bash
# Runs the project's benchmarks one after another and collects their result files.
#
#   scripts/bench.sh [NAME...|all] [--quick] [--no-build] [--list] [--timeout S] [-v]
#
# NAME is a benchmark (see --list) or a module (every benchmark of that module); default: all.
#   --quick     smoke run: each benchmark with small parameters (seconds each, figures meaningless)
#   --no-build  reuse the last build and class paths (after a previous run of this script)
#   --list      print the benchmarks with their full and quick parameters, and exit
#   --timeout S stop a benchmark that runs longer than S seconds (default 1800, quick 180)
#   -v          also stream each benchmark's output to the console (it always goes to the log)
# Environment: HSDBA_BENCH_JAVA_OPTS, extra JVM options for every benchmark (e.g. -Xmx2g).
#
# How: one Maven invocation builds the needed modules (`package`, tests skipped) and writes each
# module's test class path to <module>/target/bench.cp (dependency:build-classpath), then every
# benchmark is the same command, run in its own empty working directory so that it writes
# target/bench/<file> there and never overwrites another run's figures:
#   java $HSDBA_BENCH_JAVA_OPTS [-Dprop=value...] -cp <module>/target/test-classes:<module>/target/classes:<bench.cp> MAIN [args...]
# Parameters use one convention: in the table below, "-Dname=value" words are system properties,
# the other words are program arguments; an empty column means the benchmark's own defaults.
# Results: target/bench-all/<file> (the latest run of each benchmark, full or quick),
# target/bench-all/logs/<name>.log, and target/bench-all/summary.txt (one line per benchmark).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# name | module | main class (a JUnit class runs through JUnitCore) | result file | full parameters |
# quick parameters | headline: an extended regex picking the summary's figures from the result file
# (the last column, so it may contain "|")
BENCHES=(
"codec|pof-codec|org.hsdba.pof.codec.CodecBenchmark|codec.txt||1|^encode FLOW_MOD \(6 instructions\) to new"
"adapter-programming|pof-adapter|org.hsdba.pof.server.ProgrammingBenchmark|adapter-programming.txt||4000|^batch +(1000|1 )"
"adapter-handshake|pof-adapter|org.hsdba.pof.server.HandshakeBenchmark|adapter-handshake.txt||100 2|^handshake to ready"
"allocator|app|org.hsdba.alloc.bench.AllocatorBenchmark|allocator.txt||1|^ +100000 "
"compiler|app|org.hsdba.compiler.bench.CompilerBenchmark|compiler.txt||1|^ +100000 "
"edit|app|org.hsdba.admission.bench.EditBenchmark|edit.txt||3|^100[0-9]{3} +(update peak|add a host)"
"interpreter|reference-switch|org.hsdba.pofswitch.bench.InterpreterBenchmark|interpreter.txt|||^(HSDBA program|stock 5-table|mean relative)"
"real-ports|reference-switch|org.hsdba.pofswitch.bench.RealPortBenchmark|real-ports.txt|5|1|^(in-switch|stock) "
"rest|rest-api|org.hsdba.rest.bench.RestBenchmark|rest.txt||2 0.5|^(GET tree|PATCH node)"
"sim|sim|org.hsdba.sim.bench.SimBench|sim.txt||0.2|^in-switch +(kernel|switch)"
"join-latency|tests|org.junit.runner.JUnitCore org.hsdba.lifecycle.bench.JoinLatencyBench|join-latency.txt||-Dhsdba.bench.e2e=100:50 -Dhsdba.bench.fileStore=100:20 -Dhsdba.bench.onosStore=100:20 -Dhsdba.bench.controller=100:50|^(end-to-end|controller-only) +100 .*[0-9]$"
"lab|lab|org.hsdba.lab.bench.LabBenchmark|lab.txt||2 2|^(cold start, all|after [0-9]+ s of traffic)"
)

die() { echo "bench.sh: $*" >&2; exit 2; }
field() { cut -d'|' -f"$2" <<<"$1"; }

quick=false build=true verbose=false list=false limit=
names=()
while [ $# -gt 0 ]; do
    a=$1
    shift
    case "$a" in
        --timeout) [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]] || die "--timeout needs a number of seconds"
            limit=$1; shift ;;
        --quick) quick=true ;;
        --no-build) build=false ;;
        --list) list=true ;;
        -v) verbose=true ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) die "unknown option $a (see --help)" ;;
        *) names+=("$a") ;;
    esac
done

if $list; then
    printf '%-20s %-17s %-22s %s\n' NAME MODULE FULL QUICK
    for b in "${BENCHES[@]}"; do
        printf '%-20s %-17s %-22s %s\n' "$(field "$b" 1)" "$(field "$b" 2)" "$(field "$b" 5 | sed 's/^$/(defaults)/')" \
            "$(field "$b" 6 | sed 's/^$/(defaults)/')"
    done
    exit 0
fi

# Selected benchmarks, in table order, each once.
[ ${#names[@]} -eq 0 ] && names=(all)
selected=()
for b in "${BENCHES[@]}"; do
    for n in "${names[@]}"; do
        if [ "$n" = all ] || [ "$n" = "$(field "$b" 1)" ] || [ "$n" = "$(field "$b" 2)" ]; then
            selected+=("$b")
            break
        fi
    done
done
for n in "${names[@]}"; do
    [ "$n" = all ] && continue
    printf '%s\n' "${BENCHES[@]}" | cut -d'|' -f1,2 | tr '|' '\n' | grep -qxF -- "$n" \
        || die "no benchmark or module named '$n' (see --list)"
done
modules=$(printf '%s\n' "${selected[@]}" | cut -d'|' -f2 | awk '!seen[$0]++' | paste -sd, -)

out="$root/target/bench-all"
mkdir -p "$out/logs"

if $build; then
    "$root/scripts/setup.sh" --quiet
    echo "== building $modules (mvn package, tests skipped; log: target/bench-all/logs/build.log)"
    if ! mvn -B -q -Dstyle.color=never -DskipTests -pl "$modules" -am package dependency:build-classpath \
            -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test >"$out/logs/build.log" 2>&1; then
        tail -40 "$out/logs/build.log"
        die "build failed; see target/bench-all/logs/build.log"
    fi
fi

mode=$($quick && echo quick || echo full)
[ -n "$limit" ] || limit=$($quick && echo 180 || echo 1800)
summary="$out/summary.txt"
{
    echo "# scripts/bench.sh $mode run, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)," \
        "commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' (uncommitted changes)')"
    if $quick; then
        echo "# quick mode: smoke-run parameters, the figures are not measurements"
    fi
} >"$summary"
cat "$summary"

failed=0
for b in "${selected[@]}"; do
    IFS='|' read -r name module main file full quickp headline <<<"$b"
    params=$($quick && echo "$quickp" || echo "$full")
    props=() args=()
    for w in $params; do
        case "$w" in -D*) props+=("$w") ;; *) args+=("$w") ;; esac
    done
    cpfile="$root/$module/target/bench.cp"
    [ -f "$cpfile" ] || die "$cpfile is missing: run without --no-build"
    cp="$root/$module/target/test-classes:$root/$module/target/classes:$(cat "$cpfile")"
    work="$out/work/$name"
    rm -rf "$work" && mkdir -p "$work"
    log="$out/logs/$name.log"
    # shellcheck disable=SC2086  # word splitting of the JVM options and of "JUnitCore Class" is intended
    # ONOS's Kryo (the join benchmark's run on the app's ONOS store) reflects into the JDK on 17.
    opens=(--add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.lang.invoke=ALL-UNNAMED
           --add-opens java.base/java.util=ALL-UNNAMED --add-opens java.base/java.util.concurrent=ALL-UNNAMED
           --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/java.time=ALL-UNNAMED)
    cmd=(timeout --kill-after=10 "$limit" java "${opens[@]}" ${HSDBA_BENCH_JAVA_OPTS:-} "${props[@]}" -cp "$cp" $main "${args[@]}")
    echo "-- $name: ${props[*]} $main ${args[*]}" | tr -s ' ' >"$log"
    start=$(date +%s%N)
    set +e
    if $verbose; then
        (cd "$work" && "${cmd[@]}") 2>&1 | tee -a "$log"
        status=${PIPESTATUS[0]}
    else
        (cd "$work" && "${cmd[@]}") >>"$log" 2>&1
        status=$?
    fi
    set -e
    secs=$(( ($(date +%s%N) - start) / 100000000 ))  # tenths of a second
    result="$work/target/bench/$file"
    if [ "$status" -eq 0 ] && [ -s "$result" ]; then
        cp "$result" "$out/$file"
        figures=$(grep -E -- "$headline" "$result" | tr -s ' ' | awk 'NR > 1 { printf " | " } { printf "%s", $0 }')
        line=$(printf '%-20s ok     %4d.%d s  target/bench-all/%-24s %s' "$name" $((secs / 10)) $((secs % 10)) "$file" "${figures:-(see the file)}")
    else
        failed=$((failed + 1))
        case "$status" in
            0) why="no $file written" ;;
            124|137) why="timed out after $limit s" ;;
            *) why="exit $status" ;;
        esac
        line=$(printf '%-20s FAILED %4d.%d s  %s; last lines of target/bench-all/logs/%s.log:' "$name" $((secs / 10)) $((secs % 10)) "$why" "$name")
        line+=$'\n'$(tail -5 "$log" | sed 's/^/    /')
    fi
    echo "$line" | tee -a "$summary"
done
echo "== $((${#selected[@]} - failed)) of ${#selected[@]} benchmarks ran ($mode); results in target/bench-all/, summary in target/bench-all/summary.txt"
[ "$failed" -eq 0 ]

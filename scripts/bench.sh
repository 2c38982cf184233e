#!/usr/bin/env bash
# Runs the project's benchmarks one after another and collects their result files.
#
#   scripts/bench.sh [NAME...|all] [--quick] [--no-build] [--list] [--timeout S] [--nice] [-v]
#
# NAME is a benchmark (see --list) or a module (every benchmark of that module); default: all.
#   --quick     smoke run: each benchmark with small parameters (seconds each, figures meaningless)
#   --no-build  reuse the classes of the last build (this script's, or a `mvn verify` just before);
#               only the missing class path files are written (dependency:build-classpath)
#   --list      print the benchmarks with their full and quick parameters, and exit
#   --timeout S stop a benchmark that runs longer than S seconds (default 1800, quick 180)
#   --nice      run each benchmark JVM at nice -20 in its own session whose scheduler autogroup is
#               at nice -20 too (root only; with autogroups a process's nice value alone does not
#               count against other sessions): other work on the machine then takes the cores from
#               the benchmark less often. Said so in the results.
#   -v          also stream each benchmark's output to the console (it always goes to the log)
# JVM options: every benchmark runs with the options of the project's test JVMs, one definition
# in jvm/ (jvm/README.md): @jvm/opens.args and the collector settings @jvm/gc.args.
# Environment: HSDBA_GC_OPTS replaces @jvm/gc.args (e.g. HSDBA_GC_OPTS=-XX:+UseG1GC);
# HSDBA_BENCH_JAVA_OPTS, extra JVM options for every benchmark (e.g. -Xmx2g).
#
# How: one Maven invocation builds the needed modules (`package`, tests skipped) and writes each
# module's test class path to <module>/target/bench.cp (dependency:build-classpath), then every
# benchmark is the same command, run in its own empty working directory so that it writes
# target/bench/<file> there and never overwrites another run's figures:
#   java @jvm/opens.args @jvm/gc.args $HSDBA_BENCH_JAVA_OPTS [-Dprop=value...] \
#        -cp <module>/target/test-classes:<module>/target/classes:<bench.cp> MAIN [args...]
# Parameters use one convention: in the table below, "-Dname=value" words are system properties,
# the other words are program arguments; an empty column means the benchmark's own defaults.
# Results: target/bench-all/<file> (the latest run of each benchmark, full or quick, headed by the
# run's machine, load, JVM, options and commit), target/bench-all/results.txt (all of them in one
# file), target/bench-all/logs/<name>.log, and target/bench-all/summary.txt (one line per benchmark).
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
"adapter-hostile|pof-adapter|org.hsdba.pof.server.HostileReportBenchmark|adapter-hostile.txt||20|^(RESOURCE_REPORT|HX_FEATURES_REPLY)"
"allocator|app|org.hsdba.alloc.bench.AllocatorBenchmark|allocator.txt||1 1000 10000|^ +100000 "
"compiler|app|org.hsdba.compiler.bench.CompilerBenchmark|compiler.txt||1 1000|^ +100000 "
"edit|app|org.hsdba.admission.bench.EditBenchmark|edit.txt||3 1000|^100[0-9]{3} +(update peak|add a host)"
"store-write|app|org.hsdba.store.bench.StoreWriteBench|store-write.txt||100,1000 60|^ +(1000|3000) "
"interpreter|reference-switch|org.hsdba.pofswitch.bench.InterpreterBenchmark|interpreter.txt||-Dhsdba.bench.seconds=0.05|^(HSDBA program|stock 5-table|mean relative)"
"real-ports|reference-switch|org.hsdba.pofswitch.bench.RealPortBenchmark|real-ports.txt|5|1|^(in-switch|stock) "
"rest|rest-api|org.hsdba.rest.bench.RestBenchmark|rest.txt||2 0.5|^(GET tree|PATCH node)"
"patch-burst|rest-api|org.hsdba.rest.bench.ConcurrentPatchBench|patch-burst.txt||50 1|^(PATCH |GET other)"
"sim|sim|org.hsdba.sim.bench.SimBench|sim.txt||0.05|^in-switch +(kernel|switch)"
"join-latency|tests|org.junit.runner.JUnitCore org.hsdba.lifecycle.bench.JoinLatencyBench|join-latency.txt||-Dhsdba.bench.warmup=100:50 -Dhsdba.bench.jitQuietPercent=0 -Dhsdba.bench.e2e=100:50 -Dhsdba.bench.fileStore=100:20 -Dhsdba.bench.onosStore=100:20 -Dhsdba.bench.controller=100:50 -Dhsdba.bench.probe=10|^(end-to-end|controller-only) +100 .*[0-9]$"
"lab|lab|org.hsdba.lab.bench.LabBenchmark|lab.txt||2 2|^(cold start, all|after [0-9]+ s of traffic)"
"switches-side-by-side|tests|org.junit.runner.JUnitCore org.hsdba.interop.RealPortsThroughputBench|real-ports-throughput.txt||-Dhsdba.bench.rates=2000|^(pofswitch|pofswitch_hx|reference_stock|reference_in_switch) "
)

die() { echo "bench.sh: $*" >&2; exit 2; }
field() { cut -d'|' -f"$2" <<<"$1"; }

quick=false build=true verbose=false list=false limit= nice=()
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
        --nice) [ "$(id -u)" = 0 ] || die "--nice needs root (a negative nice value)"
            nice=(setsid --wait bash -c 'echo -20 >/proc/self/autogroup 2>/dev/null; exec nice -n -20 "$@"' nice) ;;
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

# The one definition of the JVM options (the test JVMs' surefire argLine reads the same files).
jvm_opts=("@$root/jvm/opens.args")
if [ -n "${HSDBA_GC_OPTS+set}" ]; then
    # shellcheck disable=SC2206  # a list of options
    jvm_opts+=(${HSDBA_GC_OPTS})
else
    jvm_opts+=("@$root/jvm/gc.args")
fi
# shellcheck disable=SC2206
jvm_opts+=(${HSDBA_BENCH_JAVA_OPTS:-})
java -XX:+IgnoreUnrecognizedVMOptions "${jvm_opts[@]}" -version >/dev/null 2>"$out/logs/jvm-check.log" \
    || { cat "$out/logs/jvm-check.log" >&2; die "the JVM rejects the options ${jvm_opts[*]}"; }

# The options as the JVM sees them (argument files expanded; the --add-opens only counted).
shown=$(for o in "${jvm_opts[@]}"; do
    if [[ $o == @* ]]; then sed 's/#.*//' "${o#@}"; else echo "$o"; fi
done | tr -s ' \n' '  ' | sed 's/--add-opens [^ ]* *//g; s/^ *//; s/ *$//')
shown="$(grep -c '^--add-opens' "$root/jvm/opens.args") --add-opens (jvm/opens.args) $shown"

mvn_log="$out/logs/build.log"
if $build; then
    "$root/scripts/setup.sh" --quiet
    echo "== building $modules (mvn package, tests skipped; log: target/bench-all/logs/build.log)"
    if ! mvn -B -q -Dstyle.color=never -DskipTests -pl "$modules" -am package dependency:build-classpath \
            -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test >"$mvn_log" 2>&1; then
        tail -40 "$mvn_log"
        die "build failed; see target/bench-all/logs/build.log"
    fi
else
    # Reuse the classes; write only the class path files a previous run did not leave.
    missing=$(for m in ${modules//,/ }; do [ -f "$root/$m/target/bench.cp" ] || echo "$m"; done | paste -sd, -)
    if [ -n "$missing" ]; then
        for m in ${missing//,/ }; do
            [ -d "$root/$m/target/classes" ] || [ -d "$root/$m/target/test-classes" ] \
                || die "$m is not built: run without --no-build (or mvn package first)"
        done
        echo "== class paths of $missing (dependency:build-classpath; log: target/bench-all/logs/build.log)"
        if ! mvn -B -q -Dstyle.color=never -pl "$missing" -am dependency:build-classpath \
                -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test >"$mvn_log" 2>&1; then
            tail -40 "$mvn_log"
            die "dependency:build-classpath failed; see target/bench-all/logs/build.log"
        fi
    fi
fi

mode=$($quick && echo quick || echo full)
[ -n "$limit" ] || limit=$($quick && echo 180 || echo 1800)
summary="$out/summary.txt"
results="$out/results.txt"
commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet HEAD 2>/dev/null || echo ' (uncommitted changes)')"
mem=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
cpu=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)
jvm=$(java -version 2>&1 | sed -n '2p')
{
    echo "# scripts/bench.sh $mode run, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit"
    echo "# machine: $(nproc) cores ($cpu), $mem memory; load average at the start $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "# JVM: $jvm; options: $shown$([ ${#nice[@]} -gt 0 ] && echo "; run at nice -20")"
    if $quick; then
        echo "# quick mode: smoke-run parameters, the figures are not measurements"
    fi
} >"$summary"
cp "$summary" "$results"
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
    # shellcheck disable=SC2086  # word splitting of "JUnitCore Class" is intended
    cmd=("${nice[@]}" timeout --kill-after=10 "$limit" java "${jvm_opts[@]}" "${props[@]}" -cp "$cp" $main "${args[@]}")
    echo "-- $name: ${props[*]} $main ${args[*]}" | tr -s ' ' >"$log"
    load_before=$(cut -d' ' -f1 /proc/loadavg)
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
    load="load $load_before -> $(cut -d' ' -f1 /proc/loadavg)"
    result="$work/target/bench/$file"
    if [ "$status" -eq 0 ] && [ -s "$result" ]; then
        {
            echo "# scripts/bench.sh $mode run of $name, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit"
            echo "# machine: $(nproc) cores, $mem; 1-minute load average $load_before at the start, $(cut -d' ' -f1 /proc/loadavg) at the end"
            echo "# JVM: $jvm; options: $shown$([ ${#nice[@]} -gt 0 ] && echo "; run at nice -20")"
            echo "# parameters: ${params:-(defaults)}"
            cat "$result"
        } >"$out/$file"
        { echo; echo "## $name ($load)"; cat "$result"; } >>"$results"
        # a quick run may print no headline figures (grep finds none): not a failure
        figures=$({ grep -E -- "$headline" "$result" || true; } | tr -s ' ' | awk 'NR > 1 { printf " | " } { printf "%s", $0 }')
        line=$(printf '%-20s ok     %4d.%d s  %-18s target/bench-all/%-24s %s' "$name" $((secs / 10)) $((secs % 10)) "$load" "$file" "${figures:-(see the file)}")
    else
        failed=$((failed + 1))
        case "$status" in
            0) why="no $file written" ;;
            124|137) why="timed out after $limit s" ;;
            *) why="exit $status" ;;
        esac
        # Never leave an earlier run's figures under this run's name: a failed run's own figures
        # (a benchmark may write them before failing) are kept, headed FAILED; else the file goes.
        if [ -s "$result" ]; then
            {
                echo "# FAILED ($why): scripts/bench.sh $mode run of $name, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit"
                echo "# parameters: ${params:-(defaults)}"
                cat "$result"
            } >"$out/$file"
        else
            rm -f "$out/$file"
        fi
        line=$(printf '%-20s FAILED %4d.%d s  %s; last lines of target/bench-all/logs/%s.log:' "$name" $((secs / 10)) $((secs % 10)) "$why" "$name")
        line+=$'\n'$(tail -5 "$log" | sed 's/^/    /')
        { echo; echo "## $name FAILED ($why)"; } >>"$results"
    fi
    echo "$line" | tee -a "$summary"
done
echo "== $((${#selected[@]} - failed)) of ${#selected[@]} benchmarks ran ($mode); results in target/bench-all/ (all in results.txt), summary in target/bench-all/summary.txt"
[ "$failed" -eq 0 ]

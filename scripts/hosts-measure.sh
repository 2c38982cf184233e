#!/usr/bin/env bash
# The long real-traffic measurement of `hsdba lab --hosts` (root): the 3-level tree of
# examples/lab/hosts-tcp.json (8 greedy iperf3 TCP flows) and hosts-mixed.json (4 TCP + 4 UDP),
# stretched to SECONDS (default 60) with WARMUP seconds (default 10) left out, in-switch and
# stock (controller-assisted). Each run's report and per-second CSV go to target/hosts-measure/.
#
#   sudo scripts/hosts-measure.sh [SECONDS] [WARMUP] [--only tcp|mixed] [--stock-only|--in-switch-only]
#                                 [--rtt MS] [--shaped] [--cc NAME]
# --rtt MS adds MS ms to every flow's RTT (hsdba lab --rtt); --shaped shapes the egress veth to the
# tree's capacity (hsdba lab --shape) and runs the tree at the default headroom (eta 0.95) instead
# of the lab files' eta 1; --cc NAME sets the senders' TCP congestion control (hsdba lab --cc).
# Each goes into the output directories' names.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-60}
warmup=${2:-10}
only=""; modes="in-switch stock"; rtt=0; shaped=""; cc=""
shift $(( $# > 2 ? 2 : $# )) || true
while [ $# -gt 0 ]; do
    case "$1" in
        --only) only=$2; shift ;;
        --stock-only) modes=stock ;;
        --in-switch-only) modes=in-switch ;;
        --rtt) rtt=$2; shift ;;
        --shaped) shaped=1 ;;
        --cc) cc=$2; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
[ "$(id -u)" = 0 ] || { echo "hosts-measure: needs root (network namespaces, raw sockets)" >&2; exit 1; }
"$root/scripts/setup.sh" --quiet --hosts
[ -f lab/target/hsdba-lab.jar ] || mvn -q -o package -DskipTests
out="$root/target/hosts-measure"
suffix=""; links=()
[ "$rtt" != 0 ] && { suffix="$suffix-rtt${rtt}ms"; links+=(--rtt "$rtt"); }
[ -n "$shaped" ] && { suffix="$suffix-shaped"; links+=(--shape); }
[ -n "$cc" ] && { suffix="$suffix-$cc"; links+=(--cc "$cc"); }
mkdir -p "$out"
for name in tcp mixed; do
    [ -n "$only" ] && [ "$only" != "$name" ] && continue
    # the same lab file with every flow and the run lasting $seconds
    python3 - "examples/lab/hosts-$name.json" "$seconds" "$shaped" >"$out/hosts-$name-${seconds}s$suffix.json" <<'PY'
import json, sys
lab = json.load(open(sys.argv[1]))
s = float(sys.argv[2])
for src in lab["scenario"]["sources"]:
    src["active"] = [[0, s]]
lab["scenario"]["run"]["duration"] = s
if sys.argv[3]:
    for tree in lab["scenario"]["config"]["trees"]:
        tree.pop("eta", None)
json.dump(lab, sys.stdout, indent=2)
PY
    for mode in $modes; do
        dir="$out/$name-$mode$suffix"
        rm -rf "$dir"
        flag=""; [ "$mode" = stock ] && flag="--stock"
        echo "== $name, $mode, ${seconds} s (warm-up $warmup s)${links[*]:+, ${links[*]}}"
        ./hsdba lab --hosts $flag --scenario "$out/hosts-$name-${seconds}s$suffix.json" --data-dir "$dir" --http-port 0 \
            --pof-port 0 --status 0 --warmup "$warmup" ${links[@]+"${links[@]}"} >"$dir.log" 2>&1 || { echo "failed: see $dir.log"; continue; }
        cat "$dir/hosts-report.txt"
    done
done
echo "load average during the runs: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"

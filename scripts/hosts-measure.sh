#!/usr/bin/env bash
# The long real-traffic measurement of `hsdba lab --hosts` (root): the 3-level tree of
# examples/lab/hosts-tcp.json (8 greedy iperf3 TCP flows) and hosts-mixed.json (4 TCP + 4 UDP),
# stretched to SECONDS (default 60) with WARMUP seconds (default 10) left out, in-switch and
# stock (controller-assisted). Each run's report and per-second CSV go to target/hosts-measure/.
# --rtt adds round-trip time to the flows (the lab file's "rtt", a delay line in the lab on the way back):
# one duration for all (10ms) or a comma list given to the sources in turn (5ms,10ms,20ms,40ms).
# --cc sets the senders' TCP congestion control (the lab file's "congestionControl", default cubic).
# --poll sets the controller's polling period (the scenario's runtime "pollingPeriod", e.g. 200ms).
# --hold sets the responsive hold (the scenario's runtime "responsiveHold", e.g. 5s; 2s by default, --hold 0
# turns it off; docs/hsdba-compiler.md section 5 item 11). Stock (controller-assisted) runs do not use it.
#
# --shaped shapes the egress veth to the tree's capacity (hsdba lab --shape, tc tbf) and runs the
# tree at the default headroom (eta 0.95) instead of the lab files' eta 1 (issue 20's shaped link).
#
# --pofswitch stock|hx puts a real POFSwitch 1.4.0 between the hosts instead of the reference switch
# (built and cached by scripts/pofswitch.sh): stock runs controller-assisted, hx (patched with the
# extension) in-switch; the mode follows the flavour. --pofswitch hx:FILE (or stock:FILE) runs that binary
# instead of the one scripts/pofswitch.sh builds here, e.g. another branch's build for an A/B comparison.
#
#   sudo scripts/hosts-measure.sh [SECONDS] [WARMUP] [--only tcp|mixed] [--stock-only|--in-switch-only] [--rtt SPEC] [--cc ALGO] [--poll PERIOD] [--hold H] [--shaped] [--pofswitch stock|hx[:FILE]]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-60}
warmup=${2:-10}
only=""; modes="in-switch stock"; rtt=""; cc=""; shaped=""; poll=""; hold=""; pofswitch=""
shift $(( $# > 2 ? 2 : $# )) || true
while [ $# -gt 0 ]; do
    case "$1" in
        --only) only=$2; shift ;;
        --stock-only) modes=stock ;;
        --in-switch-only) modes=in-switch ;;
        --rtt) rtt=$2; shift ;;
        --cc) cc=$2; shift ;;
        --poll) poll=$2; shift ;;
        --hold) hold=$2; shift ;;
        --shaped) shaped=1 ;;
        --pofswitch) pofswitch=$2; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
[ "$(id -u)" = 0 ] || { echo "hosts-measure: needs root (network namespaces, raw sockets)" >&2; exit 1; }
"$root/scripts/setup.sh" --quiet --hosts
[ -f lab/target/hsdba-lab.jar ] || mvn -q -o package -DskipTests
binary=""
given=""
case "$pofswitch" in
    *:*) given=${pofswitch#*:}; pofswitch=${pofswitch%%:*}
        [ -x "$given" ] || { echo "--pofswitch $pofswitch:$given: no executable there" >&2; exit 2; } ;;
esac
case "$pofswitch" in
    "") ;;
    stock) modes=stock; binary=${given:-$("$root/scripts/pofswitch.sh" path stock)} ;;
    hx) modes=in-switch; binary=${given:-$("$root/scripts/pofswitch.sh" path hx)} ;;
    *) echo "--pofswitch takes stock, hx, stock:FILE or hx:FILE, got '$pofswitch'" >&2; exit 2 ;;
esac
out="$root/target/hosts-measure"
mkdir -p "$out"
for name in tcp mixed; do
    [ -n "$only" ] && [ "$only" != "$name" ] && continue
    # the same lab file with every flow and the run lasting $seconds
    tag="${seconds}s${rtt:+-rtt-${rtt//,/-}}${cc:+-$cc}${poll:+-poll-$poll}${hold:+-hold-$hold}${shaped:+-shaped}"
    python3 - "examples/lab/hosts-$name.json" "$seconds" "$rtt" "$cc" "$shaped" "$poll" "$hold" >"$out/hosts-$name-$tag.json" <<'PY'
import json, sys
lab = json.load(open(sys.argv[1]))
s = float(sys.argv[2])
for src in lab["scenario"]["sources"]:
    src["active"] = [[0, s]]
lab["scenario"]["run"]["duration"] = s
rtts = [r for r in sys.argv[3].split(",") if r]
if rtts:
    ids = [src["id"] for src in lab["scenario"]["sources"]]
    lab["rtt"] = {i: rtts[k % len(rtts)] for k, i in enumerate(ids)}
if sys.argv[4]:
    lab["congestionControl"] = sys.argv[4]
if sys.argv[5]:
    for tree in lab["scenario"]["config"]["trees"]:
        tree.pop("eta", None)
if sys.argv[6]:
    lab["scenario"]["config"]["runtime"]["pollingPeriod"] = sys.argv[6]
if sys.argv[7]:
    lab["scenario"]["config"]["runtime"]["responsiveHold"] = sys.argv[7]
json.dump(lab, sys.stdout, indent=2)
PY
    for mode in $modes; do
        dir="$out/$name-$mode${pofswitch:+-pofswitch}${rtt:+-rtt-${rtt//,/-}}${cc:+-$cc}${poll:+-poll-$poll}${hold:+-hold-$hold}${shaped:+-shaped}"
        rm -rf "$dir"
        flag=""; [ "$mode" = stock ] && flag="--stock"
        [ -n "$binary" ] && flag="--pofswitch $binary"
        echo "== $name, $mode${pofswitch:+ (real POFSwitch, $pofswitch build${given:+ $given})}, ${seconds} s (warm-up $warmup s)${rtt:+, added RTT $rtt}${cc:+, TCP $cc}${poll:+, polling every $poll}${hold:+, responsive hold $hold}${shaped:+, egress shaped}"
        ./hsdba lab --hosts $flag --scenario "$out/hosts-$name-$tag.json" --data-dir "$dir" --http-port 0 \
            --pof-port 0 --status 0 --warmup "$warmup" ${shaped:+--shape} >"$dir.log" 2>&1 || { echo "failed: see $dir.log"; continue; }
        cat "$dir/hosts-report.txt"
    done
done
echo "load average during the runs: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"

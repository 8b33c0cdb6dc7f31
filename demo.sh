#!/usr/bin/env bash
# The Weft demo on a Debian machine as root (about 5 min):
#   1. an 8x8 torus: minhop routes fail the deadlock verifier, LASH routes pass it with two layers;
#   2. the packet-level simulator runs both on the lossless fabric at full load: minhop deadlocks (the cycle of
#      full buffers is printed), LASH does not;
#   3. a published result reproduced: seed 003's Fig. 1, the paper's numbers next to Weft's;
#   4. LASH next to OpenSM's LASH (under ibsim);
#   5. a 4x4 torus on real Open vSwitch switches in network namespaces: every host pair, ping and TCP;
#   6. host agents on a leaf-spine lab whose controller allocates their rates (max-min), a hand-set rate taking
#      precedence, and the controller's web dashboard (a screenshot when Chromium is installed).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"
source deploy/scripts/prereqs.sh
weft_install_prereqs
weft_start_ovs
echo "building Weft (mvn package) ..."
mvn -B -ntp -q -DskipTests package
weft=deploy/target/weft/bin/weft
out=target/demo
mkdir -p "$out"

echo "== 1. Deadlock-free routing on an 8x8 torus with one host per switch"
$weft topo generate torus --dims 8x8 --hosts 1 -o "$out/torus8.json"
echo "-- minhop (shortest paths, one virtual lane): the verifier finds a cycle of channel dependencies"
$weft route --topo "$out/torus8.json" --engine minhop -o "$out/minhop.json" | grep -E "^(engine|layers|verifier)" \
  || true
echo "-- LASH: each pair's path in a layer (virtual lane) whose dependencies stay acyclic"
$weft route --topo "$out/torus8.json" --engine lash -o "$out/lash.json" | grep -E "^(engine|layers|verifier|paths)"

echo
echo "== 2. Both on the lossless fabric, packet by packet (credit flow control, 8-packet buffers, full load)"
# exit status 3 says a run deadlocked, which is what this step shows
$weft sim --topo "$out/torus8.json" --engines minhop,lash --load 1.0 --duration-us 300 || [ $? -eq 3 ]

echo
echo "== 3. A published result on the simulator: seed 003 Fig. 1, congestion spreading and its cure by rates"
$weft repro spreading | sed -n '1,/claims hold/p'

echo
echo "== 4. LASH next to OpenSM's LASH (under ibsim) on tori"
$weft bench routing --fabrics torus-4x8,torus-8x8 --engines lash --opensm

echo
echo "== 5. A 4x4 torus on real OVS switches, routed by LASH: every host pair, ping and TCP"
$weft topo generate torus --dims 4x4 --hosts 1 -o "$out/torus4.json" > /dev/null
$weft lab run --topo "$out/torus4.json" --engine lash --name wdemo --check 2>&1 | grep -v " INFO "

echo
echo "== 6. Rates from the controller to host agents: a leaf-spine with 40 Mbit/s links, ECMP, max-min"
$weft topo generate leaf-spine --leaves 2 --spines 2 --hosts 2 --gbps 0.04 -o "$out/leafspine.json" > /dev/null
$weft lab up --topo "$out/leafspine.json" --engine ecmp --name wrate --agents --allocate maxmin \
  --rest 127.0.0.1:8080 2>&1 | grep -E "^(lab|h[0-9]|host|agent|dashboard)"
trap '$weft lab down --name wrate 2>&1 | grep -v " INFO "' EXIT
perf_pair() { # h1 -> h3 and h2 -> h3 at once, through the agents; prints what each got
  # a one-second warm-up makes both flows known to the controller before the measured run (a flow stays known
  # for 2 s after its last packet), so neither measurement includes the moment the other flow arrived
  ip netns exec wrateh1 $weft agent perf --to 10.0.0.3 --seconds 1 --json > /dev/null &
  ip netns exec wrateh2 $weft agent perf --to 10.0.0.3 --seconds 1 --json > /dev/null &
  wait
  ip netns exec wrateh1 $weft agent perf --to 10.0.0.3 --seconds 5 --json > "$out/perf-h1.json" &
  ip netns exec wrateh2 $weft agent perf --to 10.0.0.3 --seconds 5 --json > "$out/perf-h2.json" &
  wait
  for h in h1 h2; do
    field() { grep -o "\"$1\":[0-9.]*" "$out/perf-$h.json" | head -1 | cut -d: -f2; }
    echo "  $h -> h3: delivered $(field delivered_mbps) Mbit/s at a rate of $(field rate_mbps) Mbit/s"
  done
}
echo "Both hosts send to h3 (its 40 Mbit/s link is the bottleneck); the controller allocates max-min shares:"
perf_pair
echo "A rate set by hand wins for its pair; the allocator shares what it leaves:"
$weft rates set --controller 127.0.0.1:6700 --token-file /tmp/weft-lab/wrate/agent-token \
  --src h1 --dst h3 --mbps 30
perf_pair
if command -v chromium > /dev/null; then
  profile=$(mktemp -d)
  timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
    --disable-sync --disable-quic --no-first-run --user-data-dir="$profile" --window-size=1400,900 \
    --virtual-time-budget=4000 --screenshot="$PWD/$out/dashboard.png" http://127.0.0.1:8080/ > /dev/null 2>&1 \
    && echo "The controller's dashboard (fabric, link load, agents and their rates): $out/dashboard.png"
  rm -rf "$profile"
fi

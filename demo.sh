#!/usr/bin/env bash
# The Weft demo on a Debian machine as root: builds Weft, generates a 4x4 torus, shows and draws it, routes it
# with LASH and checks the routes with the independent verifier, compares LASH with OpenSM's on that torus, then
# runs the fabric on real Open vSwitch switches in network namespaces, checks every host pair (ping and TCP) and
# tears it down; then runs host agents on a leaf-spine lab whose controller allocates their rates (max-min), and
# shows a hand-set rate taking precedence.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"
source deploy/scripts/prereqs.sh
weft_install_prereqs
weft_start_ovs
mvn -B -ntp -q -DskipTests install
weft=deploy/target/weft/bin/weft
out=target/demo
mkdir -p "$out"

echo "== 1. A 4x4 torus with one host per switch"
$weft topo generate torus --dims 4x4 --hosts 1 -o "$out/torus.json"
$weft topo show "$out/torus.json"
$weft topo dot "$out/torus.json" -o "$out/torus.dot"
echo "(Graphviz picture: $out/torus.dot)"

echo
echo "== 2. Deadlock-free routes: LASH, checked by the verifier"
$weft route --topo "$out/torus.json" --engine lash -o "$out/routes.json"
$weft route verify --topo "$out/torus.json" --routes "$out/routes.json"

echo
echo "== 3. LASH next to OpenSM's LASH (under ibsim) on tori"
$weft bench routing --fabrics torus-4x8,torus-8x8 --engines lash --opensm

echo
echo "== 4. The torus on real OVS switches: every host pair, ping and TCP"
$weft lab run --topo "$out/torus.json" --engine lash --name wdemo --check

echo
echo "== 5. Rates from the controller to host agents: a leaf-spine with 40 Mbit/s links, ECMP, max-min"
$weft topo generate leaf-spine --leaves 2 --spines 2 --hosts 2 --gbps 0.04 -o "$out/leafspine.json"
$weft lab up --topo "$out/leafspine.json" --engine ecmp --name wrate --agents --allocate maxmin
trap '$weft lab down --name wrate' EXIT
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
    echo "  $h -> h3: $(grep -o '"delivered_mbps":[0-9.]*,"rate_mbps":[0-9.]*' "$out/perf-$h.json" \
      | sed 's/"delivered_mbps":/delivered /; s/,"rate_mbps":/ Mbit\/s at a rate of /') Mbit/s"
  done
}
echo "Both hosts send to h3 (its 40 Mbit/s link is the bottleneck); the controller allocates max-min shares:"
perf_pair
echo "A rate set by hand wins for its pair; the allocator shares what it leaves:"
$weft rates set --controller 127.0.0.1:6700 --token-file /tmp/weft-lab/wrate/agent-token \
  --src h1 --dst h3 --mbps 30
perf_pair

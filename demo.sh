#!/usr/bin/env bash
# The Weft demo on a Debian machine as root: builds Weft, generates a 4x4 torus, shows and draws it, routes it
# with LASH and checks the routes with the independent verifier, compares LASH with OpenSM's on that torus, then
# runs the fabric on real Open vSwitch switches in network namespaces, checks every host pair (ping and TCP) and
# tears it down.
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

#!/usr/bin/env bash
# The Weft demo on a Debian machine as root: builds Weft, generates fabrics, shows them and routes them.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"
source deploy/scripts/prereqs.sh
weft_install_prereqs
weft_start_ovs
mvn -B -ntp -q -DskipTests install
weft=deploy/target/weft/bin/weft
out=target/demo
mkdir -p "$out"
echo "== A 4x4 torus with one host per switch"
$weft topo generate torus --dims 4x4 --hosts 1 -o "$out/torus.json"
$weft topo show "$out/torus.json"
$weft topo dot "$out/torus.json" -o "$out/torus.dot"

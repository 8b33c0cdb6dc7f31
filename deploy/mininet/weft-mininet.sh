#!/usr/bin/env bash
# Runs a Weft topology under Mininet with the Weft controller as its RemoteController (as root).
#   deploy/mininet/weft-mininet.sh FABRIC.json [ENGINE] [--check|--cli] [--port P]
# Starts `weft controller run` in the background (stopped by its PID on exit), then weft_mininet.py, which builds
# the fabric with userspace OVS switches (OpenFlow 1.3, the file's dpids and ports), turns tx checksum offload off
# in every host, waits until the controller has programmed every switch, and checks every host pair (--check) or
# opens the Mininet CLI (--cli). Exit status: that of the check.
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "$0")")" && pwd)"
topo="${1:?usage: weft-mininet.sh FABRIC.json [ENGINE] [--check|--cli] [--port P]}"
engine="${2:-updown}"
mode="${3:---check}"
port=6653
if [ "${4:-}" = "--port" ]; then port="${5:?--port needs a value}"; fi
weft="${WEFT:-$here/../target/weft/bin/weft}"
[ -x "$weft" ] || weft="$here/../../deploy/target/weft/bin/weft"
log="$(mktemp /tmp/weft-mininet-controller.XXXXXX.log)"
"$weft" controller run --topo "$topo" --engine "$engine" --listen "127.0.0.1:$port" >"$log" 2>&1 &
controller=$!
trap 'kill "$controller" 2>/dev/null || true; wait "$controller" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
    grep -q "listening on" "$log" && break
    kill -0 "$controller" 2>/dev/null || { echo "weft controller exited:"; cat "$log"; exit 1; }
    sleep 0.1
done
echo "weft controller pid $controller, log $log"
/usr/bin/python3 "$here/weft_mininet.py" --topo "$topo" --port "$port" "$mode"

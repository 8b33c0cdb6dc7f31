#!/usr/bin/python3
"""Runs a Weft topology under Mininet against a running Weft controller, and optionally checks it.

    weft_mininet.py --topo fabric.json --port 6653 --check   # every host pair: ping and a TCP transfer
    weft_mininet.py --topo fabric.json --port 6653 --cli     # Mininet CLI

Switches are userspace OVS (datapath=user, OpenFlow 1.3, fail_mode=secure as Mininet sets it) with the file's
dpids and port numbers; every host gets `ethtool -K <intf> tx off` (the userspace datapath never fills in
checksums) and an on-link default route. Exit status 1 when any pair fails or the switches are not programmed.
"""
import argparse
import os
import socket
import subprocess
import sys
import time
from functools import partial

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

SINK_PORT = 5917
WEFT_LLDP_COOKIE = "cookie=0x5745465400000000"


def sink(port):
    """Counts the bytes of each connection until EOF and answers with the count."""
    srv = socket.socket()
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("0.0.0.0", port))
    srv.listen(64)
    while True:
        c, _ = srv.accept()
        n = 0
        while True:
            b = c.recv(65536)
            if not b:
                break
            n += len(b)
        c.sendall(str(n).encode())
        c.close()


def send(port, size, ips):
    """Sends size bytes to each address; prints FAIL lines."""
    for ip in ips:
        try:
            with socket.create_connection((ip, port), timeout=3) as s:
                s.sendall(b"w" * size)
                s.shutdown(socket.SHUT_WR)
                got = s.recv(64).decode()
                if got != str(size):
                    print("FAIL", ip, "sink counted", got or "nothing")
        except Exception as e:  # noqa: BLE001 - every failure is a finding
            print("FAIL", ip, type(e).__name__, e)


def wait_programmed(net, timeout):
    deadline = time.time() + timeout
    for s in net.switches:
        while WEFT_LLDP_COOKIE not in subprocess.run(
                ["ovs-ofctl", "-O", "OpenFlow13", "dump-flows", s.name, "dl_type=0x88cc"],
                capture_output=True, text=True).stdout:
            if time.time() > deadline:
                return "switch %s (dpid %s) not programmed after %d s" % (s.name, s.dpid, timeout)
            time.sleep(0.1)
    return None


def check(net, size):
    hosts = net.hosts
    pairs = len(hosts) * (len(hosts) - 1)
    ping_fail = []
    for h in hosts:
        for d in hosts:
            if h is not d and " 0% packet loss" not in h.cmd("ping -n -c 1 -W 1 %s" % d.IP()):
                ping_fail.append("%s -> %s" % (h.name, d.name))
    print("ping: %d of %d pairs ok" % (pairs - len(ping_fail), pairs))
    for f in ping_fail:
        print("  FAIL", f)
    sinks = [h.popen([sys.executable, os.path.abspath(__file__), "--sink", str(SINK_PORT)]) for h in hosts]
    time.sleep(1.0)
    tcp_fail = []
    try:
        for h in hosts:
            ips = [d.IP() for d in hosts if d is not h]
            out = h.cmd("%s %s --send %d %d %s" % (sys.executable, os.path.abspath(__file__), SINK_PORT, size,
                                                   " ".join(ips)))
            tcp_fail += ["%s -> %s" % (h.name, line) for line in out.splitlines() if line.startswith("FAIL")]
    finally:
        for p in sinks:
            p.terminate()
    print("tcp (%d bytes): %d of %d pairs ok" % (size, pairs - len(tcp_fail), pairs))
    for f in tcp_fail:
        print("  FAIL", f)
    return not ping_fail and not tcp_fail


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--topo", help="weft-topology/1 file")
    ap.add_argument("--port", type=int, default=6653, help="Weft controller port on 127.0.0.1")
    ap.add_argument("--check", action="store_true", help="ping and TCP between every host pair, then stop")
    ap.add_argument("--cli", action="store_true", help="open the Mininet CLI")
    ap.add_argument("--bytes", type=int, default=131072, help="TCP transfer per pair")
    ap.add_argument("--dump", help="directory to write each switch's dump-flows/dump-groups to before stopping")
    ap.add_argument("--sink", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--send", nargs="+", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.sink:
        sink(a.sink)
        return 0
    if a.send:
        send(int(a.send[0]), int(a.send[1]), a.send[2:])
        return 0
    if not a.topo:
        ap.error("--topo is required")

    from mininet.log import setLogLevel
    from mininet.net import Mininet
    from mininet.node import OVSSwitch, RemoteController
    from weft_topo import WeftTopo

    setLogLevel("warning")
    net = Mininet(topo=WeftTopo(a.topo), switch=partial(OVSSwitch, datapath="user", protocols="OpenFlow13"),
                  controller=None, autoSetMacs=False, build=False)
    net.addController(RemoteController("c0", ip="127.0.0.1", port=a.port))
    net.build()
    net.start()
    ok = True
    try:
        for h in net.hosts:
            intf = h.defaultIntf().name
            h.cmd("sysctl -qw net.ipv6.conf.all.disable_ipv6=1; ip route add default dev %s; "
                  "ethtool -K %s tx off >/dev/null" % (intf, intf))
        problem = wait_programmed(net, 60)
        if problem:
            print("weft_mininet:", problem)
            ok = False
        elif a.check:
            ok = check(net, a.bytes)
        if a.cli:
            from mininet.cli import CLI
            CLI(net)
        if a.dump:
            os.makedirs(a.dump, exist_ok=True)
            for s in net.switches:
                for what in ("dump-flows", "dump-groups"):
                    out = subprocess.run(["ovs-ofctl", "-O", "OpenFlow13", "--no-stats", what, s.name]
                                         if what == "dump-flows" else ["ovs-ofctl", "-O", "OpenFlow13", what, s.name],
                                         capture_output=True, text=True).stdout
                    with open(os.path.join(a.dump, "%s.%s" % (s.name, what[5:])), "w") as f:
                        f.write(out)
    finally:
        net.stop()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

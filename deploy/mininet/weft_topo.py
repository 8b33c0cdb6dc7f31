"""Mininet custom topology that loads any Weft topology file (weft-topology/1 JSON).

    mn --custom deploy/mininet/weft_topo.py --topo weft,/path/fabric.json \
       --switch ovs,datapath=user,protocols=OpenFlow13 --controller remote,ip=127.0.0.1,port=6653

Switch and host names, MACs, IPs, datapath ids and port numbers are the file's, so the Weft controller
(`weft controller run --topo /path/fabric.json`) recognises every switch. Mininet would otherwise derive dpids
from switch names, so `dpid=` is always set.
"""
import json

from mininet.topo import Topo


class WeftTopo(Topo):
    """Builds the switches, hosts and links of one weft-topology/1 file with its own port numbers."""

    def build(self, path):
        with open(path) as f:
            doc = json.load(f)
        if doc.get("format") != "weft-topology/1":
            raise ValueError("%s: format is %r, expected 'weft-topology/1'" % (path, doc.get("format")))
        for s in doc["switches"]:
            self.addSwitch(s["id"], dpid=s["dpid"], protocols="OpenFlow13")
        for h in doc["hosts"]:
            self.addHost(h["id"], ip=h["ip"] + "/32", mac=h["mac"])
            self.addLink(h["id"], h["switch"], port1=0, port2=h["port"])
        for l in doc["links"]:
            self.addLink(l["a"], l["b"], port1=l["a_port"], port2=l["b_port"])


topos = {"weft": WeftTopo}

package weft.controller.testing;

import java.util.ArrayList;
import java.util.List;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/** Small hand-built fabrics for controller unit tests (the real generators live in the model). */
public final class TestFabrics {
    private TestFabrics() {
    }

    /** Host i on switch s(i+1), port 1, MAC 02:00:00:00:00:xx, IP 10.0.x.y. */
    static Host host(int i, String sw, int port) {
        return new Host("h" + (i + 1), String.format("02:00:00:00:%02x:%02x", (i + 1) >> 8, (i + 1) & 0xff),
                "10.0." + ((i + 1) >> 8) + "." + ((i + 1) & 0xff), sw, port, 1.0);
    }

    /** A ring of n switches, one host each on port 1; switch i uses port 2 to i+1 and port 3 to i-1. */
    public static Topology ring(int n) {
        List<Switch> sw = new ArrayList<>();
        List<Host> hosts = new ArrayList<>();
        List<Link> links = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            sw.add(new Switch("s" + (i + 1), 0x100 + i, 3));
            hosts.add(host(i, "s" + (i + 1), 1));
        }
        for (int i = 0; i < n; i++) {
            links.add(new Link("s" + (i + 1), 2, "s" + ((i + 1) % n + 1), 3, 1.0));
        }
        return new Topology("ring" + n, sw, hosts, links);
    }

    /** A kx-by-ky torus, one host per switch on port 1; ports 2/3 are +x/-x, 4/5 are +y/-y. */
    public static Topology torus(int kx, int ky) {
        List<Switch> sw = new ArrayList<>();
        List<Host> hosts = new ArrayList<>();
        List<Link> links = new ArrayList<>();
        for (int y = 0; y < ky; y++) {
            for (int x = 0; x < kx; x++) {
                int i = y * kx + x;
                sw.add(new Switch("s" + (i + 1), 0x100 + i, 5));
                hosts.add(host(i, "s" + (i + 1), 1));
            }
        }
        for (int y = 0; y < ky; y++) {
            for (int x = 0; x < kx; x++) {
                int i = y * kx + x;
                if (kx > 2 || x == 0) {
                    links.add(new Link("s" + (i + 1), 2, "s" + (y * kx + (x + 1) % kx + 1), 3, 1.0));
                }
                if (ky > 2 || y == 0) {
                    links.add(new Link("s" + (i + 1), 4, "s" + (((y + 1) % ky) * kx + x + 1), 5, 1.0));
                }
            }
        }
        return new Topology("torus" + kx + "x" + ky, sw, hosts, links);
    }

    /** Leaves l1..lL with h hosts each (ports 1..h) and spines; leaf port h+j goes to spine j (its port = leaf). */
    public static Topology leafSpine(int leaves, int spines, int hostsPerLeaf) {
        List<Switch> sw = new ArrayList<>();
        List<Host> hosts = new ArrayList<>();
        List<Link> links = new ArrayList<>();
        for (int l = 0; l < leaves; l++) {
            sw.add(new Switch("l" + (l + 1), 0x200 + l, hostsPerLeaf + spines));
            for (int k = 0; k < hostsPerLeaf; k++) {
                hosts.add(host(hosts.size(), "l" + (l + 1), k + 1));
            }
        }
        for (int s = 0; s < spines; s++) {
            sw.add(new Switch("sp" + (s + 1), 0x300 + s, leaves));
            for (int l = 0; l < leaves; l++) {
                links.add(new Link("l" + (l + 1), hostsPerLeaf + s + 1, "sp" + (s + 1), l + 1, 1.0));
            }
        }
        return new Topology("leafspine" + leaves + "x" + spines, sw, hosts, links);
    }
}

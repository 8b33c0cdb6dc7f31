package weft.lab;

import java.util.ArrayList;
import java.util.List;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/** Small fabrics for lab tests, built by hand until the model's generators are merged. */
final class LabFabrics {
    private LabFabrics() {
    }

    private static Host host(int i, String sw, int port) {
        return new Host("h" + (i + 1), String.format("02:00:00:00:%02x:%02x", (i + 1) >> 8, (i + 1) & 0xff),
                "10.0." + ((i + 1) >> 8) + "." + ((i + 1) & 0xff), sw, port, 1.0);
    }

    /** A ring of n switches, one host each on port 1; port 2 goes to the next switch, port 3 to the previous. */
    static Topology ring(int n) {
        List<Switch> sw = new ArrayList<>();
        List<Host> hosts = new ArrayList<>();
        List<Link> links = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            sw.add(new Switch("s" + (i + 1), i + 1, 3));
            hosts.add(host(i, "s" + (i + 1), 1));
        }
        for (int i = 0; i < n; i++) {
            links.add(new Link("s" + (i + 1), 2, "s" + ((i + 1) % n + 1), 3, 1.0));
        }
        return new Topology("ring" + n, sw, hosts, links);
    }
}

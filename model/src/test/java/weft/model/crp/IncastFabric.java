package weft.model.crp;

import java.util.ArrayList;
import java.util.List;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * The lab's CRP incast fabric, shared by the model's and the controller's reservation tests: s1 with h1..h8 (ports
 * 1-8, 1 Gbit/s each), s2 with h9 (port 1), the link s1:9 - s2:2. Host i has MAC 02:00:00:00:00:0i and address
 * 10.0.0.i. The test-jar of the model exports this class alone.
 */
public final class IncastFabric {
    private IncastFabric() {
    }

    /** The fabric with a link of {@code linkGbps} and h9's port at {@code h9Gbps}. */
    public static Topology topology(double linkGbps, double h9Gbps) {
        List<Host> hosts = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            hosts.add(host(i, "s1", i, 1.0));
        }
        hosts.add(host(9, "s2", 1, h9Gbps));
        return new Topology("incast", List.of(new Switch("s1", 1, 9), new Switch("s2", 2, 2)), hosts,
                List.of(new Link("s1", 9, "s2", 2, linkGbps)));
    }

    /** Its only paths: channel 0 is s1 -> s2, channel 1 is s2 -> s1; hosts on one switch cross no channel. */
    public static List<int[]> paths(Host src, Host dst) {
        if (src.switchId().equals(dst.switchId())) {
            return List.of(new int[0]);
        }
        return List.of(new int[] {src.switchId().equals("s1") ? 0 : 1});
    }

    private static Host host(int i, String sw, int port, double gbps) {
        return new Host("h" + i, String.format("02:00:00:00:00:%02x", i), "10.0.0." + i, sw, port, gbps);
    }
}

package weft.controller.fabric;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import weft.model.topology.Link;
import weft.model.topology.Topology;

/**
 * A topology and its link indices by {@code switch:port}: the fabric that link indices (failed links, counters)
 * refer to.
 */
record Wiring(Topology topology, Map<String, Integer> linkByPort) {
    static Wiring of(Topology t) {
        Map<String, Integer> byPort = new HashMap<>();
        List<Link> links = t.links();
        for (int i = 0; i < links.size(); i++) {
            byPort.put(links.get(i).a() + ":" + links.get(i).aPort(), i);
            byPort.put(links.get(i).b() + ":" + links.get(i).bPort(), i);
        }
        return new Wiring(t, Map.copyOf(byPort));
    }

    /** Link {@code link} as {@code a:port-b:port}. */
    String describe(int link) {
        Link l = topology.links().get(link);
        return l.a() + ":" + l.aPort() + "-" + l.b() + ":" + l.bPort();
    }
}

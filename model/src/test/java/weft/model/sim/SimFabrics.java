package weft.model.sim;

import java.util.ArrayList;
import java.util.List;

import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;

/** Small fabrics built by hand for simulator tests: switches s0.., hosts h0.. on ports 1.., links after them. */
final class SimFabrics {
    private SimFabrics() {
    }

    /**
     * A fabric with {@code hostGbps[u].length} hosts on switch u (each host link at its rate), links as pairs of
     * switch indexes at {@code linkGbps} and {@code latencyUs}.
     */
    static Topology build(String name, double[][] hostGbps, int[][] links, double linkGbps, double latencyUs) {
        int n = hostGbps.length;
        int[] port = new int[n];
        List<Host> hosts = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            for (double g : hostGbps[u]) {
                int h = hosts.size();
                hosts.add(new Host("h" + h, String.format("02:00:00:00:%02x:%02x", h >> 8, h & 255),
                        "10.0." + (h >> 8) + "." + (h & 255), "s" + u, ++port[u], g));
            }
        }
        List<Link> list = new ArrayList<>();
        for (int[] l : links) {
            list.add(new Link("s" + l[0], ++port[l[0]], "s" + l[1], ++port[l[1]], linkGbps, latencyUs));
        }
        List<Switch> switches = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            switches.add(new Switch("s" + u, u + 1L, Math.max(1, port[u])));
        }
        return new Topology(name, switches, hosts, list);
    }

    static RoutingResult route(String engine, Topology t) {
        return RoutingEngines.byName(engine).compute(t, RoutingOptions.defaults());
    }

    static Flow flow(String id, String src, String dst, long bytes) {
        return new Flow(id, src, dst, 1, null, bytes);
    }

    static Flow flow(String id, String src, String dst, long bytes, String app) {
        return new Flow(id, src, dst, 1, app, bytes);
    }

    static Workload.Phases phases(Flow... flows) {
        return new Workload.Phases("test", List.of(flows), 1, 0);
    }

    /** Flow {@code id} of a result. */
    static SimResult.FlowRate flowOf(SimResult r, String id) {
        return r.flows().stream().filter(f -> f.flow().equals(id)).findFirst().orElseThrow();
    }

    /** Channel named {@code name} of a result. */
    static SimResult.ChannelLoad channelOf(SimResult r, String name) {
        return r.channels().stream().filter(c -> c.channel().equals(name)).findFirst().orElseThrow();
    }
}

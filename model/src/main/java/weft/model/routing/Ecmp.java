package weft.model.routing;

import java.util.ArrayList;
import java.util.List;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Equal-cost multipath: at every switch, every next hop on a shortest path toward the destination, as one port group
 * (an OpenFlow SELECT group; the switch hashes each flow onto one port).
 *
 * <p>Source: seed 004 §2.2.2 and §3.1.2 (ECMP, oblivious flow-level routing: the hash of a flow's header picks one of
 * the equal-cost paths; here an OpenFlow SELECT group, docs/sources.md). One layer. All shortest paths are used, so the
 * layer is deadlock-free only where shortest paths are, as on trees (up then down); on a ring or torus the verifier
 * reports the cycle.
 */
final class Ecmp extends ConnectedEngine {
    Ecmp() {
        super("ecmp", true);
    }

    @Override
    RoutingResult route(Topology topology, RoutingOptions options) {
        return new RoutingResult(name(), 1, DestinationTables.pairs(topology, null),
                shortestPathGroups(topology.graph(), 1), true);
    }

    /**
     * Every switch's ECMP group towards every switch with hosts: the ports of all its next hops on a shortest path,
     * the same in each of {@code layers} layers.
     */
    static List<ForwardingEntry> shortestPathGroups(SwitchGraph g, int layers) {
        int n = g.switchCount();
        List<ForwardingEntry> entries = new ArrayList<>();
        for (int d = 0; d < n; d++) {
            if (g.hostsAt(d).length == 0) {
                continue;
            }
            int[] dist = g.bfsFrom(d);
            for (int u = 0; u < n; u++) {
                if (u == d) {
                    continue;
                }
                List<Integer> group = new ArrayList<>();
                for (int c : g.out(u)) {
                    if (dist[g.dst(c)] == dist[u] - 1) {
                        group.add(g.srcPort(c));
                    }
                }
                for (int layer = 0; layer < layers; layer++) {
                    entries.add(new ForwardingEntry(g.switchId(u), g.switchId(d), layer, null, null, group));
                }
            }
        }
        return entries;
    }
}

package weft.model.routing;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Min-hop routing: every switch forwards toward each destination on a shortest path, choosing among the shortest
 * next hops the channel that carries the fewest destinations so far (weighted by their hosts), as OpenSM's
 * {@code minhop} engine balances LIDs over ports. One layer; not deadlock-free in general (a ring closes a cycle),
 * which the verifier reports.
 *
 * <p>Source: seed 002 §3 baselines (shortest-path routing that LASH layers make deadlock-free); OpenSM
 * {@code osm_ucast_mgr.c} (min-hop with port balancing) as the reference behaviour.
 * Decision: destinations in switch order, ties by lowest port, load = hosts of the destinations routed.
 */
final class MinHop extends ConnectedEngine {
    MinHop() {
        super("minhop", true);
    }

    @Override
    RoutingResult route(Topology topology, RoutingOptions options) {
        SwitchGraph g = topology.graph();
        int n = g.switchCount();
        int[][] next = new int[n][];
        long[] load = new long[g.channelCount()];
        for (int d = 0; d < n; d++) {
            int weight = g.hostsAt(d).length;
            if (weight == 0) {
                continue;
            }
            int[] dist = g.bfsFrom(d);
            next[d] = new int[n];
            for (int u = 0; u < n; u++) {
                next[d][u] = -1;
                if (u == d) {
                    continue;
                }
                int best = -1;
                for (int c : g.out(u)) {
                    if (dist[g.dst(c)] == dist[u] - 1 && (best < 0 || load[c] < load[best])) {
                        best = c;
                    }
                }
                next[d][u] = best;
                load[best] += weight;
            }
        }
        return DestinationTables.result(name(), topology, 1, null, new int[][][] {next}, true);
    }
}

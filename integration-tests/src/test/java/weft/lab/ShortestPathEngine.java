package weft.lab;

import java.util.ArrayList;
import java.util.List;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * TEST-only router (BFS, lowest port on a shortest path; with {@code layers > 1} pair (s,d) gets layer
 * {@code (s + d) % layers}) so the lab can be exercised before the model's engines are merged.
 */
final class ShortestPathEngine implements RoutingEngine {
    private final int layers;

    ShortestPathEngine(int layers) {
        this.layers = layers;
    }

    @Override
    public String name() {
        return "test-bfs";
    }

    @Override
    public boolean promisesShortest() {
        return true;
    }

    @Override
    public RoutingResult compute(Topology t, RoutingOptions options) {
        SwitchGraph g = t.graph();
        int n = g.switchCount();
        int[][] dist = g.distances();
        List<PairLayer> pairs = new ArrayList<>();
        List<ForwardingEntry> entries = new ArrayList<>();
        for (int d = 0; d < n; d++) {
            if (g.hostsAt(d).length == 0) {
                continue;
            }
            for (int s = 0; s < n; s++) {
                if (s != d && g.hostsAt(s).length > 0) {
                    pairs.add(new PairLayer(g.switchId(s), g.switchId(d), (s + d) % layers));
                }
            }
            for (int u = 0; u < n; u++) {
                if (u == d || dist[u][d] == Integer.MAX_VALUE) {
                    continue;
                }
                for (int c : g.out(u)) {
                    if (dist[g.dst(c)][d] == dist[u][d] - 1) {
                        for (int l = 0; l < layers; l++) {
                            entries.add(ForwardingEntry.of(g.switchId(u), g.switchId(d), l, g.srcPort(c)));
                        }
                        break;
                    }
                }
            }
        }
        return new RoutingResult(name(), layers, pairs, entries, true);
    }
}

package weft.controller.testing;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingResult;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * A tiny shortest-path router for TEST code only, standing in for the real engines: it produces each shape of
 * routing result the compiler must handle (plain, ECMP groups, layers, input ports, path tags).
 */
public final class BfsRoutes {
    /** The shape of result to produce. */
    public enum Mode {
        /** One out port per (switch, destination): the lowest port on a shortest path. */
        MIN_HOP,
        /** Every out port on a shortest path (ECMP group when several). */
        ECMP,
        /** MIN_HOP entries replicated per input port (Segment-based routing shape) plus a host default. */
        IN_PORT,
        /** Two path tags per destination: path p takes the p-th shortest next hop (mod count). */
        PATHS
    }

    /** {@link Mode#MIN_HOP} in one layer as a routing engine named {@code bfs-min_hop}, promising shortest paths. */
    public static final RoutingEngine MIN_HOP_ENGINE = new TestEngine("bfs-min_hop", true,
            (topology, options) -> route(topology, Mode.MIN_HOP, 1));

    private BfsRoutes() {
    }

    /**
     * Routes every destination switch with hosts; {@code layers > 1} assigns pair (s,d) the layer
     * {@code (s + 2d) % layers} (arbitrary but not constant, to check that tags follow the pair).
     */
    public static RoutingResult route(Topology t, Mode mode, int layers) {
        SwitchGraph g = t.graph();
        int n = g.switchCount();
        Set<Integer> withHosts = new TreeSet<>();
        for (int u = 0; u < n; u++) {
            if (g.hostsAt(u).length > 0) {
                withHosts.add(u);
            }
        }
        List<PairLayer> pairs = new ArrayList<>();
        for (int s : withHosts) {
            for (int d : withHosts) {
                if (s != d) {
                    if (mode == Mode.PATHS && layers > 1) {
                        pairs.add(new PairLayer(g.switchId(s), g.switchId(d), layerOf(s, d, layers), 0));
                        pairs.add(new PairLayer(g.switchId(s), g.switchId(d), layerOf(s, d, layers), 1));
                    } else {
                        pairs.add(new PairLayer(g.switchId(s), g.switchId(d), layerOf(s, d, layers)));
                    }
                }
            }
        }
        List<ForwardingEntry> entries = new ArrayList<>();
        int[][] dist = g.distances();
        for (int d : withHosts) {
            Set<Integer> usedLayers = new HashSet<>();
            for (int s : withHosts) {
                if (s != d) {
                    usedLayers.add(layerOf(s, d, layers));
                }
            }
            for (int u = 0; u < n; u++) {
                if (u == d) {
                    continue;
                }
                List<Integer> next = new ArrayList<>();
                for (int c : g.out(u)) {
                    if (dist[g.dst(c)][d] == dist[u][d] - 1) {
                        next.add(g.srcPort(c));
                    }
                }
                for (int layer : usedLayers) {
                    String sw = g.switchId(u);
                    String dst = g.switchId(d);
                    switch (mode) {
                        case MIN_HOP -> entries.add(ForwardingEntry.of(sw, dst, layer, next.get(0)));
                        case ECMP -> entries.add(new ForwardingEntry(sw, dst, layer, null, null, next));
                        case IN_PORT -> {
                            entries.add(ForwardingEntry.of(sw, dst, layer, next.get(0)));
                            for (int c : g.in(u)) {
                                entries.add(new ForwardingEntry(sw, dst, layer, g.dstPort(c), null,
                                        List.of(next.get(next.size() - 1))));
                            }
                        }
                        case PATHS -> {
                            for (int p = 0; p < 2; p++) {
                                entries.add(new ForwardingEntry(sw, dst, layer, null, p,
                                        List.of(next.get(p % next.size()))));
                            }
                        }
                        default -> throw new IllegalStateException(mode.toString());
                    }
                }
            }
        }
        return new RoutingResult("bfs-" + mode.name().toLowerCase(), layers, pairs, entries, true);
    }

    public static int layerOf(int s, int d, int layers) {
        return (s + 2 * d) % layers;
    }
}

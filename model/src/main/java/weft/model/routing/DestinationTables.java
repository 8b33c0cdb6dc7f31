package weft.model.routing;

import java.util.ArrayList;
import java.util.List;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Turns per-destination next-hop tables (the form every destination-based engine computes) into a
 * {@link RoutingResult}, and holds the checks those engines share. Tables are dense: {@code next[layer][d][u]} is the
 * channel (see {@link SwitchGraph}) that switch u uses toward destination switch d in that layer, or -1.
 */
public final class DestinationTables {
    private DestinationTables() {
    }

    /**
     * Builds the result: one entry per (layer, destination with hosts, switch) with a next hop, and {@code layer_of}
     * for every ordered pair of distinct switches with hosts.
     *
     * @param layerOf {@code layerOf[s][d]}: the layer of pair (s, d)
     */
    public static RoutingResult result(String engine, Topology topology, int layers, int[][] layerOf,
                                       int[][][] next, boolean promisesShortest) {
        SwitchGraph g = topology.graph();
        int n = g.switchCount();
        List<ForwardingEntry> entries = new ArrayList<>();
        for (int l = 0; l < layers; l++) {
            for (int d = 0; d < n; d++) {
                if (g.hostsAt(d).length == 0 || next[l][d] == null) {
                    continue;
                }
                String dst = g.switchId(d);
                for (int u = 0; u < n; u++) {
                    int c = next[l][d][u];
                    if (u != d && c >= 0) {
                        entries.add(ForwardingEntry.of(g.switchId(u), dst, l, g.srcPort(c)));
                    }
                }
            }
        }
        return new RoutingResult(engine, layers, pairs(topology, layerOf), entries, promisesShortest);
    }

    /**
     * {@code layer_of} for every ordered pair of distinct switches with hosts, in switch order.
     *
     * @param layerOf {@code layerOf[s][d]}, or null for layer 0 everywhere
     */
    public static List<PairLayer> pairs(Topology topology, int[][] layerOf) {
        SwitchGraph g = topology.graph();
        int n = g.switchCount();
        List<PairLayer> pairs = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            if (g.hostsAt(s).length == 0) {
                continue;
            }
            for (int d = 0; d < n; d++) {
                if (d != s && g.hostsAt(d).length > 0) {
                    pairs.add(new PairLayer(g.switchId(s), g.switchId(d), layerOf == null ? 0 : layerOf[s][d]));
                }
            }
        }
        return pairs;
    }

    /**
     * Refuses a fabric without switches, or whose switches with hosts are not all in one component.
     *
     * @throws RoutingFailure {@code "<engine>: fabric NAME is disconnected: s0 and s3 are in different components
     *                        (2 components)"} or {@code "<engine>: fabric NAME has no switches"}
     */
    public static void requireConnected(String engine, Topology topology) {
        SwitchGraph g = topology.graph();
        if (g.switchCount() == 0) {
            throw new RoutingFailure(engine + ": fabric " + topology.name() + " has no switches");
        }
        int[] comp = g.components();
        int first = -1;
        for (int u = 0; u < g.switchCount(); u++) {
            if (g.hostsAt(u).length == 0) {
                continue;
            }
            if (first < 0) {
                first = u;
            } else if (comp[u] != comp[first]) {
                throw new RoutingFailure(engine + ": fabric " + topology.name() + " is disconnected: "
                        + g.switchId(first) + " and " + g.switchId(u) + " are in different components ("
                        + g.componentCount() + " components)");
            }
        }
    }

    /** An all -1 table of n x n. */
    public static int[][] emptyTable(int n) {
        int[][] t = new int[n][n];
        for (int[] row : t) {
            java.util.Arrays.fill(row, -1);
        }
        return t;
    }
}

package weft.model.routing.verify;

import java.util.ArrayList;
import java.util.List;
import weft.model.routing.Fabrics;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Routing results written by hand for the verifier and the simulator tests: destination-based next-switch tables
 * on {@link Fabrics} (switch {@code s0..}), and the seed 002 §3.2.1 example E6 with its illegal and legal
 * restriction placements (hand-computed from the rule of seed 002 §3.2.1).
 */
public final class HandRoutes {
    private HandRoutes() {
    }

    /** Port of the first link from switch u to switch v. */
    public static int port(Topology t, int u, int v) {
        SwitchGraph g = t.graph();
        for (int c : g.out(u)) {
            if (g.dst(c) == v) {
                return g.srcPort(c);
            }
        }
        throw new IllegalArgumentException("no link s" + u + "-s" + v);
    }

    /**
     * A destination-based result: {@code next[d][u]} is the next switch from u toward d (-1 where none), every
     * ordered pair in {@code layerOf[s][d]}.
     */
    public static RoutingResult result(Topology t, int layers, int[][] layerOf, int[][][] nextPerLayer,
                                       boolean shortest) {
        int n = t.switches().size();
        List<ForwardingEntry> entries = new ArrayList<>();
        for (int l = 0; l < layers; l++) {
            for (int d = 0; d < n; d++) {
                for (int u = 0; u < n; u++) {
                    int v = nextPerLayer[l][d][u];
                    if (u != d && v >= 0) {
                        entries.add(ForwardingEntry.of("s" + u, "s" + d, l, port(t, u, v)));
                    }
                }
            }
        }
        List<PairLayer> pairs = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            for (int d = 0; d < n; d++) {
                if (s != d) {
                    pairs.add(new PairLayer("s" + s, "s" + d, layerOf[s][d]));
                }
            }
        }
        return new RoutingResult("hand", layers, pairs, entries, shortest);
    }

    public static int[][] zeros(int n) {
        return new int[n][n];
    }

    /** A one-layer result from the next-switch table {@code next[d][u]}, every pair in layer 0. */
    public static RoutingResult oneLayer(Topology t, int[][] next, boolean shortest) {
        return result(t, 1, zeros(next.length), new int[][][] {next}, shortest);
    }

    /** Triangle 0-1-2, bridge 2-3, triangle 3-4-5, links L0..L6 in that order (hand-computed from seed 002 §3.2.1). */
    public static Topology e6Fabric() {
        return Fabrics.graph("e6", 6, 1, new int[][] {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 5}, {5, 3}});
    }

    /**
     * E6 routes obeying the illegal restrictions (at 2: L1&lt;-&gt;L2; at 3, SN1's starting switch: L4&lt;-&gt;L6),
     * {@code next[d][u]}: they deadlock.
     */
    public static int[][] e6Illegal() {
        return new int[][] {
            {-1, 0, 1, 2, 3, 3},
            {1, -1, 1, 2, 3, 3},
            {2, 0, -1, 2, 5, 3},
            {2, 2, 3, -1, 5, 3},
            {2, 2, 3, 4, -1, 4},
            {2, 2, 3, 4, 5, -1},
        };
    }

    /**
     * E6 shortest paths obeying the legal restrictions (at 2: L1&lt;-&gt;L2; at 4: L4&lt;-&gt;L5), next[d][u]: the
     * illegal routes with the next hops that the restriction's move from switch 3 to switch 4 changes.
     */
    public static int[][] e6Legal() {
        int[][] next = e6Illegal();
        next[0][2] = 0;
        next[2][1] = 2;
        next[2][4] = 3;
        next[3][4] = 3;
        next[5][3] = 5;
        return next;
    }
}

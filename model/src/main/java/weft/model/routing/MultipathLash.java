package weft.model.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * MP-LASH, source-adaptive LASH: every switch pair gets several shortest paths, each in its own layer, and the
 * source picks among them (per flow or per packet); switches still forward on (destination, layer).
 *
 * <p>Seed 002 §3.3.6 (source adaptivity: "all shortest-paths are allowed" and each path gets its own address). Steps:
 * <ol>
 *   <li>LASH steps 1-3 ({@link Lash}): each pair's first path, first-fit, destination-major.</li>
 *   <li>For every further layer, in order, every pair not yet in it tries to join it on a shortest path that
 *       avoids the channels of its earlier paths where it can (any shortest path that fits the layer and its
 *       in-trees); a path equal to one the pair already has is dropped.</li>
 * </ol>
 * {@link PairLayer#path()} numbers a pair's paths 0, 1, ...; path 0 is the LASH path.
 *
 * <p>Decision: at most {@value #MAX_PATHS} paths per pair (InfiniBand LMC 2, four addresses per port), over
 * max(layers LASH needs, min(budget, {@value #MAX_PATHS})) layers. Decision: no Up*&#47;Down* fallback: its paths
 * are not shortest, so a budget below LASH's need is an error naming both numbers.
 */
final class MultipathLash extends NamedEngine {
    static final int MAX_PATHS = 4;

    MultipathLash() {
        super("mplash", true);
    }

    @Override
    public RoutingResult compute(Topology topology, RoutingOptions options) {
        SwitchGraph g = topology.graph();
        Pairs pairs = Pairs.of(name(), topology, true, options);
        int budget = options.layersPerClass();
        ShortestPathLayers layers = new ShortestPathLayers(g, false);
        int[] first = new int[pairs.size()];
        Lash.assignPairs(name(), pairs, layers, first, options.symmetric(), Lash.LAYER_LIMIT);
        int needed = layers.layerCount();
        if (needed > budget) {
            throw new RoutingFailure(name() + ": needs " + needed + " layers for one path per pair, " + budget
                    + " available (--max-layers " + options.maxLayers()
                    + (options.classes() > 1 ? " / --classes " + options.classes() : "") + ")");
        }
        int total = Math.max(needed, Math.min(budget, MAX_PATHS));
        while (layers.layerCount() < total) {
            layers.openLayer();
        }
        int[][] pathLayers = new int[pairs.size()][];
        for (int p = 0; p < pairs.size(); p++) {
            pathLayers[p] = new int[] {first[p]};
        }
        for (int l = 0; l < total; l++) {
            for (int p = 0; p < pairs.size(); p++) {
                int[] have = pathLayers[p];
                if (have.length >= MAX_PATHS || contains(have, l)) {
                    continue;
                }
                int s = pairs.src(p);
                int d = pairs.dst(p);
                int[] avoid = channelsOf(layers, have, s, d);
                if (!layers.place(l, s, d, avoid)) {
                    continue;
                }
                int[] path = layers.pathOf(l, s, d);
                if (isKnown(layers, have, s, d, path)) {
                    layers.remove(l, s, d);
                    continue;
                }
                int[] more = Arrays.copyOf(have, have.length + 1);
                more[have.length] = l;
                pathLayers[p] = more;
            }
        }
        List<PairLayer> assigned = new ArrayList<>();
        for (int p : pairs.sourceMajor()) {
            for (int i = 0; i < pathLayers[p].length; i++) {
                assigned.add(new PairLayer(g.switchId(pairs.src(p)), g.switchId(pairs.dst(p)), pathLayers[p][i], i));
            }
        }
        return new RoutingResult(name(), Math.max(1, total), assigned, Lash.treeEntries(g, pairs, layers, total),
                true);
    }

    private static boolean contains(int[] a, int x) {
        for (int v : a) {
            if (v == x) {
                return true;
            }
        }
        return false;
    }

    private static int[] channelsOf(ShortestPathLayers layers, int[] have, int s, int d) {
        int[] all = new int[0];
        for (int l : have) {
            int[] p = layers.pathOf(l, s, d);
            int[] joined = Arrays.copyOf(all, all.length + p.length);
            System.arraycopy(p, 0, joined, all.length, p.length);
            all = joined;
        }
        return all;
    }

    private static boolean isKnown(ShortestPathLayers layers, int[] have, int s, int d, int[] path) {
        for (int l : have) {
            if (Arrays.equals(layers.pathOf(l, s, d), path)) {
                return true;
            }
        }
        return false;
    }
}

package weft.model.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Tree-Based Turn Prohibition (TBTP, De Pellegrini, Starobinski, Karpovsky and Levitin, INFOCOM 2004): deadlock
 * freedom in one layer by prohibiting turns, never turns between two spanning-tree links, so at most half of all
 * turns are lost on any topology; then forwarding tables over the permitted turns. It is the Ethernet baseline LASH
 * is measured against, also spread over n layers with the same turns ("TBTPnVL", e.g. TBTP3VL).
 *
 * <p>Seed 002 §2.1.4 ("Turn Based Tree Prohibition", after De Pellegrini et al., docs/sources.md) and §3.3.5
 * (TBTPnVL uses as many layers as LASH, the traffic spread over them). Steps, numbered as the thesis describes them:
 * <ol>
 *   <li>Spanning tree: the 802.1D tree of {@link SpanningTree} (root: {@code --root} or the lowest bridge id).</li>
 *   <li>For every switch S_i with a non-tree link left, the candidate sets over the links still present:
 *       prohibited = every turn around S_i except turns between two tree links; permitted = the turns starting in
 *       S_i along one of its non-tree links (S_i, a, b) for every other link (a, b) still present at a.</li>
 *   <li>Select the switch with the maximum (permitted - prohibited).</li>
 *   <li>Add its prohibited turns to the set of all prohibited turns.</li>
 *   <li>Delete its non-tree links; repeat until no non-tree link is left.</li>
 * </ol>
 * Then {@link TurnTables} builds shortest tables over the permitted turns (the same step as Segment-based
 * routing; balanced over channels unless {@link RoutingOptions#balance()} is off). Why it is deadlock-free: when
 * S_i is selected, every turn into or out of its non-tree links at S_i is prohibited, so no dependency cycle can use
 * those links, and they are deleted; at the end only the tree is left, whose turns form no cycle without U-turns.
 * The tree's turns are never prohibited, so every pair stays connected.
 *
 * <p>Decision: the thesis does not give the counting rules of [37]; turns are counted once per pair of links
 * (a turn and its reverse are one turn, as in turn prohibition), permitted turns of S_i along a non-tree link to
 * a are the links at a other than that link; ties go to the lowest switch index.
 *
 * <p>TBTPnVL is {@code tbtp} given n layers ({@link RoutingOptions#layers()}), or {@code tbtp3vl}. As for LASH
 * given n layers, a pair keeps its layer, so on a simulator with one virtual channel per layer its packets keep one
 * channel and the two are compared on the same channels (§3.3.5: "the same number of channels as LASH").
 *
 * <p>Decision (TBTPnVL): the thesis keeps the turns and paths and spreads the traffic over n layers without saying
 * how. Every layer gets the same entries; pairs are placed in processing order on the layer where the busiest
 * channel of their path has the fewest pairs so far (then the least total, then the lowest layer), so pairs that
 * share channels are split over the layers.
 */
final class Tbtp extends NamedEngine {
    private final int layers;

    /**
     * @param layers layers to spread the traffic over: 1 for TBTP ({@code tbtp}, or n with {@link
     *               RoutingOptions#layers()} = n: TBTPnVL), 3 for the thesis's TBTP3VL ({@code tbtp3vl})
     */
    Tbtp(int layers) {
        super(layers == 1 ? "tbtp" : "tbtp" + layers + "vl", false);
        if (layers < 1) {
            throw new IllegalArgumentException("tbtp: layers must be >= 1, got " + layers);
        }
        this.layers = layers;
    }

    @Override
    public RoutingResult compute(Topology topology, RoutingOptions options) {
        SwitchGraph g = topology.graph();
        Pairs pairs = Pairs.of(name(), topology, true, options.withSeed(options.seed(), false));
        int n = layers == 1 ? Math.max(1, options.layers()) : layers;
        if (n > options.layersPerClass()) {
            throw new RoutingFailure(name() + ": needs " + n + " layers, " + options.layersPerClass()
                    + " available (--max-layers " + options.maxLayers() + " shared by " + options.classes()
                    + " classes)");
        }
        int[] rootPort = SpanningTree.rootPorts(topology, SpanningTree.root(name(), topology, options.root()));
        boolean[][] forbidden = prohibitedTurns(g, treeLinks(g, rootPort), null);
        TurnTables.Tables tables = TurnTables.build(name(), "turn-prohibition", g, pairs, forbidden, n > 1,
                options.balance());
        List<ForwardingEntry> forwarding = new ArrayList<>(tables.forwarding().size() * n);
        for (int l = 0; l < n; l++) {
            for (ForwardingEntry e : tables.forwarding()) {
                forwarding.add(new ForwardingEntry(e.switchId(), e.dst(), l, e.inPort(), e.path(), e.outPorts()));
            }
        }
        int[] layerOfPair = n == 1 ? new int[pairs.size()] : spread(tables.paths(), n, g.channelCount());
        List<PairLayer> layerOf = new ArrayList<>(pairs.size());
        for (int q : pairs.sourceMajor()) {
            layerOf.add(new PairLayer(g.switchId(pairs.src(q)), g.switchId(pairs.dst(q)), layerOfPair[q]));
        }
        return new RoutingResult(name(), n, layerOf, forwarding, false);
    }

    /** Links of the spanning tree: the links of the root ports. */
    static boolean[] treeLinks(SwitchGraph g, int[] rootPort) {
        boolean[] tree = new boolean[g.channelCount() / 2];
        for (int c : rootPort) {
            if (c >= 0) {
                tree[SwitchGraph.linkOf(c)] = true;
            }
        }
        return tree;
    }

    /**
     * Steps 2-5: the prohibited turns, as {@code forbidden[u][i * deg + j]} (arrival over the link of
     * {@code out(u)[i]}, departure over the link of {@code out(u)[j]}).
     *
     * @param selected when not null, receives the selected switches in order (length: the switch count; unused
     *                 places stay -1)
     */
    static boolean[][] prohibitedTurns(SwitchGraph g, boolean[] treeLink, int[] selected) {
        int n = g.switchCount();
        int links = treeLink.length;
        boolean[] present = new boolean[links];
        Arrays.fill(present, true);
        int[] degree = new int[n];
        int[] treeDegree = new int[n];
        int[] crossDegree = new int[n];
        for (int u = 0; u < n; u++) {
            for (int c : g.out(u)) {
                degree[u]++;
                if (treeLink[SwitchGraph.linkOf(c)]) {
                    treeDegree[u]++;
                } else {
                    crossDegree[u]++;
                }
            }
        }
        boolean[][] forbidden = new boolean[n][];
        for (int u = 0; u < n; u++) {
            forbidden[u] = new boolean[g.degree(u) * g.degree(u)];
        }
        if (selected != null) {
            Arrays.fill(selected, -1);
        }
        for (int round = 0; ; round++) {
            // Step 3: the switch with the most permitted minus prohibited turns.
            int best = -1;
            long bestScore = Long.MIN_VALUE;
            for (int u = 0; u < n; u++) {
                if (crossDegree[u] == 0) {
                    continue;
                }
                long prohibited = pairs(degree[u]) - pairs(treeDegree[u]);
                long permitted = 0;
                for (int c : g.out(u)) {
                    int link = SwitchGraph.linkOf(c);
                    if (present[link] && !treeLink[link]) {
                        permitted += degree[g.dst(c)] - 1;
                    }
                }
                if (permitted - prohibited > bestScore) {
                    best = u;
                    bestScore = permitted - prohibited;
                }
            }
            if (best < 0) {
                return forbidden;
            }
            if (selected != null) {
                selected[round] = best;
            }
            // Step 4: every turn around it between present links, except tree-tree turns.
            int[] out = g.out(best);
            int deg = out.length;
            for (int i = 0; i < deg; i++) {
                int a = SwitchGraph.linkOf(out[i]);
                for (int j = 0; j < deg; j++) {
                    int b = SwitchGraph.linkOf(out[j]);
                    if (i != j && present[a] && present[b] && !(treeLink[a] && treeLink[b])) {
                        forbidden[best][i * deg + j] = true;
                    }
                }
            }
            // Step 5: delete its non-tree links.
            for (int c : out) {
                int link = SwitchGraph.linkOf(c);
                if (present[link] && !treeLink[link]) {
                    present[link] = false;
                    int v = g.dst(c);
                    degree[best]--;
                    degree[v]--;
                    crossDegree[best]--;
                    crossDegree[v]--;
                }
            }
        }
    }

    /** Unordered pairs of k links: the turns between them, a turn and its reverse counted once. */
    private static long pairs(int k) {
        return (long) k * (k - 1) / 2;
    }

    /** TBTPnVL: each pair's layer, splitting pairs that share channels over the layers. */
    static int[] spread(int[][] paths, int layers, int channels) {
        int[][] count = new int[layers][channels];
        int[] layerOf = new int[paths.length];
        for (int p = 0; p < paths.length; p++) {
            int best = 0;
            long bestMax = Long.MAX_VALUE;
            long bestSum = Long.MAX_VALUE;
            for (int l = 0; l < layers; l++) {
                long max = 0;
                long sum = 0;
                for (int c : paths[p]) {
                    max = Math.max(max, count[l][c]);
                    sum += count[l][c];
                }
                if (max < bestMax || max == bestMax && sum < bestSum) {
                    best = l;
                    bestMax = max;
                    bestSum = sum;
                }
            }
            layerOf[p] = best;
            for (int c : paths[p]) {
                count[best][c]++;
            }
        }
        return layerOf;
    }
}

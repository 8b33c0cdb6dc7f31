package weft.model.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Valiant load balancing on k-ary n-trees: two-phase paths, up to an intermediate top-level switch chosen by the
 * sending host (its path id), then down to the destination. The controller installs deterministic per-tag entries;
 * the host picks the tag per packet (VLB, RR, SD, TP policies of the agent).
 *
 * <p>Source: seed 004 §3.1.4 and §3.2 (VLB: per packet a uniformly random intermediate switch among the p paths; p =
 * number of top-level switches) and App. A.2.1, mapped as in docs/sources.md ("the host picks the intermediate switch
 * and stamps a path tag, and the controller installs deterministic per-tag forwarding").
 * <ul>
 *   <li>Path id t (0..k^(n-1)-1) is the label of a root switch. Going up into level j a switch takes up port
 *       digit j of t, so t names the root reached; a switch above the destination takes the unique way down.</li>
 *   <li>Up entries carry the path tag; down entries do not (they are the same for every tag).</li>
 *   <li>Decision: a pair whose nearest common ancestor is below the roots turns down there (Valiant through the
 *       root would pass a switch twice, once up and once down, which destination forwarding cannot express); its
 *       path ids still spread it over the k^(h) switches of its common-ancestor level.</li>
 * </ul>
 * Paths are up*&#47;down* in a tree: deadlock-free and shortest. {@code layer_of} lists every pair once per path id.
 * Entry count grows as switches x leaves x roots: meant for the small trees of the lab.
 *
 * <p>Other fat trees (the k-port, l-level fat tree of seed 004 §2.1, App. B.3, whose roots have twice the down ports
 * of the switches below, so it is no k-ary n-tree): path id t is the t-th root in switch order. Levels are hop
 * distances from the leaves (switches with hosts); a switch not above the destination goes up the first up link (in
 * port order) from which root t can be reached by going up, and has no entry for path ids whose root it cannot reach
 * (such packets never climb through it); a switch above the destination goes down. In the k-port fat tree of
 * {@code weft.model.topology.generate.KPortFatTree} the way up to each root is unique, so the p = (k/2)^(l-1) path ids
 * are its p intermediate switches, as the thesis's path field.
 */
final class Vlb extends ConnectedEngine {
    /** Refuse fabrics whose tagged entries would exceed this (about 2 GB of entries in memory). */
    static final long MAX_ENTRIES = 4_000_000;

    Vlb() {
        super("vlb", true);
    }

    @Override
    RoutingResult route(Topology topology, RoutingOptions options) {
        KaryNTreeShape tree;
        try {
            tree = KaryNTreeShape.of(name(), topology);
        } catch (RoutingFailure notKary) {
            return viaRoots(topology, notKary);
        }
        SwitchGraph g = topology.graph();
        int s = g.switchCount();
        int paths = 1;
        for (int i = 0; i < tree.n - 1; i++) {
            paths *= tree.k;
        }
        long estimate = (long) s * tree.leaves.length * paths;
        if (estimate > MAX_ENTRIES) {
            throw new RoutingFailure(name() + ": " + topology.name() + " would need about " + estimate
                    + " tagged entries (" + s + " switches x " + tree.leaves.length + " leaves x " + paths
                    + " path ids), more than " + MAX_ENTRIES + "; use ecmp (SELECT groups) on trees this large");
        }
        List<ForwardingEntry> entries = new ArrayList<>();
        List<PairLayer> pairs = new ArrayList<>();
        for (int d : tree.leaves) {
            if (g.hostsAt(d).length == 0) {
                continue;
            }
            String dst = g.switchId(d);
            for (int u = 0; u < s; u++) {
                if (u == d) {
                    continue;
                }
                if (tree.above(u, d)) {
                    entries.add(ForwardingEntry.of(g.switchId(u), dst, 0, g.srcPort(tree.downToward(u, d))));
                    continue;
                }
                for (int t = 0; t < paths; t++) {
                    int c = tree.up[u][digitOf(t, tree.level[u] - 1, tree)];
                    entries.add(new ForwardingEntry(g.switchId(u), dst, 0, null, t, List.of(g.srcPort(c))));
                }
            }
            for (int src : tree.leaves) {
                if (src != d && g.hostsAt(src).length > 0) {
                    for (int t = 0; t < paths; t++) {
                        pairs.add(new PairLayer(g.switchId(src), dst, 0, t));
                    }
                }
            }
        }
        return new RoutingResult(name(), 1, pairs, entries, true);
    }

    /** Digit j (most significant first, n-1 digits) of path id t. */
    private static int digitOf(int t, int j, KaryNTreeShape tree) {
        int weight = 1;
        for (int i = j + 1; i < tree.n - 1; i++) {
            weight *= tree.k;
        }
        return (t / weight) % tree.k;
    }

    /**
     * VLB on a fat tree that is not a k-ary n-tree: path id t climbs to the t-th root.
     *
     * @param notKary why the tree is not a k-ary n-tree, reported when it is no fat tree either
     */
    private RoutingResult viaRoots(Topology topology, RoutingFailure notKary) {
        SwitchGraph g = topology.graph();
        int s = g.switchCount();
        String not = name() + ": fabric " + topology.name() + " is neither a k-ary n-tree (" + notKary.getMessage()
                + ") nor a fat tree: ";
        int[] height = KaryNTreeShape.heights(g);
        int top = 0;
        for (int u = 0; u < s; u++) {
            top = Math.max(top, height[u]);
        }
        List<Integer> roots = new ArrayList<>();
        for (int u = 0; u < s; u++) {
            if (height[u] == top) {
                roots.add(u);
            }
            for (int c : g.out(u)) {
                int diff = height[g.dst(c)] - height[u];
                if (diff != 1 && diff != -1) {
                    throw new RoutingFailure(not + "link " + g.switchId(u) + "-" + g.switchId(g.dst(c))
                            + " does not join adjacent levels");
                }
            }
            if (height[u] > 0 && g.hostsAt(u).length > 0) {
                throw new RoutingFailure(not + g.switchId(u) + " has hosts but is not a leaf");
            }
        }
        int paths = roots.size();
        int words = (Math.max(paths, s) + 63) >>> 6;
        // rootsAbove[u]: roots reachable from u going up (u itself when it is a root); below[u]: switches below u.
        long[][] rootsAbove = new long[s][(paths + 63) >>> 6];
        long[][] below = new long[s][words];
        Integer[] byHeight = new Integer[s];
        for (int u = 0; u < s; u++) {
            byHeight[u] = u;
            below[u][u >>> 6] |= 1L << u;
        }
        Arrays.sort(byHeight, (x, y) -> Integer.compare(height[x], height[y]));
        for (int u : byHeight) {
            for (int c : g.out(u)) {
                if (height[g.dst(c)] < height[u]) {
                    or(below[u], below[g.dst(c)]);
                }
            }
        }
        for (int t = 0; t < paths; t++) {
            rootsAbove[roots.get(t)][t >>> 6] |= 1L << t;
        }
        for (int i = s - 1; i >= 0; i--) {
            int u = byHeight[i];
            for (int c : g.out(u)) {
                if (height[g.dst(c)] > height[u]) {
                    or(rootsAbove[u], rootsAbove[g.dst(c)]);
                }
            }
        }
        List<Integer> leaves = new ArrayList<>();
        for (int u = 0; u < s; u++) {
            if (g.hostsAt(u).length > 0) {
                leaves.add(u);
                if (Arrays.stream(rootsAbove[u]).mapToInt(Long::bitCount).sum() != paths) {
                    throw new RoutingFailure(not + "leaf " + g.switchId(u) + " does not reach every root going up");
                }
            }
        }
        long estimate = (long) leaves.size() * leaves.size() * paths;
        if (estimate > MAX_ENTRIES) {
            throw new RoutingFailure(name() + ": " + topology.name() + " would need about " + estimate
                    + " tagged entries at its leaves alone (" + leaves.size() + " leaves x " + leaves.size()
                    + " destinations x " + paths + " roots), more than " + MAX_ENTRIES
                    + "; use ecmp (SELECT groups) on trees this large");
        }
        List<ForwardingEntry> entries = new ArrayList<>();
        List<PairLayer> pairs = new ArrayList<>();
        for (int d : leaves) {
            String dst = g.switchId(d);
            for (int u = 0; u < s; u++) {
                if (u == d) {
                    continue;
                }
                if ((below[u][d >>> 6] & (1L << d)) != 0) {
                    for (int c : g.out(u)) {
                        int v = g.dst(c);
                        if (height[v] < height[u] && (below[v][d >>> 6] & (1L << d)) != 0) {
                            entries.add(ForwardingEntry.of(g.switchId(u), dst, 0, g.srcPort(c)));
                            break;
                        }
                    }
                    continue;
                }
                for (int t = 0; t < paths; t++) {
                    for (int c : g.out(u)) {
                        int v = g.dst(c);
                        if (height[v] > height[u] && (rootsAbove[v][t >>> 6] & (1L << t)) != 0) {
                            entries.add(new ForwardingEntry(g.switchId(u), dst, 0, null, t, List.of(g.srcPort(c))));
                            break;
                        }
                    }
                }
            }
            for (int src : leaves) {
                if (src != d) {
                    for (int t = 0; t < paths; t++) {
                        pairs.add(new PairLayer(g.switchId(src), dst, 0, t));
                    }
                }
            }
        }
        return new RoutingResult(name(), 1, pairs, entries, true);
    }

    private static void or(long[] into, long[] from) {
        for (int w = 0; w < into.length; w++) {
            into[w] |= from[w];
        }
    }
}

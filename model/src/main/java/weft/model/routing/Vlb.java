package weft.model.routing;

import java.util.ArrayList;
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
 */
final class Vlb extends NamedEngine {
    /** Refuse fabrics whose tagged entries would exceed this (about 2 GB of entries in memory). */
    static final long MAX_ENTRIES = 4_000_000;

    Vlb() {
        super("vlb", true);
    }

    @Override
    public RoutingResult compute(Topology topology, RoutingOptions options) {
        KaryNTreeShape tree = KaryNTreeShape.of(name(), topology);
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
}

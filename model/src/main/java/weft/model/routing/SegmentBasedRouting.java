package weft.model.routing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Segment-based routing (SR): deadlock freedom in one layer by one bidirectional turn restriction per segment,
 * then forwarding tables on (input port, destination) that obey the restrictions, balanced over channels.
 *
 * <p>Seed 002 §3.2. Steps:
 * <ol>
 *   <li>Segmentation ({@link Segmentation}), with the fixes to Fig. 3.7 listed in docs/sources.md.</li>
 *   <li>Restriction placement (§3.2.1): a starting segment is restricted between its two links at one of its
 *       switches other than the starting switch (a restriction there can close a cycle across sub-nets, as the
 *       test hand-computed from §3.2.1 shows); a regular segment at one of its new switches; a unitary segment X-Y
 *       at X, between the link and every
 *       other link of X (no transit over the link through X). Bridges are not restricted.</li>
 *   <li>Routing tables (§3.2.2-3.2.3): per destination, a breadth-first search over channels through
 *       allowed turns (no U-turns) gives each channel's remaining distance; every pair takes a shortest allowed
 *       path, and where a switch has a choice the least-loaded channel wins ("minimises the deviation of link
 *       weight", ref [59]). A switch forwards on (input port, destination): one entry for any input port (what its
 *       own hosts use) and one per input port whose choice differs ({@link TurnTables}, shared with TBTP).</li>
 * </ol>
 *
 * <p>Decision: the restricted switch of a segment is the middle one of its allowed switches; with {@code randomize} the
 * seed picks it, as the thesis's evaluation did (§3.2.3).
 *
 * <p>Decision: {@code find} orders links by the distance of their far end to the visited part of the sub-net (§3.2.3),
 * which favours short segments; ties by link index.
 */
final class SegmentBasedRouting extends NamedEngine {
    private final Segmentation.LinkOrder linkOrder;

    SegmentBasedRouting() {
        this(Segmentation.LinkOrder.NEAREST_VISITED);
    }

    SegmentBasedRouting(Segmentation.LinkOrder linkOrder) {
        super("sr", false);
        this.linkOrder = linkOrder;
    }

    /** The forbidden turns of one run: {@code forbidden[u][i * deg + j]} forbids out(u)[i]'s link to out(u)[j]'s. */
    record Restrictions(Segmentation segmentation, boolean[][] forbidden) {
    }

    /** Steps 1 and 2: segments and the turn restrictions placed in them. */
    Restrictions restrict(SwitchGraph g, RoutingOptions options) {
        Segmentation seg = Segmentation.compute(g, linkOrder);
        int n = g.switchCount();
        boolean[][] forbidden = new boolean[n][];
        for (int u = 0; u < n; u++) {
            forbidden[u] = new boolean[g.degree(u) * g.degree(u)];
        }
        SplittableRandom random = options.randomize() ? new SplittableRandom(options.seed()) : null;
        for (Segmentation.Segment s : seg.segments()) {
            List<Integer> sw = s.switches();
            List<Integer> links = s.links();
            if (s.type() == Segmentation.Type.UNITARY) {
                int x = sw.get(0);
                for (int c : g.out(x)) {
                    int other = SwitchGraph.linkOf(c);
                    if (other != links.get(0)) {
                        forbid(g, forbidden, x, links.get(0), other);
                    }
                }
                continue;
            }
            // Switch i (1..k) of the segment sits between links i-1 and i; switch 0 (the starting switch of a
            // starting segment, or the visited switch a regular segment leaves from) is never restricted.
            int k = sw.size() - 1;
            int i = random == null ? (k + 1) / 2 : 1 + random.nextInt(k);
            forbid(g, forbidden, sw.get(i), links.get(i - 1), links.get(i));
        }
        return new Restrictions(seg, forbidden);
    }

    private static void forbid(SwitchGraph g, boolean[][] forbidden, int u, int linkA, int linkB) {
        int a = position(g, u, linkA);
        int b = position(g, u, linkB);
        int deg = g.degree(u);
        forbidden[u][a * deg + b] = true;
        forbidden[u][b * deg + a] = true;
    }

    private static int position(SwitchGraph g, int u, int link) {
        int[] out = g.out(u);
        for (int k = 0; k < out.length; k++) {
            if (SwitchGraph.linkOf(out[k]) == link) {
                return k;
            }
        }
        throw new IllegalStateException("link " + link + " is not at switch " + g.switchId(u));
    }

    @Override
    public RoutingResult compute(Topology topology, RoutingOptions options) {
        SwitchGraph g = topology.graph();
        Pairs pairs = Pairs.of(name(), topology, true, options.withSeed(options.seed(), false));
        Restrictions r = restrict(g, options);
        // Step 3 (§3.2.2): tables on (input port, destination) over the allowed turns, balanced over channels.
        TurnTables.Tables tables = TurnTables.build(name(), "segment", g, pairs, r.forbidden(), false, true);
        List<PairLayer> layerOf = new ArrayList<>(pairs.size());
        for (int q : pairs.sourceMajor()) {
            layerOf.add(new PairLayer(g.switchId(pairs.src(q)), g.switchId(pairs.dst(q)), 0));
        }
        return new RoutingResult(name(), 1, layerOf, tables.forwarding(), false);
    }
}

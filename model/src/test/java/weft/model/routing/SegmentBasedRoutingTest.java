package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

class SegmentBasedRoutingTest extends RoutingEngineContract {
    private static final SegmentBasedRouting BY_INDEX = new SegmentBasedRouting(Segmentation.LinkOrder.BY_INDEX);

    /** Hand-computed from seed 002 §3.2.1: L0 = 0-1, L1 = 1-2, L2 = 2-3, L3 = 3-0, L4 = 1-4, L5 = 4-3, L6 = 0-2,
     *  L7 = 3-5. */
    private static final Topology SIX_SWITCHES = Fabrics.graph("six-switches", 6, 1, new int[][] {
        {0, 1}, {1, 2}, {2, 3}, {3, 0}, {1, 4}, {4, 3}, {0, 2}, {3, 5}});

    /** Hand-computed from the starting-switch rule of seed 002 §3.2.1: triangle 0-1-2, bridge L3 = 2-3, triangle
     *  3-4-5. */
    private static final Topology TWO_TRIANGLES = Fabrics.graph("two-triangles", 6, 1, new int[][] {
        {0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 5}, {5, 3}});

    SegmentBasedRoutingTest() {
        super(new SegmentBasedRouting(),
                SIX_SWITCHES, TWO_TRIANGLES, FIG_3_8, Fabrics.ring(6), Fabrics.torus(4, 4), Fabrics.mesh(3, 3),
                Fabrics.irregular(24, 4, 2),
                Fabrics.karyNTree(2, 3));
    }

    private static Segmentation.Segment segment(Segmentation.Type type, int subnet, List<Integer> switches,
                                                List<Integer> links) {
        return new Segmentation.Segment(type, subnet, switches, links);
    }

    @Test
    @DisplayName("Seed 002 §3.2.1, Fig. 3.7 (hand-computed from its rule): segmentation of the 6-switch graph, "
            + "3 segments, bridge L7")
    void e5Segmentation() {
        Segmentation s = Segmentation.compute(SIX_SWITCHES.graph(), Segmentation.LinkOrder.BY_INDEX);
        assertThat(s.segments()).containsExactly(
                segment(Segmentation.Type.STARTING, 0, List.of(0, 1, 2, 3), List.of(0, 1, 2, 3)),
                segment(Segmentation.Type.UNITARY, 0, List.of(0), List.of(6)),
                segment(Segmentation.Type.REGULAR, 0, List.of(1, 4), List.of(4, 5)));
        assertThat(s.bridges()).containsExactly(7);
        for (int u = 0; u < 6; u++) {
            assertThat(s.subnetOf(u)).as("sub-net of " + u).isEqualTo(u == 5 ? 1 : 0);
            assertThat(s.isStarting(u)).as("starting " + u).isEqualTo(u == 0 || u == 5);
            assertThat(s.isTerminal(u)).as("terminal " + u).isEqualTo(u == 3 || u == 5);
        }
    }

    /**
     * The thesis's Fig. 3.8 run, reconstructed from its text (the figure is missing; links 1, 6, 14 are assumed to be
     * A-B, B-C, F-G): switches I, A..H, J, K, L as s0..s11 (I first, so the run starts there; the rest alphabetical, as
     * next_visited takes them), and links numbered as the text fixes them, listed in ascending number except that 7 =
     * G-H comes after 11 = H-L (the text has 11 taken before 7 at H). Index: thesis number = 0: 1 A-B, 1: 2 C-D, 2: 3
     * G-C, 3: 4 D-H, 4: 5 E-F, 5: 6 B-C, 6: 8 I-E, 7: 9 F-J, 8: 10 K-G, 9: 11 H-L, 10: 7 G-H, 11: 12 J-I, 12: 13 L-K,
     * 13: 14 F-G.
     */
    private static final Topology FIG_3_8 = Fabrics.graph("fig-3-8", 12, 1, new int[][] {
        {1, 2}, {3, 4}, {7, 3}, {4, 8}, {5, 6}, {2, 3}, {0, 5}, {6, 9}, {10, 7}, {8, 11}, {7, 8}, {9, 0},
        {11, 10}, {6, 7}});

    /** The switch indexes of Fig. 3.8's switches named by {@code letters}: I, A..H, J, K, L are s0..s11. */
    private static List<Integer> fig38(String letters) {
        return letters.chars().map(letter -> "IABCDEFGHJKL".indexOf(letter)).boxed().toList();
    }

    @Test
    @DisplayName("Seed 002 §3.2.1, Fig. 3.8: 3 segments, 4 sub-nets, starting I, G, B, A; bridges 1, 6, 14")
    void e7Fig38Segmentation() {
        Segmentation s = Segmentation.compute(FIG_3_8.graph(), Segmentation.LinkOrder.BY_INDEX);
        // ns1 = {I, 8, E, 5, F, 9, J, 12}; ns2 = {G, 3, C, 2, D, 4, H, 11, L, 13, K, 10}; ns3 = {7}.
        assertThat(s.segments()).containsExactly(
                segment(Segmentation.Type.STARTING, 0, fig38("IEFJ"), List.of(6, 4, 7, 11)),
                segment(Segmentation.Type.STARTING, 1, fig38("GCDHLK"), List.of(2, 1, 3, 9, 12, 8)),
                segment(Segmentation.Type.UNITARY, 1, fig38("G"), List.of(10)));
        assertThat(s.bridges()).as("bridges 1 = A-B, 6 = B-C, 14 = F-G").containsExactly(0, 5, 13);
        int[] expectedSubnet = new int[12];
        for (int u : fig38("IEFJ")) {
            expectedSubnet[u] = 0;
        }
        for (int u : fig38("GCDHKL")) {
            expectedSubnet[u] = 1;
        }
        expectedSubnet[fig38("B").get(0)] = 2;
        expectedSubnet[fig38("A").get(0)] = 3;
        List<Integer> startingSwitches = fig38("IGBA");
        // Strict execution marks 5 terminal switches; the thesis's prose says three (erratum: docs/sources.md).
        List<Integer> terminalSwitches = fig38("FCGBA");
        for (int u = 0; u < 12; u++) {
            assertThat(s.subnetOf(u)).as("sub-net of s" + u).isEqualTo(expectedSubnet[u]);
            assertThat(s.isStarting(u)).as("starting s" + u).isEqualTo(startingSwitches.contains(u));
            assertThat(s.isTerminal(u)).as("terminal s" + u).isEqualTo(terminalSwitches.contains(u));
        }
    }

    @Test
    @DisplayName("Seed 002 §3.2.1 (hand-computed from its rule): restrictions at 2 (L1-L2), at 0 for unitary L6, at "
            + "4 (L4-L5); "
            + "acyclic, connected, every restricted distance equals the unrestricted one")
    void e5Restrictions() {
        SwitchGraph g = SIX_SWITCHES.graph();
        SegmentBasedRouting.Restrictions r = BY_INDEX.restrict(g, RoutingOptions.defaults());
        assertThat(forbiddenTurns(g, r)).containsExactlyInAnyOrder(
                "2:L1-L2", "2:L2-L1", "0:L6-L0", "0:L0-L6", "0:L6-L3", "0:L3-L6", "4:L4-L5", "4:L5-L4");
        RoutingResult routes = BY_INDEX.compute(SIX_SWITCHES, RoutingOptions.defaults());
        VerificationReport v = DeadlockVerifier.verify(SIX_SWITCHES, routes);
        assertThat(v.ok()).as(v.verdict()).isTrue();
        RoutingResult asShortest = new RoutingResult(routes.engine(), routes.layers(), routes.layerOf(),
                routes.forwarding(), true);
        assertThat(DeadlockVerifier.verify(SIX_SWITCHES, asShortest).nonShortest().count()).isZero();
    }

    @Test
    @DisplayName("Seed 002 §3.2.1 (hand-computed from its rule): no restriction at a starting switch; two sub-nets, "
            + "acyclic")
    void e6StartingSwitchRule() {
        SwitchGraph g = TWO_TRIANGLES.graph();
        SegmentBasedRouting.Restrictions r = BY_INDEX.restrict(g, RoutingOptions.defaults());
        Segmentation s = r.segmentation();
        assertThat(s.bridges()).containsExactly(3);
        assertThat(s.isStarting(0)).isTrue();
        assertThat(s.isStarting(3)).isTrue();
        assertThat(s.subnetOf(4)).isEqualTo(1);
        for (String turn : forbiddenTurns(g, r)) {
            assertThat(turn).doesNotStartWith("0:").doesNotStartWith("3:");
        }
        assertThat(forbiddenTurns(g, r)).contains("4:L4-L5");
        VerificationReport v = DeadlockVerifier.verify(TWO_TRIANGLES,
                BY_INDEX.compute(TWO_TRIANGLES, RoutingOptions.defaults()));
        assertThat(v.ok()).as(v.verdict()).isTrue();
    }

    @Test
    @DisplayName("Seed 002 §3.2: on a tree every link is a bridge and nothing is restricted")
    void treeHasOnlyBridges() {
        Topology tree = Fabrics.graph("tree", 5, 1, new int[][] {{0, 1}, {0, 2}, {2, 3}, {2, 4}});
        SegmentBasedRouting.Restrictions r = BY_INDEX.restrict(tree.graph(), RoutingOptions.defaults());
        assertThat(r.segmentation().segments()).isEmpty();
        assertThat(r.segmentation().bridges()).containsExactly(0, 1, 2, 3);
        assertThat(forbiddenTurns(tree.graph(), r)).isEmpty();
    }

    @Test
    @DisplayName("Seed 002 §3.2.2: forwarding on (in_port, destination) where a switch's choice depends on it")
    void usesInPortEntries() {
        Topology t = Fabrics.irregular(48, 5, 3);
        RoutingResult r = engine().compute(t, RoutingOptions.defaults());
        assertThat(r.layers()).isEqualTo(1);
        assertThat(r.forwarding()).anyMatch(e -> e.inPort() != null);
        VerificationReport v = DeadlockVerifier.verify(t, r);
        assertThat(v.ok()).as(v.verdict()).isTrue();
    }

    /** Forbidden turns as "switch:La-Lb". */
    static List<String> forbiddenTurns(SwitchGraph g, SegmentBasedRouting.Restrictions r) {
        List<String> out = new java.util.ArrayList<>();
        for (int u = 0; u < g.switchCount(); u++) {
            int[] ch = g.out(u);
            int deg = ch.length;
            for (int a = 0; a < deg; a++) {
                for (int b = 0; b < deg; b++) {
                    if (r.forbidden()[u][a * deg + b]) {
                        out.add(u + ":L" + SwitchGraph.linkOf(ch[a]) + "-L" + SwitchGraph.linkOf(ch[b]));
                    }
                }
            }
        }
        return out;
    }
}

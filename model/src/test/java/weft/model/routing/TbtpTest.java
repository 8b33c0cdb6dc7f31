package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;


import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

class TbtpTest extends RoutingEngineContract {
    TbtpTest() {
        super(new Tbtp(1), Fabrics.ring(4), Fabrics.ring(7), Fabrics.mesh(4, 8), Fabrics.torus(4, 8),
                Fabrics.karyNTree(2, 3), Fabrics.irregular(32, 4, 5));
    }

    /** The prohibited turns of a fabric under its 802.1D tree, and the tree. */
    private static boolean[][] prohibited(Topology t, boolean[] tree, int[] selected) {
        SwitchGraph g = t.graph();
        int[] rootPort = SpanningTree.rootPorts(t, SpanningTree.root("tbtp", t, null));
        boolean[] links = Tbtp.treeLinks(g, rootPort);
        System.arraycopy(links, 0, tree, 0, links.length);
        return Tbtp.prohibitedTurns(g, tree, selected);
    }

    @Test
    @DisplayName("Seed 002 §2.1.4 (TBTP) on the 4-ring: tree s0-s1, s1-s2, s3-s0; s2 and s3 tie at permitted 1 - "
            + "prohibited 1 and s2 is selected: only the two turns at s2 between s1-s2 and s2-s3 are prohibited, "
            + "so s1->s3 goes through s0 (hand-computed from the rule of §2.1.4)")
    void fourRing() {
        Topology ring = Fabrics.ring(4);
        SwitchGraph g = ring.graph();
        boolean[] tree = new boolean[4];
        int[] selected = new int[4];
        boolean[][] forbidden = prohibited(ring, tree, selected);
        assertThat(tree).containsExactly(true, true, false, true);
        assertThat(selected).containsExactly(2, -1, -1, -1);
        for (int u = 0; u < 4; u++) {
            int count = 0;
            for (boolean f : forbidden[u]) {
                count += f ? 1 : 0;
            }
            assertThat(count).as("prohibited turns at s" + u).isEqualTo(u == 2 ? 2 : 0);
        }
        RoutingResult r = engine().compute(ring, RoutingOptions.defaults());
        assertThat(SpanningTreeTest.walk(ring, r, "s1", "s3")).containsExactly("s1", "s0", "s3");
        assertThat(SpanningTreeTest.walk(ring, r, "s3", "s1")).containsExactly("s3", "s0", "s1");
        // Unlike the spanning tree, the non-tree link still carries the pair it joins.
        assertThat(SpanningTreeTest.walk(ring, r, "s2", "s3")).containsExactly("s2", "s3");
        assertThat(g.switchCount()).isEqualTo(4);
    }

    @Test
    @DisplayName("Seed 002 §3.3.5: TBTP wastes no link (a turn prohibition algorithm) where STP blocks every "
            + "non-tree link")
    void usesLinksTheSpanningTreeBlocks() {
        Topology t = Fabrics.torus(4, 8);
        RoutingResult tbtp = engine().compute(t, RoutingOptions.defaults());
        RoutingResult stp = new SpanningTree().compute(t, RoutingOptions.defaults());
        assertThat(SpanningTreeTest.linksUsed(t, stp)).hasSize(31);
        assertThat(SpanningTreeTest.linksUsed(t, tbtp)).hasSize(t.links().size());
        VerificationReport v = DeadlockVerifier.verify(t, tbtp);
        VerificationReport s = DeadlockVerifier.verify(t, stp);
        assertThat(v.meanPathLength()).isLessThan(s.meanPathLength());
    }

    @Property(tries = 60, seed = "22")
    @Label("Seed 002 §2.1.4: on random irregular fabrics, tori and meshes no turn between two tree links is "
            + "prohibited, at most half of all turns are, and the routes are verified deadlock-free and connected")
    void boundAndDeadlockFreedom(@ForAll(supplier = Fabrics.AnyFamily.class) Topology t) {
        SwitchGraph g = t.graph();
        boolean[] tree = new boolean[t.links().size()];
        boolean[][] forbidden = prohibited(t, tree, null);
        long turns = 0;
        long prohibitedTurns = 0;
        for (int u = 0; u < g.switchCount(); u++) {
            int[] out = g.out(u);
            for (int i = 0; i < out.length; i++) {
                for (int j = 0; j < out.length; j++) {
                    if (i == j) {
                        continue;
                    }
                    turns++;
                    boolean f = forbidden[u][i * out.length + j];
                    prohibitedTurns += f ? 1 : 0;
                    boolean treeTurn = tree[SwitchGraph.linkOf(out[i])] && tree[SwitchGraph.linkOf(out[j])];
                    assertThat(f && treeTurn).as(t.name() + ": tree turn prohibited at " + g.switchId(u)).isFalse();
                }
            }
        }
        assertThat(2 * prohibitedTurns).as(t.name() + ": " + prohibitedTurns + " of " + turns + " turns prohibited")
                .isLessThanOrEqualTo(turns);
        VerificationReport v = DeadlockVerifier.verify(t, engine().compute(t, RoutingOptions.defaults()));
        assertThat(v.ok()).as(t.name() + ": " + v.verdict()).isTrue();
    }
}

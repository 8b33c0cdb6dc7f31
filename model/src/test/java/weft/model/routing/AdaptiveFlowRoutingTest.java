package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.routing.AdaptiveFlowRouting.Contention;
import weft.model.routing.AdaptiveFlowRouting.Flow;
import weft.model.routing.AdaptiveFlowRouting.FlowPaths;
import weft.model.topology.Topology;
import weft.model.traffic.Shuffle;

class AdaptiveFlowRoutingTest {
    private static List<Flow> flows(int[][] pairs) {
        List<Flow> out = new ArrayList<>();
        for (int[] p : pairs) {
            out.add(new Flow("h" + p[0], "h" + p[1]));
        }
        return out;
    }

    @Test
    @DisplayName("Seed 000 §3.1, §6.1 (hand-computed from their rule): 4-ary 2-tree, D-mod-k puts 3 flows on "
            + "leaf0->R1; adaptive ascent "
            + "takes R1, R0, R2, R3 and max contention 1")
    void e10AdaptiveAscent() {
        Topology t = Fabrics.karyNTree(4, 2);
        AdaptiveFlowRouting routing = new AdaptiveFlowRouting(t, AdaptiveFlowRouting.FORCED_DIR_HOPS);
        List<Flow> f = flows(new int[][] {{0, 5}, {1, 9}, {2, 13}, {3, 6}});
        FlowPaths fixed = routing.routeStatic(f);
        // Roots R0..R3 are s0..s3; leaf 0 is s4, whose up ports 5..8 lead to R0..R3.
        assertThat(fixed.flowsOn("s4", 6)).isEqualTo(3);
        assertThat(fixed.contention()).isEqualTo(new Contention(3, (3 + 3 + 3 + 1) / 4.0));
        FlowPaths adaptive = routing.route(f);
        assertThat(List.of(adaptive.switches(0), adaptive.switches(1), adaptive.switches(2), adaptive.switches(3)))
                .containsExactly(List.of("s4", "s1", "s5"), List.of("s4", "s0", "s6"), List.of("s4", "s2", "s7"),
                        List.of("s4", "s3", "s5"));
        assertThat(adaptive.contention()).isEqualTo(new Contention(1, 1.0));
    }

    @Test
    @DisplayName("Seed 000 Fig. 3.2, §6.2 (hand-computed from its rule): ForcedDir, positions 0-1 move right, 2-3 "
            + "left, direction kept, "
            + "a horizontal hop only when strictly less loaded than the down port")
    void e11ForcedDirection() {
        // Enriched 4-ary 2-tree, width 2: the roots s0..s3 are one logical node, chain positions 0..3.
        Topology t = Fabrics.enrichedKaryNTree(4, 2, 2);
        AdaptiveFlowRouting routing = new AdaptiveFlowRouting(t, AdaptiveFlowRouting.FORCED_DIR_HOPS);
        FlowPaths p = routing.route(flows(new int[][] {{0, 5}, {8, 5}, {12, 5}, {2, 6}}));
        // 0->5 takes its D-mod-k root s1; nothing is loaded, so it descends (a tie never moves).
        assertThat(p.switches(0)).containsExactly("s4", "s1", "s5");
        // 8->5 also reaches s1 (position 1: may go right); down s1->s5 carries 1, right carries 0: it moves once.
        assertThat(p.switches(1)).containsExactly("s6", "s1", "s2", "s5");
        // 12->5: at s1 the second parallel right link is free; at s2 (position 2) it keeps going right.
        assertThat(p.switches(2)).containsExactly("s7", "s1", "s2", "s3", "s5");
        // 2->6 reaches root s2 first (position 2: left) and walks left while that is less loaded.
        assertThat(p.switches(3)).containsExactly("s4", "s2", "s1", "s0", "s5");
        assertThat(p.flowsOn("s1", 12)).isEqualTo(1);
        assertThat(p.flowsOn("s1", 11)).isEqualTo(1);
    }

    @Test
    @DisplayName("Seed 000 §6.2 FreeDir(i) (hand-computed from its rule): the first horizontal move of a level takes "
            + "the less loaded side, where ForcedDir keeps the side of the switch's position")
    void freeDirChoosesTheSideByLoad() {
        // Enriched 4-ary 2-tree, width 2: roots s0..s3 in a chain; leaves s4..s7 hold hosts 0-3, 4-7, 8-11, 12-15.
        Topology t = Fabrics.enrichedKaryNTree(4, 2, 2);
        int[][] set = {{0, 9}, {6, 9}, {0, 12}, {2, 8}, {7, 9}, {13, 6}, {12, 9}};
        FlowPaths forced = new AdaptiveFlowRouting(t, 8).routeIndexed(set, true);
        FlowPaths free = new AdaptiveFlowRouting(t, 8, AdaptiveFlowRouting.Direction.FREE).routeIndexed(set, true);
        // The first six flows never meet a choice between two loaded sides: both policies route them alike, e.g.
        // 2->8 climbs to s2 (s4's ports to s0, s1 carry a flow each) and walks left to s0 (s2->s6, s1->s6 loaded).
        for (int f = 0; f < 6; f++) {
            assertThat(free.switches(f)).as("flow %d", f).isEqualTo(forced.switches(f));
        }
        assertThat(forced.switches(3)).containsExactly("s4", "s2", "s1", "s0", "s6");
        assertThat(forced.switches(4)).containsExactly("s5", "s0", "s1", "s2", "s3", "s6");
        // 12->9 climbs to its D-mod-k root s1 (position 1). Down s1->s6 carries 0->9; both right links s1->s2 carry
        // a flow (6->9, 7->9): ForcedDir (right) descends. FreeDir sees a free left link (2->8 took one of the two
        // s1->s0 links), moves left to s0 and, fixed to the left at the chain's end, descends there.
        assertThat(forced.switches(6)).containsExactly("s7", "s1", "s6");
        assertThat(free.switches(6)).containsExactly("s7", "s1", "s0", "s6");
        // Without horizontal hops the two policies are one.
        FlowPaths none = new AdaptiveFlowRouting(t, 0, AdaptiveFlowRouting.Direction.FREE).routeIndexed(set, true);
        FlowPaths noneForced = new AdaptiveFlowRouting(t, 0).routeIndexed(set, true);
        for (int f = 0; f < set.length; f++) {
            assertThat(none.switches(f)).isEqualTo(noneForced.switches(f));
        }
    }

    @Test
    @DisplayName("Seed 000 §6.2, Fig. 6.4 (small): on a 4-ary 3-tree the enriched tree lowers mean contention")
    void enrichedTreeLowersContention() {
        Topology plain = Fabrics.karyNTree(4, 3);
        Topology enriched = Fabrics.enrichedKaryNTree(4, 3, 2);
        AdaptiveFlowRouting stat = new AdaptiveFlowRouting(plain, 8);
        AdaptiveFlowRouting ar = new AdaptiveFlowRouting(enriched, 8);
        SplittableRandom rnd = new SplittableRandom(1);
        double staticMean = 0;
        double adaptiveMean = 0;
        for (int run = 0; run < 50; run++) {
            int[][] perm = permutation(64, rnd);
            staticMean += stat.routeIndexed(perm, false).contention().mean();
            adaptiveMean += ar.routeIndexed(perm, true).contention().mean();
        }
        // Reference re-simulation (docs/sources.md §4; k=4, n=3): static 1.81 -> adaptive 1.12 mean per-flow
        // contention.
        assertThat(adaptiveMean).isLessThan(staticMean * 0.8);
    }

    static int[][] permutation(int hosts, SplittableRandom rnd) {
        int[] p = Shuffle.permutation(hosts, rnd);
        List<int[]> flows = new ArrayList<>();
        for (int i = 0; i < hosts; i++) {
            if (p[i] != i) {
                flows.add(new int[] {i, p[i]});
            }
        }
        return flows.toArray(new int[0][]);
    }
}

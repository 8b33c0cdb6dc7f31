package weft.model.topology.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import weft.model.topology.Link;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.topology.generate.EnrichedKaryNTree.Shape;

class EnrichedKaryNTreeTest {
    @ParameterizedTest(name = "{0}-ary {1}-tree width {2}")
    @CsvSource({"2,2,1", "3,3,2", "4,3,2", "4,2,3"})
    void chainAddsSizeMinusOneTimesWidthLinksPerLogicalNode(int k, int n, int width) {
        Topology t = EnrichedKaryNTree.generate(k, n, width, Shape.CHAIN, GeneratorOptions.defaults());
        int perLevel = KaryNTreeTest.pow(k, n - 1);
        int horizontal = 0;
        for (int l = 0; l < n - 1; l++) {
            int size = KaryNTreeTest.pow(k, n - 1 - l);
            horizontal += (perLevel / size) * (size - 1) * width;
        }
        assertThat(t.switches()).hasSize(n * perLevel);
        assertThat(t.hosts()).hasSize(KaryNTreeTest.pow(k, n));
        assertThat(t.links()).hasSize((n - 1) * KaryNTreeTest.pow(k, n) + horizontal);
        assertThat(t.switches()).allSatisfy(s -> assertThat(s.ports()).isEqualTo(2 * k + 2 * width));
        assertThat(t.graph().isConnected()).isTrue();
        // Horizontal links join switches of the same level and the same logical node only.
        for (Link link : t.links()) {
            int a = t.switchIndex(link.a());
            int b = t.switchIndex(link.b());
            if (a / perLevel == b / perLevel) {
                int size = KaryNTreeTest.pow(k, n - 1 - a / perLevel);
                assertThat(a % perLevel / size).isEqualTo(b % perLevel / size);
                assertThat(link.aPort()).isGreaterThan(2 * k);
            }
        }
    }

    @Test
    @DisplayName("Seed 000 Fig. 3.2, §6.2: logical node = chain of 4 switches at positions 0..3 with width 2")
    void e11ChainOfFourWidthTwo() {
        Topology t = EnrichedKaryNTree.generate(4, 2, 2, Shape.CHAIN, GeneratorOptions.defaults());
        TreeLayout layout = KaryNTree.layout(4, 2);
        SwitchGraph g = t.graph();
        for (int p = 0; p < 4; p++) {
            int u = t.switchIndex(layout.switchAt(0, p));
            Map<Integer, Integer> neighbours = new TreeMap<>();
            for (int c : g.out(u)) {
                TreeCoordinates peer = layout.coordinates(g.switchId(g.dst(c))).orElseThrow();
                if (peer.level() == 0) {
                    neighbours.merge(peer.index(), 1, Integer::sum);
                }
            }
            Map<Integer, Integer> expected = new TreeMap<>();
            if (p > 0) {
                expected.put(p - 1, 2);
            }
            if (p < 3) {
                expected.put(p + 1, 2);
            }
            assertThat(neighbours).as("horizontal neighbours of position %d", p).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "h={0}, r={1}: {2}")
    @CsvSource({"2,4,0.33", "2,8,0.17", "2,12,0.11", "2,16,0.08", "3,4,0.40", "3,8,0.20", "3,12,0.13",
        "3,16,0.10", "4,4,0.43", "4,8,0.21", "4,12,0.14"})
    @DisplayName("Seed 000 Table 6.1: port overhead of horizontal width 2, ring shape")
    void table61PortOverheadRing(int h, int r, double expected) {
        assertThat(overhead(EnrichedKaryNTree.generate(r, h, 2, Shape.RING, GeneratorOptions.defaults()), h))
                .isCloseTo(expected, org.assertj.core.data.Offset.offset(0.005));
    }

    @Test
    @DisplayName("Decision (docs/sources.md): a chain gives 0.25 instead of Table 6.1's 0.33 for h=2, r=4")
    void chainOverheadForH2R4() {
        assertThat(overhead(EnrichedKaryNTree.generate(4, 2, 2, Shape.CHAIN, GeneratorOptions.defaults()), 2))
                .isCloseTo(0.25, org.assertj.core.data.Offset.offset(0.005));
    }

    /** Horizontal link ends over the ports the plain tree uses (host ports plus both ends of tree links). */
    private static double overhead(Topology t, int levels) {
        int perLevel = t.switches().size() / levels;
        long horizontalEnds = 0;
        long treeEnds = t.hosts().size();
        for (Link link : t.links()) {
            boolean horizontal = t.switchIndex(link.a()) / perLevel == t.switchIndex(link.b()) / perLevel;
            if (horizontal) {
                horizontalEnds += 2;
            } else {
                treeEnds += 2;
            }
        }
        return (double) horizontalEnds / treeEnds;
    }

    @Test
    void ringOfTwoGetsBothPortGroups() {
        Topology t = EnrichedKaryNTree.generate(2, 2, 1, Shape.RING, GeneratorOptions.defaults());
        // 2 roots in one logical node: joined twice (right->left and, wrapping, right->left again).
        assertThat(t.links()).hasSize(4 + 2);
        assertThatThrownBy(() -> EnrichedKaryNTree.generate(2, 2, 0, Shape.RING, GeneratorOptions.defaults()))
                .hasMessage("enriched-kary-ntree: --width must be >= 1, got 0");
    }
}

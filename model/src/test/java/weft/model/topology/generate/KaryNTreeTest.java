package weft.model.topology.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import weft.model.topology.Host;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.topology.io.TopologyJson;

class KaryNTreeTest {
    @ParameterizedTest(name = "{0}-ary {1}-tree")
    @CsvSource({"2,1", "2,2", "2,3", "3,3", "4,2", "4,3", "2,5", "5,2"})
    void closedFormCountsDegreesAndDiameter(int k, int n) {
        Topology t = KaryNTree.generate(k, n, GeneratorOptions.defaults());
        int perLevel = pow(k, n - 1);
        assertThat(t.switches()).hasSize(n * perLevel);
        assertThat(t.hosts()).hasSize(pow(k, n));
        assertThat(t.links()).hasSize((n - 1) * pow(k, n));
        SwitchGraph g = t.graph();
        assertThat(g.isConnected()).isTrue();
        assertThat(g.diameter()).isEqualTo(2 * (n - 1));
        for (int u = 0; u < g.switchCount(); u++) {
            int level = u / perLevel;
            int expected = n == 1 ? 0 : (level == 0 || level == n - 1) ? k : 2 * k;
            assertThat(g.degree(u)).as("degree of %s", g.switchId(u)).isEqualTo(expected);
            assertThat(t.switches().get(u).ports()).isEqualTo(2 * k);
        }
    }

    @Test
    @DisplayName("Seed 000 §6.1: the 16-ary 3-tree has 4096 nodes, 768 switches, 256 per level, "
            + "32-port switches")
    void sixteenAryThreeTree() {
        Topology t = KaryNTree.generate(16, 3, GeneratorOptions.defaults());
        assertThat(t.hosts()).hasSize(4096);
        assertThat(t.switches()).hasSize(768);
        assertThat(t.switches()).allSatisfy(s -> assertThat(s.ports()).isEqualTo(32));
        TreeLayout layout = KaryNTree.layout(16, 3);
        assertThat(layout.switchesAt(0)).hasSize(256);
        assertThat(layout.switchesAt(2)).hasSize(256);
        assertThat(t.links()).hasSize(2 * 4096);
    }

    @Test
    @DisplayName("Petrini-Vanneschi labelling: <w,l> is cabled to <w',l+1> iff w and w' differ at most in digit l")
    void labellingRule() {
        int k = 3;
        int n = 3;
        Topology t = KaryNTree.generate(k, n, GeneratorOptions.defaults());
        TreeLayout layout = KaryNTree.layout(k, n);
        SwitchGraph g = t.graph();
        for (int l = 0; l < n - 1; l++) {
            for (int w = 0; w < pow(k, n - 1); w++) {
                for (int w2 = 0; w2 < pow(k, n - 1); w2++) {
                    int[] a = KaryNTree.digits(w, k, n);
                    int[] b = KaryNTree.digits(w2, k, n);
                    boolean differOnlyAtL = true;
                    for (int i = 0; i < n - 1; i++) {
                        differOnlyAtL &= i == l || a[i] == b[i];
                    }
                    int u = t.switchIndex(layout.switchAt(l, w));
                    int v = t.switchIndex(layout.switchAt(l + 1, w2));
                    boolean cabled = false;
                    for (int c : g.out(u)) {
                        cabled |= g.dst(c) == v;
                    }
                    assertThat(cabled).as("<%s,%d> - <%s,%d>", w, l, w2, l + 1).isEqualTo(differOnlyAtL);
                }
            }
        }
    }

    @Test
    @DisplayName("Seed 000 §6.1: node p hangs off leaf (p_0..p_{n-2}) at port p_{n-1}; D-mod-k up-port is "
            + "k+1+(d/k^i mod k)")
    void hostPlacementAndUpPorts() {
        int k = 4;
        int n = 3;
        Topology t = KaryNTree.generate(k, n, GeneratorOptions.defaults());
        TreeLayout layout = KaryNTree.layout(k, n);
        for (int p = 0; p < t.hosts().size(); p++) {
            Host h = t.hosts().get(p);
            assertThat(h.switchId()).isEqualTo(layout.switchAt(n - 1, p / k));
            assertThat(h.port()).isEqualTo(1 + p % k);
        }
        // Ascending from leaf <w, n-1> by up-port k+1+j reaches the parent whose digit n-2 is j.
        SwitchGraph g = t.graph();
        int leaf = t.switchIndex(layout.switchAt(n - 1, 5));
        for (int j = 0; j < k; j++) {
            int c = g.channelAtPort(leaf, k + 1 + j);
            TreeCoordinates parent = layout.coordinates(g.switchId(g.dst(c))).orElseThrow();
            assertThat(parent.level()).isEqualTo(n - 2);
            assertThat(KaryNTree.digits(parent.index(), k, n)[n - 2]).isEqualTo(j);
        }
    }

    @Test
    void recognizesGeneratedTreesAfterJsonRoundTripAndNothingElse() {
        Topology t = KaryNTree.generate(4, 3, GeneratorOptions.defaults().withHosts(2));
        Topology back = TopologyJson.read("t.json", TopologyJson.write(t));
        TreeLayout layout = KaryNTree.recognize(back).orElseThrow();
        assertThat(layout.arity()).isEqualTo(4);
        assertThat(layout.levelCount()).isEqualTo(3);
        assertThat(layout.coordinates("s17")).contains(new TreeCoordinates(1, 0));
        Topology enriched = EnrichedKaryNTree.generate(3, 3, 2, EnrichedKaryNTree.Shape.CHAIN,
                GeneratorOptions.defaults());
        assertThat(KaryNTree.recognize(enriched)).isPresent();
        assertThat(KaryNTree.recognize(Torus.generate(List.of(4, 6), GeneratorOptions.defaults()))).isEmpty();
        assertThat(KaryNTree.recognize(t.withoutLink(0))).isEmpty();
    }

    @Test
    void hostsPerLeafAndErrors() {
        Topology t = KaryNTree.generate(4, 2, GeneratorOptions.defaults().withHosts(1));
        assertThat(t.hosts()).hasSize(4);
        assertThatThrownBy(() -> KaryNTree.generate(4, 2, GeneratorOptions.defaults().withHosts(5)))
                .isInstanceOf(GeneratorException.class)
                .hasMessage("kary-ntree: --hosts 5 exceeds the 4 down-ports of a leaf (k)");
        assertThatThrownBy(() -> KaryNTree.generate(1, 2, GeneratorOptions.defaults()))
                .hasMessage("kary-ntree: --k must be >= 2, got 1");
        assertThatThrownBy(() -> KaryNTree.generate(64, 5, GeneratorOptions.defaults()))
                .hasMessageContaining("switches requested, at most");
    }

    static int pow(int b, int e) {
        int v = 1;
        for (int i = 0; i < e; i++) {
            v *= b;
        }
        return v;
    }
}

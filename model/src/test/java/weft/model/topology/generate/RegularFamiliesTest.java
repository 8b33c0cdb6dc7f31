package weft.model.topology.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

class RegularFamiliesTest {
    private static List<Integer> dims(String text) {
        return java.util.Arrays.stream(text.split("x")).map(Integer::valueOf).toList();
    }

    @ParameterizedTest(name = "torus {0}")
    @CsvSource({"4x8,32,64,6", "4x4x4,64,192,6", "3x5,15,30,3", "8x8,64,128,8", "2x4,8,16,3", "2x2x2,8,24,3"})
    void torusCounts(String d, int switches, int links, int diameter) {
        Topology t = Torus.generate(dims(d), GeneratorOptions.defaults());
        SwitchGraph g = t.graph();
        assertThat(t.switches()).hasSize(switches);
        assertThat(t.links()).hasSize(links);
        assertThat(t.hosts()).hasSize(switches);
        assertThat(g.isConnected()).isTrue();
        assertThat(g.diameter()).isEqualTo(diameter);
        assertThat(g.degreeHistogram()).containsExactly(java.util.Map.entry(2 * dims(d).size(), switches));
    }

    @Test
    void torusPortsMeanPlusAndMinusEvenForSizeTwo() {
        List<Integer> sizes = List.of(2, 3);
        Topology t = Torus.generate(sizes, GeneratorOptions.defaults().withHosts(2));
        SwitchGraph g = t.graph();
        for (int u = 0; u < g.switchCount(); u++) {
            int[] c = Mesh.coordinates(u, sizes);
            for (int i = 0; i < 2; i++) {
                int[] plus = Mesh.coordinates(g.dst(g.channelAtPort(u, 2 + 2 + 2 * i)), sizes);
                int[] minus = Mesh.coordinates(g.dst(g.channelAtPort(u, 2 + 1 + 2 * i)), sizes);
                assertThat(plus[i]).isEqualTo((c[i] + 1) % sizes.get(i));
                assertThat(minus[i]).isEqualTo((c[i] - 1 + sizes.get(i)) % sizes.get(i));
                assertThat(plus[1 - i]).isEqualTo(c[1 - i]);
            }
        }
        assertThatThrownBy(() -> Torus.generate(List.of(4, 1), GeneratorOptions.defaults()))
                .hasMessage("torus: --dims 4x1: every size must be >= 2, got 1");
    }

    @ParameterizedTest(name = "mesh {0}")
    @CsvSource({"4x8,32,52,10", "4x4x4,64,144,9", "8x4,32,52,10", "1x5,5,4,4"})
    void meshCounts(String d, int switches, int links, int diameter) {
        Topology t = Mesh.generate(dims(d), GeneratorOptions.defaults());
        assertThat(t.switches()).hasSize(switches);
        assertThat(t.links()).hasSize(links);
        assertThat(t.graph().isConnected()).isTrue();
        assertThat(t.graph().diameter()).isEqualTo(diameter);
    }

    @ParameterizedTest(name = "ring {0}")
    @CsvSource({"2", "3", "8", "17"})
    void ringCounts(int n) {
        Topology t = Ring.generate(n, GeneratorOptions.defaults());
        assertThat(t.switches()).hasSize(n);
        assertThat(t.links()).hasSize(n);
        assertThat(t.graph().diameter()).isEqualTo(n / 2);
        assertThat(t.graph().degreeHistogram()).containsExactly(java.util.Map.entry(2, n));
        SwitchGraph g = t.graph();
        assertThat(g.dst(g.channelAtPort(0, 3))).isEqualTo(1 % n);
        assertThat(g.dst(g.channelAtPort(0, 2))).isEqualTo(n - 1);
    }

    @ParameterizedTest(name = "fully connected {0}")
    @CsvSource({"2", "3", "7", "16"})
    void fullyConnectedCounts(int n) {
        Topology t = FullyConnected.generate(n, GeneratorOptions.defaults().withHosts(3));
        assertThat(t.switches()).hasSize(n);
        assertThat(t.hosts()).hasSize(3 * n);
        assertThat(t.links()).hasSize(n * (n - 1) / 2);
        assertThat(t.graph().diameter()).isEqualTo(1);
        assertThat(t.graph().degreeHistogram()).containsExactly(java.util.Map.entry(n - 1, n));
        SwitchGraph g = t.graph();
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                if (u != v) {
                    assertThat(g.dst(g.channelAtPort(u, 3 + 1 + (v < u ? v : v - 1)))).isEqualTo(v);
                }
            }
        }
    }

    @ParameterizedTest(name = "leaf-spine {0}x{1}")
    @CsvSource({"1,1", "4,2", "16,4", "32,8"})
    void leafSpineCounts(int leaves, int spines) {
        Topology t = LeafSpine.generate(leaves, spines, GeneratorOptions.defaults());
        TreeLayout layout = LeafSpine.layout(leaves, spines);
        assertThat(t.switches()).hasSize(leaves + spines);
        assertThat(t.hosts()).hasSize(leaves * spines);
        assertThat(t.links()).hasSize(leaves * spines);
        assertThat(t.graph().diameter()).isEqualTo(leaves > 1 ? 2 : 1);
        for (String leaf : layout.switchesAt(1)) {
            assertThat(t.hostsOf(leaf)).hasSize(spines);
        }
        SwitchGraph g = t.graph();
        int leaf = t.switchIndex(layout.switchAt(1, leaves - 1));
        for (int s = 0; s < spines; s++) {
            int c = g.channelAtPort(leaf, spines + 1 + s);
            assertThat(g.switchId(g.dst(c))).isEqualTo(layout.switchAt(0, s));
            assertThat(g.dstPort(c)).isEqualTo(leaves);
        }
    }
}

package weft.model.topology.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

class KPortFatTreeTest {
    @ParameterizedTest(name = "k={0}, l={1}: {2} servers, {3} core, {4} edge")
    @CsvSource({"4,3,16,4,8", "8,3,128,16,32", "12,3,432,36,72", "16,3,1024,64,128", "24,3,3456,144,288"})
    @DisplayName("Seed 004 §1 sizes table (Fig. 2.1, 3.2, 3.3a): servers n = k(k/2)^(l-1), p = (k/2)^(l-1) core")
    void thesisSizes(int k, int l, int servers, int core, int edge) {
        Topology t = KPortFatTree.generate(k, l, GeneratorOptions.defaults());
        TreeLayout layout = KPortFatTree.layout(k, l);
        assertThat(t.hosts()).hasSize(servers);
        assertThat(layout.switchesAt(0)).hasSize(core);
        assertThat(layout.switchesAt(l - 1)).hasSize(edge);
        assertThat(t.switches()).hasSize(core + (l - 1) * edge);
        // Full bisection: every level boundary carries as many links as there are servers.
        assertThat(t.links()).hasSize((l - 1) * servers);
        for (String edgeSwitch : layout.switchesAt(l - 1)) {
            assertThat(t.hostsOf(edgeSwitch)).hasSize(k / 2);
        }
    }

    @ParameterizedTest(name = "k={0}, l={1}")
    @CsvSource({"4,2", "4,3", "6,3", "4,4", "2,3"})
    @DisplayName("Seed 004 §1: (k/2)^(l-1) shortest paths between servers in different pods; every port used")
    void pathsBetweenPodsAndRadix(int k, int l) {
        Topology t = KPortFatTree.generate(k, l, GeneratorOptions.defaults());
        TreeLayout layout = KPortFatTree.layout(k, l);
        SwitchGraph g = t.graph();
        assertThat(g.isConnected()).isTrue();
        assertThat(g.diameter()).isEqualTo(2 * (l - 1));
        for (int u = 0; u < g.switchCount(); u++) {
            int level = layout.coordinates(g.switchId(u)).orElseThrow().level();
            assertThat(g.degree(u) + g.hostsAt(u).length).isEqualTo(k);
            assertThat(level == 0 || level == l - 1 || g.degree(u) == k).isTrue();
        }
        int first = t.switchIndex(layout.switchAt(l - 1, 0));
        int otherPod = t.switchIndex(layout.switchAt(l - 1, layout.switchesAt(l - 1).size() - 1));
        assertThat(shortestPaths(g, first, otherPod)).isEqualTo(pow(k / 2, l - 1));
    }

    private static long shortestPaths(SwitchGraph g, int from, int to) {
        int[] d = g.bfsFrom(from);
        long[] count = new long[g.switchCount()];
        count[from] = 1;
        Integer[] order = new Integer[g.switchCount()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Integer.compare(d[a], d[b]));
        for (int u : order) {
            for (int c : g.out(u)) {
                if (d[g.dst(c)] == d[u] + 1) {
                    count[g.dst(c)] += count[u];
                }
            }
        }
        return count[to];
    }

    private static int pow(int b, int e) {
        return KaryNTreeTest.pow(b, e);
    }

    @Test
    void rejectsOddPortsAndTooManyServers() {
        assertThatThrownBy(() -> KPortFatTree.generate(5, 3, GeneratorOptions.defaults()))
                .hasMessage("fat-tree: --k must be even and >= 2, got 5");
        assertThatThrownBy(() -> KPortFatTree.generate(4, 3, GeneratorOptions.defaults().withHosts(3)))
                .hasMessage("fat-tree: --hosts 3 exceeds the 2 down-ports of an edge switch (k/2)");
    }
}

package weft.model.topology.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import weft.model.topology.Host;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.topology.io.TopologyJson;

class GeneratorPropertiesTest {
    @Property(tries = 60, seed = "2")
    void torusHasDTimesNLinksDegreeTwoDAndDiameterSumOfHalves(
            @ForAll @Size(min = 1, max = 3) List<@IntRange(min = 2, max = 6) Integer> dims) {
        Topology t = Torus.generate(dims, GeneratorOptions.defaults());
        int n = dims.stream().reduce(1, (a, b) -> a * b);
        assertThat(t.links()).hasSize(dims.size() * n);
        assertThat(t.graph().degreeHistogram()).containsOnlyKeys(2 * dims.size());
        assertThat(t.graph().diameter()).isEqualTo(dims.stream().mapToInt(s -> s / 2).sum());
    }

    @Property(tries = 60, seed = "3")
    void meshHasNMinusRowsLinksPerDimensionAndDiameterSumOfSpans(
            @ForAll @Size(min = 1, max = 3) List<@IntRange(min = 1, max = 6) Integer> dims) {
        Topology t = Mesh.generate(dims, GeneratorOptions.defaults());
        int n = dims.stream().reduce(1, (a, b) -> a * b);
        int links = dims.stream().mapToInt(s -> n / s * (s - 1)).sum();
        assertThat(t.links()).hasSize(links);
        assertThat(t.graph().diameter()).isEqualTo(dims.stream().mapToInt(s -> s - 1).sum());
        assertThat(t.graph().isConnected()).isTrue();
    }

    /**
     * The documented port scheme is enough to route: ascend by D-mod-k up-ports {@code k+1+(d/k^i mod k)} until the
     * switch label shares the destination's leading digits (the nearest common ancestor level), then descend by
     * down-port {@code 1+p_l}; the walk ends at the destination host after exactly the BFS distance, and the layout
     * is recognised again after a JSON round trip (trees of two or more levels; one switch is no recognisable tree).
     */
    @Property(tries = 80, seed = "5")
    void dModKWalkOverDocumentedPortsReachesEveryDestinationOnAShortestPath(
            @ForAll @IntRange(min = 2, max = 5) int k, @ForAll @IntRange(min = 1, max = 4) int n,
            @ForAll @IntRange(min = 0, max = 100_000) int srcSeed,
            @ForAll @IntRange(min = 0, max = 100_000) int dstSeed) {
        Topology t = KaryNTree.generate(k, n, GeneratorOptions.defaults());
        TreeLayout layout = KaryNTree.layout(k, n);
        if (n >= 2) {
            TreeLayout recognised = KaryNTree.recognize(TopologyJson.read("t.json", TopologyJson.write(t)))
                    .orElseThrow();
            assertThat(recognised.arity()).isEqualTo(k);
            for (int l = 0; l < n; l++) {
                assertThat(recognised.switchesAt(l)).isEqualTo(layout.switchesAt(l));
            }
        }
        SwitchGraph g = t.graph();
        int hosts = t.hosts().size();
        Host src = t.hosts().get(srcSeed % hosts);
        int d = dstSeed % hosts;
        Host dst = t.hosts().get(d);
        // Host p = (p_0 .. p_{n-1}): n base-k digits, the label of a switch one level deeper.
        int[] p = KaryNTree.digits(d, k, n + 1);
        int u = t.switchIndex(src.switchId());
        int hops = 0;
        for (int i = 0; ; i++) {
            TreeCoordinates c = layout.coordinates(g.switchId(u)).orElseThrow();
            int[] w = KaryNTree.digits(c.index(), k, n);
            boolean ancestor = true;
            for (int j = 0; j < c.level(); j++) {
                ancestor &= w[j] == p[j];
            }
            if (ancestor) {
                break;
            }
            u = g.dst(g.channelAtPort(u, k + 1 + (d / pow(k, i)) % k));
            hops++;
        }
        while (layout.coordinates(g.switchId(u)).orElseThrow().level() < n - 1) {
            int level = layout.coordinates(g.switchId(u)).orElseThrow().level();
            u = g.dst(g.channelAtPort(u, 1 + p[level]));
            hops++;
        }
        assertThat(g.switchId(u)).isEqualTo(dst.switchId());
        assertThat(dst.port()).isEqualTo(1 + p[n - 1]);
        assertThat(hops).isEqualTo(g.bfsFrom(t.switchIndex(src.switchId()))[u]);
    }

    private static int pow(int b, int e) {
        return KaryNTreeTest.pow(b, e);
    }
}

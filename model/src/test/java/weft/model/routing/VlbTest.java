package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KPortFatTree;

class VlbTest extends RoutingEngineContract {
    VlbTest() {
        super(new Vlb(), Fabrics.karyNTree(2, 2), Fabrics.karyNTree(2, 3), Fabrics.karyNTree(3, 3),
                KPortFatTree.generate(4, 3, GeneratorOptions.defaults()),
                KPortFatTree.generate(6, 3, GeneratorOptions.defaults()),
                KPortFatTree.generate(4, 4, GeneratorOptions.defaults()));
    }

    @Test
    @DisplayName("Seed 004 §2.1: on the 4-port 3-level fat tree an inter-pod pair has p = (k/2)^2 = 4 path ids, path "
            + "id t through the t-th root; an intra-pod pair's ids spread it over the pod's 2 aggregation switches")
    void kPortFatTreePathIdsNameTheRoots() {
        Topology t = KPortFatTree.generate(4, 3, GeneratorOptions.defaults());
        RoutingResult r = engine().compute(t, RoutingOptions.defaults());
        SwitchGraph g = t.graph();
        // KPortFatTree names the 4 roots s1..s4 first, then 8 aggregation and 8 edge switches, pods of 2.
        String first = g.switchId(12);
        String otherPod = g.switchId(19);
        String samePod = g.switchId(13);
        assertThat(r.layerOf()).filteredOn(p -> p.src().equals(first) && p.dst().equals(otherPod))
                .extracting(PairLayer::path).containsExactly(0, 1, 2, 3);
        for (int tag = 0; tag < 4; tag++) {
            assertThat(walk(t, r, first, otherPod, tag)).contains("s" + (tag + 1)).hasSize(5);
        }
        Set<String> aggregation = new HashSet<>();
        for (int tag = 0; tag < 4; tag++) {
            List<String> path = walk(t, r, first, samePod, tag);
            assertThat(path).hasSize(3);
            aggregation.add(path.get(1));
        }
        assertThat(aggregation).containsExactlyInAnyOrder("s5", "s6");
    }

    @Test
    @DisplayName("a fabric that is no tree is refused, saying why it is neither a k-ary n-tree nor a fat tree")
    void refusesRings() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> engine().compute(Fabrics.ring(4),
                        RoutingOptions.defaults()))
                .isInstanceOf(RoutingFailure.class)
                .hasMessageStartingWith("vlb: fabric ring-4 is neither a k-ary n-tree (")
                .hasMessageContaining("nor a fat tree: ");
    }

    /** The switches a packet with path id {@code tag} visits from switch {@code src} to {@code dst}. */
    private static List<String> walk(Topology t, RoutingResult r, String src, String dst, int tag) {
        SwitchGraph g = t.graph();
        List<String> visited = new java.util.ArrayList<>();
        int u = t.switchIndex(src);
        visited.add(src);
        while (u != t.switchIndex(dst)) {
            int at = u;
            ForwardingEntry e = r.forwarding().stream().filter(x -> x.switchId().equals(g.switchId(at))
                    && x.dst().equals(dst) && (x.path() == null || x.path() == tag)).findFirst().orElseThrow();
            u = g.dst(g.channelAtPort(u, e.outPorts().get(0)));
            visited.add(g.switchId(u));
        }
        return visited;
    }

    @Test
    @DisplayName("Seed 004 §2.3: an inter-pod pair has p = k^(n-1) path ids, each through a different root")
    void pathIdsNameTheRoots() {
        Topology t = Fabrics.karyNTree(2, 3);
        RoutingResult r = engine().compute(t, RoutingOptions.defaults());
        // Leaves s8..s11; s8 and s11 differ in digit 0, so their common ancestors are the 4 roots s0..s3.
        assertThat(r.layerOf()).filteredOn(p -> p.src().equals("s8") && p.dst().equals("s11")).hasSize(4);
        SwitchGraph g = t.graph();
        Set<String> roots = new HashSet<>();
        for (int tag = 0; tag < 4; tag++) {
            int u = t.switchIndex("s8");
            while (u != t.switchIndex("s11")) {
                int at = u;
                int finalTag = tag;
                ForwardingEntry e = r.forwarding().stream().filter(x -> x.switchId().equals(g.switchId(at))
                        && x.dst().equals("s11") && (x.path() == null || x.path() == finalTag)).findFirst()
                        .orElseThrow();
                u = g.dst(g.channelAtPort(u, e.outPorts().get(0)));
                if (u < 4) {
                    roots.add(g.switchId(u));
                }
            }
        }
        assertThat(roots).containsExactlyInAnyOrder("s0", "s1", "s2", "s3");
    }

    @Test
    @DisplayName("a tree too large for per-tag entries is refused with the count and the alternative")
    void refusesHugeTrees() {
        Topology big = weft.model.topology.generate.KaryNTree.generate(16, 3,
                weft.model.topology.generate.GeneratorOptions.defaults());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> engine().compute(big, RoutingOptions.defaults()))
                .isInstanceOf(RoutingFailure.class)
                .hasMessage("vlb: 16-ary 3-tree would need about 50331648 tagged entries (768 switches x 256 leaves"
                        + " x 256 path ids), more than 4000000; use ecmp (SELECT groups) on trees this large");
    }
}

package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

class VlbTest extends RoutingEngineContract {
    VlbTest() {
        super(new Vlb(), Fabrics.karyNTree(2, 2), Fabrics.karyNTree(2, 3), Fabrics.karyNTree(3, 3));
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

package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

class DModKTest extends RoutingEngineContract {
    DModKTest() {
        super(new DModK(), Fabrics.karyNTree(2, 2), Fabrics.karyNTree(4, 2), Fabrics.karyNTree(2, 3),
                Fabrics.karyNTree(3, 3));
    }

    @Test
    @DisplayName("Seed 000 §6.1 (hand-computed): 4-ary 2-tree, flows 0->5, 1->9, 2->13, 3->6 take roots 1, 1, 1, 2; "
            + "max contention 3, descending links distinct")
    void e10HostLevelDModK() {
        Topology t = Fabrics.karyNTree(4, 2);
        KaryNTreeShape tree = KaryNTreeShape.of("dmodk", t);
        SwitchGraph g = t.graph();
        int leaf0 = t.switchIndex("s4");
        int[][] flows = {{0, 5}, {1, 9}, {2, 13}, {3, 6}};
        Map<Integer, Integer> load = new HashMap<>();
        Set<Integer> down = new HashSet<>();
        StringBuilder roots = new StringBuilder();
        for (int[] f : flows) {
            int dstLeaf = t.switchIndex(t.hosts().get(f[1]).switchId());
            int[] path = DModK.hostPath(tree, leaf0, dstLeaf, f[1] % 4);
            roots.append(g.switchId(g.dst(path[0]))).append(' ');
            for (int c : path) {
                load.merge(c, 1, Integer::sum);
            }
            assertThat(down.add(path[1])).as("descending link of %d->%d is not shared", f[0], f[1]).isTrue();
        }
        // Roots R0..R3 are s0..s3.
        assertThat(roots.toString().trim()).isEqualTo("s1 s1 s1 s2");
        assertThat(load.values().stream().mapToInt(Integer::intValue).max().orElseThrow()).isEqualTo(3);
    }

    @Test
    @DisplayName("Seed 000 §6.1: no two destinations share a descending link (3-ary 3-tree)")
    void destinationsNeverShareDescendingLinks() {
        Topology t = Fabrics.karyNTree(3, 3);
        KaryNTreeShape tree = KaryNTreeShape.of("dmodk", t);
        RoutingResult r = engine().compute(t, RoutingOptions.defaults());
        SwitchGraph g = t.graph();
        Map<Integer, String> owner = new HashMap<>();
        Map<String, Integer> next = new HashMap<>();
        for (ForwardingEntry e : r.forwarding()) {
            next.put(e.switchId() + ">" + e.dst(), e.outPorts().get(0));
        }
        for (int s : tree.leaves) {
            for (int d : tree.leaves) {
                int u = s;
                while (u != d) {
                    int c = g.channelAtPort(u, next.get(g.switchId(u) + ">" + g.switchId(d)));
                    if (tree.level[g.dst(c)] > tree.level[u]) {
                        String previous = owner.putIfAbsent(c, g.switchId(d));
                        assertThat(previous == null || previous.equals(g.switchId(d)))
                                .as("down channel %s used toward %s and %s", c, previous, g.switchId(d)).isTrue();
                    }
                    u = g.dst(c);
                }
            }
        }
        // Each of the 9 leaves owns one descending column of 2 links.
        assertThat(owner).hasSize(9 * 2);
    }

    @Test
    @DisplayName("a fabric that is not a k-ary n-tree is refused with the reason")
    void refusesNonTree() {
        assertThatThrownBy(() -> engine().compute(Fabrics.ring(4), RoutingOptions.defaults()))
                .isInstanceOf(RoutingFailure.class)
                .hasMessageStartingWith("dmodk: fabric ring-4 is not a k-ary n-tree: ");
    }
}

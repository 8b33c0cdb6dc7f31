package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;


import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;

/** TBTP spread over three layers, the thesis's TBTP3VL. */
class Tbtp3VlTest extends RoutingEngineContract {
    Tbtp3VlTest() {
        super(new Tbtp(3), Fabrics.ring(4), Fabrics.ring(7), Fabrics.mesh(4, 8), Fabrics.torus(4, 8),
                Fabrics.karyNTree(2, 3), Fabrics.irregular(32, 4, 5));
    }

    @Test
    @DisplayName("Seed 002 §3.3.5: TBTP3VL keeps TBTP's turns and paths in each of 3 layers")
    void sameEntriesInEveryLayer() {
        Topology t = Fabrics.torus(4, 8);
        RoutingResult one = new Tbtp(1).compute(t, RoutingOptions.defaults());
        RoutingResult three = engine().compute(t, RoutingOptions.defaults());
        assertThat(three.layers()).isEqualTo(3);
        assertThat(three.forwarding()).hasSize(3 * one.forwarding().size());
        for (int l = 0; l < 3; l++) {
            int layer = l;
            assertThat(three.forwarding().stream().filter(e -> e.layer() == layer)
                    .map(e -> new ForwardingEntry(e.switchId(), e.dst(), 0, e.inPort(), e.path(), e.outPorts())))
                    .containsExactlyElementsOf(one.forwarding());
            assertThat(three.layerOf().stream().filter(p -> p.layer() == layer).count())
                    .as("pairs in layer " + l).isBetween(3L * 32 * 31 / 10, 4L * 32 * 31 / 10);
        }
    }

    @Test
    @DisplayName("layer spreading (hand-computed): three pairs on one channel take layers 0, 1, 2; a fourth pair "
            + "that also crosses a channel already used in layer 0 goes to layer 1")
    void spreadSplitsSharedChannels() {
        int[][] paths = {{0, 1}, {1, 2}, {1}, {0, 1, 3}};
        // Pair 3 (channels 0, 1, 3): the busiest of them has 1 pair in every layer; the sums are 2, 1, 1: layer 1.
        assertThat(Tbtp.spread(paths, 3, 4)).containsExactly(0, 1, 2, 1);
    }

    @Test
    @DisplayName("refuses a layer budget smaller than its three layers, naming the numbers")
    void layerBudget() {
        assertThatThrownBy(() -> engine().compute(Fabrics.ring(4), RoutingOptions.defaults().withMaxLayers(2)))
                .isInstanceOf(RoutingFailure.class)
                .hasMessage("tbtp3vl: needs 3 layers, 2 available (--max-layers 2 shared by 1 classes)");
    }

    @Property(tries = 40, seed = "23")
    @Label("random irregular fabrics, tori and meshes: every layer verified deadlock-free, all pairs delivered")
    void verifiedOnEveryFabric(@ForAll(supplier = Fabrics.AnyFamily.class) Topology t) {
        VerificationReport v = DeadlockVerifier.verify(t, engine().compute(t, RoutingOptions.defaults()));
        assertThat(v.ok()).as(t.name() + ": " + v.verdict()).isTrue();
        assertThat(v.layers()).hasSize(3);
    }
}

package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;

class DimensionOrderTest extends RoutingEngineContract {
    DimensionOrderTest() {
        super(new DimensionOrder(), Fabrics.mesh(3, 3), Fabrics.mesh(4, 8), Fabrics.torus(4, 4), Fabrics.torus(5, 3),
                Fabrics.torus(8, 1), Fabrics.torus(2, 4));
    }

    @Test
    @DisplayName("Seed 002 §2.1.4: XY dimension order on meshes needs 1 layer")
    void meshNeedsOneLayer() {
        for (Topology mesh : List.of(Fabrics.mesh(2, 2), Fabrics.mesh(4, 4), Fabrics.mesh(8, 4), Fabrics.mesh(8, 8))) {
            RoutingResult r = engine().compute(mesh, RoutingOptions.defaults());
            assertThat(r.layers()).as(mesh.name()).isEqualTo(1);
            VerificationReport v = DeadlockVerifier.verify(mesh, r);
            assertThat(v.ok()).as(mesh.name() + ": " + v.verdict()).isTrue();
        }
    }

    @Test
    @DisplayName("dateline: a ring needs its second layer; one layer on a torus would deadlock")
    void torusNeedsTheDatelineLayers() {
        Topology ring = Fabrics.torus(8, 1);
        RoutingResult r = engine().compute(ring, RoutingOptions.defaults());
        assertThat(r.layers()).isEqualTo(2);
        // s6 -> s1 goes plus over the wrap link s7 -> s0; s1 -> s3 does not cross it.
        assertThat(r.layerOf()).contains(new PairLayer("s6", "s1", 1), new PairLayer("s1", "s3", 0));
        RoutingResult squashed = new RoutingResult("dor", 1, r.layerOf().stream()
                .map(p -> new PairLayer(p.src(), p.dst(), 0)).toList(), r.forwarding().stream()
                .map(e -> new ForwardingEntry(e.switchId(), e.dst(), 0, e.inPort(), e.path(), e.outPorts()))
                .distinct().toList(), true);
        assertThat(DeadlockVerifier.verify(ring, squashed).deadlockFree()).isFalse();
        assertThat(engine().compute(Fabrics.torus(4, 4), RoutingOptions.defaults()).layers()).isEqualTo(4);
    }

    @Test
    @DisplayName("too small a layer budget and non-grid fabrics are refused")
    void refusals() {
        assertThatThrownBy(() -> engine().compute(Fabrics.torus(4, 4), RoutingOptions.defaults().withMaxLayers(2)))
                .isInstanceOf(RoutingFailure.class)
                .hasMessage("dor: needs 4 layers for 2 wrapped dimension(s), 2 available"
                        + " (--max-layers 2 / --classes 1)");
        assertThatThrownBy(() -> engine().compute(Fabrics.irregular(10, 3, 1), RoutingOptions.defaults()))
                .isInstanceOf(RoutingFailure.class)
                .hasMessageStartingWith("dor: fabric irregular-10-d3-1 is not a mesh or torus");
    }
}

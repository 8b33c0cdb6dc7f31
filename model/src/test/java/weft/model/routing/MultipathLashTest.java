package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;

class MultipathLashTest extends RoutingEngineContract {
    MultipathLashTest() {
        super(new MultipathLash(),
                Fabrics.ring(6), Fabrics.torus(4, 4), Fabrics.mesh(3, 3), Fabrics.irregular(16, 4, 1),
                Fabrics.karyNTree(2, 3));
    }

    @Test
    @DisplayName("Seed 002 §3.3 (MP-LASH): several distinct shortest paths per pair, each in its own layer")
    void distinctPathsInDistinctLayers() {
        Topology torus = Fabrics.torus(6, 6);
        RoutingResult r = engine().compute(torus, RoutingOptions.defaults());
        VerificationReport v = DeadlockVerifier.verify(torus, r);
        assertThat(v.ok()).as(v.verdict()).isTrue();
        Map<String, Set<Integer>> layers = new HashMap<>();
        Map<String, Integer> paths = new HashMap<>();
        for (PairLayer p : r.layerOf()) {
            String pair = p.src() + ">" + p.dst();
            assertThat(layers.computeIfAbsent(pair, k -> new HashSet<>()).add(p.layer())).as(pair).isTrue();
            paths.merge(pair, 1, Integer::sum);
        }
        assertThat(paths).hasSize(36 * 35);
        assertThat(paths.values()).allMatch(k -> k >= 1 && k <= MultipathLash.MAX_PATHS);
        // s0 -> s14 (2 hops in x, 2 in y) has 6 shortest paths: MP-LASH must find more than one.
        assertThat(paths.get("s0>s14")).isGreaterThan(1);
        // Adjacent switches have exactly one shortest path.
        assertThat(paths.get("s0>s1")).isEqualTo(1);
    }

    @Test
    @DisplayName("MP-LASH refuses a budget below LASH's need, naming both numbers")
    void budget() {
        assertThatThrownBy(() -> engine().compute(Fabrics.ring(6), RoutingOptions.defaults().withMaxLayers(1)))
                .isInstanceOf(RoutingFailure.class)
                .hasMessage("mplash: needs 2 layers for one path per pair, 1 available (--max-layers 1)");
    }
}

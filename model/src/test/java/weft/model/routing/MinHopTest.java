package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;

class MinHopTest extends UnrestrictedEngineContract {
    MinHopTest() {
        super(new MinHop(), Fabrics.ring(5), Fabrics.mesh(3, 3), Fabrics.torus(4, 4), Fabrics.karyNTree(2, 3),
                Fabrics.irregular(24, 4, 1));
    }

    @Test
    @DisplayName("Seed 002 §3.3.1 (hand-computed): shortest paths alone close a cycle on a 5-ring in one layer")
    void fiveRingDeadlocksInOneLayer() {
        Topology ring = Fabrics.ring(5);
        VerificationReport r = verified(ring, engine().compute(ring, RoutingOptions.defaults()));
        assertThat(r.connected()).isTrue();
        assertThat(r.deadlockFree()).isFalse();
        assertThat(r.layers().get(0).witnessCycle()).hasSize(5);
    }

    @Test
    @DisplayName("balancing spreads destinations over equal-cost up ports")
    void balancesOverEqualCostPorts() {
        // 2-ary 3-tree: leaf s8 reaches leaves s9, s10, s11 through either of its up ports 3 and 4.
        Topology t = Fabrics.karyNTree(2, 3);
        RoutingResult r = engine().compute(t, RoutingOptions.defaults());
        List<Integer> ports = r.forwarding().stream().filter(e -> e.switchId().equals("s8"))
                .map(e -> e.outPorts().get(0)).toList();
        assertThat(ports).hasSize(3).contains(3, 4);
    }
}

package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;

class EcmpTest extends UnrestrictedEngineContract {
    EcmpTest() {
        super(new Ecmp(), Fabrics.karyNTree(2, 3), Fabrics.karyNTree(4, 2), Fabrics.torus(4, 4), Fabrics.ring(6));
    }

    @Test
    @DisplayName("Seed 004 §2.2: every equal-cost up port is in the group (4-ary 2-tree leaf has 4)")
    void groupsHoldEveryEqualCostPort() {
        Topology t = Fabrics.karyNTree(4, 2);
        RoutingResult r = engine().compute(t, RoutingOptions.defaults());
        assertThat(r.forwarding()).filteredOn(e -> e.switchId().equals("s4") && e.dst().equals("s5"))
                .singleElement().extracting(ForwardingEntry::outPorts).isEqualTo(List.of(5, 6, 7, 8));
        VerificationReport v = verified(t, r);
        assertThat(v.ok()).as(v.verdict()).isTrue();
        // Every pair from a leaf spreads over all 4 up channels, so each carries the leaf's 3 destinations.
        assertThat(v.maxChannelLoad()).isEqualTo(3);
    }

    @Test
    @DisplayName("on a torus all shortest paths close a cycle: the verifier says ECMP is not deadlock-free there")
    void torusIsNotDeadlockFree() {
        Topology t = Fabrics.torus(4, 4);
        VerificationReport v = verified(t, engine().compute(t, RoutingOptions.defaults()));
        assertThat(v.connected()).isTrue();
        assertThat(v.deadlockFree()).isFalse();
    }
}

package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.routing.Fabrics;
import weft.model.routing.RoutingResult;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.HandRoutes;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;
import weft.model.traffic.TrafficPatterns;

/**
 * Deadlock: routes whose channel dependency graph has a cycle deadlock at saturation under lossless flow control,
 * and the simulator's cycle of full buffers is one of the verifier's dependency cycles; acyclic routes do not.
 */
class DeadlockTest {
    private static SimConfig saturating() {
        return SimConfig.defaults().withBufferBytes(2048).withWarmupPs(0).withDurationPs(2_000_000_000L);
    }

    private static SimResult saturate(Topology t, RoutingResult r, SimConfig c) {
        return new Simulator(t, r, c).run(new Workload.OpenLoop(TrafficPatterns.parse("uniform", t.hosts().size(),
                1), 1.0));
    }

    @Test
    @DisplayName("4-switch ring: minhop deadlocks at saturation with the verifier's cycle; Up*/Down* does not")
    void ringMinhopDeadlocksUpDownDoesNot() {
        Topology t = Fabrics.ring(4);
        RoutingResult minhop = SimFabrics.route("minhop", t);
        VerificationReport v = DeadlockVerifier.verify(t, minhop);
        assertThat(v.deadlockFree()).as("the verifier sees the ring's cycle").isFalse();
        SimResult r = saturate(t, minhop, saturating());
        assertThat(r.deadlock()).isNotNull();
        assertThat(r.stopReason()).isEqualTo("deadlock");
        assertThat(r.deadlock().channels()).hasSize(4);
        assertThat(v.layers().get(0).witnessCycle()).containsExactlyInAnyOrderElementsOf(r.deadlock().channels());

        RoutingResult updown = SimFabrics.route("updown", t);
        assertThat(DeadlockVerifier.verify(t, updown).ok()).isTrue();
        SimResult u = saturate(t, updown, saturating());
        assertThat(u.deadlock()).isNull();
        assertThat(u.accepted()).isPositive();
        assertThat(u.droppedPackets()).isZero();
    }

    @Test
    @DisplayName("Seed 002 §3.2.1 (hand-computed from its rule): the restriction at a starting switch deadlocks in "
            + "simulation on the verifier's cycle; the legal placement does not")
    void e6() {
        Topology t = HandRoutes.e6Fabric();
        RoutingResult bad = HandRoutes.oneLayer(t, HandRoutes.e6Illegal(), false);
        VerificationReport v = DeadlockVerifier.verify(t, bad);
        assertThat(v.deadlockFree()).isFalse();
        SimResult r = saturate(t, bad, saturating());
        assertThat(r.deadlock()).isNotNull();
        assertThat(v.layers().get(0).witnessCycle()).containsAll(r.deadlock().channels());

        RoutingResult good = HandRoutes.oneLayer(t, HandRoutes.e6Legal(), false);
        assertThat(DeadlockVerifier.verify(t, good).ok()).isTrue();
        assertThat(saturate(t, good, saturating()).deadlock()).isNull();
    }

    @Test
    @DisplayName("8x8 torus at saturation: minhop deadlocks; LASH, DOR, SR and Up*/Down* do not")
    void torusEngines() {
        Topology t = Fabrics.torus(8, 8);
        SimConfig c = SimConfig.defaults().withBufferBytes(2 * 2048).withWarmupPs(0).withDurationPs(300_000_000L);
        assertThat(saturate(t, SimFabrics.route("minhop", t), c).deadlock()).isNotNull();
        for (String engine : List.of("lash", "dor", "sr", "updown")) {
            SimResult r = saturate(t, SimFabrics.route(engine, t), c);
            assertThat(r.deadlock()).as(engine).isNull();
            assertThat(r.accepted()).as(engine).isGreaterThan(0.05);
        }
    }
}

package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import weft.model.routing.Fabrics;
import weft.model.routing.RoutingResult;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;
import weft.model.traffic.TrafficPatterns;

/** Seeded properties of the simulator on random irregular fabrics. */
class SimulatorProperties {
    @Property(tries = 12, seed = "21")
    @Label("every routing the verifier passes runs deadlock-free at saturation, and a drained run delivers every "
            + "packet it made, drops none")
    void verifiedRoutingsAreDeadlockFree(@ForAll @IntRange(min = 4, max = 16) int switches,
                                         @ForAll @IntRange(min = 3, max = 5) int degree,
                                         @ForAll @LongRange(min = 1, max = 1000) long seed,
                                         @ForAll @IntRange(min = 0, max = 2) int engineIndex,
                                         @ForAll boolean infiniteSpeedup) {
        String engine = List.of("updown", "lash", "sr").get(engineIndex);
        Topology t = Fabrics.irregular(switches, degree, seed);
        RoutingResult r = SimFabrics.route(engine, t);
        VerificationReport v = DeadlockVerifier.verify(t, r);
        assertThat(v.deadlockFree() && v.connected()).as(engine + ": " + v.verdict()).isTrue();
        SimConfig c = SimConfig.defaults().withBufferBytes(2048).withWarmupPs(0).withDurationPs(100_000_000)
                .withDrain(true).withSourceQueuePackets(4).withInfiniteSpeedup(infiniteSpeedup).withSeed(seed);
        SimResult s = new Simulator(t, r, c).run(new Workload.OpenLoop(TrafficPatterns.parse("uniform",
                t.hosts().size(), seed), 1.0));
        assertThat(s.deadlock()).as(engine + " on " + t.name()).isNull();
        assertThat(s.stopReason()).isEqualTo("drained");
        assertThat(s.droppedPackets()).isZero();
        assertThat(s.deliveredPackets()).isEqualTo(s.generatedPackets()).isPositive();
        assertThat(s.undeliveredMeasured()).isZero();
    }

    @Property(tries = 12, seed = "22")
    @Label("flows: every byte of every flow arrives, in flits or whole packets, whatever the buffers")
    void flowsDeliverEveryByte(@ForAll @IntRange(min = 3, max = 10) int switches,
                               @ForAll @LongRange(min = 1, max = 1000) long seed,
                               @ForAll @IntRange(min = 1, max = 4) int bufferPackets,
                               @ForAll boolean flits) {
        Topology t = Fabrics.irregular(switches, 4, seed);
        RoutingResult r = SimFabrics.route("updown", t);
        SplittableRandom random = new SplittableRandom(seed);
        List<Flow> flows = new ArrayList<>();
        int hosts = t.hosts().size();
        for (int i = 0; i < 2 * hosts; i++) {
            int a = random.nextInt(hosts);
            int b = (a + 1 + random.nextInt(hosts - 1)) % hosts;
            flows.add(new Flow("f" + i, "h" + a, "h" + b, 1, "app" + (i % 3), 1 + random.nextInt(20_000)));
        }
        SimConfig c = SimConfig.defaults().withBufferBytes(bufferPackets * 2048L).withWarmupPs(0)
                .withDurationPs(10_000_000_000L);
        if (flits) {
            c = c.withFlitBytes(256).withSwitching(random.nextBoolean() ? SimConfig.Switching.WORMHOLE
                    : SimConfig.Switching.VCT);
        }
        SimResult s = new Simulator(t, r, c).run(new Workload.Phases("random", flows, 2, 1_000_000));
        assertThat(s.deadlock()).isNull();
        assertThat(s.stopReason()).isEqualTo("all phases complete");
        for (int i = 0; i < flows.size(); i++) {
            assertThat(s.flows().get(i).bytes()).as(flows.get(i).id()).isEqualTo(2 * flows.get(i).bytes());
        }
        assertThat(s.phases()).hasSize(6);
        assertThat(s.droppedPackets()).isZero();
    }
}

package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

/**
 * Hand-checked small cases. Times: a 2048-byte packet takes 1638.4 ns at 10 Gbit/s and 16384 ns at 1 Gbit/s; host
 * links have latency L, switch links the topology's latency, the router delay R.
 */
class SimulatorTest {
    private static final double SER_10G_NS = 1638.4;
    private static final double SER_1G_NS = 16384;

    private static SimConfig config() {
        return SimConfig.defaults().withHostLatencyPs(500_000).withRouterDelayPs(100_000).withWarmupPs(0)
                .withDurationPs(10_000_000_000L);
    }

    /** One switch, hosts h0 and h1 at 10 Gbit/s. */
    private static Topology oneSwitch() {
        return SimFabrics.build("one", new double[][] {{10, 10}}, new int[0][], 10, 1);
    }

    @Test
    @DisplayName("one link: a packet arrives after 2L + R + its serialisation (cut-through); N back to back add N-1 "
            + "serialisations")
    void oneLinkCutThrough() {
        Topology t = oneSwitch();
        Simulator sim = new Simulator(t, SimFabrics.route("minhop", t), config());
        SimResult one = sim.run(SimFabrics.phases(SimFabrics.flow("f", "h0", "h1", 2048)));
        assertThat(one.phases()).singleElement().satisfies(p ->
                assertThat(p.completionNs()).isCloseTo(2 * 500 + 100 + SER_10G_NS, within(0.01)));
        SimResult ten = sim.run(SimFabrics.phases(SimFabrics.flow("f", "h0", "h1", 10 * 2048)));
        assertThat(ten.phases().get(0).completionNs()).isCloseTo(2 * 500 + 100 + 10 * SER_10G_NS, within(0.01));
        assertThat(ten.deliveredPackets()).isEqualTo(10);
        assertThat(ten.droppedPackets()).isZero();
        assertThat(SimFabrics.flowOf(ten, "f").bytes()).isEqualTo(10 * 2048);
    }

    @Test
    @DisplayName("one link, store-and-forward: the switch waits for the tail: 2L + R + 2 serialisations")
    void oneLinkStoreAndForward() {
        Topology t = oneSwitch();
        Simulator sim = new Simulator(t, SimFabrics.route("minhop", t),
                config().withSwitching(SimConfig.Switching.STORE_AND_FORWARD));
        SimResult r = sim.run(SimFabrics.phases(SimFabrics.flow("f", "h0", "h1", 2048)));
        assertThat(r.phases().get(0).completionNs()).isCloseTo(2 * 500 + 100 + 2 * SER_10G_NS, within(0.01));
    }

    @Test
    @DisplayName("one link at full load: accepted equals offered, latency stays near the zero-load value")
    void oneLinkOpenLoop() {
        Topology t = oneSwitch();
        Simulator sim = new Simulator(t, SimFabrics.route("minhop", t), config().withDurationPs(200_000_000)
                .withArrivals(SimConfig.Arrivals.PERIODIC));
        SimResult r = sim.run(new Workload.OpenLoop(new Swap(), 1.0));
        assertThat(r.offered()).isCloseTo(1.0, within(0.02));
        assertThat(r.accepted()).isCloseTo(1.0, within(0.02));
        assertThat(r.latencyNs().max()).isLessThan(2 * (2 * 500 + 100 + SER_10G_NS));
        assertThat(r.deadlock()).isNull();
    }

    @Test
    @DisplayName("two flows sharing a link: each gets half of it, both finish together after 2N serialisations")
    void twoFlowsShareALink() {
        Topology t = SimFabrics.build("two", new double[][] {{10, 10}, {10}}, new int[][] {{0, 1}}, 10, 1);
        Simulator sim = new Simulator(t, SimFabrics.route("minhop", t), config());
        int packets = 200;
        SimResult r = sim.run(SimFabrics.phases(SimFabrics.flow("a", "h0", "h2", packets * 2048L),
                SimFabrics.flow("b", "h1", "h2", packets * 2048L)));
        double total = 2 * packets * SER_10G_NS;
        SimResult.FlowRate a = SimFabrics.flowOf(r, "a");
        SimResult.FlowRate b = SimFabrics.flowOf(r, "b");
        assertThat(a.completionNs()).isCloseTo(total, within(0.02 * total));
        assertThat(b.completionNs()).isCloseTo(total, within(0.02 * total));
        assertThat(a.deliveredGbps()).isCloseTo(5.0, within(0.15));
        assertThat(b.deliveredGbps()).isCloseTo(5.0, within(0.15));
        assertThat(SimFabrics.channelOf(r, "s0:3->s1:2").utilization()).isGreaterThan(0.97);
    }

    @Test
    @DisplayName("credit stall: a 1 Gbit/s last hop throttles the 10 Gbit/s sender through full buffers, no loss")
    void creditStall() {
        Topology t = SimFabrics.build("stall", new double[][] {{10}, {1}}, new int[][] {{0, 1}}, 10, 1);
        Simulator sim = new Simulator(t, SimFabrics.route("minhop", t), config());
        int packets = 100;
        SimResult r = sim.run(SimFabrics.phases(SimFabrics.flow("f", "h0", "h1", packets * 2048L)));
        SimResult.FlowRate f = SimFabrics.flowOf(r, "f");
        assertThat(f.deliveredGbps()).isCloseTo(1.0, within(0.03));
        assertThat(r.droppedPackets()).isZero();
        assertThat(SimFabrics.channelOf(r, "s0:2->s1:2").maxBufferBytes()).isEqualTo(8 * 2048);
        assertThat(SimFabrics.channelOf(r, "h0->s0:1").maxBufferBytes()).isEqualTo(8 * 2048);
        assertThat(SimFabrics.channelOf(r, "s0:2->s1:2").utilization()).isCloseTo(0.1, within(0.01));
    }

    @Test
    @DisplayName("PFC pause: the same stall under priority flow control pauses the sender and drops nothing; lossy "
            + "drops")
    void pfcPauses() {
        Topology t = SimFabrics.build("stall", new double[][] {{10}, {1}}, new int[][] {{0, 1}}, 10, 1);
        RoutingResult routes = SimFabrics.route("minhop", t);
        int packets = 100;
        SimConfig pfc = config().withFlowControl(SimConfig.FlowControlKind.PFC).withBufferBytes(16 * 2048);
        SimResult r = new Simulator(t, routes, pfc).run(SimFabrics.phases(SimFabrics.flow("f", "h0", "h1",
                packets * 2048L)));
        assertThat(r.pauseFrames()).isPositive();
        assertThat(r.droppedPackets()).isZero();
        assertThat(SimFabrics.flowOf(r, "f").deliveredGbps()).isCloseTo(1.0, within(0.03));
        assertThat(SimFabrics.channelOf(r, "s0:2->s1:2").maxBufferBytes()).isLessThanOrEqualTo(16 * 2048);

        SimConfig lossy = config().withFlowControl(SimConfig.FlowControlKind.LOSSY);
        SimResult l = new Simulator(t, routes, lossy.withDurationPs(200_000_000)).run(
                SimFabrics.phases(SimFabrics.flow("f", "h0", "h1", packets * 2048L)));
        assertThat(l.droppedPackets()).isPositive();
        assertThat(l.pauseFrames()).isZero();
    }

    @Test
    @DisplayName("PFC refuses a buffer smaller than its headroom plus a packet, naming both")
    void pfcNeedsHeadroom() {
        Topology t = SimFabrics.build("stall", new double[][] {{10}, {1}}, new int[][] {{0, 1}}, 10, 1);
        SimConfig pfc = config().withFlowControl(SimConfig.FlowControlKind.PFC).withBufferBytes(2 * 2048);
        Simulator sim = new Simulator(t, SimFabrics.route("minhop", t), pfc);
        assertThatThrownBy(() -> sim.run(SimFabrics.phases(SimFabrics.flow("f", "h0", "h1", 2048))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("headroom")
                .hasMessageContaining("--buffer-packets");
    }

    @Test
    @DisplayName("routes for another topology are refused, naming the switch")
    void routesForAnotherTopology() {
        Topology t = SimFabrics.build("two", new double[][] {{10}, {10}}, new int[][] {{0, 1}}, 10, 1);
        Topology other = SimFabrics.build("three", new double[][] {{10}, {10}, {10}}, new int[][] {{0, 1}, {1, 2}},
                10, 1);
        assertThatThrownBy(() -> new Simulator(t, SimFabrics.route("minhop", other), config()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("s2")
                .hasMessageContaining("another topology");
    }

    @Test
    @DisplayName("flows naming unknown hosts are refused")
    void flowsWithUnknownHosts() {
        Topology t = oneSwitch();
        Simulator sim = new Simulator(t, SimFabrics.route("minhop", t), config());
        assertThatThrownBy(() -> sim.run(SimFabrics.phases(SimFabrics.flow("f", "h0", "h9", 2048))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("h9");
    }

    @Test
    @DisplayName("the same inputs give the same result")
    void deterministic() {
        Topology t = weft.model.routing.Fabrics.torus(4, 4);
        Simulator sim = new Simulator(t, SimFabrics.route("lash", t), config().withDurationPs(20_000_000));
        Workload w = new Workload.OpenLoop(weft.model.traffic.TrafficPatterns.parse("uniform", 16, 3), 0.7);
        SimResult a = sim.run(w);
        SimResult b = sim.run(w);
        assertThat(a).isEqualTo(b);
        assertThat(a.deliveredPackets()).isPositive();
    }

    /** h0 and h1 send to each other. */
    private static final class Swap implements weft.model.traffic.TrafficPattern {
        @Override
        public String name() {
            return "swap";
        }

        @Override
        public int destination(int source, java.util.random.RandomGenerator random) {
            return 1 - source;
        }
    }
}

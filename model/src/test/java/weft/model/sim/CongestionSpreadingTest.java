package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.topology.Topology;

/**
 * Seed 003 §1.1 Fig. 1 (seed 000 Fig. 1.1): sources s1..s4 on sw1 and s5, s6 on sw2; f1, f2 go to d1 and
 * f3..f6 to d2, all on sw2; f1..f4 share the trunk sw1 -> sw2. Outputs serve input ports round robin, with infinite
 * speedup and no rate control (NC). The d2-bound packets fill sw2's trunk buffer, back-pressure throttles the trunk to
 * 2/3, every trunk flow gets 1/6 and f5, f6 get 1/3 each. With equal flows of one time unit at line rate, f5 and f6
 * finish at 3 units, the rest at 5 (the optimum is 4, 25% better). The paper's figures are steady-state rates; the
 * simulation starts from empty buffers, so flows are made long (640 packets) against the 8-packet buffers that fill
 * during the start-up.
 */
class CongestionSpreadingTest {
    /** sw1 = s0 with h0..h3 (s1..s4); sw2 = s1 with h4, h5 (s5, s6), h6 (d1), h7 (d2); trunk s0:5 -> s1:5. */
    private static final Topology FIG1 = SimFabrics.build("fig1", new double[][] {{10, 10, 10, 10},
        {10, 10, 10, 10}}, new int[][] {{0, 1}}, 10, 0.1);
    private static final long BYTES = 640 * 2048;
    private static final double UNIT_NS = BYTES * 8 / 10.0;

    private static SimResult run(long durationPs, List<SimObserver> observers) {
        SimConfig c = SimConfig.defaults().withInfiniteSpeedup(true).withOutputOrder("rr").withWarmupPs(0)
                .withDurationPs(durationPs);
        return new Simulator(FIG1, SimFabrics.route("minhop", FIG1), c).run(SimFabrics.phases(
                SimFabrics.flow("f1", "h0", "h6", BYTES, "app"), SimFabrics.flow("f2", "h1", "h6", BYTES, "app"),
                SimFabrics.flow("f3", "h2", "h7", BYTES, "app"), SimFabrics.flow("f4", "h3", "h7", BYTES, "app"),
                SimFabrics.flow("f5", "h4", "h7", BYTES, "app"), SimFabrics.flow("f6", "h5", "h7", BYTES, "app")),
                (h, q, seed) -> new NoControl(), observers);
    }

    @Test
    @DisplayName("Seed 003 Fig. 1: NC congestion spreading: f5, f6 finish at 3 units, the phase at 5 (optimal: 4)")
    void fig1Completion() {
        SimResult r = run(100_000_000_000L, List.of());
        for (String f : new String[] {"f5", "f6"}) {
            assertThat(SimFabrics.flowOf(r, f).completionNs() / UNIT_NS).as(f).isCloseTo(3.0, within(0.05));
        }
        for (String f : new String[] {"f1", "f2", "f3", "f4"}) {
            assertThat(SimFabrics.flowOf(r, f).completionNs() / UNIT_NS).as(f).isCloseTo(5.0, within(0.05));
        }
        assertThat(r.phases()).singleElement().satisfies(p ->
                assertThat(p.completionNs() / UNIT_NS).isCloseTo(5.0, within(0.05)));
    }

    @Test
    @DisplayName("Seed 003 Fig. 1: in steady state the trunk carries 2/3, f1..f4 get 1/6 and f5, f6 get 1/3")
    void fig1SteadyRates() {
        long from = Math.round(1.0 * UNIT_NS * 1000);
        long to = Math.round(2.5 * UNIT_NS * 1000);
        long[] bytes = new long[8];
        long[] trunkBusy = new long[1];
        SimObserver window = new SimObserver() {
            @Override
            public void delivered(int src, int dst, int flow, int size, long created, long injected, long now) {
                if (now >= from && now < to) {
                    bytes[flow] += size;
                }
            }

            @Override
            public void transmitted(int channel, int vc, int size, long start, long end) {
                if (channel == 0 && start >= from && start < to) {
                    trunkBusy[0] += end - start;
                }
            }
        };
        run(to, List.of(window));
        double seconds = (to - from) / 1e12;
        double[] share = new double[6];
        for (int f = 0; f < 6; f++) {
            share[f] = bytes[f] * 8 / seconds / 10e9;
        }
        assertThat((double) trunkBusy[0] / (to - from)).isCloseTo(2.0 / 3, within(0.01));
        for (int f = 0; f < 4; f++) {
            assertThat(share[f]).as("f" + (f + 1)).isCloseTo(1.0 / 6, within(0.005));
        }
        assertThat(share[4]).as("f5").isCloseTo(1.0 / 3, within(0.005));
        assertThat(share[5]).as("f6").isCloseTo(1.0 / 3, within(0.005));
    }

    @Test
    @DisplayName("Seed 003 Fig. 1: every flow at the calculated 1/4 (Periodic Selection): all finish at 4 units")
    void fig1WithRateControl() {
        SimConfig c = SimConfig.defaults().withInfiniteSpeedup(true).withOutputOrder("rr").withWarmupPs(0)
                .withDurationPs(100_000_000_000L);
        Workload.Phases w = SimFabrics.phases(
                SimFabrics.flow("f1", "h0", "h6", BYTES, "app"), SimFabrics.flow("f2", "h1", "h6", BYTES, "app"),
                SimFabrics.flow("f3", "h2", "h7", BYTES, "app"), SimFabrics.flow("f4", "h3", "h7", BYTES, "app"),
                SimFabrics.flow("f5", "h4", "h7", BYTES, "app"), SimFabrics.flow("f6", "h5", "h7", BYTES, "app"));
        double[] quarter = {2.5, 2.5, 2.5, 2.5, 2.5, 2.5};
        for (String scheduler : List.of("ps", "svc")) {
            SimResult r = new Simulator(FIG1, SimFabrics.route("minhop", FIG1), c).run(w,
                    RatedInjection.factory(scheduler, quarter), List.of());
            for (SimResult.FlowRate f : r.flows()) {
                assertThat(f.completionNs() / UNIT_NS).as(scheduler + " " + f.flow()).isCloseTo(4.0, within(0.02));
                assertThat(f.deliveredGbps()).as(scheduler + " " + f.flow()).isCloseTo(2.5, within(0.05));
            }
            assertThat(r.phases()).singleElement().satisfies(p ->
                    assertThat(p.completionNs() / UNIT_NS).isCloseTo(4.0, within(0.02)));
        }
    }
}

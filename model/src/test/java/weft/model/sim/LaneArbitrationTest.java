package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.qos.HighPriorityLimit;
import weft.model.qos.VlArbitrationTable;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

/**
 * Lane (VL) arbitration at an output both lanes want (seed 002 §4.2.1): flows a (lane 0) and b (lane 1) share the
 * link s0 -> s1. With round robin they share it; with lane 1 in the high-priority table and no limit, b goes first
 * at full rate; with weights 1:3 in one table, b gets three quarters.
 */
class LaneArbitrationTest {
    /** s0 with h0, h1; s1 with h2; one link. */
    private static final Topology LINE = SimFabrics.build("line", new double[][] {{10, 10}, {10}}, new int[][] {
        {0, 1}}, 10, 0.1);
    private static final long BYTES = 200 * 2048L;
    private static final double ONE_FLOW_NS = BYTES * 8 / 10.0;

    /** Two layers on the one link, told apart by path tag: tag 0 in layer 0, tag 1 in layer 1. */
    private static RoutingResult twoLanes() {
        List<PairLayer> pairs = List.of(new PairLayer("s0", "s1", 0, 0), new PairLayer("s0", "s1", 1, 1),
                new PairLayer("s1", "s0", 0));
        List<ForwardingEntry> entries = List.of(ForwardingEntry.of("s0", "s1", 0, 3), ForwardingEntry.of("s0", "s1",
                1, 3), ForwardingEntry.of("s1", "s0", 0, 2));
        return new RoutingResult("two-lanes", 2, pairs, entries, true);
    }

    private static SimResult run(VlArbitrationTable table, boolean infiniteSpeedup) {
        SimConfig c = SimConfig.defaults().withWarmupPs(0).withDurationPs(10_000_000_000L).withLaneArbitration(table)
                .withInfiniteSpeedup(infiniteSpeedup);
        Workload.Phases w = new Workload.Phases("two", List.of(SimFabrics.flow("a", "h0", "h2", BYTES),
                SimFabrics.flow("b", "h1", "h2", BYTES)), 1, 0, Map.of(), Map.of("a", 0, "b", 1));
        return new Simulator(LINE, twoLanes(), c).run(w);
    }

    @Test
    @DisplayName("round robin over the lanes: the two flows share the link and finish together")
    void roundRobin() {
        for (boolean speedup : new boolean[] {false, true}) {
            SimResult r = run(null, speedup);
            assertThat(SimFabrics.flowOf(r, "a").completionNs() / ONE_FLOW_NS).isCloseTo(2.0, within(0.05));
            assertThat(SimFabrics.flowOf(r, "b").completionNs() / ONE_FLOW_NS).isCloseTo(2.0, within(0.05));
        }
    }

    @Test
    @DisplayName("Seed 002 §4.2.1: the high-priority lane preempts the low one: b ends after one flow time, a two")
    void highPriorityFirst() {
        VlArbitrationTable table = new VlArbitrationTable(List.of(new VlArbitrationTable.Entry(1, 1)),
                List.of(new VlArbitrationTable.Entry(0, 1)), HighPriorityLimit.unbounded());
        for (boolean speedup : new boolean[] {false, true}) {
            SimResult r = run(table, speedup);
            assertThat(SimFabrics.flowOf(r, "b").completionNs() / ONE_FLOW_NS).as("speedup infinite " + speedup)
                    .isCloseTo(1.0, within(0.05));
            assertThat(SimFabrics.flowOf(r, "a").completionNs() / ONE_FLOW_NS).as("speedup infinite " + speedup)
                    .isCloseTo(2.0, within(0.05));
        }
    }

    @Test
    @DisplayName("Seed 002 §4.2.1: weights 1:3 (64-byte blocks, 2 KB packets) give lane 1 three packets per lane-0 "
            + "packet while both send")
    void weights() {
        VlArbitrationTable table = new VlArbitrationTable(List.of(), List.of(new VlArbitrationTable.Entry(0, 32),
                new VlArbitrationTable.Entry(1, 96)), HighPriorityLimit.unbounded());
        for (boolean speedup : new boolean[] {false, true}) {
            SimResult r = run(table, speedup);
            // b sends 3 of every 4 packets until it ends at 4/3 flow times; a sends the rest of its own after that
            assertThat(SimFabrics.flowOf(r, "b").completionNs() / ONE_FLOW_NS).as("speedup infinite " + speedup)
                    .isCloseTo(4.0 / 3, within(0.05));
            assertThat(SimFabrics.flowOf(r, "a").completionNs() / ONE_FLOW_NS).isCloseTo(2.0, within(0.05));
        }
    }
}

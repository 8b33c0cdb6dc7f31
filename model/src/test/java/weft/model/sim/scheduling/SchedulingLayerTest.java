package weft.model.sim.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.rate.VoqBudget;
import weft.model.rate.distributed.LinkProxyScheduler.Mode;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.sim.SimConfig;
import weft.model.sim.Simulator;
import weft.model.sim.Workload;
import weft.model.topology.Topology;

/** The scheduling layer of seed 004 ch. 4 on a simulated Virtual Switch of three 1 Gbit/s servers. */
class SchedulingLayerTest {
    private static final long MS = 1_000_000_000L;
    private static final Topology VS = SchedulingLayer.virtualSwitch(3, 1);
    /** Payload one server sends in 10 ms with 1538-byte frames of 1500 payload bytes: 1,219,000 B (9.75 Mbit). */
    private static final long UNIT = 1_219_000;

    private static SchedulingLayer run(Mode mode, List<SchedulingLayer.Message> messages) {
        SchedulingLayer.Parameters p = new SchedulingLayer.Parameters(mode, MS, new VoqBudget(84, 1e-3, 0), 1538, 38,
                1538, 10 * MS, 0);
        SimConfig c = SimConfig.defaults().toBuilder().packetBytes(1538).bufferBytes(64 * 1538L)
                .switching(SimConfig.Switching.STORE_AND_FORWARD).infiniteSpeedup(true).routerDelayPs(0)
                .warmupPs(0).durationPs(200 * MS).build();
        SchedulingLayer[] layer = new SchedulingLayer[1];
        new Simulator(VS, RoutingEngines.byName("minhop").compute(VS, RoutingOptions.defaults()), c)
                .run(new Workload.Driven("test", net -> layer[0] = new SchedulingLayer(net, p, messages)));
        return layer[0];
    }

    @Test
    @DisplayName("Seed 004 §4.2.5 (hand-computed from Alg. 4-5): servers 0 and 1 each send 3 and 1 units to server 2; "
            + "backlog-proportional rates 3/4 and 1/4 finish both at 4 units (the optimum), max-min's 1/2 each "
            + "finishes the small one at 2 units and the large one at 4")
    void downlinkSharedByBacklog() {
        List<SchedulingLayer.Message> m = List.of(new SchedulingLayer.Message(0, 2, 0, 3 * UNIT),
                new SchedulingLayer.Message(1, 2, 0, UNIT));
        SchedulingLayer bp = run(Mode.BACKLOG_PROPORTIONAL, m);
        // 10 ms per unit: 0.25 is 2.5 intervals, the first (no rate yet) and a round of convergence; control takes
        // 2 x 1.344 Mbit/s off the downlink
        assertThat(bp.completedPs(0) / (10.0 * MS)).isCloseTo(4, within(0.25));
        assertThat(bp.completedPs(1) / (10.0 * MS)).isCloseTo(4, within(0.25));
        SchedulingLayer mm = run(Mode.MAX_MIN, m);
        assertThat(mm.completedPs(1) / (10.0 * MS)).isCloseTo(2, within(0.25));
        assertThat(mm.lastCompletionPs() / (10.0 * MS)).isCloseTo(4, within(0.25));
        // a request and a response per VOQ and interval while it has backlog and for the 10-interval idle timeout:
        // 2 x ((40 + 10) + (20 + 10)) = 160, give or take the intervals of convergence
        assertThat(mm.controlPackets()).isBetween(150L, 175L);
    }

    @Test
    @DisplayName("Seed 004 §4.2.4: a script listed out of start order is handed in start order; the first frame of a "
            + "new VOQ goes as soon as its first response sets a rate (its bucket starts full), within the control "
            + "round trip and two frame times, far below T")
    void messagesInStartOrder() {
        List<SchedulingLayer.Message> m = List.of(new SchedulingLayer.Message(0, 2, 60 * MS, 1500),
                new SchedulingLayer.Message(0, 2, 0, 1500), new SchedulingLayer.Message(0, 2, 30 * MS, 1500));
        SchedulingLayer layer = run(Mode.MAX_MIN, m);
        assertThat(layer.completedPs(1)).isLessThan(layer.completedPs(2));
        assertThat(layer.completedPs(2)).isLessThan(layer.completedPs(0));
        assertThat(layer.completedPs(0)).isGreaterThan(60 * MS);
        // request and response: 4 hops of 84 B (2.7 us); the frame: 2 hops of 1538 B (24.6 us)
        assertThat(layer.completedPs(1)).isBetween(27 * MS / 1000, 100 * MS / 1000);
    }

    @Test
    @DisplayName("a message naming a host the network does not have, or a server sending to itself, is refused")
    void refusesBadMessages() {
        assertThatThrownBy(() -> run(Mode.MAX_MIN, List.of(new SchedulingLayer.Message(0, 7, 0, 100))))
                .hasMessageContaining("message 0 -> 7: the network has 3 hosts");
        assertThatThrownBy(() -> new SchedulingLayer.Message(1, 1, 0, 100))
                .hasMessageContaining("expected two different hosts");
    }
}

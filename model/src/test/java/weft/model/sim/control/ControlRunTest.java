package weft.model.sim.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.crp.CrpParameters;
import weft.model.crp.SlotClock;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.sim.SimConfig;
import weft.model.sim.SimResult;
import weft.model.sim.Simulator;
import weft.model.topology.Topology;
import weft.model.topology.generate.Clusters;
import weft.model.topology.generate.GeneratorOptions;

/**
 * The control schemes on small clusters of the paper's kind: 64 Gbit/s links (8 B, one flit, per ns: a cycle), 32 ns
 * links and 64 ns between clusters, 26 ns routers, 1 ns host links, 256-byte packets, 4 KB input buffers per virtual
 * channel (seed 001 §3). Zero-load latency of a packet between two hosts of one leaf: 1 + 26 + 1 ns of latency and
 * 32 ns to send it = 60 cycles.
 */
class ControlRunTest {
    private static final Topology QUICK = Clusters.generate(2, 3, 3, 1, 0.064,
            GeneratorOptions.defaults().withGbps(64).withLatencyUs(0.032));
    private static final RoutingResult ROUTES = RoutingEngines.byName("nca").compute(QUICK, RoutingOptions.defaults());

    static SimConfig config(ControlRun.Control control, long warmupCycles, long cycles) {
        return SimConfig.defaults().withPacketBytes(256).withBufferBytes(4096).withInfiniteSpeedup(true)
                .withRouterDelayPs(26_000).withHostLatencyPs(1_000).withWarmupPs(warmupCycles * 1000)
                .withDurationPs(cycles * 1000).withClassPriorities(ControlRun.classPriorities(control));
    }

    private static ControlResult run(ControlRun.Control control, String pattern, double load, SimConfig config) {
        return run(control, pattern, load, config, ControlRun.Options.paper());
    }

    private static ControlResult run(ControlRun.Control control, String pattern, double load, SimConfig config,
                                     ControlRun.Options options) {
        ControlRun run = new ControlRun(control, MessageTraffic.parse(pattern, load, MessageSize.fixed(8)), options);
        SimResult r = new Simulator(QUICK, ROUTES, config).run(run.workload());
        assertThat(r.deadlock()).isNull();
        return run.result();
    }

    @Test
    @DisplayName("at 10% intra-cluster load every scheme delivers what is offered, nothing is lost, and the fastest "
            + "packet takes the zero-load 60 cycles")
    void lowLoad() {
        for (ControlRun.Control c : ControlRun.Control.values()) {
            ControlResult r = run(c, "cluster-uniform", 0.1, config(c, 5_000, 40_000));
            assertThat(r.participants()).as(c.toString()).isEqualTo(18);
            assertThat(r.accepted()).as(c.toString()).isCloseTo(r.offered(), within(0.1 * r.offered()));
            assertThat(r.lost()).as(c.toString()).isZero();
            assertThat(r.latencyMin()).as(c.toString()).isEqualTo(60.0);
            assertThat(r.refusedMessages()).isZero();
        }
    }

    @Test
    @DisplayName("CRP's bookkeeping adds up: every answer a source counts is a grant or a retry of one of its "
            + "requests; "
            + "at low load most requests are granted, speculative packets are acknowledged, control costs little")
    void crpCounters() {
        ControlResult r = run(ControlRun.Control.CRP, "cluster-uniform", 0.2, config(ControlRun.Control.CRP, 0,
                40_000));
        assertThat(r.grants() + r.retries()).isLessThanOrEqualTo(r.requests()).isGreaterThan(r.requests() * 9 / 10);
        assertThat(r.retriesByCause().stream().mapToLong(Long::longValue).sum()).isEqualTo(r.retries());
        assertThat(r.retryProbability()).isLessThan(0.2);
        assertThat(r.speculativeFlits()).isPositive();
        assertThat(r.controlOverhead()).isBetween(0.0, 0.1);
        assertThat(r.roundTripLocal()).isBetween(60.0, 400.0);
    }

    @Test
    @DisplayName("the hotspot pattern: ECN marks and notifies the hotspot senders; CRP's retries there are "
            + "mostly 'destination full' once the senders want more than a hotspot's table window (seed 001 §4.1: "
            + "they come from full destination tables)")
    void hotspot() {
        // measured from the onset: notified sources stay throttled for hundreds of microseconds (Table 1's IPD)
        ControlResult ecn = run(ControlRun.Control.ECN, "hotspot", 1, config(ControlRun.Control.ECN, 0, 40_000));
        assertThat(ecn.notifications()).isPositive();
        assertThat(ecn.participants()).isEqualTo(8);
        // 8 senders with 2 requests outstanding per hotspot want 16 x 269 flits of a hotspot's table: more than a
        // window of 8 cells (2,152 cycles), so its table fills as the paper's does with 72 senders and 32 cells
        CrpParameters shortWindow = new CrpParameters(8, 269, SlotClock.of(269), 4 * 32, 16 * 32, 50_000, 200, 1,
                30, 0, true, 2, 0, 1);
        ControlResult crp = run(ControlRun.Control.CRP, "hotspot", 1, config(ControlRun.Control.CRP, 10_000, 40_000),
                ControlRun.Options.paper().withCrp(shortWindow));
        assertThat(crp.retries()).isGreaterThan(crp.grants());
        assertThat(crp.retriesByCause().get(weft.model.crp.RetryCause.DESTINATION_FULL.ordinal()))
                .isGreaterThan(crp.retries() / 2);
        // two hotspots eject one flit per cycle each, shared by the 8 senders
        assertThat(crp.accepted()).isCloseTo(2.0 / 8, within(0.05));
    }

    @Test
    @DisplayName("over lossy links the reservations alone keep data drops near zero for the combined pattern, where "
            + "the uncontrolled baseline drops packets at every congested buffer; PFC runs lossless")
    void lossyLinks() {
        SimConfig lossy = config(ControlRun.Control.CRP, 5_000, 40_000)
                .withFlowControl(SimConfig.FlowControlKind.LOSSY);
        ControlResult crp = run(ControlRun.Control.CRP, "combined", 0.5, lossy);
        ControlResult none = run(ControlRun.Control.NONE, "combined", 0.5,
                config(ControlRun.Control.NONE, 5_000, 40_000).withFlowControl(SimConfig.FlowControlKind.LOSSY));
        assertThat(none.droppedData()).isGreaterThan(1000);
        assertThat(crp.droppedData()).isLessThan(none.droppedData() / 100);
        ControlResult pfc = run(ControlRun.Control.CRP, "combined", 0.5,
                config(ControlRun.Control.CRP, 5_000, 40_000).withFlowControl(SimConfig.FlowControlKind.PFC)
                        .withBufferBytes(16 * 1024));
        assertThat(pfc.lost()).isZero();
    }

    @Test
    @DisplayName("a scheme on a simulator without its traffic classes is refused, naming what it needs")
    void classesChecked() {
        ControlRun run = new ControlRun(ControlRun.Control.CRP, MessageTraffic.parse("combined", 0.5,
                MessageSize.fixed(8)), ControlRun.Options.paper());
        Simulator sim = new Simulator(QUICK, ROUTES, config(ControlRun.Control.NONE, 0, 1000));
        assertThatThrownBy(() -> sim.run(run.workload())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("crp needs traffic classes [0, 0, 1, 2]");
        assertThatThrownBy(() -> ControlRun.Control.parse("red")).hasMessageContaining("none, ecn, crp or tcp");
        assertThat(ControlRun.classPriorities(ControlRun.Control.ECN)).isEqualTo(List.of(0, 1));
    }
}

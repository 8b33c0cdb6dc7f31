package weft.model.sim.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
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
 * TCP hosts on the simulator: 18 hosts in two clusters, 256-byte packets (MSS 194 B), acknowledgements crossing the
 * fabric as 64-byte control packets.
 */
class TcpNicTest {
    private static final Topology FABRIC = Clusters.generate(2, 3, 3, 1, 0.064,
            GeneratorOptions.defaults().withGbps(64).withLatencyUs(0.032));
    private static final RoutingResult ROUTES = RoutingEngines.byName("nca").compute(FABRIC,
            RoutingOptions.defaults());

    private record Run(ControlResult result, TcpCounters counters) {
    }

    private static Run run(SimConfig config, String pattern, double load) {
        ControlRun run = new ControlRun(ControlRun.Control.TCP, MessageTraffic.parse(pattern, load,
                MessageSize.fixed(4)), ControlRun.Options.paper());
        SimResult r = new Simulator(FABRIC, ROUTES, config).run(run.workload());
        assertThat(r.deadlock()).isNull();
        return new Run(run.result(), run.tcpCounters());
    }

    @Test
    @DisplayName("lossless fabric below saturation: TCP delivers what is offered and never retransmits")
    void lossless() {
        Run r = run(ControlRunTest.config(ControlRun.Control.TCP, 5_000, 60_000), "cluster-uniform", 0.4);
        assertThat(r.result().accepted()).isCloseTo(r.result().offered(), within(0.1 * r.result().offered()));
        assertThat(r.counters().segments()).isPositive();
        assertThat(r.counters().retransmitted()).isZero();
        assertThat(r.counters().timeouts()).isZero();
        assertThat(r.result().lost()).isZero();
    }

    @Test
    @DisplayName("drop-tail fabric under overload: frames are lost and resent, and goodput counts each byte once")
    void lossy() {
        SimConfig config = ControlRunTest.config(ControlRun.Control.TCP, 5_000, 60_000)
                .withFlowControl(SimConfig.FlowControlKind.LOSSY).withBufferBytes(1024);
        Run r = run(config, "global-uniform", 1.0);
        assertThat(r.result().droppedData() + r.result().droppedControl()).isPositive();
        assertThat(r.counters().retransmitted()).isPositive();
        assertThat(r.result().accepted()).isPositive();
        double arrivedPerHost = (double) r.result().arrivedDataFlits() / 60_000 / r.result().participants();
        assertThat(r.result().accepted()).isLessThanOrEqualTo(arrivedPerHost);
    }

    @Test
    @DisplayName("packets too small for TCP's headers are refused, naming the sizes")
    void tooSmall() {
        assertThatThrownBy(() -> ControlRun.tcpDefaults(62, 1)).hasMessageContaining("62 B");
    }
}

package weft.model.sim.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.sim.SimResult;
import weft.model.sim.Simulator;
import weft.model.sim.VoqRouter;
import weft.model.topology.Topology;
import weft.model.topology.generate.Clusters;
import weft.model.topology.generate.GeneratorOptions;

/** Seed 001's schemes on its own router (§3, {@link VoqRouter#paper()}) over random cluster fabrics and traffic. */
class VoqRouterControlProperties {
    private static final List<String> PATTERNS = List.of("global-uniform", "cluster-uniform", "hotspot", "combined",
            "step:2");

    @Property(tries = 12, seed = "33")
    @Label("no deadlock on seed 001's cluster fabric with its router, and no packet lost to a full buffer, whatever "
            + "the scheme, pattern and load")
    void paperRouterRunsAreLossless(@ForAll ControlRun.Control control, @ForAll @IntRange(max = 4) int pattern,
                                    @ForAll @IntRange(min = 2, max = 4) int leaves,
                                    @ForAll @DoubleRange(min = 0.05, max = 1) double load, @ForAll long seed) {
        Topology t = Clusters.generate(2, leaves, leaves, 1, 0.064,
                GeneratorOptions.defaults().withGbps(64).withLatencyUs(0.032));
        ControlRun run = new ControlRun(control, MessageTraffic.parse(PATTERNS.get(pattern), load,
                MessageSize.fixed(8)), ControlRun.Options.paper());
        SimResult sim = new Simulator(t, RoutingEngines.byName("nca").compute(t, RoutingOptions.defaults()),
                ControlRunTest.config(control, 0, 8_000).withSeed(seed).withInfiniteSpeedup(false)
                        .withVoqRouter(VoqRouter.paper())).run(run.workload());
        assertThat(sim.deadlock()).isNull();
        ControlResult r = run.result();
        assertThat(r.lost()).isZero();
        assertThat(r.latencyPackets()).isPositive();
    }
}

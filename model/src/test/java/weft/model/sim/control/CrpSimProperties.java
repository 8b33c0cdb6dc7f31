package weft.model.sim.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import weft.model.crp.ResourceNode;
import weft.model.crp.RetryCause;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.sim.SimResult;
import weft.model.sim.Simulator;
import weft.model.topology.Topology;
import weft.model.topology.generate.Clusters;
import weft.model.topology.generate.GeneratorOptions;

/**
 * CRP's reservation bookkeeping on the simulator on random cluster fabrics, patterns, loads and seeds (seed 001 §2):
 * whatever the traffic, the distributed protocol's tables and answers stay consistent.
 */
class CrpSimProperties {
    private static final List<String> PATTERNS = List.of("global-uniform", "cluster-uniform", "hotspot", "combined");

    @Property(tries = 12)
    void reservationsStayConsistent(@ForAll @IntRange(min = 2, max = 4) int leaves,
                                    @ForAll @IntRange(min = 1, max = 2) int inter,
                                    @ForAll @IntRange(min = 0, max = 3) int pattern,
                                    @ForAll @DoubleRange(min = 0.05, max = 1) double load,
                                    @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        Topology t = Clusters.generate(2, leaves, leaves, Math.min(inter, leaves), 0.064,
                GeneratorOptions.defaults().withGbps(64).withLatencyUs(0.032));
        ControlRun run = new ControlRun(ControlRun.Control.CRP, MessageTraffic.parse(PATTERNS.get(pattern), load,
                MessageSize.fixed(8)), ControlRun.Options.paper());
        SimResult sim = new Simulator(t, RoutingEngines.byName("nca").compute(t, RoutingOptions.defaults()),
                ControlRunTest.config(ControlRun.Control.CRP, 0, 12_000).withSeed(seed)).run(run.workload());
        assertThat(sim.deadlock()).isNull();
        ControlResult r = run.result();
        List<ResourceNode> nodes = run.resourceNodes();
        int channels = nodes.size() - t.hosts().size();
        long asked = 0;
        long answered = 0;
        long granted = 0;
        long converted = 0;
        for (int i = 0; i < nodes.size(); i++) {
            ResourceNode n = nodes.get(i);
            for (long free : n.table().freeCells()) {
                assertThat(free).as("resource %d", n.id()).isBetween(0L, 269L);
            }
            assertThat(n.table().committedUnits() % 269).as("resource %d commits whole requests", n.id()).isZero();
            if (i < channels) {
                assertThat(n.grants()).isZero();
                converted += n.conversions();
            } else {
                // a destination answers every request at once, and commits exactly what it grants
                assertThat(n.grants() + n.retries(RetryCause.DESTINATION_FULL) + n.retries(RetryCause.NO_COMMON_SLOT))
                        .as("host %d", n.id()).isEqualTo(n.requests());
                assertThat(n.table().committedUnits()).as("host %d", n.id()).isEqualTo(269 * n.grants());
                asked += n.requests();
                answered += n.retries(RetryCause.DESTINATION_FULL) + n.retries(RetryCause.NO_COMMON_SLOT);
                granted += n.grants();
            }
        }
        // sources sent at least what reached destinations; every answer they got was issued by a destination,
        // each grant either arriving as one or converted into a retry at exactly one channel
        assertThat(asked).as("requests reached destinations").isPositive();
        assertThat(r.requests()).isGreaterThanOrEqualTo(asked);
        assertThat(r.grants() + converted).isLessThanOrEqualTo(granted);
        assertThat(r.retries()).isLessThanOrEqualTo(answered + converted);
        assertThat(r.retriesByCause().get(RetryCause.GRANT_CONFLICT.ordinal())).isLessThanOrEqualTo(converted);
        // credits keep reserved and unreserved data lossless; only speculative packets expire
        assertThat(r.lost()).isZero();
        assertThat(r.latencyPackets()).isPositive();
    }
}

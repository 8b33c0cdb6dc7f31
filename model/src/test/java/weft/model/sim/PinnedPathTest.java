package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.routing.AdaptiveFlowRouting;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.traffic.Flow;

/**
 * Flows pinned to their own paths (adaptive flow routing, seed 000 §3.1): on a 2-ary 2-tree (hosts 0, 1 on one
 * leaf, 2, 3 on the other, two roots) the flows 0 -> 2 and 1 -> 3 are routed one by one over different roots;
 * pinned to those paths they never meet, so each finishes as if alone: 2 host-link hops' latency, 3 router delays,
 * 2 switch-link latencies and 100 serialisations of 1638.4 ns (hand-computed from the model of {@code SimulatorTest}).
 */
class PinnedPathTest {
    private static final Topology TREE = KaryNTree.generate(2, 2, GeneratorOptions.defaults());
    private static final long BYTES = 100 * 2048L;

    private static SimConfig config() {
        return SimConfig.defaults().withInfiniteSpeedup(true).withWarmupPs(0).withDurationPs(10_000_000_000L)
                .withPathPolicy("rr");
    }

    private static List<Flow> flows() {
        return List.of(new Flow("a", host(0), host(2), 1, "app", BYTES), new Flow("b", host(1), host(3), 1, "app",
                BYTES));
    }

    private static String host(int i) {
        return TREE.hosts().get(i).id();
    }

    private static RoutingResult adaptive() {
        AdaptiveFlowRouting.FlowPaths paths = new AdaptiveFlowRouting(TREE, 0).route(List.of(
                new AdaptiveFlowRouting.Flow(host(0), host(2)), new AdaptiveFlowRouting.Flow(host(1), host(3))));
        assertThat(paths.switches(0)).isNotEqualTo(paths.switches(1));
        return paths.toRoutingResult("adaptive", SimFabrics.route("dmodk", TREE));
    }

    @Test
    @DisplayName("pinned flows take their own roots and finish as if alone; pinned to one path they share it")
    void pinnedFlowsDoNotMeet() {
        Simulator sim = new Simulator(TREE, adaptive(), config());
        SimResult pinned = sim.run(new Workload.Phases("pinned", flows(), 1, 0, Map.of(), Map.of("a", 0, "b", 1)));
        double latencyNs = pinned.flows().get(0).completionNs() - 100 * 1638.4;
        assertThat(pinned.flows()).allSatisfy(f -> assertThat(f.completionNs() - 100 * 1638.4).isCloseTo(latencyNs,
                within(0.01)));
        assertThat(latencyNs).isLessThan(10 * 1638.4);
        assertThat(pinned.channels()).filteredOn(c -> !c.channel().matches(".*h[0-9]+.*") && c.utilization() > 0)
                .hasSize(4);
        SimResult shared = sim.run(new Workload.Phases("shared", flows(), 1, 0, Map.of(), Map.of("a", 0, "b", 0)));
        assertThat(shared.channels()).filteredOn(c -> !c.channel().matches(".*h[0-9]+.*") && c.utilization() > 0)
                .hasSize(2);
        assertThat(shared.phases().get(0).completionNs()).isCloseTo(2 * 100 * 1638.4, within(3 * 1638.4));
    }

    @Test
    @DisplayName("a path tag the routes do not list for the flow's pair is refused, naming the flow")
    void unknownTagIsRefused() {
        Simulator sim = new Simulator(TREE, adaptive(), config());
        assertThatThrownBy(() -> sim.run(new Workload.Phases("w", flows(), 1, 0, Map.of(), Map.of("b", 7))))
                .hasMessageContaining("w: flow b: path tag 7 is not among the routes' paths from");
    }
}

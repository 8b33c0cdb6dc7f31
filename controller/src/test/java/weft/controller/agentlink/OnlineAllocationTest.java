package weft.controller.agentlink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import weft.model.rate.OnlineAllocation;
import weft.model.rate.OnlineAllocation.Pair;
import weft.model.rate.OnlineAllocation.ReportedFlow;
import weft.model.rate.RateAllocators;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * Reported flows -> allocator -> rates, on a fabric small enough to check by hand: h1 and h2 on s1, h3 on s2,
 * access links 1 Gbit/s, one s1-s2 link of 100 Mbit/s that every flow to h3 crosses.
 */
class OnlineAllocationTest {
    static final Topology TINY = new Topology("tiny", List.of(new Switch("s1", 1, 3), new Switch("s2", 2, 2)),
            List.of(new Host("h1", "02:00:00:00:00:01", "10.0.0.1", "s1", 1, 1.0),
                    new Host("h2", "02:00:00:00:00:02", "10.0.0.2", "s1", 2, 1.0),
                    new Host("h3", "02:00:00:00:00:03", "10.0.0.3", "s2", 1, 1.0)),
            List.of(new Link("s1", 3, "s2", 2, 0.1)));
    static final RoutingResult ROUTES = RoutingEngines.byName("updown").compute(TINY, RoutingOptions.defaults());

    private static Map<Pair, Long> allocate(String alg, List<ReportedFlow> flows, Map<Pair, Long> manual) {
        return OnlineAllocation.compute(TINY, ROUTES, RateAllocators.byName(alg), flows, manual);
    }

    @Test
    @DisplayName("Max-min: two flows sharing the 100 Mbit/s link get 50 and 50; a flow alone on its links gets "
            + "its access link")
    void maxMinSharesTheBottleneckEqually() {
        Map<Pair, Long> r = allocate("maxmin", List.of(new ReportedFlow("h1", "h3", 0),
                new ReportedFlow("h2", "h3", 9000), new ReportedFlow("h3", "h1", 0)), Map.of());
        assertThat(r).containsExactlyInAnyOrderEntriesOf(Map.of(new Pair("h1", "h3"), 50_000_000L,
                new Pair("h2", "h3"), 50_000_000L, new Pair("h3", "h1"), 100_000_000L));
    }

    /** Two flows into h3 across the 100 Mbit/s link: allocator, backlogs, expected rates in bit/s. */
    static Stream<Arguments> twoFlowsIntoH3() {
        return Stream.of(
                Arguments.of(Named.of("FFA with equal weights gives the same 50/50 split (seed 000 §4.2: equal "
                        + "normalised rates on the bottleneck)", "ffa"), 0L, 0L, 50_000_000L, 50_000_000L),
                Arguments.of(Named.of("Backlog-proportional: backlogs 30 000 B and 10 000 B split the 100 Mbit/s "
                        + "link 75/25 (seed 004 §4.2)", "bp"), 30_000L, 10_000L, 75_000_000L, 25_000_000L));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("twoFlowsIntoH3")
    void twoFlowsShareTheBottleneck(String alg, long backlog1, long backlog2, long rate1, long rate2) {
        Map<Pair, Long> r = allocate(alg, List.of(new ReportedFlow("h1", "h3", backlog1),
                new ReportedFlow("h2", "h3", backlog2)), Map.of());
        assertThat(r.get(new Pair("h1", "h3"))).isEqualTo(rate1);
        assertThat(r.get(new Pair("h2", "h3"))).isEqualTo(rate2);
    }

    @Test
    @DisplayName("A rate set by hand wins for its pair and the allocator shares what it leaves: 30 by hand, "
            + "70 allocated")
    void manualRateWinsAndTakesItsShareFirst() {
        Map<Pair, Long> r = allocate("maxmin", List.of(new ReportedFlow("h1", "h3", 0),
                new ReportedFlow("h2", "h3", 0)), Map.of(new Pair("h1", "h3"), 30_000_000L));
        assertThat(r).containsExactlyEntriesOf(Map.of(new Pair("h2", "h3"), 70_000_000L));
    }
}

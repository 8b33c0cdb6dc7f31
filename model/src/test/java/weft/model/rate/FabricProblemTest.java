package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;

class FabricProblemTest {
    /** s1 - s2 (10 Gbit/s, ports 3); h1, h2 on s1 and h3, h4 on s2 (10 Gbit/s access links). */
    static Topology twoSwitches() {
        return new Topology("two", List.of(new Switch("s1", 1, 4), new Switch("s2", 2, 4)),
                List.of(host("h1", 1, "s1", 1), host("h2", 2, "s1", 2), host("h3", 3, "s2", 1),
                        host("h4", 4, "s2", 2)),
                List.of(new Link("s1", 3, "s2", 3, 10)));
    }

    private static Host host(String id, int n, String sw, int port) {
        return new Host(id, String.format("02:00:00:00:00:%02x", n), "10.0.0." + n, sw, port, 10);
    }

    static RoutingResult routes() {
        return new RoutingResult("test", 1, List.of(new PairLayer("s1", "s2", 0), new PairLayer("s2", "s1", 0)),
                List.of(ForwardingEntry.of("s1", "s2", 0, 3), ForwardingEntry.of("s2", "s1", 0, 3)), true);
    }

    @Test
    @DisplayName("A flow's path is its source uplink, the routed switch channels and the destination downlink")
    void pathsFollowRoutes() {
        Topology t = twoSwitches();
        List<Flow> flows = List.of(new Flow("f1", "h1", "h3", 1, "a", 0), new Flow("f2", "h2", "h3", 1, "a", 0),
                new Flow("f3", "h2", "h4", 1, "b", 0), new Flow("f4", "h1", "h2", 1, "b", 0));
        RateProblem p = FabricProblem.build(t, flows, FabricProblem.routed(t, routes(), "routes.json"),
                WeightBasis.WEIGHT, 1e-3);
        assertThat(p.path(0)).containsExactly(FabricProblem.hostUplink(t, 0), 0, FabricProblem.hostDownlink(t, 2));
        assertThat(p.path(3)).as("same switch: no switch channel").containsExactly(FabricProblem.hostUplink(t, 0),
                FabricProblem.hostDownlink(t, 1));
        assertThat(FabricProblem.endpoints(t, FabricProblem.hostUplink(t, 1))).containsExactly("h2", "s1");
        Allocation<Rational> a = new Ffa().allocate(p, Arithmetic.EXACT);
        // s1->s2 carries f1, f2, f3 (10/3 each); h3's downlink carries f1, f2 (5 each would fit, trunk binds).
        assertThat(a.rate("f1")).isEqualTo(Rational.of(10, 3));
        assertThat(a.rate("f4")).as("h1 uplink: 10 - 10/3").isEqualTo(Rational.of(20, 3));
    }

    @Test
    @DisplayName("Unknown hosts, missing routes and sizeless SAA flows are refused naming the flow")
    void errors() {
        Topology t = twoSwitches();
        FabricProblem.FlowPaths paths = FabricProblem.routed(t, routes(), "routes.json");
        assertThatThrownBy(() -> FabricProblem.build(t, List.of(new Flow("f9", "h1", "h7", 1, "a", 0)), paths,
                WeightBasis.WEIGHT, 1e-3)).isInstanceOf(InfeasibleRequest.class)
                .hasMessage("flows[0] (f9): unknown host h7 (not in the topology)");
        FabricProblem.FlowPaths none = FabricProblem.routed(t,
                new RoutingResult("empty", 1, List.of(), List.of(), false), "r.json");
        assertThatThrownBy(() -> FabricProblem.build(t, List.of(new Flow("f1", "h1", "h3", 1, "a", 0)), none,
                WeightBasis.WEIGHT, 1e-3)).hasMessageContaining("flows[0] (f1): the routes have no path from s1 to s2");
        assertThatThrownBy(() -> FabricProblem.build(t, List.of(new Flow("f1", "h1", "h3", 1, "a", 0)), paths,
                WeightBasis.SIZE, 1e-3)).hasMessageContaining("bytes is 0");
        assertThatThrownBy(() -> FabricProblem.build(t, List.of(new Flow("f1", "h1", "h3", 1, "a", 0)),
                (f, s, d) -> new int[] {1}, WeightBasis.WEIGHT, 1e-3))
                .hasMessageContaining("route hop 0 (channel 1) does not leave s1");
    }

    @Test
    @DisplayName("SAA on sizes in bytes: completion W in seconds equals the slowest flow's bytes / rate")
    void saaSeconds() {
        Topology t = twoSwitches();
        List<Flow> flows = List.of(new Flow("f1", "h1", "h3", 1, "a", 1_000_000),
                new Flow("f2", "h2", "h3", 1, "a", 3_000_000));
        RateProblem p = FabricProblem.build(t, flows, FabricProblem.routed(t, routes(), "r"), WeightBasis.SIZE, 1e-3);
        Rational w = Saa.maxLinkWeight(p, Arithmetic.EXACT);
        assertThat(w).as("4 MB over 10 Gbit/s = 3.2 ms").isEqualTo(Rational.of(32, 10_000));
    }
}

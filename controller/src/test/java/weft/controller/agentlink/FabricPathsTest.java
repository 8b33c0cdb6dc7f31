package weft.controller.agentlink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.program.RouteCompiler;
import weft.controller.testing.FlowTableModel;
import weft.controller.testing.FlowTableModel.Delivery;
import weft.controller.testing.FlowTableModel.Packet;
import weft.controller.testing.TestFabrics;
import weft.model.protocol.PathSpec;
import weft.model.routing.ForwardingTable;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;

/**
 * The paths pushed to agents against what {@link RouteCompiler} installs: every pushed path is followed by the
 * compiled entries, traced hop by hop in {@link FlowTableModel}.
 */
class FabricPathsTest {
    /** The flow tables {@code r} compiles to on {@code t}, installed in a model of the switches. */
    private static FlowTableModel installed(Topology t, RoutingResult r) {
        return FlowTableModel.installed(t, RouteCompiler.compile(t, r, RouteCompiler.Options.defaults()));
    }

    /** {@code t} routed by the engine named {@code engine} with the default options. */
    private static RoutingResult routed(String engine, Topology t) {
        return RoutingEngines.byName(engine).compute(t, RoutingOptions.defaults());
    }

    /** ECMP on a leaf-spine of three spines, installed in a model of the switches; the pair h1 -> h2 crosses. */
    private record EcmpPair(Topology t, RoutingResult r, FlowTableModel model) {
        static EcmpPair acrossThreeSpines() {
            Topology t = TestFabrics.leafSpine(2, 3, 1);
            RoutingResult r = routed("ecmp", t);
            return new EcmpPair(t, r, installed(t, r));
        }

        /** What h1's untagged packet to h2 delivers, one delivery per hashed branch. */
        List<Delivery> deliveries() {
            return model.send("h1", Packet.ipv4(t.requireHost("h2").ip(), 0));
        }
    }

    @Test
    @DisplayName("VLB on a 2-ary 3-tree: every pushed path's DSCP tag is followed by installed entries along "
            + "exactly the pushed links, one path per root")
    void vlbTagsAreFollowedByTheCompiledEntries() {
        Topology t = KaryNTree.generate(2, 3, GeneratorOptions.defaults());
        RoutingResult r = routed("vlb", t);
        FlowTableModel model = installed(t, r);
        SwitchGraph g = t.graph();
        Host src = t.hosts().get(0);
        int checked = 0;
        for (Host dst : t.hosts()) {
            List<PathSpec> paths = FabricPaths.of(t, r, src.id(), dst.id());
            if (src.switchId().equals(dst.switchId())) {
                assertThat(paths).isEmpty();
                continue;
            }
            assertThat(paths).as("%s -> %s", src.id(), dst.id()).isNotEmpty();
            Set<Integer> tags = new HashSet<>();
            for (PathSpec p : paths) {
                assertThat(p.dscp()).as("VLB paths are chosen by DSCP").isNotNull();
                assertThat(tags.add(p.tag())).as("distinct source ports").isTrue();
                assertThat(p.tag()).isEqualTo(FabricPaths.TAG_PORT_BASE + p.dscp());
                List<Delivery> ds = model.send(src.id(), Packet.ipv4(dst.ip(), p.dscp()));
                assertThat(ds).as("%s -> %s with DSCP %d: one copy", src.id(), dst.id(), p.dscp()).hasSize(1);
                assertThat(ds.get(0).endpoint()).isEqualTo(dst.id());
                assertThat(FlowTableModel.channels(g, t, ds.get(0)))
                        .as("%s -> %s DSCP %d: the pushed links", src.id(), dst.id(), p.dscp()).isEqualTo(p.links());
                checked++;
            }
        }
        // h1 is under the first leaf; hosts under the other leaf of its pod share a parent (2 tags turn there),
        // hosts in the other pod cross a root (4 roots in a 2-ary 3-tree: 4 distinct paths)
        Host far = t.hosts().get(t.hosts().size() - 1);
        assertThat(FabricPaths.of(t, r, src.id(), far.id())).hasSize(4);
        assertThat(checked).isGreaterThan(t.hosts().size());
    }

    @Test
    @DisplayName("ECMP on a leaf-spine: a pair across spines gets one hashed path per spine (distinct source "
            + "ports, no DSCP, no links), as many as the SELECT groups can pick")
    void ecmpGivesOneHashedPathPerBranch() {
        EcmpPair f = EcmpPair.acrossThreeSpines();
        List<PathSpec> paths = FabricPaths.of(f.t(), f.r(), "h1", "h2");
        List<Delivery> traced = f.deliveries();
        assertThat(traced).allMatch(d -> d.endpoint().equals("h2"));
        assertThat(paths).hasSize(traced.size()).hasSize(3);
        assertThat(paths).allMatch(p -> p.dscp() == null && p.links().isEmpty());
        assertThat(paths.stream().map(PathSpec::tag).distinct()).hasSize(3);
    }

    @Test
    @DisplayName("Branches for CRP: the ECMP pair's three hashed branches as the traced deliveries cross them; one "
            + "empty branch on one switch; none without a route")
    void branchesAreEveryWayThePairsTrafficMayTake() {
        EcmpPair f = EcmpPair.acrossThreeSpines();
        List<int[]> branches = FabricPaths.branches(ForwardingTable.of(f.t(), f.r()), f.t().requireHost("h1"),
                f.t().requireHost("h2"));
        Set<List<Integer>> traced = new HashSet<>();
        for (Delivery d : f.deliveries()) {
            traced.add(FlowTableModel.channels(f.t().graph(), f.t(), d));
        }
        assertThat(branches.stream().map(b -> java.util.Arrays.stream(b).boxed().toList()).toList())
                .hasSize(3).containsExactlyInAnyOrderElementsOf(traced);
        Topology ring = TestFabrics.ring(4);
        RoutingResult updown = routed("updown", ring);
        ForwardingTable rt = ForwardingTable.of(ring, updown);
        assertThat(FabricPaths.branches(rt, ring.requireHost("h1"), ring.requireHost("h1"))).hasSize(1)
                .allMatch(b -> b.length == 0);
        Topology cut = new Topology("cut", ring.switches(), ring.hosts(), ring.links().subList(0, 1));
        RoutingResult none = routed("updown", ring);
        assertThat(FabricPaths.branches(ForwardingTable.of(cut, none, problem -> { }),
                cut.requireHost("h1"), cut.requireHost("h3"))).as("routes that lead nowhere here").isEmpty();
    }

    @Test
    @DisplayName("One untagged path (Up*/Down* on a ring) and hosts outside the topology: no path list")
    void singlePathGivesNoList() {
        Topology t = TestFabrics.ring(4);
        RoutingResult r = routed("updown", t);
        assertThat(FabricPaths.of(t, r, "h1", "h3")).isEmpty();
        assertThat(FabricPaths.of(t, r, "h1", "h99")).isEmpty();
    }

    @Test
    @DisplayName("After a link fails the provider answers from the new routes: the paths avoid the link")
    void providerFollowsTheCurrentRoutes() {
        Topology t = TestFabrics.leafSpine(2, 2, 1);
        Topology[] current = {t};
        RoutingResult[] routes = {routed("ecmp", t)};
        PathProvider p = FabricPaths.provider(() -> current[0], () -> routes[0]);
        assertThat(p.paths("h1", "h2")).hasSize(2);
        Topology cut = new Topology(t.name() + "-cut", t.switches(), t.hosts(), t.links().subList(1, 4));
        current[0] = cut;
        routes[0] = routed("ecmp", cut);
        assertThat(p.paths("h1", "h2")).as("one spine left: one default path").isEmpty();
    }
}

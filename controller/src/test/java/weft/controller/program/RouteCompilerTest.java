package weft.controller.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFGroupAdd;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import weft.controller.testing.BfsRoutes;
import weft.controller.testing.BfsRoutes.Mode;
import weft.controller.testing.FlowTableModel;
import weft.controller.testing.FlowTableModel.Delivery;
import weft.controller.testing.FlowTableModel.Packet;
import weft.controller.testing.FlowTableModel.WireHop;
import weft.controller.testing.TestFabrics;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

class RouteCompilerTest {
    /** Every ordered host pair, IPv4 and ARP: every copy reaches the destination host, untagged. */
    static void assertAllPairsDelivered(Topology t, FlowTableModel model) {
        for (Host src : t.hosts()) {
            for (Host dst : t.hosts()) {
                if (src == dst) {
                    continue;
                }
                for (Packet p : List.of(Packet.ipv4(dst.ip(), 0), Packet.arp(dst.ip()))) {
                    List<Delivery> ds = model.send(src.id(), p);
                    assertThat(ds).as("%s -> %s %s", src.id(), dst.id(), p.ethType()).isNotEmpty()
                            .allSatisfy(d -> {
                                assertThat(d.endpoint()).as("%s -> %s", src.id(), dst.id()).isEqualTo(dst.id());
                                assertThat(d.tagged()).as("delivered untagged").isFalse();
                            });
                }
            }
        }
    }

    @Test
    @DisplayName("min-hop routes on a 6-ring: every host pair delivered, ARP along the same routes, no tags")
    void minHopRing() {
        Topology t = TestFabrics.ring(6);
        FabricProgram p = oneLayer(t, Mode.MIN_HOP);
        assertThat(p.layered()).isFalse();
        assertThat(p.groupCount()).isZero();
        // per switch: LLDP + 2 local + 5 destinations x 2 protocols
        assertThat(p.switches()).allSatisfy(sp -> assertThat(sp.flows()).hasSize(1 + 2 + 10));
        FlowTableModel model = FlowTableModel.installed(t, p);
        assertAllPairsDelivered(t, model);
        for (Delivery d : model.send("h1", Packet.ipv4("10.0.0.4", 0))) {
            assertThat(d.hops()).hasSize(3).allSatisfy(h -> assertThat(h.tagged()).isFalse());
        }
    }

    @Test
    @DisplayName("layered routes on a 3x3 torus: ingress pushes the pair's layer as PCP, core keeps it, egress pops")
    void layersAsPcp() {
        Topology t = TestFabrics.torus(3, 3);
        RoutingResult r = BfsRoutes.route(t, Mode.MIN_HOP, 3);
        FabricProgram p = RouteCompiler.compile(t, r, RouteCompiler.Options.defaults());
        assertThat(p.layered()).isTrue();
        FlowTableModel model = FlowTableModel.installed(t, p);
        assertAllPairsDelivered(t, model);
        for (Host src : t.hosts()) {
            for (Host dst : t.hosts()) {
                if (src.switchId().equals(dst.switchId())) {
                    continue;
                }
                int layer = BfsRoutes.layerOf(t.switchIndex(src.switchId()), t.switchIndex(dst.switchId()), 3);
                for (Delivery d : model.send(src.id(), Packet.ipv4(dst.ip(), 0))) {
                    assertThat(d.hops()).isNotEmpty();
                    for (WireHop h : d.hops()) {
                        assertThat(h.tagged()).as("%s -> %s on %s->%s", src.id(), dst.id(), h.from(), h.to())
                                .isTrue();
                        assertThat(h.pcp()).as("PCP of %s -> %s on %s->%s", src.id(), dst.id(), h.from(), h.to())
                                .isEqualTo(layer);
                    }
                }
            }
        }
    }

    @Test
    @DisplayName("ECMP on a 4-leaf 2-spine fabric: one SELECT group per port set, every bucket delivers")
    void ecmpGroups() {
        Topology t = TestFabrics.leafSpine(4, 2, 2);
        FabricProgram p = oneLayer(t, Mode.ECMP);
        SwitchProgram leaf = p.bySwitch().get("l1");
        assertThat(leaf.groups()).singleElement().satisfies(g -> {
            assertThat(g.getBuckets()).hasSize(2);
            assertThat(g.getGroup().getGroupNumber()).as("bitmap of ports 3 and 4").isEqualTo(0b1100);
        });
        assertThat(p.bySwitch().get("sp1").groups()).isEmpty();
        FlowTableModel model = FlowTableModel.installed(t, p);
        assertAllPairsDelivered(t, model);
        assertThat(model.send("h1", Packet.ipv4("10.0.0.3", 0))).hasSize(2)
                .extracting(d -> d.hops().get(0).to()).containsExactlyInAnyOrder("sp1", "sp2");
    }

    @Test
    @DisplayName("path tags: DSCP p follows path p, an unknown DSCP and ARP follow the lowest path")
    void pathTagsFollowDscp() {
        Topology t = TestFabrics.leafSpine(3, 2, 1);
        FabricProgram p = oneLayer(t, Mode.PATHS);
        FlowTableModel model = FlowTableModel.installed(t, p);
        assertAllPairsDelivered(t, model);
        assertThat(model.send("h1", Packet.ipv4("10.0.0.2", 0))).singleElement()
                .satisfies(d -> assertThat(d.hops().get(0).to()).isEqualTo("sp1"));
        assertThat(model.send("h1", Packet.ipv4("10.0.0.2", 1))).singleElement()
                .satisfies(d -> assertThat(d.hops().get(0).to()).isEqualTo("sp2"));
        assertThat(model.send("h1", Packet.ipv4("10.0.0.2", 17))).singleElement()
                .satisfies(d -> assertThat(d.hops().get(0).to()).isEqualTo("sp1"));
    }

    @Test
    @DisplayName("layered multipath (MP-LASH shape): each path tag gets its own ingress entry and PCP")
    void layeredPaths() {
        Topology t = TestFabrics.torus(3, 3);
        FabricProgram p = RouteCompiler.compile(t, BfsRoutes.route(t, Mode.PATHS, 2),
                RouteCompiler.Options.defaults());
        FlowTableModel model = FlowTableModel.installed(t, p);
        assertAllPairsDelivered(t, model);
        for (int dscp : new int[] {0, 1}) {
            assertThat(model.send("h1", Packet.ipv4("10.0.0.9", dscp))).allSatisfy(d -> {
                assertThat(d.endpoint()).isEqualTo("h9");
                assertThat(d.hops()).allSatisfy(h -> assertThat(h.pcp()).isEqualTo(BfsRoutes.layerOf(0, 8, 2)));
            });
        }
    }

    @Test
    @DisplayName("input-port entries (Segment-based routing shape) match in_port above the host default")
    void inPortEntries() {
        Topology t = TestFabrics.torus(3, 3);
        FabricProgram p = oneLayer(t, Mode.IN_PORT);
        assertThat(p.bySwitch().get("s1").flows()).anySatisfy(f -> assertThat(f.getPriority())
                .isEqualTo(FlowClass.FORWARD.basePriority() + FlowClass.IN_PORT_BONUS));
        assertAllPairsDelivered(t, FlowTableModel.installed(t, p));
    }

    @Property(tries = 12, seed = "20261126")
    @Label("property: every shape of result on tori up to 4x4 and leaf-spines delivers every host pair")
    void everyShapeDelivers(@ForAll @IntRange(min = 3, max = 4) int kx, @ForAll @IntRange(min = 2, max = 4) int ky,
                            @ForAll Mode mode, @ForAll @IntRange(min = 1, max = 4) int layers) {
        for (Topology t : List.of(TestFabrics.torus(kx, ky), TestFabrics.leafSpine(kx, ky, 1))) {
            RoutingResult r = BfsRoutes.route(t, mode, layers);
            assertAllPairsDelivered(t, FlowTableModel.installed(t, RouteCompiler.compile(t, r,
                    RouteCompiler.Options.defaults())));
        }
    }

    /** The default program for {@code t} routed in one layer by {@code mode}. */
    private static FabricProgram oneLayer(Topology t, Mode mode) {
        return RouteCompiler.compile(t, BfsRoutes.route(t, mode, 1), RouteCompiler.Options.defaults());
    }

    /** What compiling {@code r} on {@code t} with the default options throws. */
    private static AbstractThrowableAssert<?, ? extends Throwable> compiling(Topology t, RoutingResult r) {
        return assertThatThrownBy(() -> RouteCompiler.compile(t, r, RouteCompiler.Options.defaults()));
    }

    @Test
    @DisplayName("more than 8 layers is refused, naming the engine and the PCP limit")
    void tooManyLayers() {
        Topology t = TestFabrics.ring(4);
        RoutingResult r = new RoutingResult("lash", 9, List.of(), List.of(), true);
        compiling(t, r).isInstanceOf(ProgramException.class).hasMessage("lash: 9 layers do not fit the 8 802.1Q PCPs");
    }

    @Test
    @DisplayName("a layered result without a layer for a pair is refused, naming the pair")
    void missingPairLayer() {
        Topology t = TestFabrics.ring(3);
        RoutingResult full = BfsRoutes.route(t, Mode.MIN_HOP, 2);
        List<PairLayer> fewer = full.layerOf().stream().filter(p -> !(p.src().equals("s1") && p.dst().equals("s2")))
                .toList();
        RoutingResult r = new RoutingResult("lash", 2, fewer, full.forwarding(), true);
        compiling(t, r).isInstanceOf(ProgramException.class).hasMessageContaining("no layer for pair s1 -> s2");
    }

    @Test
    @DisplayName("an entry naming an unknown switch is refused with its index")
    void unknownSwitch() {
        Topology t = TestFabrics.ring(3);
        RoutingResult r = new RoutingResult("x", 1, List.of(), List.of(ForwardingEntry.of("s9", "s1", 0, 2)), true);
        compiling(t, r).hasMessageContaining("forwarding[0] names switch s9");
    }

    @Test
    @DisplayName("learning entries: in_port to the controller on exactly the ports with neither link nor host, "
            + "above delivery and routes; every pair still delivered")
    void learningEntries() {
        Topology t = new Topology("spare", List.of(new Switch("s1", 1, 5),
                new Switch("s2", 2, 3)),
                List.of(new Host("h1", "02:00:00:00:00:01", "10.0.0.1", "s1", 1, 1.0),
                        new Host("h2", "02:00:00:00:00:02", "10.0.0.2", "s2", 1, 1.0)),
                List.of(new Link("s1", 2, "s2", 3, 1.0)));
        FabricProgram p = RouteCompiler.compile(t, BfsRoutes.route(t, Mode.MIN_HOP, 1),
                new RouteCompiler.Options(true, true, true));
        assertThat(p.bySwitch().get("s1").flows(FlowClass.LEARN))
                .extracting(f -> f.getMatch().get(MatchField.IN_PORT)
                        .getPortNumber()).containsExactlyInAnyOrder(3, 4, 5);
        assertThat(p.bySwitch().get("s2").flows(FlowClass.LEARN)).singleElement().satisfies(f -> {
            assertThat(f.getPriority()).isGreaterThan(FlowClass.LOCAL.basePriority())
                    .isGreaterThan(FlowClass.FORWARD.basePriority() + FlowClass.IN_PORT_BONUS + FlowClass.PATH_BONUS)
                    .isLessThan(FlowClass.LLDP.basePriority());
            assertThat(f.getInstructions()).containsExactly(FlowMods13.F.instructions().applyActions(
                    List.of(FlowMods13.toController())));
        });
        assertThat(RouteCompiler.compile(t, BfsRoutes.route(t, Mode.MIN_HOP, 1), new RouteCompiler.Options(true,
                true)).bySwitch().get("s1").flows(FlowClass.LEARN)).as("only on request").isEmpty();
        assertAllPairsDelivered(t, FlowTableModel.installed(t, p));
    }

    @Test
    @DisplayName("discovery-only program: LLDP and table-miss, no routes, no groups")
    void discoveryOnly() {
        SwitchProgram sp = RouteCompiler.discoveryOnly(new Switch("s9", 9, 4),
                new RouteCompiler.Options(true, true, true));
        assertThat(sp.flows()).containsExactly(FlowMods13.lldpToController(), FlowMods13.tableMissToController());
        assertThat(sp.groups()).isEmpty();
    }

    @Test
    @DisplayName("every entry carries a Weft cookie naming its class; table-miss only on request")
    void cookies() {
        Topology t = TestFabrics.ring(4);
        FabricProgram p = RouteCompiler.compile(t, BfsRoutes.route(t, Mode.MIN_HOP, 2),
                new RouteCompiler.Options(true, true));
        for (SwitchProgram sp : p.switches()) {
            for (OFFlowAdd f : sp.flows()) {
                assertThat(FlowClass.isWeft(f.getCookie().getValue())).isTrue();
            }
            assertThat(sp.flows(FlowClass.TABLE_MISS)).hasSize(1);
            assertThat(sp.flows(FlowClass.LLDP)).hasSize(1);
            assertThat(sp.flows(FlowClass.INGRESS)).hasSize(3 * 2);
        }
        Map<String, SwitchProgram> by = p.bySwitch();
        assertThat(by.get("s1").groups()).extracting(OFGroupAdd::getGroup).isEmpty();
    }
}

package weft.controller.program;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFMatchV3;
import org.projectfloodlight.openflow.protocol.OFMeterFlags;
import org.projectfloodlight.openflow.protocol.OFOxmList;
import org.projectfloodlight.openflow.protocol.oxm.OFOxm;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionApplyActions;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionMeter;
import org.projectfloodlight.openflow.protocol.match.Match;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.protocol.meterband.OFMeterBandDrop;
import org.projectfloodlight.openflow.types.IPv4Address;
import org.projectfloodlight.openflow.types.OFPort;
import weft.controller.testing.BfsRoutes;
import weft.controller.testing.BfsRoutes.Mode;
import weft.controller.testing.FlowTableModel;
import weft.controller.testing.FlowTableModel.Delivery;
import weft.controller.testing.FlowTableModel.Packet;
import weft.controller.testing.TestFabrics;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.Topology;

/** Rated pairs: meters and metered RATED entries at the source's switch, on real engines and every shape. */
class RouteCompilerMeterTest {
    private static final RouteCompiler.Options OPTS = RouteCompiler.Options.defaults();

    private static RoutingResult route(String engine, Topology t) {
        return RoutingEngines.byName(engine).compute(t, RoutingOptions.defaults());
    }

    private static PairRates rates(Topology t, String pairs) {
        return PairRates.parse("test", "{\"rates\": [" + pairs + "]}", t);
    }

    /** The match of a RATED entry without the source fields: the match of the entry it was copied from. */
    private static Match withoutSource(Match m) {
        List<OFOxm<?>> kept = new ArrayList<>();
        for (OFOxm<?> o : ((OFMatchV3) m).getOxmList()) {
            if (o.getMatchField() != MatchField.IN_PORT && o.getMatchField() != MatchField.IPV4_SRC) {
                kept.add(o);
            }
        }
        return FlowMods13.F.buildMatchV3().setOxmList(OFOxmList.ofList(kept)).build();
    }

    /**
     * Every RATED entry at the source's switch copies an entry of the unrated program: same match plus in_port
     * and ipv4_src of the source, same apply-actions, same bonus over its class, meter instruction first.
     */
    private static void assertRatedCopiesUnrated(SwitchProgram rated, SwitchProgram plain, Host src, Host dst,
                                                 long meterId, FlowClass copied) {
        List<OFFlowAdd> entries = rated.flows(FlowClass.RATED).stream()
                .filter(f -> IPv4Address.of(dst.ip()).equals(f.getMatch().get(MatchField.IPV4_DST))).toList();
        assertThat(entries).as("RATED entries of %s -> %s at %s", src.id(), dst.id(), rated.switchId()).isNotEmpty();
        for (OFFlowAdd f : entries) {
            assertThat(f.getMatch().get(MatchField.IN_PORT)).isEqualTo(OFPort.of(src.port()));
            assertThat(f.getMatch().get(MatchField.IPV4_SRC)).isEqualTo(IPv4Address.of(src.ip()));
            assertThat(f.getInstructions().get(0)).isInstanceOfSatisfying(OFInstructionMeter.class,
                    m -> assertThat(m.getMeterId()).isEqualTo(meterId));
            Match original = withoutSource(f.getMatch());
            OFFlowAdd base = plain.flows(copied).stream().filter(e -> e.getMatch().equals(original)).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + copied + " entry matches " + original));
            assertThat(f.getPriority() - FlowClass.RATED.basePriority())
                    .isEqualTo(base.getPriority() - copied.basePriority());
            assertThat(f.getInstructions().get(1)).isInstanceOf(OFInstructionApplyActions.class)
                    .isEqualTo(base.getInstructions().get(0));
        }
    }

    private static List<String> endpointsAndHops(List<Delivery> ds) {
        return ds.stream().map(d -> d.endpoint() + " " + d.hops()).sorted().toList();
    }

    @Test
    @DisplayName("LASH on a 3x3 torus: a rated pair's ingress copy pushes the same PCP through its meter; ARP, "
            + "other sources and other destinations pass no meter")
    void lash() {
        Topology t = TestFabrics.torus(3, 3);
        RoutingResult r = route("lash", t);
        PairRates rates = rates(t, "{\"src\": \"h1\", \"dst\": \"h9\", \"mbps\": 20}");
        FabricProgram plain = RouteCompiler.compile(t, r, OPTS);
        FabricProgram p = RouteCompiler.compile(t, r, OPTS, rates);
        long id = FlowMods13.WEFT_METER_FIRST + 8;
        assertThat(p.bySwitch().get("s1").meters()).singleElement().satisfies(m -> {
            assertThat(m.getMeterId()).isEqualTo(id);
            assertThat(m.getFlags()).isEqualTo(EnumSet.of(OFMeterFlags.KBPS, OFMeterFlags.BURST,
                    OFMeterFlags.STATS));
            assertThat(m.getMeters()).singleElement().isInstanceOfSatisfying(OFMeterBandDrop.class, b -> {
                assertThat(b.getRate()).isEqualTo(20_000);
                assertThat(b.getBurstSize()).as("100 ms at 20 Mbit/s").isEqualTo(2_000);
            });
        });
        assertThat(p.switches()).filteredOn(s -> !s.switchId().equals("s1"))
                .allSatisfy(s -> assertThat(s.meters()).isEmpty());
        assertRatedCopiesUnrated(p.bySwitch().get("s1"), plain.bySwitch().get("s1"), t.requireHost("h1"),
                t.requireHost("h9"), id, FlowClass.INGRESS);
        FlowTableModel model = FlowTableModel.installed(t, p);
        FlowTableModel without = FlowTableModel.installed(t, plain);
        RouteCompilerTest.assertAllPairsDelivered(t, model);
        List<Delivery> ds = model.send("h1", Packet.ipv4("10.0.0.9", 0));
        assertThat(ds).isNotEmpty().allSatisfy(d -> assertThat(d.meters()).containsExactly("s1:" + id));
        assertThat(endpointsAndHops(ds)).as("same path and PCP as unrated")
                .isEqualTo(endpointsAndHops(without.send("h1", Packet.ipv4("10.0.0.9", 0))));
        assertThat(model.send("h1", Packet.arp("10.0.0.9"))).allSatisfy(d -> assertThat(d.meters()).isEmpty());
        assertThat(model.send("h2", Packet.ipv4("10.0.0.9", 0))).allSatisfy(d -> assertThat(d.meters()).isEmpty());
        assertThat(model.send("h1", Packet.ipv4("10.0.0.8", 0))).allSatisfy(d -> assertThat(d.meters()).isEmpty());
    }

    @Test
    @DisplayName("Up*/Down* (a destination engine) on a 5-ring: the rated copy of the FORWARD entry adds in_port "
            + "and ipv4_src, no VLAN; the reverse pair is not metered")
    void destinationEngine() {
        Topology t = TestFabrics.ring(5);
        RoutingResult r = route("updown", t);
        FabricProgram plain = RouteCompiler.compile(t, r, OPTS);
        FabricProgram p = RouteCompiler.compile(t, r, OPTS, rates(t, "{\"src\": \"h2\", \"dst\": \"h4\", "
                + "\"mbps\": 5, \"burst_kbit\": 300}"));
        assertThat(p.layered()).isFalse();
        long id = FlowMods13.WEFT_METER_FIRST + 3;
        assertThat(p.bySwitch().get("s2").meters()).singleElement()
                .satisfies(m -> assertThat(m.getMeters()).singleElement().isEqualTo(
                        FlowMods13.F.meterBands().buildDrop().setRate(5_000).setBurstSize(300).build()));
        assertRatedCopiesUnrated(p.bySwitch().get("s2"), plain.bySwitch().get("s2"), t.requireHost("h2"),
                t.requireHost("h4"), id, FlowClass.FORWARD);
        assertThat(p.bySwitch().get("s2").flows(FlowClass.RATED))
                .allSatisfy(f -> assertThat(f.getMatch().get(MatchField.VLAN_VID)).isNull());
        FlowTableModel model = FlowTableModel.installed(t, p);
        RouteCompilerTest.assertAllPairsDelivered(t, model);
        assertThat(model.send("h2", Packet.ipv4("10.0.0.4", 0))).singleElement()
                .satisfies(d -> assertThat(d.meters()).containsExactly("s2:" + id));
        assertThat(model.send("h4", Packet.ipv4("10.0.0.2", 0))).singleElement()
                .satisfies(d -> assertThat(d.meters()).isEmpty());
    }

    @Test
    @DisplayName("two hosts on one switch: the rated entry sits above LOCAL and delivers through the meter")
    void sameSwitch() {
        Topology t = TestFabrics.leafSpine(2, 1, 2);
        RoutingResult r = route("updown", t);
        FabricProgram p = RouteCompiler.compile(t, r, OPTS, rates(t, "{\"src\": \"h2\", \"dst\": \"h1\", "
                + "\"mbps\": 1}"));
        long id = FlowMods13.WEFT_METER_FIRST + 4 + 0;
        assertThat(p.bySwitch().get("l1").flows(FlowClass.RATED)).singleElement()
                .satisfies(f -> assertThat(f.getPriority()).isGreaterThan(FlowClass.LOCAL.basePriority()));
        assertThat(p.bySwitch().get("l1").meters()).singleElement().satisfies(m -> {
            assertThat(m.getMeterId()).as("h2 is the 2nd host of l1, h1 the 1st of 4").isEqualTo(id);
            assertThat(m.getMeters()).singleElement().isInstanceOfSatisfying(OFMeterBandDrop.class,
                    b -> assertThat(b.getBurstSize()).as("at least ten 1500-byte frames").isEqualTo(120));
        });
        FlowTableModel model = FlowTableModel.installed(t, p);
        RouteCompilerTest.assertAllPairsDelivered(t, model);
        assertThat(model.send("h2", Packet.ipv4("10.0.0.1", 0))).singleElement().satisfies(d -> {
            assertThat(d.endpoint()).isEqualTo("h1");
            assertThat(d.meters()).containsExactly("l1:" + id);
        });
    }

    @Test
    @DisplayName("path tags: each path of a rated pair gets a metered copy, DSCP p still follows path p, one meter")
    void pathTags() {
        Topology t = TestFabrics.leafSpine(3, 2, 1);
        FabricProgram p = RouteCompiler.compile(t, BfsRoutes.route(t, Mode.PATHS, 1), OPTS,
                rates(t, "{\"src\": \"h1\", \"dst\": \"h2\", \"mbps\": 10}"));
        assertThat(p.bySwitch().get("l1").meters()).hasSize(1);
        FlowTableModel model = FlowTableModel.installed(t, p);
        RouteCompilerTest.assertAllPairsDelivered(t, model);
        String meter = "l1:" + (FlowMods13.WEFT_METER_FIRST + 1);
        for (int[] c : new int[][] {{0, 1}, {1, 2}, {17, 1}}) {
            assertThat(model.send("h1", Packet.ipv4("10.0.0.2", c[0]))).singleElement().satisfies(d -> {
                assertThat(d.meters()).containsExactly(meter);
                assertThat(d.hops().get(0).to()).as("DSCP %d", c[0]).isEqualTo("sp" + c[1]);
            });
        }
    }

    @Test
    @DisplayName("meter ids are stable: a rate change changes only the meter's band, a link failure keeps ids and "
            + "entries")
    void stableIds() {
        Topology t = TestFabrics.torus(3, 3);
        String pairs = "{\"src\": \"h1\", \"dst\": \"h9\", \"mbps\": %d}, {\"src\": \"h5\", \"dst\": \"h2\", "
                + "\"mbps\": 3}";
        RoutingResult r = route("lash", t);
        FabricProgram a = RouteCompiler.compile(t, r, OPTS, rates(t, String.format(pairs, 20)));
        FabricProgram b = RouteCompiler.compile(t, r, OPTS, rates(t, String.format(pairs, 40)));
        for (SwitchProgram sa : a.switches()) {
            SwitchProgram sb = b.bySwitch().get(sa.switchId());
            assertThat(sb.flows()).isEqualTo(sa.flows());
            assertThat(sb.meters()).extracting(OFMeterMod::getMeterId)
                    .isEqualTo(sa.meters().stream().map(OFMeterMod::getMeterId).toList());
        }
        assertThat(b.bySwitch().get("s1").meters().get(0).getMeters().get(0))
                .isInstanceOfSatisfying(OFMeterBandDrop.class, d -> assertThat(d.getRate()).isEqualTo(40_000));
        Topology failed = t.withoutLink(0);
        FabricProgram c = RouteCompiler.compile(failed, route("lash", failed), OPTS,
                rates(t, String.format(pairs, 20)));
        assertThat(c.bySwitch().get("s5").meters()).extracting(OFMeterMod::getMeterId)
                .containsExactly(FlowMods13.WEFT_METER_FIRST + 1);
        assertThat(c.bySwitch().get("s1").meters()).isEqualTo(a.bySwitch().get("s1").meters());
    }

    @Property(tries = 10, seed = "20261126")
    @Label("property: with random rated pairs every shape still delivers every pair on the unrated paths; a rated "
            + "pair's IPv4 passes exactly its meter once, everything else none")
    void ratedPairsKeepRoutes(@ForAll @IntRange(min = 3, max = 4) int kx, @ForAll @IntRange(min = 2, max = 3) int h,
                              @ForAll Mode mode, @ForAll @IntRange(min = 1, max = 3) int layers,
                              @ForAll @IntRange(min = 0, max = 1000) int seed) {
        Topology t = TestFabrics.leafSpine(kx, 2, h);
        RoutingResult r = BfsRoutes.route(t, mode, layers);
        Random rnd = new Random(seed);
        List<String> entries = new ArrayList<>();
        List<String> ratedPairs = new ArrayList<>();
        for (Host s : t.hosts()) {
            for (Host d : t.hosts()) {
                if (s != d && rnd.nextInt(3) == 0) {
                    entries.add(String.format("{\"src\": \"%s\", \"dst\": \"%s\", \"mbps\": %d}", s.id(), d.id(),
                            1 + rnd.nextInt(100)));
                    ratedPairs.add(s.id() + ">" + d.id());
                }
            }
        }
        PairRates rates = rates(t, String.join(",", entries));
        FlowTableModel plain = FlowTableModel.installed(t, RouteCompiler.compile(t, r, OPTS));
        FlowTableModel model = FlowTableModel.installed(t, RouteCompiler.compile(t, r, OPTS, rates));
        RouteCompilerTest.assertAllPairsDelivered(t, model);
        for (PairRate pr : rates.rates()) {
            assertThat(model.meters(t.requireHost(pr.src()).switchId())).containsKey(pr.meterId());
        }
        for (Host s : t.hosts()) {
            for (Host d : t.hosts()) {
                if (s == d) {
                    continue;
                }
                int i = ratedPairs.indexOf(s.id() + ">" + d.id());
                List<String> expected = i < 0 ? List.of()
                        : List.of(s.switchId() + ":" + rates.rates().get(i).meterId());
                for (int dscp : new int[] {0, 1}) {
                    List<Delivery> ds = model.send(s.id(), Packet.ipv4(d.ip(), dscp));
                    assertThat(ds).allSatisfy(x -> assertThat(x.meters()).as("%s -> %s", s.id(), d.id())
                            .isEqualTo(expected));
                    assertThat(endpointsAndHops(ds)).isEqualTo(endpointsAndHops(plain.send(s.id(),
                            Packet.ipv4(d.ip(), dscp))));
                }
            }
        }
    }
}

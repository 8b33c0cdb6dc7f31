package weft.controller.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFFlowDeleteStrict;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFMeterConfig;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.OFMeterModCommand;
import org.projectfloodlight.openflow.protocol.meterband.OFMeterBandDrop;
import weft.controller.testing.FlowTableModel;
import weft.controller.testing.FlowTableModel.Packet;
import weft.controller.testing.TestFabrics;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.Topology;

/** Meter reconciliation: meters before the entries that use them, stale Weft meters after, foreign ones kept. */
class ProgramDiffMeterTest {
    private static final Topology T = TestFabrics.torus(3, 3);
    private static final RoutingResult R = RoutingEngines.byName("lash").compute(T, RoutingOptions.defaults());

    private static SwitchProgram s1(String pairs) {
        return RouteCompiler.compile(T, R, RouteCompiler.Options.defaults(),
                PairRates.parse("test", "{\"rates\": [" + pairs + "]}", T)).bySwitch().get("s1");
    }

    private static final String TWO = "{\"src\": \"h1\", \"dst\": \"h9\", \"mbps\": 20}, "
            + "{\"src\": \"h1\", \"dst\": \"h5\", \"mbps\": 8}";

    /** What the switch would report for these meter-mods (meter config entries). */
    static List<OFMeterConfig> metersInstalled(List<OFMeterMod> meters) {
        return meters.stream().map(m -> FlowMods13.F.buildMeterConfig().setMeterId(m.getMeterId())
                .setFlags(m.getFlags()).setEntries(m.getMeters()).build()).toList();
    }

    private static void applyAll(FlowTableModel model, List<List<OFMessage>> phases) {
        for (List<OFMessage> phase : phases) {
            phase.forEach(m -> model.apply("s1", m));
        }
    }

    @Test
    @DisplayName("initial install: both meters lead the first phase, the RATED entries come with ingress")
    void initialOrder() {
        SwitchProgram p = s1(TWO);
        ProgramDiff d = ProgramDiff.initial(p);
        assertThat(d.first().subList(0, 2)).isEqualTo(p.meters());
        assertThat(d.first().subList(2, d.first().size())).noneMatch(m -> m instanceof OFMeterMod);
        assertThat(d.last()).containsAll(p.flows(FlowClass.RATED));
        assertThat(d.cleanup()).isEmpty();
        FlowTableModel model = new FlowTableModel(T);
        assertThatThrownBy(() -> applyAll(model, List.of(d.last(), d.first())))
                .as("the other order fails as OVS does").hasMessageContaining("UNKNOWN_METER");
    }

    @Test
    @DisplayName("reconnect to a switch holding the program, its meters and a foreign meter: nothing to do")
    void reconnectNoChange() {
        SwitchProgram p = s1(TWO);
        List<OFMeterConfig> meters = new ArrayList<>(metersInstalled(p.meters()));
        meters.add(metersInstalled(List.of(FlowMods13.meterAdd(7, 1000, 100))).get(0));
        assertThat(ProgramDiff.of(p, ProgramDiffTest.asInstalled(p.flows()),
                ProgramDiffTest.groupsInstalled(p.groups()), meters).isEmpty()).isTrue();
    }

    @Test
    @DisplayName("a changed rate is one meter MODIFY in the first phase and nothing else")
    void rateChange() {
        SwitchProgram before = s1(TWO);
        SwitchProgram after = s1(TWO.replace("\"mbps\": 20", "\"mbps\": 35"));
        ProgramDiff d = ProgramDiff.of(after, ProgramDiffTest.asInstalled(before.flows()),
                ProgramDiffTest.groupsInstalled(before.groups()), metersInstalled(before.meters()));
        assertThat(d.size()).isEqualTo(1);
        assertThat(d.first()).singleElement().isInstanceOfSatisfying(OFMeterMod.class, m -> {
            assertThat(m.getCommand()).isEqualTo(OFMeterModCommand.MODIFY);
            assertThat(m.getMeterId()).isEqualTo(FlowMods13.WEFT_METER_FIRST + 8);
            assertThat(((OFMeterBandDrop) m.getMeters().get(0)).getRate()).isEqualTo(35_000);
        });
    }

    @Test
    @DisplayName("a missing meter is added before its entries; a meter with another burst is modified")
    void missingAndDifferent() {
        SwitchProgram p = s1(TWO);
        OFMeterMod other = FlowMods13.meterAdd(p.meters().get(1).getMeterId(), 20_000, 999);
        ProgramDiff d = ProgramDiff.of(p, ProgramDiffTest.asInstalled(p.flows()),
                ProgramDiffTest.groupsInstalled(p.groups()), metersInstalled(List.of(other)));
        assertThat(d.first()).hasSize(2);
        assertThat(d.first().get(0)).isEqualTo(p.meters().get(0));
        assertThat(((OFMeterMod) d.first().get(1)).getCommand()).isEqualTo(OFMeterModCommand.MODIFY);
        assertThat(d.last()).isEmpty();
        assertThat(d.cleanup()).isEmpty();
    }

    @Test
    @DisplayName("rates removed: stale RATED entries are deleted, then their Weft meters; a foreign meter and its "
            + "entry stay; the model ends with exactly the unrated program and unmetered traffic")
    void staleRemovedForeignKept() {
        SwitchProgram old = s1(TWO);
        SwitchProgram now = s1("");
        FlowTableModel model = FlowTableModel.installed(T, RouteCompiler.compile(T, R,
                RouteCompiler.Options.defaults()));
        for (OFFlowAdd f : old.flows()) {
            model.apply("s1", FlowMods13.deleteStrict(f.getTableId().getValue(), f.getPriority(), f.getMatch(),
                    f.getCookie().getValue()));
        }
        ProgramDiff init = ProgramDiff.initial(old);
        applyAll(model, List.of(init.first(), init.last()));
        assertThat(model.send("h1", Packet.ipv4("10.0.0.9", 0))).allSatisfy(x -> assertThat(x.meters())
                .containsExactly("s1:" + (FlowMods13.WEFT_METER_FIRST + 8)));
        OFMeterMod foreign = FlowMods13.meterAdd(7, 1000, 100);
        model.apply("s1", foreign);
        List<OFMeterMod> installedMeters = new ArrayList<>(old.meters());
        installedMeters.add(foreign);
        ProgramDiff d = ProgramDiff.of(now, ProgramDiffTest.asInstalled(old.flows()),
                ProgramDiffTest.groupsInstalled(old.groups()), metersInstalled(installedMeters));
        assertThat(d.first()).isEmpty();
        assertThat(d.last()).isEmpty();
        List<OFMessage> c = d.cleanup();
        int rated = old.flows(FlowClass.RATED).size();
        assertThat(c).hasSize(rated + 2);
        assertThat(c.subList(0, rated)).allMatch(m -> m instanceof OFFlowDeleteStrict);
        assertThat(c.subList(rated, c.size())).containsExactly(FlowMods13.meterDelete(old.meters().get(0)
                .getMeterId()), FlowMods13.meterDelete(old.meters().get(1).getMeterId()));
        applyAll(model, List.of(d.first(), d.last(), d.cleanup()));
        assertThat(model.meters("s1")).containsOnlyKeys(7L);
        assertThat(model.flowCount("s1")).isEqualTo(now.flows().size());
        assertThat(model.send("h1", Packet.ipv4("10.0.0.9", 0))).allSatisfy(x -> {
            assertThat(x.endpoint()).isEqualTo("h9");
            assertThat(x.meters()).isEmpty();
        });
    }

    @Test
    @DisplayName("a stale Weft meter that no entry uses is deleted; a Weft-cookie entry is deleted before it")
    void staleMeterAlone() {
        SwitchProgram p = s1("");
        List<OFFlowAdd> flows = new ArrayList<>(p.flows());
        ProgramDiff d = ProgramDiff.of(p, ProgramDiffTest.asInstalled(flows),
                ProgramDiffTest.groupsInstalled(p.groups()),
                metersInstalled(List.of(FlowMods13.meterAdd(FlowMods13.WEFT_METER_FIRST + 3, 500, 120))));
        assertThat(d.cleanup()).containsExactly(FlowMods13.meterDelete(FlowMods13.WEFT_METER_FIRST + 3));
    }

    private static String randomTable(Random rnd) {
        List<String> entries = new ArrayList<>();
        for (Host src : T.hosts()) {
            for (Host dst : T.hosts()) {
                if (src != dst && rnd.nextInt(6) == 0) {
                    entries.add(String.format("{\"src\": \"%s\", \"dst\": \"%s\", \"mbps\": %d}", src.id(),
                            dst.id(), 1 + rnd.nextInt(3)));
                }
            }
        }
        return String.join(",", entries);
    }

    @Property(tries = 15, seed = "20261126")
    @Label("property: from any installed rate table (plus a foreign meter) to any other, the three phases in order "
            + "never name a missing meter and end with exactly the new meters, entries and metering")
    void anyTableToAny(@ForAll @IntRange(min = 0, max = 10_000) int seed) {
        Random rnd = new Random(seed);
        PairRates before = PairRates.parse("before", "{\"rates\": [" + randomTable(rnd) + "]}", T);
        PairRates after = PairRates.parse("after", "{\"rates\": [" + randomTable(rnd) + "]}", T);
        RouteCompiler.Options o = RouteCompiler.Options.defaults();
        FabricProgram old = RouteCompiler.compile(T, R, o, before);
        FabricProgram now = RouteCompiler.compile(T, R, o, after);
        FlowTableModel model = FlowTableModel.installed(T, old);
        OFMeterMod foreign = FlowMods13.meterAdd(7, 1000, 100);
        for (SwitchProgram sp : old.switches()) {
            model.apply(sp.switchId(), foreign);
        }
        List<ProgramDiff> diffs = new ArrayList<>();
        for (SwitchProgram sp : now.switches()) {
            SwitchProgram was = old.bySwitch().get(sp.switchId());
            List<OFMeterMod> meters = new ArrayList<>(was.meters());
            meters.add(foreign);
            diffs.add(ProgramDiff.of(sp, ProgramDiffTest.asInstalled(was.flows()),
                    ProgramDiffTest.groupsInstalled(was.groups()), metersInstalled(meters)));
        }
        for (Function<ProgramDiff, List<OFMessage>> phase : List.<Function<ProgramDiff, List<OFMessage>>>of(
                ProgramDiff::first, ProgramDiff::last, ProgramDiff::cleanup)) {
            for (int i = 0; i < diffs.size(); i++) {
                String sw = now.switches().get(i).switchId();
                phase.apply(diffs.get(i)).forEach(m -> model.apply(sw, m));
            }
        }
        for (SwitchProgram sp : now.switches()) {
            Map<Long, OFMeterMod> installed = model.meters(sp.switchId());
            assertThat(installed.keySet()).as("meters of %s", sp.switchId()).containsExactlyInAnyOrderElementsOf(
                    java.util.stream.Stream.concat(sp.meters().stream().map(OFMeterMod::getMeterId),
                            java.util.stream.Stream.of(7L)).toList());
            for (OFMeterMod m : sp.meters()) {
                assertThat(installed.get(m.getMeterId()).getMeters()).isEqualTo(m.getMeters());
            }
            assertThat(model.flowCount(sp.switchId())).isEqualTo(sp.flows().size());
        }
        for (PairRate r : after.rates()) {
            assertThat(model.send(r.src(), Packet.ipv4(T.requireHost(r.dst()).ip(), 0))).allSatisfy(d -> {
                assertThat(d.endpoint()).isEqualTo(r.dst());
                assertThat(d.meters()).containsExactly(T.requireHost(r.src()).switchId() + ":" + r.meterId());
            });
        }
        RouteCompilerTest.assertAllPairsDelivered(T, model);
    }
}

package weft.controller.program;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFFlowDeleteStrict;
import org.projectfloodlight.openflow.protocol.OFFlowStatsEntry;
import org.projectfloodlight.openflow.protocol.OFGroupAdd;
import org.projectfloodlight.openflow.protocol.OFGroupDelete;
import org.projectfloodlight.openflow.protocol.OFGroupDescStatsEntry;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.EthType;
import org.projectfloodlight.openflow.types.OFGroup;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.U64;
import weft.controller.testing.BfsRoutes;
import weft.controller.testing.TestFabrics;
import weft.model.topology.Topology;

class ProgramDiffTest {
    private static final Topology T = TestFabrics.leafSpine(3, 2, 1);
    private static final SwitchProgram LEAF = RouteCompiler.compile(T, BfsRoutes.route(T, BfsRoutes.Mode.ECMP, 1),
            RouteCompiler.Options.defaults()).bySwitch().get("l1");

    /** What the switch would report after installing these flow-adds. */
    static List<OFFlowStatsEntry> asInstalled(List<OFFlowAdd> flows) {
        return flows.stream().map(f -> FlowMods13.F.buildFlowStatsEntry().setTableId(f.getTableId())
                .setPriority(f.getPriority()).setCookie(f.getCookie()).setMatch(f.getMatch())
                .setInstructions(f.getInstructions()).setPacketCount(U64.ZERO).setByteCount(U64.ZERO).build())
                .toList();
    }

    static List<OFGroupDescStatsEntry> groupsInstalled(List<OFGroupAdd> groups) {
        return groups.stream().map(g -> FlowMods13.F.buildGroupDescStatsEntry().setGroup(g.getGroup())
                .setGroupType(g.getGroupType()).setBuckets(g.getBuckets()).build()).toList();
    }

    @Test
    @DisplayName("initial install: groups and forwarding first, LLDP last, nothing to clean up")
    void initialOrder() {
        ProgramDiff d = ProgramDiff.initial(LEAF);
        assertThat(d.first().get(0)).isInstanceOf(OFGroupAdd.class);
        assertThat(d.last()).singleElement().isEqualTo(FlowMods13.lldpToController());
        assertThat(d.cleanup()).isEmpty();
        assertThat(d.size()).isEqualTo(LEAF.flows().size() + LEAF.groups().size());
    }

    @Test
    @DisplayName("a stale learning entry (its port turned out to carry a link) goes in the first phase, before "
            + "routes send traffic over that port; other stale entries wait for the cleanup")
    void staleLearningFirst() {
        OFFlowAdd learn = FlowMods13.flow(FlowClass.LEARN, 0, FlowMods13.F.buildMatch()
                .setExact(MatchField.IN_PORT, OFPort.of(7)).build(), List.of(FlowMods13.toController()));
        List<OFFlowAdd> installed = new ArrayList<>(LEAF.flows());
        installed.add(learn);
        installed.add(FlowMods13.tableMissToController());
        ProgramDiff d = ProgramDiff.of(LEAF, asInstalled(installed), groupsInstalled(LEAF.groups()));
        assertThat(d.first()).singleElement().isEqualTo(FlowMods13.deleteStrict(0, learn.getPriority(),
                learn.getMatch(), FlowClass.LEARN.cookie()));
        assertThat(d.last()).isEmpty();
        assertThat(d.cleanup()).singleElement().isEqualTo(FlowMods13.deleteStrict(0, 0,
                FlowMods13.F.buildMatch().build(), FlowClass.TABLE_MISS.cookie()));
    }

    @Test
    @DisplayName("reconnect to a switch that already holds the program: nothing to do")
    void nothingToDo() {
        assertThat(ProgramDiff.of(LEAF, asInstalled(LEAF.flows()), groupsInstalled(LEAF.groups())).isEmpty())
                .isTrue();
    }

    @Test
    @DisplayName("stale Weft entries and unused groups are removed, foreign entries and their groups are kept")
    void staleRemovedForeignKept() {
        List<OFFlowAdd> installed = new ArrayList<>(LEAF.flows());
        OFFlowAdd stale = FlowMods13.flow(FlowClass.FORWARD, 5, FlowMods13.F.buildMatch()
                .setExact(MatchField.ETH_TYPE, EthType.IPv6).build(), List.of(FlowMods13.output(1)));
        OFFlowAdd foreign = FlowMods13.F.buildFlowAdd().setPriority(7).setCookie(U64.of(0x42))
                .setMatch(FlowMods13.F.buildMatch().setExact(MatchField.ETH_TYPE, EthType.IPv6).build())
                .setInstructions(List.of(FlowMods13.F.instructions().applyActions(List.of(FlowMods13.group(99)))))
                .build();
        installed.add(stale);
        installed.add(foreign);
        List<OFGroupAdd> groups = new ArrayList<>(LEAF.groups());
        groups.add(FlowMods13.selectGroup(99, List.of(1, 2)));
        groups.add(FlowMods13.selectGroup(100, List.of(1, 2)));
        ProgramDiff d = ProgramDiff.of(LEAF, asInstalled(installed), groupsInstalled(groups));
        assertThat(d.first()).isEmpty();
        assertThat(d.last()).isEmpty();
        assertThat(d.cleanup()).hasSize(2);
        assertThat(d.cleanup().get(0)).isInstanceOfSatisfying(OFFlowDeleteStrict.class,
                del -> assertThat(del.getPriority()).isEqualTo(stale.getPriority()));
        assertThat(d.cleanup().get(1)).isInstanceOfSatisfying(OFGroupDelete.class,
                del -> assertThat(del.getGroup()).isEqualTo(OFGroup.of(100)));
    }

    @Test
    @DisplayName("missing and changed entries are re-added in their phase; a changed group is modified")
    void missingAndChanged() {
        List<OFFlowAdd> installed = new ArrayList<>(LEAF.flows());
        OFFlowAdd lldp = installed.remove(0);
        OFFlowAdd changed = installed.remove(installed.size() - 1);
        installed.add(changed.createBuilder().setInstructions(List.of()).build());
        List<OFGroupAdd> groups = List.of(FlowMods13.selectGroup(LEAF.groups().get(0).getGroup().getGroupNumber(),
                List.of(3)));
        ProgramDiff d = ProgramDiff.of(LEAF, asInstalled(installed), groupsInstalled(groups));
        assertThat(d.last()).containsExactly(lldp);
        assertThat(d.first()).hasSize(2);
        assertThat(d.first().get(0).getType().name()).isEqualTo("GROUP_MOD");
        assertThat(d.first().get(1)).isEqualTo(changed);
        List<OFMessage> none = d.cleanup();
        assertThat(none).isEmpty();
    }
}

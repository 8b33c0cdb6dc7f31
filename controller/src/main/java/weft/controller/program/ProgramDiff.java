package weft.controller.program;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFFlowStatsEntry;
import org.projectfloodlight.openflow.protocol.OFGroupAdd;
import org.projectfloodlight.openflow.protocol.OFGroupDescStatsEntry;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFMeterConfig;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.OFMeterModCommand;
import org.projectfloodlight.openflow.protocol.action.OFAction;
import org.projectfloodlight.openflow.protocol.action.OFActionGroup;
import org.projectfloodlight.openflow.protocol.instruction.OFInstruction;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionApplyActions;

/**
 * What must change on one switch to go from its installed state to a {@link SwitchProgram}, split into the three phases
 * of a safe update (the README's data flow): new and changed groups and non-ingress entries first, ingress (and
 * controller) entries only after every switch confirmed the first phase, and removals last.
 *
 * <p>Reconciliation rules: an installed entry equals a desired one when table, priority, match, cookie and
 * instructions are equal; a flow-add replaces an entry with the same table, priority and match in place; an
 * installed entry with a Weft cookie ({@link FlowClass#isWeft}) that is not desired is deleted strictly; entries
 * with other cookies are never touched. Groups carry no cookie: an installed group is removed only when no desired
 * entry and no foreign entry refers to it.
 *
 * <p>Meters: a desired meter that is missing is added and one whose flags or bands differ is modified in place,
 * both at the head of the first phase, so a meter exists before any entry that uses it (OVS refuses an entry
 * naming an unknown meter). An installed meter in Weft's id range ({@link FlowMods13#isWeftMeter}) that is not
 * desired is deleted at the end of the cleanup phase, after the stale entries that used it. Meters outside
 * Weft's range are never touched.
 *
 * <p>Stale {@link FlowClass#LEARN} entries are deleted in the first phase, not the last: a port that turned out
 * to carry a link must forward before the new routes send traffic over it.
 *
 * @param first   meter adds and modifies, group adds, FORWARD/LOCAL flow adds and deletes of stale LEARN entries
 * @param last    INGRESS, RATED, LLDP, table-miss and LEARN flow adds
 * @param cleanup strict deletes of stale Weft entries, then deletes of unused groups, then of stale Weft meters
 */
public record ProgramDiff(List<OFMessage> first, List<OFMessage> last, List<OFMessage> cleanup) {
    public ProgramDiff {
        first = List.copyOf(first);
        last = List.copyOf(last);
        cleanup = List.copyOf(cleanup);
    }

    /** True when the switch already holds exactly the program. */
    public boolean isEmpty() {
        return first.isEmpty() && last.isEmpty() && cleanup.isEmpty();
    }

    /** Number of messages over all phases. */
    public int size() {
        return first.size() + last.size() + cleanup.size();
    }

    /** The diff that installs a program on an empty switch. */
    public static ProgramDiff initial(SwitchProgram program) {
        return of(program, List.of(), List.of(), List.of());
    }

    /** The diff from what a switch reported, for a switch whose meters are not known (none assumed). */
    public static ProgramDiff of(SwitchProgram program, List<OFFlowStatsEntry> installedFlows,
                                 List<OFGroupDescStatsEntry> installedGroups) {
        return of(program, installedFlows, installedGroups, List.of());
    }

    /**
     * The diff from what a switch reported (flow stats of every entry, group descriptions) to the program.
     *
     * @param installedFlows  every flow entry of the switch, Weft's and foreign
     * @param installedGroups every group of the switch
     * @param installedMeters every meter of the switch (meter config), Weft's and foreign
     */
    public static ProgramDiff of(SwitchProgram program, List<OFFlowStatsEntry> installedFlows,
                                 List<OFGroupDescStatsEntry> installedGroups, List<OFMeterConfig> installedMeters) {
        Map<List<Object>, OFFlowStatsEntry> installed = new HashMap<>();
        Set<Long> foreignGroupRefs = new HashSet<>();
        for (OFFlowStatsEntry e : installedFlows) {
            installed.put(key(e.getTableId().getValue(), e.getPriority(), e.getMatch()), e);
            if (!FlowClass.isWeft(e.getCookie().getValue())) {
                foreignGroupRefs.addAll(groupsReferenced(e.getInstructions()));
            }
        }
        Map<Long, OFGroupDescStatsEntry> groupsNow = new HashMap<>();
        for (OFGroupDescStatsEntry g : installedGroups) {
            groupsNow.put(g.getGroup().getGroupNumber() & 0xffffffffL, g);
        }
        List<OFMessage> first = new ArrayList<>();
        List<OFMessage> last = new ArrayList<>();
        List<OFMessage> cleanup = new ArrayList<>();
        Map<Long, OFMeterConfig> metersNow = new HashMap<>();
        for (OFMeterConfig m : installedMeters) {
            metersNow.put(m.getMeterId(), m);
        }
        Set<Long> desiredMeters = new HashSet<>();
        for (OFMeterMod m : program.meters()) {
            desiredMeters.add(m.getMeterId());
            OFMeterConfig now = metersNow.get(m.getMeterId());
            if (now == null) {
                first.add(m);
            } else if (!now.getFlags().equals(m.getFlags()) || !now.getEntries().equals(m.getMeters())) {
                first.add(FlowMods13.F.buildMeterMod().setXid(0).setCommand(OFMeterModCommand.MODIFY)
                        .setMeterId(m.getMeterId()).setFlags(m.getFlags()).setMeters(m.getMeters()).build());
            }
        }
        Set<Long> desiredGroups = new HashSet<>();
        for (OFGroupAdd g : program.groups()) {
            long id = g.getGroup().getGroupNumber() & 0xffffffffL;
            desiredGroups.add(id);
            OFGroupDescStatsEntry now = groupsNow.get(id);
            if (now == null) {
                first.add(g);
            } else if (!now.getBuckets().equals(g.getBuckets()) || now.getGroupType() != g.getGroupType()) {
                first.add(FlowMods13.F.buildGroupModify().setXid(0).setGroup(g.getGroup())
                        .setGroupType(g.getGroupType())
                        .setBuckets(g.getBuckets()).build());
            }
        }
        Set<List<Object>> desiredKeys = new HashSet<>();
        for (OFFlowAdd f : program.flows()) {
            List<Object> k = key(f.getTableId().getValue(), f.getPriority(), f.getMatch());
            desiredKeys.add(k);
            OFFlowStatsEntry now = installed.get(k);
            if (now != null && now.getCookie().equals(f.getCookie())
                    && now.getInstructions().equals(f.getInstructions())) {
                continue;
            }
            FlowClass cls = FlowClass.ofCookie(f.getCookie().getValue());
            (cls.lastInUpdate() ? last : first).add(f);
        }
        for (Map.Entry<List<Object>, OFFlowStatsEntry> e : installed.entrySet()) {
            OFFlowStatsEntry now = e.getValue();
            if (FlowClass.isWeft(now.getCookie().getValue()) && !desiredKeys.contains(e.getKey())) {
                boolean learn = now.getCookie().getValue() == FlowClass.LEARN.cookie();
                (learn ? first : cleanup).add(FlowMods13.deleteStrict(now.getTableId().getValue(),
                        now.getPriority(), now.getMatch(), now.getCookie().getValue()));
            }
        }
        for (Long id : groupsNow.keySet()) {
            if (!desiredGroups.contains(id) && !foreignGroupRefs.contains(id)) {
                cleanup.add(FlowMods13.deleteGroup(id));
            }
        }
        for (Long id : new TreeSet<>(metersNow.keySet())) {
            if (FlowMods13.isWeftMeter(id) && !desiredMeters.contains(id)) {
                cleanup.add(FlowMods13.meterDelete(id));
            }
        }
        return new ProgramDiff(first, last, cleanup);
    }

    private static List<Object> key(int table, int priority, Object match) {
        return List.of(table, priority, match);
    }

    private static Set<Long> groupsReferenced(List<OFInstruction> instructions) {
        Set<Long> refs = new HashSet<>();
        for (OFInstruction i : instructions) {
            if (i instanceof OFInstructionApplyActions apply) {
                for (OFAction a : apply.getActions()) {
                    if (a instanceof OFActionGroup g) {
                        refs.add(g.getGroup().getGroupNumber() & 0xffffffffL);
                    }
                }
            }
        }
        return refs;
    }
}

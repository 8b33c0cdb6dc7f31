package weft.controller.program;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.projectfloodlight.openflow.protocol.OFBucket;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFFlowDeleteStrict;
import org.projectfloodlight.openflow.protocol.OFGroupAdd;
import org.projectfloodlight.openflow.protocol.OFGroupDelete;
import org.projectfloodlight.openflow.protocol.OFGroupType;
import org.projectfloodlight.openflow.protocol.OFMeterConfigStatsRequest;
import org.projectfloodlight.openflow.protocol.OFMeterFlags;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.OFMeterModCommand;
import org.projectfloodlight.openflow.protocol.OFPacketOut;
import org.projectfloodlight.openflow.protocol.action.OFAction;
import org.projectfloodlight.openflow.protocol.instruction.OFInstruction;
import org.projectfloodlight.openflow.protocol.match.Match;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.EthType;
import org.projectfloodlight.openflow.types.OFBufferId;
import org.projectfloodlight.openflow.types.OFGroup;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.OFVlanVidMatch;
import org.projectfloodlight.openflow.types.TableId;
import org.projectfloodlight.openflow.types.U64;
import org.projectfloodlight.openflow.types.VlanPcp;
import weft.controller.openflow.SwitchSession;

/**
 * Pure OpenFlow 1.3 message builders, after Faucet's {@code valve_of.py}: every flow-mod, group-mod, meter-mod and
 * packet-out Weft sends is built here, with xid 0 (the session assigns xids).
 */
public final class FlowMods13 {
    /** The OpenFlow 1.3 factory. */
    public static final OFFactory F = SwitchSession.F;
    /** The VLAN id of every layer tag; the layer itself is the PCP. Decision: VID 1, the 802.1Q default VLAN. */
    public static final int LAYER_VID = 1;
    /** OVS's userspace datapath and OpenFlow: send whole packets to the controller. */
    private static final int NO_LIMIT = 0xffff;
    /** The table of every class's entries. */
    private static final TableId TABLE = TableId.of(FlowClass.TABLE);
    /** The largest meter id a switch may use (OFPM_MAX). */
    public static final long MAX_METER_ID = 0xffff0000L;
    private static final long MAX_U32 = 0xffffffffL;
    /**
     * Weft's meter ids are {@code 0x57000000..0x57ffffff} ("W" in the top byte): reconciliation adds, changes and
     * deletes meters in this range only and leaves every other meter id to whoever installed it.
     */
    public static final long WEFT_METER_FIRST = 0x57000000L;
    /** The last meter id Weft owns. */
    public static final long WEFT_METER_LAST = 0x57ffffffL;
    /** {@code OFPM_ALL}: a meter statistics or configuration request for every meter. */
    public static final long ALL_METERS = 0xffffffffL;

    private FlowMods13() {
    }

    /** A flow entry of the given class; the priority adds the class's band to {@code bonus}. */
    public static OFFlowAdd flow(FlowClass cls, int bonus, Match match, List<OFAction> actions) {
        return F.buildFlowAdd().setXid(0).setTableId(TABLE).setPriority(cls.basePriority() + bonus)
                .setCookie(U64.of(cls.cookie())).setBufferId(OFBufferId.NO_BUFFER).setMatch(match)
                .setInstructions(actions.isEmpty() ? List.of() : List.of(F.instructions().applyActions(actions)))
                .build();
    }

    /**
     * A flow entry of the given class whose packets first pass meter {@code meterId} (OpenFlow 1.3: the meter is an
     * instruction that precedes apply-actions).
     */
    public static OFFlowAdd meteredFlow(FlowClass cls, int bonus, Match match, List<OFAction> actions,
                                        long meterId) {
        checkMeterId(meterId);
        List<OFInstruction> instructions = new ArrayList<>(2);
        instructions.add(F.instructions().buildMeter().setMeterId(meterId).build());
        if (!actions.isEmpty()) {
            instructions.add(F.instructions().applyActions(actions));
        }
        return F.buildFlowAdd().setXid(0).setTableId(TABLE).setPriority(cls.basePriority() + bonus)
                .setCookie(U64.of(cls.cookie())).setBufferId(OFBufferId.NO_BUFFER).setMatch(match)
                .setInstructions(instructions).build();
    }

    /**
     * Adds a meter that drops what exceeds {@code rateKbps} with a burst of {@code burstKbits}: flags KBPS|BURST|STATS
     * and one DROP band, the only band OVS's userspace datapath offers (docs/sources.md §5).
     */
    public static OFMeterMod meterAdd(long meterId, long rateKbps, long burstKbits) {
        return meter(OFMeterModCommand.ADD, meterId, rateKbps, burstKbits);
    }

    /** Changes an existing meter's rate and burst in place (the entries using it keep it). */
    public static OFMeterMod meterModify(long meterId, long rateKbps, long burstKbits) {
        return meter(OFMeterModCommand.MODIFY, meterId, rateKbps, burstKbits);
    }

    /** Deletes one meter; OpenFlow also removes the entries that use it. */
    public static OFMeterMod meterDelete(long meterId) {
        checkMeterId(meterId);
        return F.buildMeterMod().setXid(0).setCommand(OFMeterModCommand.DELETE).setMeterId(meterId)
                .setFlags(EnumSet.noneOf(OFMeterFlags.class)).setMeters(List.of()).build();
    }

    private static OFMeterMod meter(OFMeterModCommand command, long meterId, long rateKbps, long burstKbits) {
        checkMeterId(meterId);
        if (rateKbps <= 0 || rateKbps > MAX_U32 || burstKbits < 0 || burstKbits > MAX_U32) {
            throw new ProgramException(String.format("meter %d: rate %d kbit/s and burst %d kbit must be in "
                    + "1..%d and 0..%d", meterId, rateKbps, burstKbits, MAX_U32, MAX_U32));
        }
        return F.buildMeterMod().setXid(0).setCommand(command).setMeterId(meterId)
                .setFlags(EnumSet.of(OFMeterFlags.KBPS, OFMeterFlags.BURST, OFMeterFlags.STATS))
                .setMeters(List.of(F.meterBands().buildDrop().setRate(rateKbps).setBurstSize(burstKbits).build()))
                .build();
    }

    /** True when a meter id is in the range Weft owns. */
    public static boolean isWeftMeter(long meterId) {
        return meterId >= WEFT_METER_FIRST && meterId <= WEFT_METER_LAST;
    }

    /** Asks for the configuration (flags and bands) of every meter of a switch. */
    public static OFMeterConfigStatsRequest meterConfigRequest() {
        return F.buildMeterConfigStatsRequest().setXid(0).setMeterId(ALL_METERS).build();
    }

    /** Meter ids 1..0xffff0000 are the switch's; above are OpenFlow's reserved ids (slowpath, controller, all). */
    private static void checkMeterId(long meterId) {
        if (meterId < 1 || meterId > MAX_METER_ID) {
            throw new ProgramException(String.format("meter id %d is outside 1..0x%x (OpenFlow 1.3 §7.3.4.4)",
                    meterId, MAX_METER_ID));
        }
    }

    /** Deletes exactly the entry with this table, priority and match, if its cookie is still Weft's. */
    public static OFFlowDeleteStrict deleteStrict(int table, int priority, Match match, long cookie) {
        return F.buildFlowDeleteStrict().setXid(0).setTableId(TableId.of(table)).setPriority(priority).setMatch(match)
                .setCookie(U64.of(cookie)).setCookieMask(U64.of(-1L)).setOutPort(OFPort.ANY)
                .setOutGroup(OFGroup.ANY).build();
    }

    /** A SELECT group spreading flows over the ports with equal weight (ECMP; OVS hashes per flow). */
    public static OFGroupAdd selectGroup(long groupId, List<Integer> ports) {
        List<OFBucket> buckets = new ArrayList<>(ports.size());
        for (int p : ports) {
            buckets.add(F.buildBucket().setWeight(1).setWatchPort(OFPort.ANY).setWatchGroup(OFGroup.ANY)
                    .setActions(List.of(output(p))).build());
        }
        return F.buildGroupAdd().setXid(0).setGroup(OFGroup.of((int) groupId)).setGroupType(OFGroupType.SELECT)
                .setBuckets(buckets).build();
    }

    /** Deletes one group. */
    public static OFGroupDelete deleteGroup(long groupId) {
        return F.buildGroupDelete().setXid(0).setGroup(OFGroup.of((int) groupId)).setGroupType(OFGroupType.SELECT)
                .build();
    }

    public static OFAction output(int port) {
        return F.actions().output(OFPort.of(port), 0);
    }

    public static OFAction toController() {
        return F.actions().output(OFPort.CONTROLLER, NO_LIMIT);
    }

    public static OFAction group(long groupId) {
        return F.actions().group(OFGroup.of((int) groupId));
    }

    /** Push an 802.1Q tag with the layer VID and the given PCP (three actions). */
    public static List<OFAction> pushLayer(int pcp) {
        return List.of(F.actions().pushVlan(EthType.VLAN_FRAME),
                F.actions().setField(F.oxms().vlanVid(OFVlanVidMatch.ofVlan(LAYER_VID))),
                F.actions().setField(F.oxms().vlanPcp(VlanPcp.of((byte) pcp))));
    }

    public static OFAction popLayer() {
        return F.actions().popVlan();
    }

    /** LLDP (ethertype 0x88cc) to the controller. */
    public static OFFlowAdd lldpToController() {
        return flow(FlowClass.LLDP, 0, F.buildMatch().setExact(MatchField.ETH_TYPE, EthType.LLDP).build(),
                List.of(toController()));
    }

    /** The table-miss entry: everything unmatched to the controller. */
    public static OFFlowAdd tableMissToController() {
        return flow(FlowClass.TABLE_MISS, 0, F.buildMatch().build(), List.of(toController()));
    }

    /** Sends a frame out of one port. */
    public static OFPacketOut packetOut(int port, byte[] frame) {
        return F.buildPacketOut().setXid(0).setBufferId(OFBufferId.NO_BUFFER).setInPort(OFPort.CONTROLLER)
                .setActions(List.of(output(port))).setData(frame).build();
    }
}

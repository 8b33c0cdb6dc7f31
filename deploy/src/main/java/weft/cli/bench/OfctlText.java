package weft.cli.bench;

import java.util.ArrayList;
import java.util.List;
import org.projectfloodlight.openflow.protocol.OFBucket;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFGroupAdd;
import org.projectfloodlight.openflow.protocol.OFMatchV3;
import org.projectfloodlight.openflow.protocol.action.OFAction;
import org.projectfloodlight.openflow.protocol.action.OFActionGroup;
import org.projectfloodlight.openflow.protocol.action.OFActionOutput;
import org.projectfloodlight.openflow.protocol.action.OFActionPopVlan;
import org.projectfloodlight.openflow.protocol.action.OFActionPushVlan;
import org.projectfloodlight.openflow.protocol.action.OFActionSetField;
import org.projectfloodlight.openflow.protocol.instruction.OFInstruction;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionApplyActions;
import org.projectfloodlight.openflow.protocol.oxm.OFOxm;
import org.projectfloodlight.openflow.protocol.oxm.OFOxmIpDscp;
import org.projectfloodlight.openflow.protocol.oxm.OFOxmVlanPcp;
import org.projectfloodlight.openflow.protocol.oxm.OFOxmVlanVid;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.OFVlanVidMatch;

/**
 * Writes Weft's flow entries and groups in {@code ovs-ofctl} syntax, so that {@code ovs-ofctl --bundle add-flows}
 * can install exactly the same state as the controller (the benchmark's ceiling). Covers the fields and actions
 * {@code weft.controller.program.FlowMods13} uses; anything else is refused by name.
 */
final class OfctlText {
    private OfctlText() {
    }

    static String flow(OFFlowAdd f) {
        StringBuilder b = new StringBuilder();
        b.append("table=").append(f.getTableId().getValue()).append(",priority=").append(f.getPriority())
                .append(",cookie=0x").append(Long.toHexString(f.getCookie().getValue()));
        for (OFOxm<?> o : ((OFMatchV3) f.getMatch()).getOxmList()) {
            Object v = o.getValue();
            switch (o.getMatchField().id) {
                case IN_PORT -> b.append(",in_port=").append(((OFPort) v).getPortNumber());
                case ETH_TYPE -> b.append(",dl_type=0x").append(Integer.toHexString(
                        ((org.projectfloodlight.openflow.types.EthType) v).getValue()));
                case VLAN_VID -> b.append(v.equals(OFVlanVidMatch.UNTAGGED) ? ",vlan_tci=0x0000/0x1fff"
                        : ",dl_vlan=" + ((OFVlanVidMatch) v).getVlan());
                case VLAN_PCP -> b.append(",dl_vlan_pcp=").append(
                        ((org.projectfloodlight.openflow.types.VlanPcp) v).getValue());
                case IPV4_DST -> b.append(",nw_dst=").append(v);
                case ARP_TPA -> b.append(",arp_tpa=").append(v);
                case IP_DSCP -> b.append(",ip_dscp=").append(
                        ((org.projectfloodlight.openflow.types.IpDscp) v).getDscpValue());
                default -> throw new IllegalArgumentException("ovs-ofctl text: match field " + o.getMatchField()
                        .getName() + " not supported");
            }
        }
        List<OFAction> actions = new ArrayList<>();
        for (OFInstruction i : f.getInstructions()) {
            actions.addAll(((OFInstructionApplyActions) i).getActions());
        }
        return b.append(",actions=").append(actions(actions)).toString();
    }

    static String group(OFGroupAdd g) {
        StringBuilder b = new StringBuilder("group_id=").append(g.getGroup().getGroupNumber()).append(",type=select");
        for (OFBucket bucket : g.getBuckets()) {
            b.append(",bucket=weight:").append(bucket.getWeight()).append(",actions=")
                    .append(actions(bucket.getActions()));
        }
        return b.toString();
    }

    private static String actions(List<OFAction> actions) {
        if (actions.isEmpty()) {
            return "drop";
        }
        List<String> out = new ArrayList<>();
        for (OFAction a : actions) {
            if (a instanceof OFActionOutput o) {
                out.add(o.getPort().equals(OFPort.CONTROLLER) ? "CONTROLLER:" + o.getMaxLen()
                        : "output:" + o.getPort().getPortNumber());
            } else if (a instanceof OFActionGroup g) {
                out.add("group:" + g.getGroup().getGroupNumber());
            } else if (a instanceof OFActionPushVlan) {
                out.add("push_vlan:0x8100");
            } else if (a instanceof OFActionPopVlan) {
                out.add("pop_vlan");
            } else if (a instanceof OFActionSetField sf && sf.getField() instanceof OFOxmVlanVid v) {
                out.add("set_field:" + (0x1000 | v.getValue().getVlan()) + "->vlan_vid");
            } else if (a instanceof OFActionSetField sf && sf.getField() instanceof OFOxmVlanPcp v) {
                out.add("set_field:" + v.getValue().getValue() + "->vlan_pcp");
            } else if (a instanceof OFActionSetField sf && sf.getField() instanceof OFOxmIpDscp v) {
                out.add("set_field:" + v.getValue().getDscpValue() + "->ip_dscp");
            } else {
                throw new IllegalArgumentException("ovs-ofctl text: action " + a.getType() + " not supported");
            }
        }
        return String.join(",", out);
    }
}

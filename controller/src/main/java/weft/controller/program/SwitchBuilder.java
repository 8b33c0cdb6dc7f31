package weft.controller.program;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFGroupAdd;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.action.OFAction;
import org.projectfloodlight.openflow.protocol.match.Match;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.EthType;
import org.projectfloodlight.openflow.types.IPv4Address;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.OFVlanVidMatch;
import weft.model.topology.Host;
import weft.model.topology.Switch;

/**
 * Collects one switch's entries, groups and meters for {@link RouteCompiler}: refuses two different entries with
 * the same match, names each SELECT group by its port set (the port bitmap when every port is below 32, so a port
 * set keeps its group id across recomputations), and builds the {@link SwitchProgram} in a stable order.
 */
final class SwitchBuilder {
    private final String engine;
    private final Switch sw;
    private final Map<List<Object>, OFFlowAdd> flows = new LinkedHashMap<>();
    private final Map<List<Integer>, OFGroupAdd> groups = new HashMap<>();
    private final TreeMap<Long, OFMeterMod> meters = new TreeMap<>();
    private long nextWideGroup = 0x80000000L;

    /**
     * @param engine the routing engine whose result is compiled, for error messages
     * @param sw     the switch
     */
    SwitchBuilder(String engine, Switch sw) {
        this.engine = engine;
        this.sw = sw;
    }

    void add(OFFlowAdd f) {
        List<Object> key = List.of(f.getTableId().getValue(), f.getPriority(), f.getMatch());
        OFFlowAdd previous = flows.putIfAbsent(key, f);
        if (previous != null && !previous.equals(f)) {
            throw new ProgramException(engine + ": at " + sw.id() + " two entries match "
                    + f.getMatch() + " at priority " + f.getPriority() + " with different actions: "
                    + previous.getInstructions() + " and " + f.getInstructions());
        }
    }

    void meter(OFMeterMod m) {
        meters.put(m.getMeterId(), m);
    }

    /**
     * The LOCAL, INGRESS and FORWARD entries an untagged IPv4 packet from {@code src}'s port to {@code dst}
     * may hit here: IPv4 destination {@code dst}, untagged or no VLAN match, no input port or
     * {@code src}'s.
     */
    List<OFFlowAdd> ipv4EntriesFrom(Host src, Host dst) {
        IPv4Address to = IPv4Address.of(dst.ip());
        List<OFFlowAdd> out = new ArrayList<>();
        for (OFFlowAdd f : flows.values()) {
            FlowClass cls = FlowClass.ofCookie(f.getCookie().getValue());
            Match m = f.getMatch();
            OFVlanVidMatch vid = m.get(MatchField.VLAN_VID);
            OFPort in = m.get(MatchField.IN_PORT);
            if ((cls == FlowClass.LOCAL || cls == FlowClass.INGRESS || cls == FlowClass.FORWARD)
                    && EthType.IPv4.equals(m.get(MatchField.ETH_TYPE)) && to.equals(m.get(MatchField.IPV4_DST))
                    && (vid == null || vid.equals(OFVlanVidMatch.UNTAGGED))
                    && (in == null || in.getPortNumber() == src.port())) {
                out.add(f);
            }
        }
        return out;
    }

    List<OFAction> forward(List<Integer> outPorts) {
        if (outPorts.size() == 1) {
            return List.of(FlowMods13.output(outPorts.get(0)));
        }
        List<Integer> ports = outPorts.stream().distinct().sorted().toList();
        OFGroupAdd g = groups.computeIfAbsent(ports, k -> FlowMods13.selectGroup(groupId(k), k));
        return List.of(FlowMods13.group(g.getGroup().getGroupNumber()));
    }

    private long groupId(List<Integer> ports) {
        if (ports.get(ports.size() - 1) < 32) {
            long bitmap = 0;
            for (int p : ports) {
                bitmap |= 1L << (p - 1);
            }
            return bitmap;
        }
        return nextWideGroup++;
    }

    SwitchProgram build() {
        TreeMap<Long, OFGroupAdd> sorted = new TreeMap<>();
        for (OFGroupAdd g : groups.values()) {
            sorted.put((long) g.getGroup().getGroupNumber() & 0xffffffffL, g);
        }
        return new SwitchProgram(sw.id(), sw.dpid(), List.copyOf(sorted.values()), List.copyOf(flows.values()),
                List.copyOf(meters.values()));
    }
}

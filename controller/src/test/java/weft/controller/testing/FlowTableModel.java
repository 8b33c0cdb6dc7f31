package weft.controller.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.projectfloodlight.openflow.protocol.OFBucket;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFFlowDeleteStrict;
import org.projectfloodlight.openflow.protocol.OFGroupAdd;
import org.projectfloodlight.openflow.protocol.OFGroupDelete;
import org.projectfloodlight.openflow.protocol.OFGroupModify;
import org.projectfloodlight.openflow.protocol.OFGroupType;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.action.OFAction;
import org.projectfloodlight.openflow.protocol.action.OFActionGroup;
import org.projectfloodlight.openflow.protocol.action.OFActionOutput;
import org.projectfloodlight.openflow.protocol.action.OFActionPopVlan;
import org.projectfloodlight.openflow.protocol.action.OFActionPushVlan;
import org.projectfloodlight.openflow.protocol.action.OFActionSetField;
import org.projectfloodlight.openflow.protocol.instruction.OFInstruction;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionApplyActions;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionMeter;
import org.projectfloodlight.openflow.protocol.match.Match;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.protocol.OFMatchV3;
import org.projectfloodlight.openflow.protocol.oxm.OFOxm;
import org.projectfloodlight.openflow.protocol.oxm.OFOxmIpDscp;
import org.projectfloodlight.openflow.protocol.oxm.OFOxmVlanPcp;
import org.projectfloodlight.openflow.protocol.oxm.OFOxmVlanVid;
import org.projectfloodlight.openflow.types.EthType;
import org.projectfloodlight.openflow.types.IPv4Address;
import org.projectfloodlight.openflow.types.IpDscp;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.OFVlanVidMatch;
import org.projectfloodlight.openflow.types.VlanPcp;
import weft.controller.program.FabricProgram;
import weft.controller.program.ProgramDiff;
import weft.controller.program.SwitchProgram;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * An in-memory fabric of OpenFlow 1.3 switches, after Faucet's {@code clib/fakeoftable.py}: applies the flow-mods
 * and group-mods Weft builds, and traces a packet from a host across switches and links to wherever it ends up.
 * SELECT groups fork the trace into every bucket, so a trace covers every path the hash could pick.
 *
 * <p>It enforces what OVS enforces: OXM prerequisites (a PCP needs a VID, a DSCP or IPv4 address needs
 * eth_type IPv4, an ARP field needs eth_type ARP), output to the input port is dropped, and two entries of equal
 * priority that both match a packet are an error (OpenFlow leaves the choice undefined). Meters: an entry naming
 * a meter the switch does not have is refused (OVS refuses it too), a meter ADD of an existing id and a MODIFY of
 * an unknown one are refused, a meter DELETE removes the entries that use it (OpenFlow 1.3 §7.3.4.4), and a
 * delivery lists the meters its packet passed.
 */
public final class FlowTableModel {
    /**
     * The header fields Weft matches on; vid 0 means untagged; {@code source} is the sender's IPv4 address (set
     * by {@link #send} from the sending host).
     */
    public record Packet(int inPort, int vid, int pcp, EthType ethType, IPv4Address target, int dscp,
                         IPv4Address source) {
        public static Packet ipv4(String dst, int dscp) {
            return new Packet(0, 0, 0, EthType.IPv4, IPv4Address.of(dst), dscp, IPv4Address.NONE);
        }

        public static Packet arp(String targetIp) {
            return new Packet(0, 0, 0, EthType.ARP, IPv4Address.of(targetIp), 0, IPv4Address.NONE);
        }

        Packet at(int port) {
            return new Packet(port, vid, pcp, ethType, target, dscp, source);
        }

        Packet from(String ip) {
            return new Packet(inPort, vid, pcp, ethType, target, dscp, IPv4Address.of(ip));
        }
    }

    /** One inter-switch hop as seen on the wire: the VLAN tag present or not, and its PCP. */
    public record WireHop(String from, int fromPort, String to, boolean tagged, int pcp) {
    }

    /**
     * Where one copy of the packet ended: a host id, or {@code "drop: reason"}; {@code meters} lists the meters
     * it passed, as {@code switch:meterId}.
     */
    public record Delivery(String endpoint, List<WireHop> hops, boolean tagged, List<String> meters) {
        public Delivery(String endpoint, List<WireHop> hops, boolean tagged) {
            this(endpoint, hops, tagged, List.of());
        }

        public boolean delivered() {
            return !endpoint.startsWith("drop");
        }
    }

    private static final int MAX_HOPS = 64;

    private final Topology topology;
    private final Map<String, List<OFFlowAdd>> tables = new HashMap<>();
    private final Map<String, Map<Long, OFGroupAdd>> groups = new HashMap<>();
    private final Map<String, Map<Long, OFMeterMod>> meters = new HashMap<>();
    private final Map<String, String> linkPeer = new HashMap<>();
    private final Map<String, String> hostAt = new HashMap<>();

    /** A model of {@code t}'s switches holding {@code program}, applied as the initial three-phase update. */
    public static FlowTableModel installed(Topology t, FabricProgram program) {
        FlowTableModel model = new FlowTableModel(t);
        for (SwitchProgram sp : program.switches()) {
            ProgramDiff d = ProgramDiff.initial(sp);
            for (List<OFMessage> phase : List.of(d.first(), d.last(), d.cleanup())) {
                for (OFMessage m : phase) {
                    model.apply(sp.switchId(), m);
                }
            }
        }
        return model;
    }

    /** The channels (of {@code g}, the graph of {@code t}) a traced delivery crossed, in order. */
    public static List<Integer> channels(SwitchGraph g, Topology t, Delivery d) {
        List<Integer> out = new ArrayList<>();
        for (WireHop h : d.hops()) {
            out.add(g.channelAtPort(t.switchIndex(h.from()), h.fromPort()));
        }
        return out;
    }

    public FlowTableModel(Topology topology) {
        this.topology = topology;
        for (Link l : topology.links()) {
            linkPeer.put(l.a() + ":" + l.aPort(), l.b() + ":" + l.bPort());
            linkPeer.put(l.b() + ":" + l.bPort(), l.a() + ":" + l.aPort());
        }
        for (Host h : topology.hosts()) {
            hostAt.put(h.switchId() + ":" + h.port(), h.id());
        }
    }

    /** Applies one message to a switch's tables, as the switch would. */
    public void apply(String switchId, OFMessage m) {
        List<OFFlowAdd> table = tables.computeIfAbsent(switchId, k -> new ArrayList<>());
        Map<Long, OFGroupAdd> gs = groups.computeIfAbsent(switchId, k -> new HashMap<>());
        Map<Long, OFMeterMod> ms = meters.computeIfAbsent(switchId, k -> new HashMap<>());
        if (m instanceof OFFlowAdd f) {
            checkPrerequisites(switchId, f.getMatch());
            Long meter = meterOf(f);
            if (meter != null && !ms.containsKey(meter)) {
                throw new IllegalStateException(switchId + ": UNKNOWN_METER " + meter + " in a flow-add");
            }
            table.removeIf(e -> e.getPriority() == f.getPriority() && e.getMatch().equals(f.getMatch()));
            table.add(f);
        } else if (m instanceof OFFlowDeleteStrict d) {
            table.removeIf(e -> e.getPriority() == d.getPriority() && e.getMatch().equals(d.getMatch()));
        } else if (m instanceof OFGroupAdd g) {
            if (gs.putIfAbsent(id(g.getGroup().getGroupNumber()), g) != null) {
                throw new IllegalStateException(switchId + ": GROUP_EXISTS " + g.getGroup());
            }
        } else if (m instanceof OFGroupModify g) {
            gs.put(id(g.getGroup().getGroupNumber()), topologyGroup(g));
        } else if (m instanceof OFGroupDelete g) {
            gs.remove(id(g.getGroup().getGroupNumber()));
        } else if (m instanceof OFMeterMod mm) {
            applyMeter(switchId, mm, ms, table);
        } else {
            throw new IllegalArgumentException(switchId + ": the model does not apply " + m.getType());
        }
    }

    /** ADD refuses an existing id, MODIFY an unknown one; DELETE also removes the entries using the meter. */
    private static void applyMeter(String switchId, OFMeterMod mm, Map<Long, OFMeterMod> ms, List<OFFlowAdd> table) {
        long id = mm.getMeterId();
        switch (mm.getCommand()) {
            case ADD -> {
                if (ms.putIfAbsent(id, mm) != null) {
                    throw new IllegalStateException(switchId + ": METER_EXISTS " + id);
                }
            }
            case MODIFY -> {
                if (!ms.containsKey(id)) {
                    throw new IllegalStateException(switchId + ": UNKNOWN_METER " + id + " in a meter MODIFY");
                }
                ms.put(id, mm);
            }
            case DELETE -> {
                ms.remove(id);
                table.removeIf(e -> Long.valueOf(id).equals(meterOf(e)));
            }
            default -> throw new IllegalArgumentException(switchId + ": meter command " + mm.getCommand());
        }
    }

    private static Long meterOf(OFFlowAdd f) {
        for (OFInstruction i : f.getInstructions()) {
            if (i instanceof OFInstructionMeter meter) {
                return meter.getMeterId();
            }
        }
        return null;
    }

    /** The meters of a switch by id (the last ADD or MODIFY of each). */
    public Map<Long, OFMeterMod> meters(String switchId) {
        return Map.copyOf(meters.getOrDefault(switchId, Map.of()));
    }

    private static OFGroupAdd topologyGroup(OFGroupModify g) {
        return weft.controller.program.FlowMods13.F.buildGroupAdd().setGroup(g.getGroup())
                .setGroupType(g.getGroupType()).setBuckets(g.getBuckets()).build();
    }

    private static long id(int group) {
        return group & 0xffffffffL;
    }

    /** Number of flow entries on a switch. */
    public int flowCount(String switchId) {
        return tables.getOrDefault(switchId, List.of()).size();
    }

    /** Sends a packet from a host and follows every copy to its end. */
    public List<Delivery> send(String hostId, Packet p) {
        Host h = topology.requireHost(hostId);
        List<Delivery> out = new ArrayList<>();
        List<String> passed = new ArrayList<>();
        process(h.switchId(), p.at(h.port()).from(h.ip()), new ArrayList<>(), out, passed);
        return out;
    }

    private void process(String sw, Packet p, List<WireHop> hops, List<Delivery> out, List<String> passed) {
        if (hops.size() > MAX_HOPS) {
            out.add(new Delivery("drop: loop after " + MAX_HOPS + " hops at " + sw, hops, p.vid() != 0));
            return;
        }
        OFFlowAdd best = null;
        for (OFFlowAdd f : tables.getOrDefault(sw, List.of())) {
            if (matches(f.getMatch(), p)) {
                if (best == null || f.getPriority() > best.getPriority()) {
                    best = f;
                } else if (f.getPriority() == best.getPriority()) {
                    throw new IllegalStateException(sw + ": two entries of priority " + f.getPriority()
                            + " match " + p + ": " + best.getMatch() + " and " + f.getMatch());
                }
            }
        }
        if (best == null) {
            out.add(new Delivery("drop: table miss at " + sw + " for " + p, hops, p.vid() != 0));
            return;
        }
        List<OFAction> actions = new ArrayList<>();
        List<String> metered = new ArrayList<>(passed);
        for (OFInstruction i : best.getInstructions()) {
            if (i instanceof OFInstructionApplyActions a) {
                actions.addAll(a.getActions());
            } else if (i instanceof OFInstructionMeter meter) {
                metered.add(sw + ":" + meter.getMeterId());
            } else {
                throw new IllegalArgumentException(sw + ": the model does not run instruction " + i.getType());
            }
        }
        if (actions.isEmpty()) {
            out.add(new Delivery("drop: by entry at " + sw, hops, p.vid() != 0));
        }
        run(sw, p, actions, hops, out, metered);
    }

    private void run(String sw, Packet p, List<OFAction> actions, List<WireHop> hops, List<Delivery> out,
                     List<String> passed) {
        Packet cur = p;
        for (OFAction a : actions) {
            if (a instanceof OFActionPushVlan) {
                cur = new Packet(cur.inPort(), -1, 0, cur.ethType(), cur.target(), cur.dscp(), cur.source());
            } else if (a instanceof OFActionPopVlan) {
                if (cur.vid() == 0) {
                    throw new IllegalStateException(sw + ": pop_vlan on an untagged packet " + cur);
                }
                cur = new Packet(cur.inPort(), 0, 0, cur.ethType(), cur.target(), cur.dscp(), cur.source());
            } else if (a instanceof OFActionSetField sf) {
                cur = setField(sw, cur, sf.getField());
            } else if (a instanceof OFActionOutput o) {
                emit(sw, cur, o.getPort(), hops, out, passed);
            } else if (a instanceof OFActionGroup g) {
                OFGroupAdd group = groups.getOrDefault(sw, Map.of()).get(id(g.getGroup().getGroupNumber()));
                if (group == null) {
                    out.add(new Delivery("drop: missing group " + g.getGroup() + " at " + sw, hops, cur.vid() != 0));
                    continue;
                }
                if (group.getGroupType() != OFGroupType.SELECT) {
                    throw new IllegalArgumentException(sw + ": the model runs SELECT groups only");
                }
                for (OFBucket b : group.getBuckets()) {
                    run(sw, cur, b.getActions(), new ArrayList<>(hops), out, passed);
                }
            } else {
                throw new IllegalArgumentException(sw + ": the model does not run action " + a.getType());
            }
        }
    }

    private static Packet setField(String sw, Packet p, OFOxm<?> field) {
        if (field instanceof OFOxmVlanVid v) {
            return new Packet(p.inPort(), v.getValue().getVlan(), p.pcp(), p.ethType(), p.target(), p.dscp(),
                    p.source());
        }
        if (field instanceof OFOxmVlanPcp v) {
            if (p.vid() == 0) {
                throw new IllegalStateException(sw + ": set vlan_pcp on an untagged packet");
            }
            return new Packet(p.inPort(), p.vid(), v.getValue().getValue(), p.ethType(), p.target(), p.dscp(),
                    p.source());
        }
        if (field instanceof OFOxmIpDscp v) {
            return new Packet(p.inPort(), p.vid(), p.pcp(), p.ethType(), p.target(), v.getValue().getDscpValue(),
                    p.source());
        }
        throw new IllegalArgumentException(sw + ": the model does not set " + field.getMatchField().getName());
    }

    private void emit(String sw, Packet p, OFPort port, List<WireHop> hops, List<Delivery> out,
                      List<String> passed) {
        int no = port.getPortNumber();
        if (no == p.inPort()) {
            out.add(new Delivery("drop: output to the input port " + no + " at " + sw, hops, p.vid() != 0));
            return;
        }
        String key = sw + ":" + no;
        String host = hostAt.get(key);
        if (host != null) {
            out.add(new Delivery(host, List.copyOf(hops), p.vid() != 0, List.copyOf(passed)));
            return;
        }
        String peer = linkPeer.get(key);
        if (peer == null) {
            out.add(new Delivery("drop: port " + no + " of " + sw + " is not connected", hops, p.vid() != 0));
            return;
        }
        String[] parts = peer.split(":");
        List<WireHop> next = new ArrayList<>(hops);
        next.add(new WireHop(sw, no, parts[0], p.vid() != 0, p.pcp()));
        process(parts[0], p.at(Integer.parseInt(parts[1])), next, out, passed);
    }

    /** The raw OXMs: openflowj's {@code Match.get} hides fields whose prerequisites are missing. */
    private static Map<MatchField<?>, Object> fields(Match m) {
        Map<MatchField<?>, Object> fields = new HashMap<>();
        for (OFOxm<?> o : ((OFMatchV3) m).getOxmList()) {
            if (o.isMasked()) {
                throw new IllegalArgumentException("the model does not match masked " + o);
            }
            fields.put(o.getMatchField(), o.getValue());
        }
        return fields;
    }

    private static boolean matches(Match m, Packet p) {
        for (Map.Entry<MatchField<?>, Object> e : fields(m).entrySet()) {
            Object v = e.getValue();
            boolean ok = switch (e.getKey().id) {
                case IN_PORT -> ((OFPort) v).getPortNumber() == p.inPort();
                case VLAN_VID -> v.equals(OFVlanVidMatch.UNTAGGED) ? p.vid() == 0
                        : p.vid() == ((OFVlanVidMatch) v).getVlan();
                case VLAN_PCP -> p.vid() != 0 && v.equals(VlanPcp.of((byte) p.pcp()));
                case ETH_TYPE -> v.equals(p.ethType());
                case IPV4_DST -> p.ethType().equals(EthType.IPv4) && v.equals(p.target());
                case IPV4_SRC -> p.ethType().equals(EthType.IPv4) && v.equals(p.source());
                case ARP_TPA -> p.ethType().equals(EthType.ARP) && v.equals(p.target());
                case IP_DSCP -> v.equals(IpDscp.of((byte) p.dscp()));
                default -> throw new IllegalArgumentException("the model does not match on " + e.getKey().getName());
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static void checkPrerequisites(String sw, Match m) {
        Map<MatchField<?>, Object> f = fields(m);
        Object type = f.get(MatchField.ETH_TYPE);
        Object vid = f.get(MatchField.VLAN_VID);
        if (f.containsKey(MatchField.VLAN_PCP) && (vid == null || vid.equals(OFVlanVidMatch.UNTAGGED))) {
            throw new IllegalStateException(sw + ": BAD_PREREQ: vlan_pcp without a VLAN id in " + f);
        }
        if ((f.containsKey(MatchField.IPV4_DST) || f.containsKey(MatchField.IPV4_SRC)
                || f.containsKey(MatchField.IP_DSCP)) && !EthType.IPv4.equals(type)) {
            throw new IllegalStateException(sw + ": BAD_PREREQ: IPv4 field without eth_type IPv4 in " + f);
        }
        if (f.containsKey(MatchField.ARP_TPA) && !EthType.ARP.equals(type)) {
            throw new IllegalStateException(sw + ": BAD_PREREQ: arp_tpa without eth_type ARP in " + f);
        }
    }
}

package weft.controller.program;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFMatchV3;
import org.projectfloodlight.openflow.protocol.OFOxmList;
import org.projectfloodlight.openflow.protocol.oxm.OFOxm;
import org.projectfloodlight.openflow.protocol.action.OFAction;
import org.projectfloodlight.openflow.protocol.instruction.OFInstruction;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionApplyActions;
import org.projectfloodlight.openflow.protocol.match.Match;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.EthType;
import org.projectfloodlight.openflow.types.IPv4Address;
import org.projectfloodlight.openflow.types.IpDscp;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.OFVlanVidMatch;
import org.projectfloodlight.openflow.types.VlanPcp;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * Compiles a {@link RoutingResult} on a {@link Topology} into one {@link SwitchProgram} per switch.
 *
 * <p>Packets are identified by their destination host's IPv4 address: {@code ipv4_dst} for IPv4 and
 * {@code arp_tpa} for ARP. Decision: ARP requests and replies travel the same unicast routes as data to the host
 * that owns the target address, so ARP works without flooding and without loops on any topology, and the
 * controller stays out of the data path.
 *
 * <p>Layered results (LASH and MP-LASH, or any result with more than one layer; seed 002 §3.3) carry the layer
 * as the 802.1Q PCP of a
 * tag with VID {@link FlowMods13#LAYER_VID}: the {@link FlowClass#INGRESS} entry at the source switch matches
 * untagged packets and pushes the pair's layer, {@link FlowClass#FORWARD} entries match (PCP, destination) and
 * never rewrite the PCP, and the {@link FlowClass#LOCAL} entry at the destination switch pops the tag. A pair
 * with several layers (MP-LASH paths) gets one ingress entry per path tag plus a default on its lowest path.
 *
 * <p>Entries with an input port (Segment-based routing, seed 002 §3.2) match {@code in_port} too. Entries with
 * several out ports become SELECT groups (ECMP, seed 004 §2). Entries with a path tag (VLB, host-chosen paths,
 * seed 004 §2) match the IPv4 DSCP field: path {@code p} is DSCP {@code p}, so a host picks its path by setting
 * the TOS byte ({@code IP_TOS = p << 2}); Decision: DSCP rather than the UDP source port because any socket can
 * set it, TCP included, and rather than the VLAN VID because this kernel cannot tag (no 8021q) and the PCP already
 * carries the layer. Packets with a DSCP that names no path, and ARP, follow the lowest path.
 *
 * <p>Rated pairs ({@link PairRates}): for every rated (source host, destination host) pair, the source's switch gets
 * one {@link FlowClass#RATED} entry per IPv4 entry the pair's packets would otherwise hit there (the INGRESS entries of
 * a layered result, the FORWARD entries of a destination engine, the LOCAL entry when both hosts share the switch, and
 * their path-tag variants). Each copy adds {@code in_port} and {@code ipv4_src} of the source to the match, keeps the
 * original's bonus (a path tag still beats the default), passes the pair's meter, and applies the original's actions
 * unchanged (the same PCP push, output or group). ARP is not metered: a saturated meter must not starve address
 * resolution. The meter drops what exceeds the rate (one DROP band, KBPS, BURST, STATS; docs/sources.md §5). Unrated
 * pairs are untouched.
 *
 * <p>Group ids: a group is named by its port set; when every port is below 32 the id is the port bitmap, so the
 * same port set keeps the same id across recomputations and an update never rewrites a group in place
 * ({@link SwitchBuilder}).
 *
 * <p>Decision: one class over 350 lines. Each private method writes the entries of one {@link FlowClass} (LOCAL,
 * FORWARD, INGRESS, RATED, the learning entries) and all of them read the same indexes, built once in the
 * constructor (hosts by switch, layers by pair, entries by switch); split apart they would pass those indexes and
 * the options around. What is a concept of its own is apart: the per-switch collection of entries, groups and
 * meters ({@link SwitchBuilder}), the OpenFlow message builders ({@link FlowMods13}), the table layout
 * ({@link FlowClass}).
 */
public final class RouteCompiler {
    /**
     * Engines whose results always travel tagged. Decision: a LASH result carries its layer as PCP even when one
     * layer suffices (LASH finds one deadlock-free layer on a 4x4 torus), so its data plane has one shape
     * whatever the layer count; other engines are tagged only when they use more than one layer.
     */
    public static final java.util.Set<String> LAYERED_ENGINES = java.util.Set.of("lash", "mplash");
    /** Largest PCP: layers must fit the eight 802.1Q priorities. */
    public static final int MAX_LAYERS = 8;
    /** Largest DSCP value: path tags must fit six bits. */
    public static final int MAX_PATH_TAG = 63;

    /**
     * What to install besides the routes.
     *
     * @param lldp       LLDP to the controller (link discovery)
     * @param tableMiss  everything unmatched to the controller (host discovery by first packets)
     * @param learnHosts a {@link FlowClass#LEARN} entry on every port of a switch that carries neither a link nor
     *                   a known host: the first packet of a new or moved host reaches the controller even when
     *                   its destination is routed
     */
    public record Options(boolean lldp, boolean tableMiss, boolean learnHosts) {
        /** Without learning entries. */
        public Options(boolean lldp, boolean tableMiss) {
            this(lldp, tableMiss, false);
        }

        /** LLDP to the controller, no table-miss entry (unknown traffic is dropped). */
        public static Options defaults() {
            return new Options(true, false);
        }
    }

    private static final EthType[] PROTOCOLS = {EthType.IPv4, EthType.ARP};

    private final Topology topology;
    private final RoutingResult result;
    private final Options options;
    private final boolean layered;
    private final PairRates rates;
    private final Map<String, List<Host>> hostsBySwitch = new HashMap<>();
    private final Map<String, Map<String, List<PairLayer>>> pairs = new HashMap<>();
    private final Map<String, List<ForwardingEntry>> entriesBySwitch = new HashMap<>();

    private RouteCompiler(Topology topology, RoutingResult result, Options options, PairRates rates) {
        this.topology = topology;
        this.rates = rates;
        this.result = result;
        this.options = options;
        this.layered = result.layers() > 1 || LAYERED_ENGINES.contains(result.engine());
        if (result.layers() > MAX_LAYERS) {
            throw new ProgramException(result.engine() + ": " + result.layers() + " layers do not fit the "
                    + MAX_LAYERS + " 802.1Q PCPs");
        }
        for (Host h : topology.hosts()) {
            hostsBySwitch.computeIfAbsent(h.switchId(), k -> new ArrayList<>()).add(h);
        }
        for (PairLayer p : result.layerOf()) {
            pairs.computeIfAbsent(p.src(), k -> new HashMap<>()).computeIfAbsent(p.dst(), k -> new ArrayList<>())
                    .add(p);
        }
        for (int i = 0; i < result.forwarding().size(); i++) {
            ForwardingEntry e = result.forwarding().get(i);
            if (topology.switchIndex(e.switchId()) < 0 || topology.switchIndex(e.dst()) < 0) {
                throw new ProgramException(result.engine() + ": forwarding[" + i + "] names switch "
                        + (topology.switchIndex(e.switchId()) < 0 ? e.switchId() : e.dst())
                        + ", which topology " + topology.name() + " does not have");
            }
            if (e.layer() < 0 || e.layer() >= result.layers()) {
                throw new ProgramException(result.engine() + ": forwarding[" + i + "] at " + e.switchId()
                        + " uses layer " + e.layer() + ", outside 0.." + (result.layers() - 1));
            }
            if (e.path() != null && (e.path() < 0 || e.path() > MAX_PATH_TAG)) {
                throw new ProgramException(result.engine() + ": forwarding[" + i + "] at " + e.switchId()
                        + " has path tag " + e.path() + "; DSCP path tags run 0.." + MAX_PATH_TAG);
            }
            entriesBySwitch.computeIfAbsent(e.switchId(), k -> new ArrayList<>()).add(e);
        }
    }

    /**
     * Compiles every switch's program.
     *
     * @throws ProgramException naming the entry that cannot be expressed (too many layers, a bad path tag, an
     *                          ingress pair without a layer or without an entry, two entries that collide)
     */
    public static FabricProgram compile(Topology topology, RoutingResult result, Options options) {
        return compile(topology, result, options, PairRates.none());
    }

    /**
     * Compiles every switch's program with a meter and metered entries for each rated pair. A pair whose source
     * or destination is not in {@code topology} (its switch is lost) is skipped, and so is a pair with no
     * route at its source's switch.
     *
     * @throws ProgramException as {@link #compile(Topology, RoutingResult, Options)}
     */
    public static FabricProgram compile(Topology topology, RoutingResult result, Options options, PairRates rates) {
        RouteCompiler c = new RouteCompiler(topology, result, options, rates);
        List<SwitchProgram> programs = new ArrayList<>();
        for (Switch s : topology.switches()) {
            programs.add(c.compileSwitch(s));
        }
        return new FabricProgram(result.engine(), c.layered, programs);
    }

    /**
     * The program of a switch that has no routes yet (discover mode, before discovery has settled or for a
     * switch that has just joined): the LLDP and table-miss entries that {@code options} asks for, nothing else.
     */
    public static SwitchProgram discoveryOnly(Switch s, Options options) {
        List<OFFlowAdd> flows = new ArrayList<>();
        if (options.lldp()) {
            flows.add(FlowMods13.lldpToController());
        }
        if (options.tableMiss()) {
            flows.add(FlowMods13.tableMissToController());
        }
        return new SwitchProgram(s.id(), s.dpid(), List.of(), flows);
    }

    private SwitchProgram compileSwitch(Switch s) {
        SwitchBuilder b = new SwitchBuilder(result.engine(), s);
        if (options.lldp()) {
            b.add(FlowMods13.lldpToController());
        }
        localDelivery(b, s);
        forwarding(b, s);
        if (layered) {
            ingress(b, s);
        }
        if (options.tableMiss()) {
            b.add(FlowMods13.tableMissToController());
        }
        rated(b, s);
        if (options.learnHosts()) {
            learning(b, s);
        }
        return b.build();
    }

    /** RATED: each rated pair whose source is here gets its meter and metered copies of its IPv4 entries. */
    private void rated(SwitchBuilder b, Switch s) {
        for (PairRate r : rates.rates()) {
            Optional<Host> src = topology.findHost(r.src());
            Optional<Host> dst = topology.findHost(r.dst());
            if (src.isEmpty() || dst.isEmpty() || !src.get().switchId().equals(s.id())) {
                continue;
            }
            List<OFFlowAdd> hit = b.ipv4EntriesFrom(src.get(), dst.get());
            if (hit.isEmpty()) {
                continue;
            }
            b.meter(FlowMods13.meterAdd(r.meterId(), r.kbps(), r.burstKbits()));
            for (OFFlowAdd e : hit) {
                FlowClass cls = FlowClass.ofCookie(e.getCookie().getValue());
                List<OFOxm<?>> oxms = new ArrayList<>();
                ((OFMatchV3) e.getMatch()).getOxmList().forEach(oxms::add);
                oxms.add(FlowMods13.F.oxms().inPort(OFPort.of(src.get().port())));
                oxms.add(FlowMods13.F.oxms().ipv4Src(IPv4Address.of(src.get().ip())));
                Match m = FlowMods13.F.buildMatchV3().setOxmList(OFOxmList.ofList(oxms)).build();
                b.add(FlowMods13.meteredFlow(FlowClass.RATED, e.getPriority() - cls.basePriority(), m,
                        actionsOf(e), r.meterId()));
            }
        }
    }

    /**
     * LEARN: ports {@code 1..ports} of the switch that carry no link and no known host send everything to the
     * controller. Decision: ports the switch may not have get an entry too (OVS accepts any {@code in_port}); the
     * topology knows only the highest port number.
     */
    private void learning(SwitchBuilder b, Switch s) {
        Set<Integer> used = new HashSet<>();
        for (Link l : topology.links()) {
            if (l.a().equals(s.id())) {
                used.add(l.aPort());
            }
            if (l.b().equals(s.id())) {
                used.add(l.bPort());
            }
        }
        for (Host h : hostsBySwitch.getOrDefault(s.id(), List.of())) {
            used.add(h.port());
        }
        for (int port = 1; port <= s.ports(); port++) {
            if (!used.contains(port)) {
                b.add(FlowMods13.flow(FlowClass.LEARN, 0, FlowMods13.F.buildMatch()
                        .setExact(MatchField.IN_PORT, OFPort.of(port)).build(), List.of(FlowMods13.toController())));
            }
        }
    }

    private static List<OFAction> actionsOf(OFFlowAdd e) {
        List<OFAction> actions = new ArrayList<>();
        for (OFInstruction i : e.getInstructions()) {
            if (i instanceof OFInstructionApplyActions apply) {
                actions.addAll(apply.getActions());
            }
        }
        return actions;
    }

    /** LOCAL: packets for a host on this switch leave through its port, untagged. */
    private void localDelivery(SwitchBuilder b, Switch s) {
        for (Host h : hostsBySwitch.getOrDefault(s.id(), List.of())) {
            for (EthType proto : PROTOCOLS) {
                if (layered) {
                    b.add(FlowMods13.flow(FlowClass.LOCAL, 0, match(null, FlowMods13.LAYER_VID, null, proto, h, null),
                            List.of(FlowMods13.popLayer(), FlowMods13.output(h.port()))));
                    b.add(FlowMods13.flow(FlowClass.LOCAL, 0, match(null, 0, null, proto, h, null),
                            List.of(FlowMods13.output(h.port()))));
                } else {
                    b.add(FlowMods13.flow(FlowClass.LOCAL, 0, match(null, -1, null, proto, h, null),
                            List.of(FlowMods13.output(h.port()))));
                }
            }
        }
    }

    /** FORWARD: the engine's entries, one per destination host and protocol; defaults for path-tagged sets. */
    private void forwarding(SwitchBuilder b, Switch s) {
        Map<List<Object>, List<ForwardingEntry>> byKey = new LinkedHashMap<>();
        for (ForwardingEntry e : entriesBySwitch.getOrDefault(s.id(), List.of())) {
            if (!e.dst().equals(s.id())) {
                byKey.computeIfAbsent(java.util.Arrays.asList(e.dst(), e.layer(), e.inPort()),
                        k -> new ArrayList<>()).add(e);
            }
        }
        for (List<ForwardingEntry> group : byKey.values()) {
            ForwardingEntry def = defaultOf(group);
            for (Host h : hostsBySwitch.getOrDefault(def.dst(), List.of())) {
                Integer pcp = layered ? def.layer() : null;
                int bonus = def.inPort() == null ? 0 : FlowClass.IN_PORT_BONUS;
                for (EthType proto : PROTOCOLS) {
                    b.add(FlowMods13.flow(FlowClass.FORWARD, bonus,
                            match(def.inPort(), layered ? FlowMods13.LAYER_VID : -1, pcp, proto, h, null),
                            b.forward(def.outPorts())));
                }
                for (ForwardingEntry e : group) {
                    if (e.path() != null) {
                        b.add(FlowMods13.flow(FlowClass.FORWARD, bonus + FlowClass.PATH_BONUS,
                                match(e.inPort(), layered ? FlowMods13.LAYER_VID : -1, pcp, EthType.IPv4, h,
                                        e.path()),
                                b.forward(e.outPorts())));
                    }
                }
            }
        }
    }

    /** INGRESS (layered only): untagged packets from local hosts get their pair's layer as PCP. */
    private void ingress(SwitchBuilder b, Switch s) {
        if (!hostsBySwitch.containsKey(s.id())) {
            return;
        }
        for (Switch d : topology.switches()) {
            List<Host> dstHosts = hostsBySwitch.get(d.id());
            if (d.id().equals(s.id()) || dstHosts == null) {
                continue;
            }
            List<PairLayer> layers = pairs.getOrDefault(s.id(), Map.of()).get(d.id());
            if (layers == null || layers.isEmpty()) {
                throw new ProgramException(result.engine() + ": no layer for pair " + s.id() + " -> " + d.id()
                        + " (layer_of must list every ordered pair of switches with hosts)");
            }
            List<PairLayer> sorted = new ArrayList<>(layers);
            sorted.sort(Comparator.comparing(p -> p.path() == null ? -1 : p.path()));
            PairLayer def = sorted.get(0);
            for (Host h : dstHosts) {
                for (EthType proto : PROTOCOLS) {
                    b.add(FlowMods13.flow(FlowClass.INGRESS, 0, match(null, 0, null, proto, h, null),
                            pushAndForward(b, s, def)));
                }
                for (PairLayer p : sorted) {
                    if (p.path() != null) {
                        b.add(FlowMods13.flow(FlowClass.INGRESS, FlowClass.PATH_BONUS,
                                match(null, 0, null, EthType.IPv4, h, p.path()), pushAndForward(b, s, p)));
                    }
                }
            }
        }
    }

    private List<OFAction> pushAndForward(SwitchBuilder b, Switch s, PairLayer p) {
        ForwardingEntry e = null;
        for (ForwardingEntry c : entriesBySwitch.getOrDefault(s.id(), List.of())) {
            if (c.dst().equals(p.dst()) && c.layer() == p.layer() && c.inPort() == null
                    && (Objects.equals(c.path(), p.path()) || (c.path() == null && e == null))) {
                e = c;
            }
        }
        if (e == null) {
            throw new ProgramException(result.engine() + ": pair " + p.src() + " -> " + p.dst() + " is in layer "
                    + p.layer() + (p.path() == null ? "" : " on path " + p.path()) + ", but " + s.id()
                    + " has no entry for " + p.dst() + " in that layer");
        }
        List<OFAction> actions = new ArrayList<>(FlowMods13.pushLayer(p.layer()));
        actions.addAll(b.forward(e.outPorts()));
        return actions;
    }

    private static ForwardingEntry defaultOf(List<ForwardingEntry> group) {
        ForwardingEntry best = group.get(0);
        for (ForwardingEntry e : group) {
            if (e.path() == null) {
                return e;
            }
            if (e.path() < best.path()) {
                best = e;
            }
        }
        return best;
    }

    /**
     * The match of one entry; OXM prerequisites are always present (OVS rejects a PCP without a VID and a DSCP without
     * eth_type IPv4, asynchronously: docs/sources.md §5).
     *
     * @param vid -1 for no VLAN match, 0 for untagged, else the VID
     */
    static Match match(Integer inPort, int vid, Integer pcp, EthType proto, Host dst, Integer dscp) {
        Match.Builder m = FlowMods13.F.buildMatch();
        if (inPort != null) {
            m.setExact(MatchField.IN_PORT, OFPort.of(inPort));
        }
        if (vid == 0) {
            m.setExact(MatchField.VLAN_VID, OFVlanVidMatch.UNTAGGED);
        } else if (vid > 0) {
            m.setExact(MatchField.VLAN_VID, OFVlanVidMatch.ofVlan(vid));
            if (pcp != null) {
                m.setExact(MatchField.VLAN_PCP, VlanPcp.of(pcp.byteValue()));
            }
        }
        m.setExact(MatchField.ETH_TYPE, proto);
        IPv4Address ip = IPv4Address.of(dst.ip());
        if (proto.equals(EthType.ARP)) {
            m.setExact(MatchField.ARP_TPA, ip);
        } else {
            m.setExact(MatchField.IPV4_DST, ip);
            if (dscp != null) {
                m.setExact(MatchField.IP_DSCP, IpDscp.of(dscp.byteValue()));
            }
        }
        return m.build();
    }
}

package weft.model.sim.control;

import java.util.ArrayList;
import java.util.List;

import weft.model.crp.Address;
import weft.model.crp.CrpClass;
import weft.model.crp.CrpMessage;
import weft.model.crp.CrpParameters;
import weft.model.crp.Outbound;
import weft.model.crp.ReservationTable;
import weft.model.crp.ResourceNode;
import weft.model.crp.ResourcePath;
import weft.model.crp.SlotClock;
import weft.model.sim.SimNetwork;
import weft.model.sim.SimPacket;
import weft.model.sim.SwitchAgent;

/**
 * Seed 001's CRP on the simulator, the parts a run shares: the critical resources (every host's ejection channel,
 * whose table its NIC keeps, and the reserved switch channels, whose tables the switch driving them keeps, §2.1),
 * each host pair's resource path, and what the switches do ({@link #switches()}).
 *
 * <p>How the model's distributed protocol ({@link weft.model.crp}) runs here: a request travels as a control packet
 * from its source to its destination host along the data's own route; when it is routed onto a reserved channel,
 * that channel's {@link ResourceNode} ANDs its availability into it at that hop (§2.2). At the destination the NIC's
 * ejection node answers; a grant or retry is addressed to the switch of the previous reserved channel, whose node
 * commits or converts it there and sends it on, until it reaches the source (§2.4). Speculative packets carry the
 * ACK their destination returns; a switch where one has waited longer than {@code TTW} turns it into its NACK, back
 * to the source (§2.5). Non-participating data is charged at every reserved channel it is routed onto and at its
 * destination's ejection table. Classes (§2.5): requests, responses (priority 0), granted and small-flow data (1),
 * speculative data (2).
 *
 * <p>Units: table cells count flits ({@link ControlSetup#flitBytes()}); ticks are the simulator's picoseconds, so the
 * paper's cycles are multiplied by the cycle ({@link #parameters}).
 */
final class CrpScheme {
    static final int REQUEST = 0;
    static final int RESPONSE = 1;
    static final int DATA = 2;
    static final int SPECULATIVE = 3;
    /** Class priorities, by class: {@link CrpClass}'s. */
    static final List<Integer> PRIORITIES = List.of(CrpClass.REQUEST.priority(), CrpClass.RESPONSE.priority(),
            CrpClass.DATA.priority(), CrpClass.SPECULATIVE.priority());
    /** Payload of data that does not use CRP (a flow below {@code N_min}): charged where it goes. */
    static final Object UNRESERVED = new Object() {
        @Override
        public String toString() {
            return "unreserved";
        }
    };

    /** A NACK a switch makes of a speculative packet's ACK (the NIC matches the packet it sent by the ACK). */
    record Nacked(CrpMessage.Ack ack) {
    }

    final ControlSetup setup;
    final CrpParameters params;
    final ControlStats stats;
    private final int hosts;
    private final int[] resourceOfChannel;
    private final int[] channelOfResource;
    private final ResourceNode[] nodes;

    /**
     * @param reserved the switch channels that keep a reservation table ({@link weft.model.sim.SimObserver}
     *                 numbering)
     */
    CrpScheme(ControlSetup setup, CrpParameters params, ControlStats stats, int[] reserved) {
        this.setup = setup;
        this.params = params;
        this.stats = stats;
        SimNetwork net = setup.net();
        hosts = net.hosts();
        resourceOfChannel = new int[net.channels()];
        java.util.Arrays.fill(resourceOfChannel, -1);
        channelOfResource = reserved.clone();
        nodes = new ResourceNode[reserved.length];
        for (int i = 0; i < reserved.length; i++) {
            int c = reserved[i];
            if (c < 0 || c >= net.channels() || net.channelSource(c) < 0) {
                throw new IllegalArgumentException("crp: channel " + c + " is not a switch's output channel");
            }
            if (resourceOfChannel[c] >= 0) {
                throw new IllegalArgumentException("crp: channel " + c + " reserved twice");
            }
            resourceOfChannel[c] = hosts + i;
            nodes[i] = node(hosts + i);
        }
    }

    /**
     * Seed 001 Table 1 in the simulator's units: {@code V_cells = 32}, {@code C_max = 269} flits per slot of 269
     * cycles, {@code N_min} 4 and {@code N_max} 16 packets, {@code ε = 5%}, {@code TTW} 200 cycles,
     * {@code R_res = 1}, {@code R_cycles} 30 cycles; a cycle is {@code cyclePs} and a packet {@code packetFlits}.
     */
    static CrpParameters parameters(long cyclePs, int packetFlits) {
        return inPicoseconds(CrpParameters.paper().toBuilder().sizes(4L * packetFlits, 16L * packetFlits).build(),
                cyclePs);
    }

    /** Parameters whose times are cycles, with times in picoseconds ({@code cyclePs} to a cycle). */
    static CrpParameters inPicoseconds(CrpParameters p, long cyclePs) {
        return p.toBuilder().table(p.cells(), p.capacity(), SlotClock.of(p.clock().slotTicks() * cyclePs))
                .ttwTicks(p.ttwTicks() * cyclePs).retry(p.retryTicks() * cyclePs, p.retryJitterTicks() * cyclePs)
                .build();
    }

    /** A resource's node with a fresh table (slots of {@code C} flits, a flit per cycle). */
    ResourceNode node(int id) {
        return new ResourceNode(id, new ReservationTable(params.cells(), params.capacity(), 0), params);
    }

    /** The resource path from host {@code src} to host {@code dst}: the reserved channels on its route, then dst. */
    ResourcePath path(int src, int dst) {
        List<Integer> ids = new ArrayList<>();
        for (int c : setup.net().path(src, dst)) {
            if (resourceOfChannel[c] >= 0) {
                ids.add(resourceOfChannel[c]);
            }
        }
        ids.add(dst);
        return ResourcePath.of(ids.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The switch that keeps resource {@code id}'s table (a reserved channel's). */
    int owner(int id) {
        return setup.net().channelSource(channelOfResource[id - hosts]);
    }

    /** Whether resource {@code id} is a host's ejection channel (kept by that host's NIC). */
    boolean isHost(int id) {
        return id < hosts;
    }

    /** The reserved channels' nodes (statistics). */
    List<ResourceNode> channelNodes() {
        return List.of(nodes);
    }

    /** What the switches do under CRP. */
    SwitchAgent switches() {
        return new SwitchAgent() {
            @Override
            public boolean watches(int channel) {
                return resourceOfChannel[channel] >= 0;
            }

            @Override
            public void crossing(SimPacket p, int channel, long nowPs) {
                int id = resourceOfChannel[channel];
                Object m = p.payload();
                if (m instanceof CrpMessage.Request r) {
                    if (r.path().get(r.hop()) == id) {
                        p.payload(only(nodes[id - hosts].onMessage(r, nowPs)).message());
                    }
                } else if (m == UNRESERVED) {
                    nodes[id - hosts].chargeUnreserved(p.bytes() / setup.flitBytes(), nowPs);
                }
            }

            @Override
            public void addressed(SimPacket p, int sw, long nowPs) {
                Object m = p.payload();
                int id;
                if (m instanceof CrpMessage.Grant g) {
                    id = g.path().get(g.hop());
                } else if (m instanceof CrpMessage.Retry r) {
                    id = r.path().get(r.hop());
                } else {
                    throw new IllegalStateException("crp: switch " + sw + " was sent " + m);
                }
                Outbound o = only(nodes[id - hosts].onMessage((CrpMessage) m, nowPs));
                Address to = o.to();
                if (to.kind() == Address.Kind.HOST) {
                    p.readdress(to.index(), o.message());
                } else {
                    p.readdressToSwitch(owner(to.index()), o.message());
                }
            }

            @Override
            public long maxWaitPs(int cls) {
                return cls == SPECULATIVE ? params.ttwTicks() : Long.MAX_VALUE;
            }

            @Override
            public void dropped(SimPacket p, int sw, boolean expired, long nowPs) {
                boolean speculative = p.cls() == SPECULATIVE;
                stats.dropped(p.control(), speculative, expired && speculative, nowPs);
                if (expired && p.payload() instanceof CrpMessage.Ack a) {
                    p.reply(setup.controlBytes(), RESPONSE, new Nacked(a));
                    stats.sent(setup.controlBytes(), true, false, nowPs);
                }
            }
        };
    }

    private static Outbound only(List<Outbound> out) {
        if (out.size() != 1) {
            throw new IllegalStateException("crp: a resource answered " + out.size() + " messages");
        }
        return out.get(0);
    }
}

package weft.model.sim.scheduling;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.rate.VoqBudget;
import weft.model.rate.distributed.LinkProxyScheduler;
import weft.model.sim.Nic;
import weft.model.sim.Protocol;
import weft.model.sim.SimNetwork;
import weft.model.topology.Host;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * Seed 004 ch. 4's scheduling layer for the tenants of the simulated network, each under the Virtual Switch
 * abstraction (§4.2.2: each server's link to the tenant's switch has capacity C, here the host link's rate): a {@link
 * SchedulingHost} per host. Every server is the proxy of its own two links (§4.3.1), and a tenant's flows join only
 * its own servers, so each tenant's rates are computed among its own flows and no tenant's requests reach another's
 * proxies. Applications hand it messages (seed 004 §5.6.1's message script: source, destination, start time, size);
 * it reports when each message's last byte arrived. Its packets, data and control, take the sending host's path
 * policy ({@link #spreadsPaths}): on a fat tree they spread over its paths packet by packet (ch. 3's packet-level
 * routing), on the Virtual Switch there is one path.
 *
 * <p>Decisions where the thesis is silent, documented in docs/reproductions.md: a VOQ sends its first request when it
 * is created and then every interval; it sends nothing before its first response; it is retired after
 * {@code idleTimeoutPs} without backlog, and a downlink proxy forgets a flow that sent no request for that long.
 */
public final class SchedulingLayer implements Protocol {
    /**
     * The layer's knobs.
     *
     * @param mode          max-min or backlog-proportional shares (Alg. 4: the request's backlog field is 1 or b_ij)
     * @param intervalPs    the scheduling interval T
     * @param budget        control packet size M, T and the minimum VOQ rate (Eq. 4.2, §4.5); its T must be
     *                      {@code intervalPs}
     * @param frameBytes    largest data frame on the wire
     * @param headerBytes   bytes of every frame that carry no payload (so a frame carries frameBytes - headerBytes)
     * @param bucketBytes   token bucket depth of every VOQ (about one frame: the thesis paces each packet by its size)
     * @param idleTimeoutPs how long a VOQ lives without backlog
     * @param appLimitGbps  rate at which a host's application hands its messages' bytes to the layer, its messages
     *                      interleaved frame by frame (seed 004 §5.6.2, Fig. 5.3: the host's link rate); 0 for no
     *                      limit (a message's whole backlog is queued when it starts)
     */
    public record Parameters(LinkProxyScheduler.Mode mode, long intervalPs, VoqBudget budget, int frameBytes,
                             int headerBytes, int bucketBytes, long idleTimeoutPs, double appLimitGbps) {
        public Parameters {
            if (mode == null || budget == null) {
                throw new IllegalArgumentException("scheduling layer: mode and budget must be set");
            }
            if (intervalPs < 1_000 || Math.abs(budget.intervalSeconds() * 1e12 - intervalPs) > 1) {
                throw new IllegalArgumentException("scheduling layer: interval " + intervalPs
                        + " ps must be >= 1 ns and equal the budget's " + budget.intervalSeconds() + " s");
            }
            if (headerBytes < 0 || frameBytes <= headerBytes || bucketBytes < frameBytes) {
                throw new IllegalArgumentException("scheduling layer: need 0 <= headerBytes < frameBytes <= "
                        + "bucketBytes, got " + headerBytes + ", " + frameBytes + ", " + bucketBytes);
            }
            if (idleTimeoutPs < 0 || !(appLimitGbps >= 0) || Double.isInfinite(appLimitGbps)) {
                throw new IllegalArgumentException("scheduling layer: idleTimeoutPs and appLimitGbps must be >= 0");
            }
        }

        /** Payload bytes of a full frame. */
        int payloadBytes() {
            return frameBytes - headerBytes;
        }
    }

    /**
     * A message of the script.
     *
     * @param src     sending host
     * @param dst     receiving host
     * @param startPs when the application hands it to the layer
     * @param bytes   payload bytes ({@code > 0})
     */
    public record Message(int src, int dst, long startPs, long bytes) {
        public Message {
            if (src < 0 || dst < 0 || src == dst || startPs < 0 || bytes <= 0) {
                throw new IllegalArgumentException("message " + src + " -> " + dst + " at " + startPs + " ps of "
                        + bytes + " B: expected two different hosts, a start >= 0 and bytes > 0");
            }
        }
    }

    private final SimNetwork network;
    private final Parameters parameters;
    private final List<Message> messages;
    private final SchedulingHost[] hosts;
    private final long[] delivered;
    private final long[] completedPs;

    /**
     * One tenant of all the network's hosts.
     *
     * @throws IllegalArgumentException naming a message whose hosts the network does not have
     */
    public SchedulingLayer(SimNetwork network, Parameters parameters, List<Message> messages) {
        this(network, parameters, messages, new int[network.hosts()]);
    }

    /**
     * Tenants of the hosts: host h belongs to tenant {@code tenantOf[h]}.
     *
     * @throws IllegalArgumentException naming a message whose hosts the network does not have, or that joins two
     *                                  tenants, or when {@code tenantOf} does not name one tenant per host
     */
    public SchedulingLayer(SimNetwork network, Parameters parameters, List<Message> messages, int[] tenantOf) {
        this.network = network;
        this.parameters = parameters;
        this.messages = List.copyOf(messages);
        if (tenantOf.length != network.hosts()) {
            throw new IllegalArgumentException("scheduling layer: " + tenantOf.length + " tenants given for "
                    + network.hosts() + " hosts");
        }
        for (Message m : this.messages) {
            if (m.src() >= network.hosts() || m.dst() >= network.hosts()) {
                throw new IllegalArgumentException("message " + m.src() + " -> " + m.dst() + ": the network has "
                        + network.hosts() + " hosts");
            }
            if (tenantOf[m.src()] != tenantOf[m.dst()]) {
                throw new IllegalArgumentException("message " + m.src() + " -> " + m.dst() + " joins tenants "
                        + tenantOf[m.src()] + " and " + tenantOf[m.dst()] + ": a tenant's virtual switch joins only "
                        + "its own servers");
            }
        }
        hosts = new SchedulingHost[network.hosts()];
        delivered = new long[this.messages.size()];
        completedPs = new long[this.messages.size()];
        java.util.Arrays.fill(completedPs, -1);
    }

    @Override
    public Nic nic(int host, long seed) {
        List<Integer> own = new ArrayList<>();
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i).src() == host) {
                own.add(i);
            }
        }
        hosts[host] = new SchedulingHost(host, network, parameters, messages, own, this);
        return hosts[host];
    }

    /** Packets spread over the paths by the hosts' path policy: ch. 3's packet-level routing under ch. 4's layer. */
    @Override
    public boolean spreadsPaths() {
        return true;
    }

    /** A frame of message {@code m} with {@code payload} bytes arrived at {@code nowPs}. */
    void delivered(int m, int payload, long nowPs) {
        delivered[m] += payload;
        if (delivered[m] >= messages.get(m).bytes() && completedPs[m] < 0) {
            completedPs[m] = nowPs;
        }
    }

    /**
     * The Virtual Switch of {@code servers} servers (§4.2.2) as a fabric to simulate: one switch, a link of
     * {@code gbps} to each server.
     */
    public static Topology virtualSwitch(int servers, double gbps) {
        List<Host> hosts = new ArrayList<>();
        for (int h = 0; h < servers; h++) {
            hosts.add(new Host("h" + h, String.format(Locale.ROOT, "02:00:00:00:%02x:%02x", h >> 8, h & 255),
                    "10.0." + (h >> 8) + "." + (h & 255), "vs", h + 1, gbps));
        }
        return new Topology("virtual switch of " + servers, List.of(new Switch("vs", 1, servers)), hosts, List.of());
    }

    /** When message {@code m}'s last byte arrived, -1 while it has not. */
    public long completedPs(int m) {
        return completedPs[m];
    }

    /** When the last message completed, -1 while one has not. */
    public long lastCompletionPs() {
        long last = 0;
        for (long c : completedPs) {
            if (c < 0) {
                return -1;
            }
            last = Math.max(last, c);
        }
        return last;
    }

    /** Request and response packets the hosts sent. */
    public long controlPackets() {
        long n = 0;
        for (SchedulingHost h : hosts) {
            n += h == null ? 0 : h.controlSent();
        }
        return n;
    }
}

package weft.model.sim.scheduling;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;

import weft.model.host.shaping.TokenBucket;
import weft.model.host.voq.VirtualOutputQueue;
import weft.model.host.voq.VoqTable;
import weft.model.rate.Arithmetic;
import weft.model.rate.distributed.LinkProxy;
import weft.model.rate.distributed.LinkProxyScheduler;
import weft.model.sim.HostLink;
import weft.model.sim.Nic;
import weft.model.sim.SimNetwork;
import weft.model.sim.SimPacket;

/**
 * One server of a Virtual Switch tenant (seed 004 §4.2-4.3): its application's messages enter per-destination VOQs
 * paced by token buckets; every scheduling interval each live VOQ generates a request (Alg. 4), which this host's
 * uplink proxy and the destination's downlink proxy process (Alg. 5); the destination answers with the response,
 * which the two proxies process in reverse, and the rate it carries is installed on the VOQ's bucket. Control
 * packets bypass the VOQs and go first; they are not counted in the backlog. Under the Virtual Switch every server is
 * the proxy of its own uplink and downlink, so control packets go straight between a flow's two ends.
 *
 * <p>Units: rates and capacities in Gbit/s; a request of {@code b} bytes of backlog asks {@code 8b/T}, the rate that
 * clears it in one interval (§4.2: "backlog units per scheduling interval"); the backlog field is 1 (max-min) or
 * {@code b} (backlog-proportional). Flows are numbered {@code src * hosts + dst}.
 */
final class SchedulingHost implements Nic {
    /** Wire size of a request or response. */
    private final int controlBytes;
    private final int host;
    private final int hostCount;
    private final SimNetwork network;
    private final SchedulingLayer.Parameters p;
    private final List<SchedulingLayer.Message> messages;
    private final int[] own;
    private final SchedulingLayer layer;
    private final LinkProxy<Double> up;
    private final LinkProxy<Double> down;
    private final VoqTable<VirtualOutputQueue<Void>> voqs;
    private final int[] voqCapacity;
    /** Per destination, the Alg. 4 state of this host's VOQ to it. */
    private final VoqState[] state;
    /** Per source, when its last request reached this host's downlink proxy, -1 when forgotten or never. */
    private final long[] lastHeardPs;
    private final long[] unhanded;
    private final boolean[] started;
    private final ArrayDeque<Object[]> control = new ArrayDeque<>();
    private final double frameGbps;
    private long appNextPs;
    private int appTurn;
    /** Without an application limit: own messages before this index (in start order) are wholly in the VOQs. */
    private int handedUpTo;
    private int dataTurn;
    private long controlSent;

    /** Where this host's VOQ to one destination stands in the request-response cycle of Alg. 4. */
    private static final class VoqState {
        /** Live: it had data since it last went idle, so it sends a request every interval. */
        boolean active;
        /** A response installed a rate on its bucket since it went live. */
        boolean rated;
        long nextRequestPs;
        /** When it last ran empty ({@link Long#MAX_VALUE} while it holds data): the idle timeout counts from it. */
        long emptySincePs;
    }

    /** A request on its way to the destination's downlink proxy. */
    private record Request(int src, int dst, double backlogField, double request) {
    }

    /** A response on its way back to the source's uplink proxy. */
    private record Response(int src, int dst, double share, double rate) {
    }

    SchedulingHost(int host, SimNetwork network, SchedulingLayer.Parameters p, List<SchedulingLayer.Message> messages,
                   List<Integer> own, SchedulingLayer layer) {
        this.host = host;
        this.hostCount = network.hosts();
        this.network = network;
        this.p = p;
        this.messages = messages;
        this.own = own.stream().sorted(java.util.Comparator.comparingLong(m -> messages.get(m).startPs()))
                .mapToInt(Integer::intValue).toArray();
        this.layer = layer;
        this.controlBytes = (int) Math.round(p.budget().controlBytes());
        up = new LinkProxy<>(Arithmetic.DOUBLE, gbps(network.hostUpChannel(host)), p.budget());
        down = new LinkProxy<>(Arithmetic.DOUBLE, gbps(network.hostDownChannel(host)), p.budget());
        frameGbps = gbps(network.hostUpChannel(host));
        voqs = new VoqTable<>(hostCount);
        voqCapacity = new int[hostCount];
        for (int m : this.own) {
            voqCapacity[messages.get(m).dst()] += (int) Math.min(Integer.MAX_VALUE / 2,
                    (messages.get(m).bytes() + p.payloadBytes() - 1) / p.payloadBytes());
        }
        state = new VoqState[hostCount];
        for (int d = 0; d < hostCount; d++) {
            state[d] = new VoqState();
        }
        lastHeardPs = new long[hostCount];
        Arrays.fill(lastHeardPs, -1);
        unhanded = new long[this.own.length];
        started = new boolean[this.own.length];
        for (int i = 0; i < this.own.length; i++) {
            unhanded[i] = messages.get(this.own[i]).bytes();
        }
    }

    private double gbps(int channel) {
        return 8e9 / network.serializationPs(channel, 1_000_000);
    }

    private int flow(int src, int dst) {
        return src * hostCount + dst;
    }

    long controlSent() {
        return controlSent;
    }

    @Override
    public void inject(HostLink link, long nowPs) {
        application(nowPs);
        requests(nowPs);
        if (!control.isEmpty()) {
            Object[] c = control.peek();
            int dst = (Integer) c[0];
            if (link.canSend(dst, 0, controlBytes)) {
                control.poll();
                controlSent++;
                link.send(dst, controlBytes, 0, -1, c[1], true, nowPs);
            }
            return;
        }
        long nowNs = nowPs / 1000;
        int span = voqs.span();
        for (int i = 0; i < span; i++) {
            int v = (dataTurn + i) % span;
            VirtualOutputQueue<Void> q = voqs.at(v);
            if (q == null || !state[q.dstId()].rated || q.sizePackets() == 0) {
                continue;
            }
            int bytes = q.headBytes();
            if (q.bucket().conformingAtNanos(bytes, nowNs) > nowNs || !link.canSend(q.dstId(), 0, bytes)) {
                continue;
            }
            q.bucket().tryConsume(bytes, nowNs);
            int m = q.pollHandle();
            q.stampSent(bytes);
            if (q.sizePackets() == 0) {
                state[q.dstId()].emptySincePs = nowPs;
            }
            dataTurn = (v + 1) % span;
            link.send(q.dstId(), bytes, 0, m, null, false, messages.get(m).startPs());
            return;
        }
    }

    /** The application hands its started messages' bytes to the VOQs: all at once, or frame by frame at its limit. */
    private void application(long nowPs) {
        if (p.appLimitGbps() == 0) {
            while (handedUpTo < own.length && messages.get(own[handedUpTo]).startPs() <= nowPs) {
                while (unhanded[handedUpTo] > 0) {
                    hand(handedUpTo, nowPs);
                }
                handedUpTo++;
            }
            return;
        }
        while (appNextPs <= nowPs) {
            int pick = -1;
            for (int j = 0; j < own.length && pick < 0; j++) {
                int i = (appTurn + j) % own.length;
                if (unhanded[i] > 0 && messages.get(own[i]).startPs() <= nowPs) {
                    pick = i;
                }
            }
            if (pick < 0) {
                return;
            }
            if (!started[pick]) {
                started[pick] = true;
                appNextPs = Math.max(appNextPs, messages.get(own[pick]).startPs());
            }
            int frame = hand(pick, nowPs);
            appNextPs += Math.round(frame * 8000.0 / p.appLimitGbps());
            appTurn = (pick + 1) % own.length;
        }
    }

    /** Queues the next frame of own message i in its VOQ; returns its wire size. */
    private int hand(int i, long nowPs) {
        SchedulingLayer.Message msg = messages.get(own[i]);
        int payload = (int) Math.min(unhanded[i], p.payloadBytes());
        unhanded[i] -= payload;
        int frame = payload + p.headerBytes();
        int dst = msg.dst();
        VirtualOutputQueue<Void> q = voqs.getOrCreate(dst, (index, d) -> VirtualOutputQueue.ofHandles(index, d,
                Math.max(1, voqCapacity[d]), Long.MAX_VALUE / 4, new TokenBucket(0, p.bucketBytes(), nowPs / 1000)));
        VoqState s = state[dst];
        if (!s.active) {
            s.active = true;
            s.rated = false;
            q.bucket().setRate(0, nowPs / 1000);
            s.nextRequestPs = nowPs;
        }
        if (!q.offerHandle(own[i], frame, 0)) {
            throw new IllegalStateException("host " + host + ": VOQ to " + dst + " sized below its messages");
        }
        s.emptySincePs = Long.MAX_VALUE;
        return frame;
    }

    /** Alg. 4 GENERATE_REQUEST for every live VOQ whose interval came, through this host's uplink proxy. */
    private void requests(long nowPs) {
        for (int v = 0; v < voqs.span(); v++) {
            VirtualOutputQueue<Void> q = voqs.at(v);
            int dst = q.dstId();
            VoqState s = state[dst];
            if (!s.active || s.nextRequestPs > nowPs) {
                continue;
            }
            long backlog = q.backlogBytes();
            if (backlog == 0 && nowPs - s.emptySincePs >= p.idleTimeoutPs()) {
                s.active = false;
                s.rated = false;
                up.remove(flow(host, dst));
                continue;
            }
            double field = p.mode() == LinkProxyScheduler.Mode.MAX_MIN ? 1 : backlog;
            double demand = backlog * 8.0 / (p.intervalPs() / 1000.0);
            double request = up.handleRequest(flow(host, dst), field, Math.max(0, demand - p.budget().minGbps()));
            control.add(new Object[] {dst, new Request(host, dst, field, request)});
            while (s.nextRequestPs <= nowPs) {
                s.nextRequestPs += p.intervalPs();
            }
        }
    }

    @Override
    public long wakePs(long nowPs) {
        long wake = Long.MAX_VALUE;
        for (int v = 0; v < voqs.span(); v++) {
            VirtualOutputQueue<Void> q = voqs.at(v);
            VoqState s = state[q.dstId()];
            if (s.active) {
                wake = Math.min(wake, s.nextRequestPs);
            }
            if (s.rated && q.sizePackets() > 0) {
                long at = q.bucket().conformingAtNanos(q.headBytes(), nowPs / 1000);
                if (at != Long.MAX_VALUE) {
                    wake = Math.min(wake, at * 1000);
                }
            }
        }
        if (p.appLimitGbps() == 0) {
            return handedUpTo < own.length ? Math.min(wake, Math.max(nowPs,
                    messages.get(own[handedUpTo]).startPs())) : wake;
        }
        for (int i = 0; i < own.length; i++) {
            if (unhanded[i] > 0) {
                long start = messages.get(own[i]).startPs();
                wake = Math.min(wake, start > nowPs ? start : appNextPs);
            }
        }
        return wake;
    }

    @Override
    public void received(SimPacket packet, long nowPs) {
        Object payload = packet.payload();
        if (payload instanceof Request r) {
            // The destination's downlink proxy, then Alg. 4 HANDLE_REQUEST: share = rate = the final request; the
            // response passes the downlink proxy first on its way back.
            lastHeardPs[r.src()] = nowPs;
            forgetSilent(nowPs);
            int f = flow(r.src(), host);
            double share = down.handleRequest(f, r.backlogField(), r.request());
            double rate = down.handleResponse(f, share, share);
            control.add(new Object[] {r.src(), new Response(r.src(), host, share, rate)});
        } else if (payload instanceof Response r) {
            int f = flow(host, r.dst());
            if (!up.knows(f) || !state[r.dst()].active) {
                return;
            }
            double rate = up.handleResponse(f, r.share(), r.rate()) + p.budget().minGbps();
            VirtualOutputQueue<Void> q = voqs.get(r.dst());
            q.bucket().setRate(Math.round(Math.min(rate, frameGbps) * 1e9), nowPs / 1000);
            state[r.dst()].rated = true;
        } else if (!packet.control()) {
            layer.delivered(packet.flow(), packet.bytes() - p.headerBytes(), nowPs);
        }
    }

    /** The downlink proxy forgets flows whose VOQ sent no request for two intervals past the idle timeout. */
    private void forgetSilent(long nowPs) {
        for (int src = 0; src < hostCount; src++) {
            if (lastHeardPs[src] >= 0 && nowPs - lastHeardPs[src] > 2 * p.intervalPs()) {
                down.remove(flow(src, host));
                lastHeardPs[src] = -1;
            }
        }
    }
}

package weft.model.sim.control;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import weft.model.crp.Address;
import weft.model.crp.CrpClass;
import weft.model.crp.CrpMessage;
import weft.model.crp.CrpSource;
import weft.model.crp.Outbound;
import weft.model.crp.ResourceNode;
import weft.model.crp.ResourcePath;
import weft.model.crp.RetryCause;
import weft.model.crp.SegmentId;
import weft.model.crp.SegmentPlan;
import weft.model.sim.HostLink;
import weft.model.sim.SimPacket;

/**
 * A host under seed 001's CRP ({@link CrpScheme}): its {@link CrpSource} (the model's, unchanged) holds the flow
 * queues, segments, requests, speculation and granted data; its {@link ResourceNode} keeps the table of its own
 * ejection channel and answers the requests that reach it; the NIC moves their messages as control packets,
 * sends what {@link CrpSource#pull} gives, ACKs the speculative packets that arrive and charges small flows' data to
 * its table.
 *
 * <p>Under lossy flow control, where a full buffer may drop any packet, the NIC also recovers what the protocol
 * cannot see lost (the paper's CRP runs on lossless links): a speculative packet neither ACKed nor NACKed within two
 * table windows counts as NACKed (its data goes again under the grant), and a request unanswered that long as a
 * retry. Lossless runs never need either.
 */
final class CrpNic extends MessageNic {
    private final CrpScheme scheme;
    private final CrpSource source;
    private final ResourceNode ejection;
    private final Map<Integer, ResourcePath> paths = new HashMap<>();
    private final boolean recover;
    private final long timeoutPs;
    /** Lossy runs: speculative packets in flight by the ACK they carry, with their send time. */
    private final LinkedHashMap<CrpMessage.Ack, Long> speculating = new LinkedHashMap<>();
    /** The request each segment has out (its send time for the round trip; lossy runs: for the timeout). */
    private final LinkedHashMap<SegmentId, CrpMessage.Request> requested = new LinkedHashMap<>();

    CrpNic(int host, CrpScheme scheme, MessageTraffic.HostPlan plan, long seed, boolean recover) {
        super(host, scheme.setup, scheme.stats, plan, seed);
        this.scheme = scheme;
        this.source = new CrpSource(host, scheme.params, d -> paths.computeIfAbsent(d, x -> scheme.path(host, x)),
                random);
        this.ejection = scheme.node(host);
        this.recover = recover;
        this.timeoutPs = 2 * scheme.params.windowTicks();
    }

    /**
     * A flow id (unique among this host's flows) that also tells the flow's destination, its packets' tag and how
     * many of its segments reserve: the destination in bits 40-62, the message number in bits 9-39, the tag in bit
     * 8, the count of reserving segments in bits 0-7.
     */
    private static long flowId(int dst, long message, int tag, int reserving) {
        return ((long) dst << 40) | ((message & 0x7FFF_FFFFL) << 9) | ((long) tag << 8) | Math.min(255, reserving);
    }

    /** The destination a flow id names. */
    private static int destination(SegmentId segment) {
        return (int) (segment.flow() >>> 40);
    }

    @Override
    void submit(int dst, long message, int packets, int tag, long createdPs, long now) {
        long units = (long) packets * setup.packetFlits();
        int reserving = SegmentPlan.of(units, scheme.params).segments().size();
        route(source.submit(flowId(dst, message, tag, reserving), dst, units, now));
    }

    @Override
    boolean trySend(int dst, HostLink link, long now) {
        CrpClass next = source.peek(dst, now);
        if (next == null) {
            return false;
        }
        boolean speculative = next == CrpClass.SPECULATIVE;
        int cls = speculative ? CrpScheme.SPECULATIVE : CrpScheme.DATA;
        if (!link.canSend(dst, cls, setup.packetBytes())) {
            return false;
        }
        CrpSource.Transmit t = source.pull(dst, now, setup.packetFlits());
        int bytes = (int) t.units() * setup.flitBytes();
        long flow = t.segment().flow();
        int tag = (int) (flow >>> 8) & 1;
        Object payload;
        if (speculative) {
            CrpMessage.Ack ack = new CrpMessage.Ack(t.segment(), host, t.units());
            if (recover) {
                speculating.put(ack, now);
            }
            payload = ack;
        } else {
            payload = t.segment().segment() >= (flow & 0xFF) ? CrpScheme.UNRESERVED : null;
        }
        link.send(dst, bytes, cls, tag, payload, false, now);
        stats.sent(bytes, false, speculative, now);
        route(source.requests(dst, now));
        return true;
    }

    @Override
    long readyAt(int dst, long now) {
        return source.readyAt(dst, now);
    }

    @Override
    long wakeAlso() {
        return recover ? nextTimeout() : Long.MAX_VALUE;
    }

    private long nextTimeout() {
        long at = Long.MAX_VALUE;
        if (!speculating.isEmpty()) {
            at = speculating.values().iterator().next() + timeoutPs;
        }
        if (recover && !requested.isEmpty()) {
            at = Math.min(at, requested.values().iterator().next().sentAt() + timeoutPs);
        }
        return at;
    }

    @Override
    long backlogPackets(int dst) {
        return (source.backlog(dst) + setup.packetFlits() - 1) / setup.packetFlits();
    }

    @Override
    void onData(SimPacket p, long now) {
        Object m = p.payload();
        if (m instanceof CrpMessage.Ack a) {
            control(p.src(), CrpScheme.RESPONSE, a, now);
        } else if (m == CrpScheme.UNRESERVED) {
            ejection.chargeUnreserved(p.bytes() / setup.flitBytes(), now);
        }
    }

    @Override
    void onControl(SimPacket p, long now) {
        if (recover) {
            expire(now);
        }
        Object m = p.payload();
        if (m instanceof CrpMessage.Request r) {
            route(ejection.onMessage(r, now));
            return;
        }
        if (m instanceof CrpScheme.Nacked n) {
            if (!recover || speculating.remove(n.ack()) != null) {
                CrpMessage.Ack a = n.ack();
                route(source.onMessage(new CrpMessage.Nack(a.segment(), a.source(), a.units()), now));
                touch(destination(a.segment()), now);
            }
            return;
        }
        if (m instanceof CrpMessage.Ack a) {
            if (!recover || speculating.remove(a) != null) {
                route(source.onMessage(a, now));
                touch(destination(a.segment()), now);
            }
            return;
        }
        CrpMessage c = (CrpMessage) m;
        CrpMessage.Request out = requested.get(c.segment());
        if (out == null || out.attempt() != attempt(c)) {
            if (recover) {
                return;
            }
        } else {
            requested.remove(c.segment());
            stats.roundTrip(out.path().size() > 1, now - out.sentAt(), now);
        }
        stats.answer(c instanceof CrpMessage.Retry r ? r.cause() : null, now);
        route(source.onMessage(c, now));
        touch(destination(c.segment()), now);
    }

    private static int attempt(CrpMessage m) {
        return m instanceof CrpMessage.Grant g ? g.attempt() : ((CrpMessage.Retry) m).attempt();
    }

    @Override
    void tick(long now) {
        if (recover) {
            expire(now);
        }
    }

    /** Lossy runs: what timed out by {@code now} is treated as lost. */
    private void expire(long now) {
        for (Iterator<Map.Entry<CrpMessage.Ack, Long>> it = speculating.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<CrpMessage.Ack, Long> e = it.next();
            if (e.getValue() + timeoutPs > now) {
                break;
            }
            it.remove();
            CrpMessage.Ack a = e.getKey();
            route(source.onMessage(new CrpMessage.Nack(a.segment(), a.source(), a.units()), now));
            touch(destination(a.segment()), now);
        }
        for (Iterator<CrpMessage.Request> it = requested.values().iterator(); recover && it.hasNext(); ) {
            CrpMessage.Request r = it.next();
            if (r.sentAt() + timeoutPs > now) {
                break;
            }
            it.remove();
            stats.answer(RetryCause.NO_COMMON_SLOT, now);
            route(source.onMessage(new CrpMessage.Retry(r.segment(), host, r.path(), -1, RetryCause.NO_COMMON_SLOT,
                    r.attempt()), now));
            touch(destination(r.segment()), now);
        }
    }

    /** Sends what the protocol answered: each message as a control packet to where it goes. */
    private void route(List<Outbound> out) {
        for (Outbound o : out) {
            CrpMessage m = o.message();
            if (m instanceof CrpMessage.Request r) {
                requested.remove(r.segment());
                requested.put(r.segment(), r);
                control(r.path().destination(), CrpScheme.REQUEST, r, o.at());
                stats.request(o.at());
                continue;
            }
            Address to = m instanceof CrpMessage.Grant g ? g.to() : m instanceof CrpMessage.Retry r ? r.to()
                    : Address.host(m.source());
            if (to.kind() == Address.Kind.HOST) {
                control(to.index(), CrpScheme.RESPONSE, m, o.at());
            } else if (scheme.isHost(to.index())) {
                control(to.index(), CrpScheme.RESPONSE, m, o.at());
            } else {
                controlToSwitch(scheme.owner(to.index()), CrpScheme.RESPONSE, m, o.at());
            }
        }
    }

    /** The host's source (statistics). */
    CrpSource source() {
        return source;
    }

    /** The node of this host's ejection channel (its reservation table, seed 001 §2.1). */
    ResourceNode ejection() {
        return ejection;
    }
}

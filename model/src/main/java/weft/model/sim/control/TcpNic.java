package weft.model.sim.control;

import weft.model.sim.HostLink;
import weft.model.sim.SimPacket;
import weft.model.tcp.Segment;
import weft.model.tcp.TcpParameters;
import weft.model.tcp.TcpReceiver;
import weft.model.tcp.TcpSender;

/**
 * A host whose messages travel over TCP NewReno ({@link TcpSender}, {@link TcpReceiver}): one connection to each
 * destination, opened when its first message is written (no handshake), carrying every message as bulk data of
 * one MSS per packet. A connection sends when its windows allow; each data packet is one segment of
 * {@link TcpParameters#mssBytes()} with the rest of the packet as its headers, and each segment that arrives is
 * answered at once by a cumulative acknowledgement of {@link ControlRun#TCP_ACK_BYTES}, a control
 * packet that crosses the fabric back, in the same class as the data, and can be lost like it. The host's queue to a
 * destination is the connection's send buffer: written and not yet acknowledged segments, refused above the queue
 * limit ({@link MessageNic}). Only data the receiving application gets for the first time, in order, counts as
 * accepted (goodput, in packets' bytes); retransmitted copies only load the links.
 */
final class TcpNic extends MessageNic {
    /** Tag of TCP segments (not {@link #MEASURED}: the receiver counts what it delivers itself). */
    static final int SEGMENT = 2;

    /** The cumulative acknowledgement a receiver returns. */
    record Ack(long ackNo) {
    }

    private final TcpParameters params;
    private final int cls;
    private final TcpSender[] senders;
    private final TcpReceiver[] receivers;
    private final TcpCounters counters;

    TcpNic(int host, ControlSetup setup, ControlStats stats, MessageTraffic.HostPlan plan, long seed,
           TcpParameters params, int cls, TcpCounters counters) {
        super(host, setup, stats, plan, seed);
        this.params = params;
        this.cls = cls;
        this.counters = counters;
        senders = new TcpSender[setup.net().hosts()];
        receivers = new TcpReceiver[setup.net().hosts()];
    }

    @Override
    void submit(int dst, long message, int packets, int tag, long createdPs, long now) {
        if (senders[dst] == null) {
            senders[dst] = new TcpSender(params);
        }
        senders[dst].write((long) packets * params.mssBytes());
    }

    @Override
    boolean trySend(int dst, HostLink link, long now) {
        TcpSender s = senders[dst];
        if (s == null || !s.canSend() || !link.canSend(dst, cls, setup.packetBytes())) {
            return false;
        }
        Segment seg = s.next(now);
        link.send(dst, setup.packetBytes(), cls, SEGMENT, seg, false, now);
        stats.sent(setup.packetBytes(), false, false, now);
        counters.sent(seg.retransmission());
        return true;
    }

    @Override
    long readyAt(int dst, long now) {
        return senders[dst] != null && senders[dst].canSend() ? now : Long.MAX_VALUE;
    }

    @Override
    long backlogPackets(int dst) {
        TcpSender s = senders[dst];
        return s == null ? 0 : (s.unacknowledged() + params.mssBytes() - 1) / params.mssBytes();
    }

    @Override
    void onData(SimPacket p, long now) {
        if (!(p.payload() instanceof Segment seg)) {
            throw new IllegalStateException("host " + host + ": a data packet without a TCP segment from host "
                    + p.src());
        }
        int src = p.src();
        if (receivers[src] == null) {
            receivers[src] = new TcpReceiver(params);
        }
        long delivered = receivers[src].receive(seg.seq(), seg.length());
        if (delivered > 0) {
            long segments = delivered / params.mssBytes();
            stats.delivered(src, (int) (segments * setup.packetBytes()), p.injectedPs(), now);
        }
        control(src, cls, ControlRun.TCP_ACK_BYTES, new Ack(receivers[src].ackNo()), now);
    }

    @Override
    void onControl(SimPacket p, long now) {
        if (!(p.payload() instanceof Ack ack) || senders[p.src()] == null) {
            throw new IllegalStateException("host " + host + ": unexpected control packet " + p.payload()
                    + " from host " + p.src());
        }
        senders[p.src()].ack(ack.ackNo(), now);
        touch(p.src(), now);
    }

    @Override
    void tick(long now) {
        for (int d = 0; d < senders.length; d++) {
            if (senders[d] != null && senders[d].deadlinePs() <= now) {
                if (senders[d].expire(now)) {
                    counters.timeout();
                }
                touch(d, now);
            }
        }
    }

    @Override
    long wakeAlso() {
        long at = Long.MAX_VALUE;
        for (TcpSender s : senders) {
            if (s != null) {
                at = Math.min(at, s.deadlinePs());
            }
        }
        return at;
    }
}

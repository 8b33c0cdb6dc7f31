package weft.model.sim.control;

import java.util.ArrayDeque;

import weft.model.sim.HostLink;
import weft.model.sim.SimPacket;

/**
 * A host of seed 001's baseline network: no congestion control; each flow queue sends whenever the link and the
 * next buffer let it, taking turns with the others (§3: "a baseline network ... without congestion control").
 * {@link EcnNic} adds ECN's inter-packet delays.
 */
class PlainNic extends MessageNic {
    private final int dataClass;
    private final ArrayDeque<Message>[] queues;
    private final long[] backlog;

    /** Packets already sent of the message at the front of each flow queue. */
    private final int[] frontSent;

    /** A queued message: its packets, tag and creation time. */
    private record Message(int packets, int tag, long created) {
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    PlainNic(int host, ControlSetup setup, ControlStats stats, MessageTraffic.HostPlan plan, long seed,
             int dataClass) {
        super(host, setup, stats, plan, seed);
        this.dataClass = dataClass;
        queues = new ArrayDeque[setup.net().hosts()];
        backlog = new long[setup.net().hosts()];
        frontSent = new int[setup.net().hosts()];
    }

    @Override
    void submit(int dst, long flow, int packets, int tag, long createdPs, long now) {
        if (queues[dst] == null) {
            queues[dst] = new ArrayDeque<>();
        }
        queues[dst].add(new Message(packets, tag, createdPs));
        backlog[dst] += packets;
    }

    /** Whether the flow to {@code dst} may send now as far as the control scheme is concerned. */
    boolean allowed(int dst, long now) {
        return true;
    }

    /** The flow to {@code dst} sent a packet of {@code bytes} now. */
    void onSent(int dst, int bytes, long now) {
    }

    @Override
    final boolean trySend(int dst, HostLink link, long now) {
        Message m = queues[dst].peek();
        if (m == null || !allowed(dst, now) || !link.canSend(dst, dataClass, setup.packetBytes())) {
            return false;
        }
        link.send(dst, setup.packetBytes(), dataClass, m.tag(), null, false, m.created());
        stats.sent(setup.packetBytes(), false, false, now);
        backlog[dst]--;
        if (++frontSent[dst] == m.packets()) {
            queues[dst].poll();
            frontSent[dst] = 0;
        }
        onSent(dst, setup.packetBytes(), now);
        return true;
    }

    @Override
    long readyAt(int dst, long now) {
        return backlog[dst] > 0 ? now : Long.MAX_VALUE;
    }

    @Override
    final long backlogPackets(int dst) {
        return backlog[dst];
    }

    @Override
    void onData(SimPacket p, long now) {
    }

    @Override
    void onControl(SimPacket p, long now) {
        throw new IllegalStateException("host " + host + ": a control packet in a network without control");
    }
}

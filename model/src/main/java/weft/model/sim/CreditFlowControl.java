package weft.model.sim;

import weft.model.sim.engine.EventQueue;

/**
 * Credit-based flow control per virtual channel, as InfiniBand links: the sender holds one credit per byte of free
 * space in each virtual channel's buffer at the far end, spends it when it sends, and gets it back one link latency
 * after the bytes leave that buffer. Nothing is ever dropped. Seed 003 §2 (hop-by-hop credit flow control, "no packet
 * loss"); credits travel as their own messages, as BookSim's credit channels.
 */
final class CreditFlowControl extends FlowControl {
    private final long[] credits;
    private final int vcs;

    CreditFlowControl(Fabric fabric, Buffers buffers, EventQueue events) {
        super(fabric, buffers, events);
        vcs = fabric.vcs;
        credits = new long[fabric.channels * vcs];
        for (int c = 0; c < fabric.channels; c++) {
            long initial = fabric.toHost(c) ? Long.MAX_VALUE / 4 : buffers.capacity;
            java.util.Arrays.fill(credits, c * vcs, (c + 1) * vcs, initial);
        }
    }

    @Override
    boolean canSend(int c, int vc, long bytes) {
        return credits[c * vcs + vc] >= bytes;
    }

    @Override
    void onSend(int c, int vc, int bytes) {
        credits[c * vcs + vc] -= bytes;
    }

    @Override
    boolean onArrive(int c, int vc, int bytes, long now) {
        if (buffers.occupancy[c * vcs + vc] > buffers.capacity) {
            throw new IllegalStateException("credit overflow in buffer " + fabric.bufferName(c, vc));
        }
        return true;
    }

    @Override
    void onLeave(int c, int vc, int bytes, long now) {
        events.schedule(now + fabric.chLatencyPs[c], 0, Engine.EV_CREDIT, c, vc, bytes);
    }

    @Override
    void onCredit(int c, int vc, int bytes) {
        credits[c * vcs + vc] += bytes;
    }

    /** Credits the sender of channel c holds for vc (tests). */
    long credits(int c, int vc) {
        return credits[c * vcs + vc];
    }

    @Override
    String describe() {
        return "credit";
    }
}

package weft.model.sim;

import weft.model.sim.engine.EventQueue;

/**
 * Credit-based flow control per virtual channel, as InfiniBand links: the sender holds one credit per byte of free
 * space in each virtual channel's buffer at the far end, spends it when it sends, and gets it back one link latency
 * after the bytes leave that buffer. Nothing is ever dropped. Seed 003 §2 (hop-by-hop credit flow control, "no packet
 * loss"); credits travel as their own messages, as BookSim's credit channels.
 *
 * <p>Decision: a returning credit is not an event. It waits in the channel's list of returns (in arrival order, as a
 * credit channel delivers them) and is counted when the sender next looks, at or after its arrival time. Only a
 * sender that found too little credit gets an event, at the arrival of the next return, so that it looks again: the
 * same credits at the same times, without one event per packet and hop.
 */
final class CreditFlowControl extends FlowControl {
    private final Engine engine;
    private final long[] credits;
    private final int vcs;
    /** Pending returns as a list per (channel, vc): first and last node, and per node its time, bytes and next. */
    private final int[] first;
    private final int[] last;
    private long[] returnTime = new long[1024];
    private int[] returnBytes = new int[1024];
    private int[] returnNext = new int[1024];
    private int freeNode = -1;
    private int nodes;
    /** A sender found too little credit and no return was on its way: tell it at the next one. */
    private final boolean[] waiting;
    /** Earliest wake-up already scheduled for the sender, {@link Long#MAX_VALUE} when none. */
    private final long[] wakeAt;

    CreditFlowControl(Engine engine, Fabric fabric, Buffers buffers, EventQueue events) {
        super(fabric, buffers, events);
        this.engine = engine;
        vcs = fabric.vcs;
        int n = fabric.channels * vcs;
        credits = new long[n];
        first = new int[n];
        last = new int[n];
        waiting = new boolean[n];
        wakeAt = new long[n];
        java.util.Arrays.fill(first, -1);
        java.util.Arrays.fill(last, -1);
        java.util.Arrays.fill(wakeAt, Long.MAX_VALUE);
        for (int c = 0; c < fabric.channels; c++) {
            long initial = fabric.toHost(c) ? Long.MAX_VALUE / 4 : buffers.capacity;
            java.util.Arrays.fill(credits, c * vcs, (c + 1) * vcs, initial);
        }
    }

    @Override
    boolean canSend(int c, int vc, long bytes) {
        int cv = c * vcs + vc;
        long now = engine.now;
        int node = first[cv];
        while (node >= 0 && returnTime[node] <= now) {
            credits[cv] += returnBytes[node];
            int next = returnNext[node];
            returnNext[node] = freeNode;
            freeNode = node;
            node = next;
        }
        first[cv] = node;
        if (node < 0) {
            last[cv] = -1;
        }
        if (credits[cv] >= bytes) {
            return true;
        }
        if (node >= 0) {
            wake(c, vc, returnTime[node]);
        } else {
            waiting[cv] = true;
        }
        return false;
    }

    private void wake(int c, int vc, long at) {
        int cv = c * vcs + vc;
        if (wakeAt[cv] <= at && wakeAt[cv] >= engine.now) {
            return;
        }
        wakeAt[cv] = at;
        events.schedule(at, Engine.PHASE_STATE, Engine.EV_CREDIT, c, vc, 0);
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
        int cv = c * vcs + vc;
        long at = now + fabric.chLatencyPs[c];
        int node = freeNode;
        if (node >= 0) {
            freeNode = returnNext[node];
        } else {
            if (nodes == returnTime.length) {
                returnTime = java.util.Arrays.copyOf(returnTime, 2 * nodes);
                returnBytes = java.util.Arrays.copyOf(returnBytes, 2 * nodes);
                returnNext = java.util.Arrays.copyOf(returnNext, 2 * nodes);
            }
            node = nodes++;
        }
        returnTime[node] = at;
        returnBytes[node] = bytes;
        returnNext[node] = -1;
        if (last[cv] >= 0) {
            returnNext[last[cv]] = node;
        } else {
            first[cv] = node;
        }
        last[cv] = node;
        if (waiting[cv]) {
            waiting[cv] = false;
            wake(c, vc, at);
        }
    }

    @Override
    void onCredit(int c, int vc, int bytes) {
        int cv = c * vcs + vc;
        if (wakeAt[cv] == engine.now) {
            wakeAt[cv] = Long.MAX_VALUE;
        }
    }

    /** Credits the sender of channel c holds for vc now (tests). */
    long credits(int c, int vc) {
        canSend(c, vc, 0);
        return credits[c * vcs + vc];
    }

    @Override
    String describe() {
        return "credit";
    }
}

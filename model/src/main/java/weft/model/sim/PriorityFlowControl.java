package weft.model.sim;

import weft.model.sim.engine.EventQueue;

/**
 * Priority flow control (IEEE 802.1Qbb) per virtual channel: when a buffer holds XOFF bytes or more it sends its
 * upstream neighbour a pause frame for that priority, and a resume frame once it drains to XON; the neighbour starts
 * no new packet on a paused priority (one already on the wire completes). Lossless only while the buffer keeps
 * headroom for what arrives before the pause takes effect; an overflow drops the flit and is counted.
 *
 * <p>Source: seed 002 §3.1 (Xon/Xoff with {@code F >= F_on + t_rt*b/L_f}, per-priority pause of §3.3.2), sized with
 * {@link weft.model.routing.PauseHeadroom}. Decision: the pause frame (64 bytes) crosses the link one serialisation
 * and one latency after the threshold is crossed, with priority over data, and the receiver counts a packet from its
 * arrival (its head's under cut-through; with infinite speedup, a router delay later).
 */
final class PriorityFlowControl extends FlowControl {
    /** Size of a pause frame on the wire. */
    static final int PAUSE_FRAME_BYTES = 64;

    private final boolean[] paused;
    private final boolean[] xoffSent;
    private final long xoff;
    private final long xon;
    private final int vcs;
    private long overflows;
    private long pauses;

    PriorityFlowControl(Fabric fabric, Buffers buffers, EventQueue events, long xoff, long xon) {
        super(fabric, buffers, events);
        this.vcs = fabric.vcs;
        this.xoff = xoff;
        this.xon = xon;
        paused = new boolean[fabric.channels * vcs];
        xoffSent = new boolean[fabric.channels * vcs];
    }

    @Override
    boolean canSend(int c, int vc, long bytes) {
        return !paused[c * vcs + vc];
    }

    @Override
    void onSend(int c, int vc, int bytes) {
    }

    @Override
    boolean onArrive(int c, int vc, int bytes, long now) {
        int b = c * vcs + vc;
        if (buffers.occupancy[b] > buffers.capacity) {
            overflows++;
            return false;
        }
        if (!xoffSent[b] && buffers.occupancy[b] >= xoff) {
            xoffSent[b] = true;
            pauses++;
            signal(c, vc, 1, now);
        }
        return true;
    }

    @Override
    void onLeave(int c, int vc, int bytes, long now) {
        int b = c * vcs + vc;
        if (xoffSent[b] && buffers.occupancy[b] <= xon) {
            xoffSent[b] = false;
            signal(c, vc, 0, now);
        }
    }

    private void signal(int c, int vc, int pause, long now) {
        long at = now + fabric.serPs(c, PAUSE_FRAME_BYTES) + fabric.chLatencyPs[c];
        events.schedule(at, 0, Engine.EV_PAUSE, c, vc, pause);
    }

    @Override
    void onPause(int c, int vc, boolean pause) {
        paused[c * vcs + vc] = pause;
    }

    @Override
    long pauseFrames() {
        return pauses;
    }

    @Override
    long overflows() {
        return overflows;
    }

    @Override
    String describe() {
        return "pfc (xoff " + xoff + " B, xon " + xon + " B)";
    }
}

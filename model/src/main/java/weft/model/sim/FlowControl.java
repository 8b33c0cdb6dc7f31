package weft.model.sim;

import weft.model.sim.engine.EventQueue;

/**
 * Link-level flow control, one scheme per run: which virtual channel of a link may carry a flit now (sender side),
 * and what a buffer does on arrival and departure (receiver side). Messages between the two ends (credits, pause
 * frames) are events that cross the link in the reverse direction after its latency.
 */
abstract class FlowControl {
    final Fabric fabric;
    final Buffers buffers;
    final EventQueue events;

    FlowControl(Fabric fabric, Buffers buffers, EventQueue events) {
        this.fabric = fabric;
        this.buffers = buffers;
        this.events = events;
    }

    /** Whether virtual channel vc of channel c may take {@code bytes} more now. Channels into hosts always may. */
    abstract boolean canSend(int c, int vc, long bytes);

    /** The sender puts {@code bytes} on virtual channel vc of channel c. */
    abstract void onSend(int c, int vc, int bytes);

    /**
     * {@code bytes} arrive in buffer {@code c * vcs + vc}, already counted in its occupancy.
     *
     * @return false when the buffer had no room and the flit is dropped (its bytes are then uncounted by the caller)
     */
    abstract boolean onArrive(int c, int vc, int bytes, long now);

    /** {@code bytes} left buffer {@code c * vcs + vc} (already uncounted). */
    abstract void onLeave(int c, int vc, int bytes, long now);

    /** A credit message reached the sender of channel c. */
    void onCredit(int c, int vc, int bytes) {
        throw new IllegalStateException(getClass().getSimpleName() + " sends no credits");
    }

    /** A pause (true) or resume (false) frame reached the sender of channel c. */
    void onPause(int c, int vc, boolean pause) {
        throw new IllegalStateException(getClass().getSimpleName() + " sends no pause frames");
    }

    /** Pause frames sent (PFC only). */
    long pauseFrames() {
        return 0;
    }

    /** Flits dropped because a lossless buffer overflowed (PFC headroom too small); always 0 for credits. */
    long overflows() {
        return 0;
    }

    /** A short description for reports. */
    abstract String describe();
}

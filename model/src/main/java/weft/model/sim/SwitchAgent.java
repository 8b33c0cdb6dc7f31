package weft.model.sim;

/**
 * What a {@link Protocol} does at the switches: per-hop work on packets crossing channels it watches (a reservation
 * request gathering a channel's availability, a small flow charged to a reserved channel, seed 001 §2.2 and §2.5),
 * packets addressed to a switch (a grant committing a channel's reservation on its way back, §2.4), congestion
 * marking at input buffers (ECN, §3), and dropping packets that waited too long (speculative packets after their
 * time-to-wait, §2.5). Every method has a do-nothing default. Channels use the {@link SimObserver} numbering.
 */
public interface SwitchAgent {
    /** Whether packets routed onto {@code channel} are shown to {@link #crossing}; asked once per channel. */
    default boolean watches(int channel) {
        return false;
    }

    /** A packet (its head) was routed onto watched {@code channel} at the switch the channel leaves. */
    default void crossing(SimPacket packet, int channel, long nowPs) {
    }

    /**
     * A packet addressed to switch {@code sw} reached it: {@link SimPacket#readdress} sends it on; otherwise it is
     * consumed here.
     */
    default void addressed(SimPacket packet, int sw, long nowPs) {
    }

    /** Whether {@link #buffered} is called (it costs a call per packet and hop). */
    default boolean watchesBuffers() {
        return false;
    }

    /**
     * A packet entered the input buffer at the far end of {@code channel}, which now holds {@code occupancyBytes}
     * of its {@code capacityBytes} (its virtual channel's); {@code aheadBytes} are queued before it in that buffer for
     * its output (infinite speedup: the buffer's queue for that output, a VOQ router's virtual output queue; speedup
     * 1: the whole buffer, a first-in first-out queue);
     * {@code outputHeld} says whether the flow control of its output's link would hold it back now (no credit, or
     * paused: the output is a victim of congestion further on, not its root).
     */
    default void buffered(SimPacket packet, int channel, long occupancyBytes, long capacityBytes, long aheadBytes,
                          boolean outputHeld, long nowPs) {
    }

    /**
     * How long a packet of class {@code cls} may wait in switch buffers, in all ({@link SimPacket#waitedPs}), before a
     * switch drops it; {@link Long#MAX_VALUE} for never. Asked once per class; a switch checks a packet when it could
     * forward it.
     */
    default long maxWaitPs(int cls) {
        return Long.MAX_VALUE;
    }

    /**
     * Switch {@code sw} dropped the packet: it waited too long ({@code expired}; the agent may turn it into a reply
     * with {@link SimPacket#reply}) or found no room in a lossy buffer.
     */
    default void dropped(SimPacket packet, int sw, boolean expired, long nowPs) {
    }
}

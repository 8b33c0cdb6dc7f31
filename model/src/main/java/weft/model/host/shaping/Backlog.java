package weft.model.host.shaping;

/**
 * What an injection scheduler may see of the VOQs it serves: whether a flow has data queued and whether its head
 * packet may leave now. Flows are dense indexes {@code 0..capacity-1}.
 */
public interface Backlog {
    /** Whether flow {@code flow} has at least one packet queued. */
    boolean backlogged(int flow);

    /**
     * The size in bytes of the head packet of {@code flow} if it may leave at {@code nowNanos} (queued and within
     * its token bucket), otherwise 0.
     */
    int readyBytes(int flow, long nowNanos);

    /** The earliest time at which some backlogged flow's head packet conforms, {@link Long#MAX_VALUE} if none. */
    long earliestReadyNanos(long nowNanos);
}

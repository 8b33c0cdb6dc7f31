package weft.model.sim;

/**
 * A host's network interface under a {@link Protocol}: it makes its own traffic, decides what goes on the host link
 * and when, and handles what arrives. The simulator calls {@link #inject} whenever the link is free and something
 * changed (a packet left, a credit returned, a packet arrived, the wake-up time came); the NIC sends at most one
 * packet per call. One instance per host and run; all randomness from the seed it was made with.
 */
public interface Nic {
    /** The host link is free: send at most one packet through {@code link} ({@link HostLink#send}). */
    void inject(HostLink link, long nowPs);

    /**
     * When to call {@link #inject} again if nothing else happens first (a message to make, a reservation that
     * starts, a rate that allows the next packet); {@link Long#MAX_VALUE} when only an event can change anything.
     */
    long wakePs(long nowPs);

    /** A packet for this host arrived (its tail). Replies go out later through {@link #inject}. */
    void received(SimPacket packet, long nowPs);
}

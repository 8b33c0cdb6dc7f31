package weft.model.sim;

/**
 * Watches a run without taking part in it: the simulator calls these as things happen, in simulated time order.
 * The built-in statistics are one such observer; a reproduction adds its own (say, per-tenant throughput) without
 * touching the fabric. Hosts and channels are the simulator's indexes: hosts in topology order; channel {@code 2i}
 * and {@code 2i+1} are link i's two directions, then each host's up and down channel.
 */
public interface SimObserver {
    /** Host {@code host} made a packet for {@code dst}; {@code accepted} false when its full queue refused it. */
    default void generated(int host, int dst, int bytes, long nowPs, boolean accepted) {
    }

    /** A flit of {@code bytes} went on channel {@code channel}, virtual channel vc, from startPs to endPs. */
    default void transmitted(int channel, int vc, int bytes, long startPs, long endPs) {
    }

    /** A packet of flow {@code flow} (-1 for none) was delivered. */
    default void delivered(int src, int dst, int flow, int bytes, long createdPs, long injectedPs, long nowPs) {
    }

    /**
     * A receiver's resequencer (seed 004 §3.4, {@link SimConfig#resequence()}) released a packet of flow {@code flow}
     * (-1 for none) that was injected at {@code injectedPs} and arrived at {@code arrivedPs}: it waited
     * {@code releasedPs - arrivedPs} in the resequencer (0 for a packet that arrived in order). Called before
     * {@link #delivered}.
     */
    default void resequenced(int src, int dst, int flow, long injectedPs, long arrivedPs, long releasedPs) {
    }

    /** A packet (or flit) was dropped where channel {@code channel} ends. */
    default void dropped(int channel, int src, int dst, int bytes, long nowPs) {
    }
}

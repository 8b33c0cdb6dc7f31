package weft.agent.voq;

import java.net.InetSocketAddress;
import weft.model.host.shaping.TokenBucket;

/**
 * The VOQs of one agent: the model's {@link weft.model.host.voq.VoqTable} of {@link Voq}s, looked up by destination
 * agent id (its IPv4 address as an int), each created on first use with the agent's queue sizes and bucket depth.
 */
public final class VoqTable {
    private final weft.model.host.voq.VoqTable<Voq> voqs;
    private final int capacityPackets;
    private final long capacityBytes;
    private final int bucketDepthBytes;

    public VoqTable(int maxDestinations, int capacityPackets, long capacityBytes, int bucketDepthBytes) {
        this.voqs = new weft.model.host.voq.VoqTable<>(maxDestinations);
        this.capacityPackets = capacityPackets;
        this.capacityBytes = capacityBytes;
        this.bucketDepthBytes = bucketDepthBytes;
    }

    /** The VOQ towards {@code dstId}, or null. */
    public Voq get(int dstId) {
        return voqs.get(dstId);
    }

    /**
     * The VOQ towards {@code dstId}, created at {@code initialRate} bit/s if missing.
     *
     * @throws IllegalStateException when all {@code maxDestinations} VOQs exist
     */
    public Voq getOrCreate(int dstId, InetSocketAddress dst, long initialRate, long nowNanos) {
        Voq v = voqs.get(dstId);
        if (v != null) {
            return v;
        }
        if (voqs.size() == voqs.capacity()) {
            throw new IllegalStateException("voq table: all " + voqs.capacity() + " destinations in use, cannot add "
                    + dst + " (--max-destinations)");
        }
        return voqs.getOrCreate(dstId, (index, id) -> new Voq(index, id, dst, capacityPackets, capacityBytes,
                new TokenBucket(initialRate, bucketDepthBytes, nowNanos)));
    }

    /** Sets the route facts of a VOQ (from the controller). */
    public void configure(Voq v, String dstHost, InetSocketAddress dst, int tenant, int[] tags, String policy,
                          boolean manual) {
        v.configure(dstHost, dst, tenant, tags, policy, manual);
    }

    /** The VOQ at dense index {@code i}, or null. */
    public Voq at(int i) {
        return voqs.at(i);
    }

    /** One past the highest index in use. */
    public int span() {
        return voqs.span();
    }

    public int capacity() {
        return voqs.capacity();
    }
}

package weft.agent.voq;

import java.net.InetSocketAddress;
import weft.agent.shaping.TokenBucket;

/**
 * The VOQs of one agent, dense indexes {@code 0..capacity-1} looked up by destination agent id (its IPv4 address
 * as an int) without boxing. VOQs are created on first use and live as long as the agent.
 */
public final class VoqTable {
    private final Voq[] voqs;
    private final IntSlotMap index;
    private final int capacityPackets;
    private final long capacityBytes;
    private final int bucketDepthBytes;
    private int count;

    public VoqTable(int maxDestinations, int capacityPackets, long capacityBytes, int bucketDepthBytes) {
        this.voqs = new Voq[maxDestinations];
        this.index = new IntSlotMap(maxDestinations);
        this.capacityPackets = capacityPackets;
        this.capacityBytes = capacityBytes;
        this.bucketDepthBytes = bucketDepthBytes;
    }

    /** The VOQ towards {@code dstId}, or null. */
    public Voq get(int dstId) {
        int s = index.get(dstId);
        return s < 0 ? null : voqs[s];
    }

    /**
     * The VOQ towards {@code dstId}, created at {@code initialRate} bit/s if missing.
     *
     * @throws IllegalStateException when all {@code maxDestinations} VOQs exist
     */
    public Voq getOrCreate(int dstId, InetSocketAddress dst, long initialRate, long nowNanos) {
        int s = index.get(dstId);
        if (s >= 0) {
            return voqs[s];
        }
        s = index.put(dstId);
        if (s < 0) {
            throw new IllegalStateException("voq table: all " + voqs.length + " destinations in use, cannot add "
                    + dst + " (--max-destinations)");
        }
        Voq v = new Voq(s, dstId, dst, capacityPackets, capacityBytes,
                new TokenBucket(initialRate, bucketDepthBytes, nowNanos));
        voqs[s] = v;
        count = Math.max(count, s + 1);
        return v;
    }

    /** Sets the route facts of a VOQ (from the controller). */
    public void configure(Voq v, String dstHost, InetSocketAddress dst, int tenant, int[] tags, String policy,
                          boolean manual) {
        v.configure(dstHost, dst, tenant, tags, policy, manual);
    }

    /** The VOQ at dense index {@code i}, or null. */
    public Voq at(int i) {
        return voqs[i];
    }

    /** One past the highest index in use. */
    public int span() {
        return count;
    }

    public int capacity() {
        return voqs.length;
    }
}

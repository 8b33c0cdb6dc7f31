package weft.agent.voq;

import io.netty.buffer.ByteBuf;
import java.net.InetSocketAddress;
import weft.model.host.shaping.TokenBucket;
import weft.model.host.voq.VirtualOutputQueue;

/**
 * The agent's virtual output queue: the model's {@link VirtualOutputQueue} holding Netty payload buffers, plus the
 * destination agent's UDP address. It owns the buffers it holds: a payload it drops, or still holds at shutdown, is
 * released here. Owned by the data-path thread.
 *
 * <p>Source: seed 004 §4.1 (VOQs per destination server, tail drop when full); the queue bookkeeping is the model's.
 * Path tags are UDP source ports here; empty = the agent's data port only.
 */
public final class Voq extends VirtualOutputQueue<ByteBuf> {
    private String dstHost;
    private InetSocketAddress dst;

    Voq(int index, int dstId, InetSocketAddress dst, int capacityPackets, long capacityBytes, TokenBucket bucket) {
        super(index, dstId, capacityPackets, capacityBytes, bucket);
        this.dst = dst;
        this.dstHost = dst.getAddress().getHostAddress();
    }

    /** Appends an application-data payload (shim kind 0); see {@link #offer(ByteBuf, int)}. */
    public boolean offer(ByteBuf payload) {
        return offer(payload, 0);
    }

    /**
     * Appends a packet payload of shim kind {@code kind} (data or stream fragment), or drops it (counted, released)
     * when the queue is full; says which.
     */
    public boolean offer(ByteBuf payload, int kind) {
        if (offer(payload, payload.readableBytes(), kind)) {
            return true;
        }
        payload.release();
        return false;
    }

    /** Releases every queued payload (shutdown). */
    public void clear() {
        while (sizePackets() > 0) {
            poll().release();
        }
    }

    void configure(String dstHost, InetSocketAddress dst, int tenant, int[] tags, String policy, boolean manual) {
        this.dstHost = dstHost;
        this.dst = dst;
        configure(tenant, tags, policy, manual);
    }

    public String dstHost() {
        return dstHost;
    }

    public InetSocketAddress dst() {
        return dst;
    }
}

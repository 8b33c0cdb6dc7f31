package weft.agent.voq;

import io.netty.buffer.ByteBuf;
import java.net.InetSocketAddress;
import weft.agent.shaping.TokenBucket;

/**
 * One virtual output queue: a bounded FIFO of payload buffers towards one destination agent, its token bucket, its
 * allowed paths (as UDP source-port tags) and its counters. Owned by the data-path thread.
 *
 * <p>Source: seed 004 §4.1 (VOQs per destination server, tail drop when full). Decision: the sequence number and
 * timestamp are stamped when a packet leaves the VOQ, not when it enters (App. A's layer order), so VOQ waiting time
 * does not inflate the resequencer's delay variation.
 */
public final class Voq {
    private final int index;
    private final int dstId;
    private final ByteBuf[] ring;
    private final byte[] kinds;
    private final long capacityBytes;
    private final TokenBucket bucket;
    private String dstHost;
    private InetSocketAddress dst;
    private int tenant;
    private int[] tags = new int[0];
    private String policy = "sd";
    private boolean manual;
    private int head;
    private int size;
    private long bytes;
    private int nextSeq;
    private long enqueuedPackets;
    private long sentPackets;
    private long sentBytes;
    private long droppedPackets;

    Voq(int index, int dstId, InetSocketAddress dst, int capacityPackets, long capacityBytes, TokenBucket bucket) {
        this.index = index;
        this.dstId = dstId;
        this.dst = dst;
        this.dstHost = dst.getAddress().getHostAddress();
        this.ring = new ByteBuf[capacityPackets];
        this.kinds = new byte[capacityPackets];
        this.capacityBytes = capacityBytes;
        this.bucket = bucket;
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
        if (size == ring.length || bytes + payload.readableBytes() > capacityBytes) {
            droppedPackets++;
            payload.release();
            return false;
        }
        kinds[(head + size) % ring.length] = (byte) kind;
        ring[(head + size) % ring.length] = payload;
        size++;
        bytes += payload.readableBytes();
        enqueuedPackets++;
        return true;
    }

    /** Whether {@code packets} more packets of {@code payloadBytes} total would fit. */
    public boolean hasRoom(int packets, long payloadBytes) {
        return size + packets <= ring.length && bytes + payloadBytes <= capacityBytes;
    }

    /** The head payload's size, or 0 when empty. */
    public int headBytes() {
        return size == 0 ? 0 : ring[head].readableBytes();
    }

    /** The head payload's shim kind (valid when not empty). */
    public int headKind() {
        return kinds[head];
    }

    /** Removes and returns the head payload; the caller owns it. */
    public ByteBuf poll() {
        ByteBuf b = ring[head];
        ring[head] = null;
        head = (head + 1) % ring.length;
        size--;
        bytes -= b.readableBytes();
        return b;
    }

    /** Records a sent packet of {@code wireBytes}; returns the sequence number it carries. */
    public int stampSent(int wireBytes) {
        sentPackets++;
        sentBytes += wireBytes;
        return nextSeq++;
    }

    /** Releases every queued payload (shutdown). */
    public void clear() {
        while (size > 0) {
            poll().release();
        }
    }

    void configure(String dstHost, InetSocketAddress dst, int tenant, int[] tags, String policy, boolean manual) {
        this.dstHost = dstHost;
        this.dst = dst;
        this.tenant = tenant;
        this.tags = tags.clone();
        this.policy = policy;
        this.manual = manual;
    }

    /** Whether the controller said this VOQ's rate was set by hand (reported back after a controller restart). */
    public boolean manual() {
        return manual;
    }

    public int index() {
        return index;
    }

    public int dstId() {
        return dstId;
    }

    public String dstHost() {
        return dstHost;
    }

    public InetSocketAddress dst() {
        return dst;
    }

    public int tenant() {
        return tenant;
    }

    /** UDP source ports, one per allowed path; empty = the agent's data port only. */
    public int[] tags() {
        return tags;
    }

    public String policy() {
        return policy;
    }

    public TokenBucket bucket() {
        return bucket;
    }

    public int sizePackets() {
        return size;
    }

    public long backlogBytes() {
        return bytes;
    }

    public long enqueuedPackets() {
        return enqueuedPackets;
    }

    public long sentPackets() {
        return sentPackets;
    }

    public long sentBytes() {
        return sentBytes;
    }

    public long droppedPackets() {
        return droppedPackets;
    }
}

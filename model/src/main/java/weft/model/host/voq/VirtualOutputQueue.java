package weft.model.host.voq;

import weft.model.host.shaping.TokenBucket;

/**
 * One virtual output queue: a bounded FIFO of packets towards one destination host, each held as an opaque handle
 * {@code P} with its length in bytes and its kind, plus the queue's token bucket, its allowed paths (path tags), its
 * sequence counter and its counters. The agent holds Netty buffers in it, a simulator its own packet records; the
 * queue never looks inside a handle.
 *
 * <p>Source: seed 004 §4.1 (VOQs per destination server, tail drop when full). Decision: the sequence number (and
 * the sender's timestamp) is taken when a packet leaves the VOQ ({@link #stampSent}), not when it enters (App. A's
 * layer order), so VOQ waiting time does not inflate the resequencer's delay variation.
 * Preallocated ring, no allocation per packet; one owner thread.
 *
 * @param <P> the packet handle
 */
public class VirtualOutputQueue<P> {
    private final int index;
    private final int dstId;
    private final Object[] ring;
    private final int[] lengths;
    private final byte[] kinds;
    private final long capacityBytes;
    private final TokenBucket bucket;
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

    /**
     * @param index           this queue's dense index in its {@link VoqTable}
     * @param dstId           the destination host's id
     * @param capacityPackets packets held at most
     * @param capacityBytes   bytes held at most
     * @param bucket          the token bucket that paces this queue
     */
    public VirtualOutputQueue(int index, int dstId, int capacityPackets, long capacityBytes, TokenBucket bucket) {
        if (capacityPackets <= 0 || capacityBytes <= 0) {
            throw new IllegalArgumentException("voq " + dstId + ": capacity must be positive, got "
                    + capacityPackets + " packets, " + capacityBytes + " bytes");
        }
        this.index = index;
        this.dstId = dstId;
        this.ring = new Object[capacityPackets];
        this.lengths = new int[capacityPackets];
        this.kinds = new byte[capacityPackets];
        this.capacityBytes = capacityBytes;
        this.bucket = bucket;
    }

    /**
     * Appends {@code packet} of {@code length} bytes and kind {@code kind}, or counts it as dropped (tail drop) when
     * the queue is full; says which. A dropped packet stays the caller's to dispose of.
     */
    public boolean offer(P packet, int length, int kind) {
        if (size == ring.length || bytes + length > capacityBytes) {
            droppedPackets++;
            return false;
        }
        int tail = (head + size) % ring.length;
        ring[tail] = packet;
        lengths[tail] = length;
        kinds[tail] = (byte) kind;
        size++;
        bytes += length;
        enqueuedPackets++;
        return true;
    }

    /** Whether {@code packets} more packets of {@code payloadBytes} total would fit. */
    public boolean hasRoom(int packets, long payloadBytes) {
        return size + packets <= ring.length && bytes + payloadBytes <= capacityBytes;
    }

    /** The head packet's length, or 0 when empty. */
    public int headBytes() {
        return size == 0 ? 0 : lengths[head];
    }

    /** The head packet's kind (valid when not empty). */
    public int headKind() {
        return kinds[head];
    }

    /** Removes and returns the head packet; the caller owns it. */
    @SuppressWarnings("unchecked")
    public P poll() {
        if (size == 0) {
            throw new IllegalStateException("voq " + dstId + ": poll on an empty queue");
        }
        P p = (P) ring[head];
        ring[head] = null;
        bytes -= lengths[head];
        head = (head + 1) % ring.length;
        size--;
        return p;
    }

    /** Records a sent packet of {@code wireBytes}; returns the sequence number it carries. */
    public int stampSent(int wireBytes) {
        sentPackets++;
        sentBytes += wireBytes;
        return nextSeq++;
    }

    /** Sets the path facts of this queue (from the controller): tenant, path tags, path policy name, manual rate. */
    public void configure(int tenant, int[] tags, String policy, boolean manual) {
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

    public int tenant() {
        return tenant;
    }

    /** Path tags, one per allowed path; empty = the default path only. */
    public int[] tags() {
        return tags;
    }

    /** The path policy name ({@code weft.model.host.path.PathPolicy#create}) that spreads this queue's packets. */
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

package weft.model.host.voq;

import weft.model.host.shaping.TokenBucket;

/**
 * One virtual output queue: a bounded FIFO of packets towards one destination host, each held as an opaque handle
 * with its length in bytes and its kind, plus the queue's token bucket, its allowed paths (path tags), its sequence
 * counter and its counters. The queue never looks inside a handle. A handle is an object {@code P} (the agent holds
 * Netty buffers: {@link #offer(Object, int, int)}, {@link #poll()}) or, in a queue made by {@link #ofHandles}, an
 * {@code int} (the simulator's packet records, which live in primitive arrays: {@link #offerHandle},
 * {@link #headHandle}, {@link #pollHandle}), so a simulated host boxes nothing per packet.
 *
 * <p>Source: seed 004 §4.1 (VOQs per destination server, tail drop when full). Decision: the sequence number (and
 * the sender's timestamp) is taken when a packet leaves the VOQ ({@link #stampSent}), not when it enters (App. A's
 * layer order), so VOQ waiting time does not inflate the resequencer's delay variation.
 * The agent's ring is preallocated (no allocation per packet); a handle queue's ring starts small and doubles up to
 * its bound, because a simulated fabric has thousands of hosts whose queues are mostly short. One owner thread.
 *
 * @param <P> the packet handle ({@link Void} for a queue of int handles)
 */
public class VirtualOutputQueue<P> {
    private final int index;
    private final int dstId;
    private static final int FIRST_HANDLE_RING = 4;

    private final Object[] ring;
    private int[] handles;
    private int[] lengths;
    private byte[] kinds;
    private final int capacityPackets;
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
        this(index, dstId, capacityPackets, capacityBytes, bucket, false);
    }

    private VirtualOutputQueue(int index, int dstId, int capacityPackets, long capacityBytes, TokenBucket bucket,
                               boolean intHandles) {
        if (capacityPackets <= 0 || capacityBytes <= 0) {
            throw new IllegalArgumentException("voq " + dstId + ": capacity must be positive, got "
                    + capacityPackets + " packets, " + capacityBytes + " bytes");
        }
        this.index = index;
        this.dstId = dstId;
        int slots = intHandles ? Math.min(capacityPackets, FIRST_HANDLE_RING) : capacityPackets;
        this.ring = intHandles ? null : new Object[slots];
        this.handles = intHandles ? new int[slots] : null;
        this.lengths = new int[slots];
        this.kinds = new byte[slots];
        this.capacityPackets = capacityPackets;
        this.capacityBytes = capacityBytes;
        this.bucket = bucket;
    }

    /**
     * A queue of {@code int} packet handles ({@link #offerHandle}, {@link #headHandle}, {@link #pollHandle}); its
     * ring grows on demand up to {@code capacityPackets}. The object methods ({@link #offer(Object, int, int)},
     * {@link #poll()}) refuse it.
     *
     * @param bucket the token bucket that paces this queue, or null when the owner paces it otherwise
     */
    public static VirtualOutputQueue<Void> ofHandles(int index, int dstId, int capacityPackets, long capacityBytes,
                                                     TokenBucket bucket) {
        return new VirtualOutputQueue<>(index, dstId, capacityPackets, capacityBytes, bucket, true);
    }

    /**
     * Appends {@code packet} of {@code length} bytes and kind {@code kind}, or counts it as dropped (tail drop) when
     * the queue is full; says which. A dropped packet stays the caller's to dispose of.
     */
    public boolean offer(P packet, int length, int kind) {
        int tail = reserve(length, kind, ring == null, "a queue of int handles takes offerHandle");
        if (tail < 0) {
            return false;
        }
        ring[tail] = packet;
        return true;
    }

    /**
     * Appends the packet with int handle {@code handle} of {@code length} bytes and kind {@code kind} to a queue made
     * by {@link #ofHandles}, or counts it as dropped (tail drop) when the queue is full; says which.
     */
    public boolean offerHandle(int handle, int length, int kind) {
        int tail = reserve(length, kind, handles == null, "a queue of objects takes offer");
        if (tail >= 0) {
            handles[tail] = handle;
        }
        return tail >= 0;
    }

    /**
     * The ring slot of a new tail packet with its length and kind recorded, or -1 (counted as dropped) when full.
     *
     * @throws IllegalStateException with {@code misuse} when {@code wrongKind} (an object offered to a queue of int
     *                               handles or the reverse)
     */
    private int reserve(int length, int kind, boolean wrongKind, String misuse) {
        if (wrongKind) {
            throw new IllegalStateException("voq " + dstId + ": " + misuse);
        }
        if (size == capacityPackets || bytes + length > capacityBytes) {
            droppedPackets++;
            return -1;
        }
        if (size == lengths.length) {
            grow();
        }
        int tail = head + size;
        if (tail >= lengths.length) {
            tail -= lengths.length;
        }
        lengths[tail] = length;
        kinds[tail] = (byte) kind;
        size++;
        bytes += length;
        enqueuedPackets++;
        return tail;
    }

    /** Doubles a handle queue's ring (bounded by its capacity), keeping the packets in order from slot 0. */
    private void grow() {
        int n = Math.min(capacityPackets, lengths.length * 2);
        int[] h = new int[n];
        int[] l = new int[n];
        byte[] k = new byte[n];
        for (int i = 0; i < size; i++) {
            int from = (head + i) % lengths.length;
            h[i] = handles[from];
            l[i] = lengths[from];
            k[i] = kinds[from];
        }
        handles = h;
        lengths = l;
        kinds = k;
        head = 0;
    }

    /** Whether {@code packets} more packets of {@code payloadBytes} total would fit. */
    public boolean hasRoom(int packets, long payloadBytes) {
        return size + packets <= capacityPackets && bytes + payloadBytes <= capacityBytes;
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
        if (ring == null) {
            throw new IllegalStateException("voq " + dstId + ": a queue of int handles takes pollHandle");
        }
        requireHead("poll");
        P p = (P) ring[head];
        ring[head] = null;
        advance();
        return p;
    }

    /** The head packet's int handle in a queue made by {@link #ofHandles}, or -1 when empty. */
    public int headHandle() {
        return size == 0 ? -1 : handles[head];
    }

    /** Removes the head packet of a queue made by {@link #ofHandles} and returns its int handle. */
    public int pollHandle() {
        requireHead("pollHandle");
        int h = handles[head];
        advance();
        return h;
    }

    private void requireHead(String what) {
        if (size == 0) {
            throw new IllegalStateException("voq " + dstId + ": " + what + " on an empty queue");
        }
    }

    private void advance() {
        bytes -= lengths[head];
        head++;
        if (head == lengths.length) {
            head = 0;
        }
        size--;
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

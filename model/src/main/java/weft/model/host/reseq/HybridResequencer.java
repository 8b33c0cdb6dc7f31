package weft.model.host.reseq;

import weft.model.host.voq.IntSlotMap;

/**
 * The hybrid resequencer: per sender, a packet whose sequence number is the expected one (ESN) is delivered at once
 * with no added delay; any other packet waits in a queue ordered by sender timestamp until the gap fills or the
 * queue head has waited its age threshold, when the ESN skips to the head's sequence number.
 *
 * <p>Source: seed 004 §3.4.3 and the simulator rule of §3.4.4, restated as the steps {@code onArrival},
 * {@code releaseInOrder}, {@code armTimer}, {@code onTimer}. The age threshold is adaptive: {@code maxDelay} is the
 * largest {@code arrival - senderTimestamp} seen from that sender (it includes the unknown constant clock offset, so no
 * clock synchronisation is needed) and never decreases; a head times out at {@code head.ts + maxDelay}. A restarted
 * sender (sequence back at 0) re-syncs by that timeout (property 5 of the thesis).
 *
 * <p>Decision, late packets (the thesis is silent; docs/sources.md), chosen by {@link LateMode}:
 * <ul>
 *   <li>{@link LateMode#FAITHFUL}: the literal thesis rule. A packet whose slot was already skipped is queued, its
 *       timer fires at once, the ESN rolls back to it, and the next in-order packets wait a full age threshold
 *       (hand-computed from the rule of §3.4.3). Kept for reproduction.</li>
 *   <li>{@link LateMode#DELIVER_LATE} (the agent's default): a packet behind the ESN (serial arithmetic over 32
 *       bits, RFC 1982) whose timestamp is not newer than the last released packet is delivered at once, flagged
 *       out of order, and the ESN stays. Its data is not lost and in-order traffic is not held back. A packet behind
 *       the ESN with a newer timestamp can only come from a restarted sender, so it is queued and re-syncs by
 *       timeout as in the thesis.</li>
 * </ul>
 * A full per-sender queue releases its head as if it had timed out (bounded memory). Idle senders are forgotten by
 * {@link #evictIdle}. Sequence numbers are compared with serial arithmetic, so wrap-around is harmless.
 *
 * @param <P> the packet payload handed to the sink
 */
public final class HybridResequencer<P> {
    /** What to do with a packet that arrives after its sequence number was skipped. */
    public enum LateMode { FAITHFUL, DELIVER_LATE }

    /** Receives packets in delivery order. */
    @FunctionalInterface
    public interface Sink<P> {
        /**
         * @param outOfOrder true when the packet's timestamp is older than one already delivered from that sender
         */
        void deliver(int sender, int seq, long senderTs, P packet, boolean outOfOrder);
    }

    private final IntSlotMap slots;
    private final int queueCapacity;
    private final long initialMaxDelay;
    private final LateMode lateMode;
    private final Sink<P> sink;
    private final int[] esn;
    private final long[] maxDelay;
    private final long[] lastReleasedTs;
    private final long[] lastArrival;
    private final boolean[] anyReleased;
    private final int[] senderOf;
    private final int[][] qSeq;
    private final long[][] qTs;
    private final Object[][] qPkt;
    private final int[] qStart;
    private final int[] qEnd;

    private long arrivals;
    private long inOrderArrivals;
    private long reorderedArrivals;
    private long releasedInOrderFromQueue;
    private long outOfOrderDeliveries;
    private long skippedSequenceNumbers;
    private long timeouts;

    /**
     * @param maxSenders      senders tracked at once
     * @param queueCapacity   packets held per sender
     * @param initialMaxDelay starting age threshold (same unit as the timestamps); the thesis starts "undefined",
     *                        i.e. the first delay seen; 0 reproduces that
     */
    public HybridResequencer(int maxSenders, int queueCapacity, long initialMaxDelay, LateMode lateMode,
                             Sink<P> sink) {
        if (maxSenders <= 0 || queueCapacity <= 0) {
            throw new IllegalArgumentException("maxSenders and queueCapacity must be positive, got "
                    + maxSenders + " and " + queueCapacity);
        }
        this.slots = new IntSlotMap(maxSenders);
        this.queueCapacity = queueCapacity;
        this.initialMaxDelay = initialMaxDelay;
        this.lateMode = lateMode;
        this.sink = sink;
        this.esn = new int[maxSenders];
        this.maxDelay = new long[maxSenders];
        this.lastReleasedTs = new long[maxSenders];
        this.lastArrival = new long[maxSenders];
        this.anyReleased = new boolean[maxSenders];
        this.senderOf = new int[maxSenders];
        this.qSeq = new int[maxSenders][queueCapacity];
        this.qTs = new long[maxSenders][queueCapacity];
        this.qPkt = new Object[maxSenders][queueCapacity];
        this.qStart = new int[maxSenders];
        this.qEnd = new int[maxSenders];
    }

    /**
     * Step {@code onArrival}: a packet from {@code sender} with sequence number {@code seq} and sender timestamp
     * {@code senderTs} arrives at receiver time {@code now}. Returns false when the sender table is full (the
     * packet was delivered unsequenced).
     */
    public boolean onArrival(int sender, int seq, long senderTs, long now, P packet) {
        int s = accept(sender, seq, senderTs, now, packet);
        if (s >= 0) {
            fireDue(s, now);
        }
        return s >= 0;
    }

    /**
     * {@link #onArrival} for a receiver that reads arrivals in batches: the packet is taken in the same way, but
     * timeouts are left to the {@link #onTimer} the receiver calls once after each batch. The packets of one batch
     * were all waiting in the socket when it was read, so a packet later in the batch fills its gap before the gap
     * can time out; checked per packet, a batch read after the receiver itself stalled would time out heads whose
     * missing packets are right behind them in the batch, since their arrival times are all the late read time.
     * Returns false when the sender table is full (the packet was delivered unsequenced).
     */
    public boolean onBatchArrival(int sender, int seq, long senderTs, long now, P packet) {
        return accept(sender, seq, senderTs, now, packet) >= 0;
    }

    /** Takes one arrival (delivers, releases or queues it); its sender's slot, or -1 when the table is full. */
    private int accept(int sender, int seq, long senderTs, long now, P packet) {
        arrivals++;
        int s = slots.get(sender);
        if (s < 0) {
            s = slots.put(sender);
            if (s < 0) {
                sink.deliver(sender, seq, senderTs, packet, false);
                return -1;
            }
            open(s, sender);
        }
        lastArrival[s] = now;
        maxDelay[s] = Math.max(maxDelay[s], now - senderTs);
        if (seq == esn[s]) {
            inOrderArrivals++;
            release(s, seq, senderTs, packet);
            esn[s] = seq + 1;
            releaseInOrder(s);
        } else if (lateMode == LateMode.DELIVER_LATE && seq - esn[s] < 0 && anyReleased[s]
                && senderTs <= lastReleasedTs[s]) {
            reorderedArrivals++;
            release(s, seq, senderTs, packet);
        } else {
            reorderedArrivals++;
            if (qEnd[s] - qStart[s] == queueCapacity) {
                expireHead(s);
            }
            insertByTimestamp(s, seq, senderTs, packet);
        }
        return s;
    }

    private void open(int s, int sender) {
        senderOf[s] = sender;
        esn[s] = 0;
        maxDelay[s] = initialMaxDelay;
        anyReleased[s] = false;
        qStart[s] = 0;
        qEnd[s] = 0;
    }

    /** Step {@code onTimer}: every sender whose queue head has waited its age threshold skips to that head. */
    public void onTimer(long now) {
        for (int s = 0; s < esn.length; s++) {
            if (slots.used(s)) {
                fireDue(s, now);
            }
        }
    }

    private void fireDue(int s, long now) {
        while (qEnd[s] > qStart[s] && qTs[s][qStart[s]] + maxDelay[s] - now <= 0) {
            timeouts++;
            expireHead(s);
        }
    }

    /** The thesis's timer action: ESN := head.seq (skipping the missing numbers), then release in order. */
    private void expireHead(int s) {
        int headSeq = qSeq[s][qStart[s]];
        if (headSeq - esn[s] > 0) {
            skippedSequenceNumbers += headSeq - esn[s];
        }
        esn[s] = headSeq;
        releaseInOrder(s);
    }

    /** Step {@code releaseInOrder}: pop heads while they carry the ESN. */
    @SuppressWarnings("unchecked")
    private void releaseInOrder(int s) {
        while (qEnd[s] > qStart[s] && qSeq[s][qStart[s]] == esn[s]) {
            int i = qStart[s]++;
            P p = (P) qPkt[s][i];
            qPkt[s][i] = null;
            releasedInOrderFromQueue++;
            release(s, qSeq[s][i], qTs[s][i], p);
            esn[s]++;
        }
        if (qEnd[s] == qStart[s]) {
            qStart[s] = 0;
            qEnd[s] = 0;
        }
    }

    private void release(int s, int seq, long ts, P packet) {
        boolean late = anyReleased[s] && ts < lastReleasedTs[s];
        if (late) {
            outOfOrderDeliveries++;
        } else {
            lastReleasedTs[s] = ts;
        }
        anyReleased[s] = true;
        sink.deliver(senderOf[s], seq, ts, packet, late);
    }

    private void insertByTimestamp(int s, int seq, long ts, P packet) {
        int[] qs = qSeq[s];
        long[] qt = qTs[s];
        Object[] qp = qPkt[s];
        if (qEnd[s] == queueCapacity) {
            int n = qEnd[s] - qStart[s];
            System.arraycopy(qs, qStart[s], qs, 0, n);
            System.arraycopy(qt, qStart[s], qt, 0, n);
            System.arraycopy(qp, qStart[s], qp, 0, n);
            java.util.Arrays.fill(qp, n, queueCapacity, null);
            qStart[s] = 0;
            qEnd[s] = n;
        }
        int i = qEnd[s];
        while (i > qStart[s] && qt[i - 1] > ts) {
            qs[i] = qs[i - 1];
            qt[i] = qt[i - 1];
            qp[i] = qp[i - 1];
            i--;
        }
        qs[i] = seq;
        qt[i] = ts;
        qp[i] = packet;
        qEnd[s]++;
    }

    /** The earliest queue-head deadline over all senders, {@link Long#MAX_VALUE} if nothing waits. */
    public long nextDeadline() {
        long best = Long.MAX_VALUE;
        for (int s = 0; s < esn.length; s++) {
            if (slots.used(s) && qEnd[s] > qStart[s]) {
                long d = qTs[s][qStart[s]] + maxDelay[s];
                if (best == Long.MAX_VALUE || d - best < 0) {
                    best = d;
                }
            }
        }
        return best;
    }

    /** Forgets senders with an empty queue and no arrival for {@code idle} (the thesis leaves the timeout open). */
    public void evictIdle(long now, long idle) {
        for (int s = 0; s < esn.length; s++) {
            if (slots.used(s) && qEnd[s] == qStart[s] && now - lastArrival[s] > idle) {
                slots.remove(senderOf[s]);
            }
        }
    }

    /** The expected sequence number of {@code sender}, or -1 if it has no state. */
    public long expected(int sender) {
        int s = slots.get(sender);
        return s < 0 ? -1 : esn[s];
    }

    /** The age threshold of {@code sender}, or -1 if it has no state. */
    public long maxDelay(int sender) {
        int s = slots.get(sender);
        return s < 0 ? -1 : maxDelay[s];
    }

    /** Packets queued for {@code sender}. */
    public int queued(int sender) {
        int s = slots.get(sender);
        return s < 0 ? 0 : qEnd[s] - qStart[s];
    }

    public long arrivals() {
        return arrivals;
    }

    public long inOrderArrivals() {
        return inOrderArrivals;
    }

    /** Arrivals that did not carry the expected sequence number. */
    public long reorderedArrivals() {
        return reorderedArrivals;
    }

    /** Queued packets later delivered in order (reordering fixed). */
    public long releasedInOrderFromQueue() {
        return releasedInOrderFromQueue;
    }

    /** Deliveries older than one already delivered from the same sender (reordering not fixed). */
    public long outOfOrderDeliveries() {
        return outOfOrderDeliveries;
    }

    /** Sequence numbers given up by timeouts (lost, or late). */
    public long skippedSequenceNumbers() {
        return skippedSequenceNumbers;
    }

    public long timeouts() {
        return timeouts;
    }
}

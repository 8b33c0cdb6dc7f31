package weft.agent.datapath;

import weft.model.host.voq.IntSlotMap;

/**
 * Per-sender receive counters kept by the receiving agent, independent of the resequencer so that reordering is
 * measured with it on or off: arrivals, IP bytes, first and last arrival, the earliest and latest sender timestamp
 * of those arrivals (the span over which the sender sent what arrived), arrivals behind the highest sequence
 * number seen (reordered arrivals), deliveries behind the last delivered one (reordering not fixed), and one-way
 * delay in a histogram of 10 µs buckets up to 100 ms. Preallocated; one owner thread.
 */
final class ReceiveStats {
    static final int BUCKET_NANOS = 10_000;
    static final int BUCKETS = 10_000;

    private final IntSlotMap slots;
    private final long[] packets;
    private final long[] bytes;
    private final long[] first;
    private final long[] last;
    private final long[] firstSent;
    private final long[] lastSent;
    private final int[] highestSeq;
    private final long[] reordered;
    private final long[] delivered;
    private final int[] lastDeliveredSeq;
    private final long[] outOfOrder;
    private final long[][] delay;

    ReceiveStats(int maxSenders) {
        slots = new IntSlotMap(maxSenders);
        packets = new long[maxSenders];
        bytes = new long[maxSenders];
        first = new long[maxSenders];
        last = new long[maxSenders];
        firstSent = new long[maxSenders];
        lastSent = new long[maxSenders];
        highestSeq = new int[maxSenders];
        reordered = new long[maxSenders];
        delivered = new long[maxSenders];
        lastDeliveredSeq = new int[maxSenders];
        outOfOrder = new long[maxSenders];
        delay = new long[maxSenders][BUCKETS + 1];
    }

    private int slot(int sender) {
        int s = slots.get(sender);
        if (s < 0) {
            s = slots.put(sender);
            if (s >= 0) {
                reset(s);
            }
        }
        return s;
    }

    void onArrival(int sender, int seq, long sentEpochNanos, long nowEpochNanos, int wireBytes) {
        int s = slot(sender);
        if (s < 0) {
            return;
        }
        if (packets[s] == 0) {
            first[s] = nowEpochNanos;
            firstSent[s] = sentEpochNanos;
            lastSent[s] = sentEpochNanos;
            highestSeq[s] = seq;
        } else if (seq - highestSeq[s] < 0) {
            reordered[s]++;
        } else {
            highestSeq[s] = seq;
        }
        packets[s]++;
        bytes[s] += wireBytes;
        last[s] = nowEpochNanos;
        firstSent[s] = Math.min(firstSent[s], sentEpochNanos);
        lastSent[s] = Math.max(lastSent[s], sentEpochNanos);
        long d = Math.max(0, nowEpochNanos - sentEpochNanos) / BUCKET_NANOS;
        delay[s][(int) Math.min(d, BUCKETS)]++;
    }

    void onDelivered(int sender, int seq) {
        int s = slots.get(sender);
        if (s < 0) {
            return;
        }
        if (delivered[s] > 0 && seq - lastDeliveredSeq[s] < 0) {
            outOfOrder[s]++;
        } else {
            lastDeliveredSeq[s] = seq;
        }
        delivered[s]++;
    }

    void reset(int sender, boolean known) {
        int s = known ? slots.get(sender) : slot(sender);
        if (s >= 0) {
            reset(s);
        }
    }

    private void reset(int s) {
        packets[s] = 0;
        bytes[s] = 0;
        first[s] = 0;
        last[s] = 0;
        firstSent[s] = 0;
        lastSent[s] = 0;
        reordered[s] = 0;
        delivered[s] = 0;
        outOfOrder[s] = 0;
        java.util.Arrays.fill(delay[s], 0);
    }

    /** The counters for {@code sender} with {@code resequencer}'s (control path, allocation is fine). */
    PathStats.Receiver counters(int sender, PathStats.Resequencer resequencer) {
        int s = slots.get(sender);
        if (s < 0) {
            return new PathStats.Receiver(0, 0, 0, 0, 0, 0, 0, 0, 0, new PathStats.Delay(0, 0, 0, 0), resequencer);
        }
        return new PathStats.Receiver(packets[s], bytes[s], first[s], last[s], firstSent[s], lastSent[s],
                reordered[s], delivered[s], outOfOrder[s], new PathStats.Delay(percentileMicros(s, 0.50),
                percentileMicros(s, 0.90), percentileMicros(s, 0.99), percentileMicros(s, 1.0)), resequencer);
    }

    /** The upper edge of the histogram bucket holding quantile {@code q}, in µs. */
    private long percentileMicros(int s, double q) {
        long n = packets[s];
        if (n == 0) {
            return 0;
        }
        long target = Math.max(1, (long) Math.ceil(q * n));
        long seen = 0;
        for (int b = 0; b <= BUCKETS; b++) {
            seen += delay[s][b];
            if (seen >= target) {
                return (b + 1L) * BUCKET_NANOS / 1000;
            }
        }
        return (BUCKETS + 1L) * BUCKET_NANOS / 1000;
    }
}

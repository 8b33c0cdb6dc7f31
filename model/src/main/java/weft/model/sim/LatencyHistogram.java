package weft.model.sim;

/**
 * Latencies in picoseconds kept in log-linear buckets (values below 256 exactly, above that 128 buckets per power of
 * two, so a percentile is off by less than 0.8%), with the exact count, mean and maximum. Memory is fixed whatever
 * the number of packets.
 */
final class LatencyHistogram {
    private static final int EXACT = 256;
    private static final int SUB = 128;
    private final long[] counts = new long[EXACT + 56 * SUB];
    private long count;
    private double sum;
    private long max;

    void add(long ps) {
        long v = Math.max(0, ps);
        counts[index(v)]++;
        count++;
        sum += v;
        max = Math.max(max, v);
    }

    private static int index(long v) {
        if (v < EXACT) {
            return (int) v;
        }
        int e = 63 - Long.numberOfLeadingZeros(v);
        int shift = e - 7;
        return EXACT + (e - 8) * SUB + (int) ((v >>> shift) & (SUB - 1));
    }

    /** The middle of bucket i. */
    private static double value(int i) {
        if (i < EXACT) {
            return i;
        }
        int e = (i - EXACT) / SUB + 8;
        int shift = e - 7;
        long low = ((long) (SUB + (i - EXACT) % SUB)) << shift;
        return low + ((1L << shift) - 1) / 2.0;
    }

    long count() {
        return count;
    }

    double mean() {
        return count == 0 ? Double.NaN : sum / count;
    }

    long max() {
        return max;
    }

    /** The q-quantile (0 < q <= 1), NaN when empty. */
    double quantile(double q) {
        if (count == 0) {
            return Double.NaN;
        }
        long rank = Math.max(1, (long) Math.ceil(q * count));
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return Math.min(value(i), max);
            }
        }
        return max;
    }

    /** The summary in nanoseconds. */
    Latency summaryNs() {
        return new Latency(count, mean() / 1000, quantile(0.5) / 1000, quantile(0.99) / 1000,
                count == 0 ? Double.NaN : max / 1000.0);
    }
}

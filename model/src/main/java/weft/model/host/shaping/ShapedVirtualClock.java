package weft.model.host.shaping;

/**
 * Shaped Virtual Clock (Stiliadis and Varma), the scheme Periodic Selection adapts: whenever the link is free,
 * send from the flow with the least {@code D(f)/r(f)} among the eligible flows, a flow being eligible once
 * {@code d_p/r(f)} has passed since its last packet; wait if none is eligible.
 *
 * <p>Source: seed 000 §2.3 and §5.2, seed 003 §6 (after Stiliadis and Varma, INFOCOM 1997: docs/sources.md). It
 * prevents per-flow bursts but allows aggregate bursts: several eligible flows go back to back. Kept as an option for
 * comparison; {@link PeriodicSelection} is the default. Tie-break: lowest flow index.
 */
public final class ShapedVirtualClock extends RatedScheduler {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final double[] finish;
    private final long[] eligibleAt;
    private final boolean[] everSent;

    public ShapedVirtualClock(int capacity) {
        super(capacity);
        this.finish = new double[capacity];
        this.eligibleAt = new long[capacity];
        this.everSent = new boolean[capacity];
    }

    private boolean eligible(int f, long nowNanos) {
        return !everSent[f] || nowNanos - eligibleAt[f] >= 0;
    }

    @Override
    public int select(Backlog backlog, long nowNanos) {
        int best = -1;
        for (int f = 0; f < rate.length; f++) {
            if (rate[f] > 0 && eligible(f, nowNanos) && backlog.readyBytes(f, nowNanos) > 0
                    && (best < 0 || finish[f] < finish[best])) {
                best = f;
            }
        }
        return best;
    }

    @Override
    public void sent(int flow, int bytes, long nowNanos) {
        long bits = bytes * 8L;
        finish[flow] += (double) bits / rate[flow];
        eligibleAt[flow] = nowNanos + bits * NANOS_PER_SECOND / rate[flow];
        everSent[flow] = true;
    }

    @Override
    public long nextSelectNanos(Backlog backlog, long nowNanos) {
        long ready = backlog.earliestReadyNanos(nowNanos);
        if (ready == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        long earliest = Long.MAX_VALUE;
        for (int f = 0; f < rate.length; f++) {
            if (rate[f] > 0 && backlog.backlogged(f)) {
                long at = eligible(f, nowNanos) ? nowNanos : eligibleAt[f];
                earliest = Math.min(earliest, at);
            }
        }
        if (earliest == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        return (ready - earliest > 0) ? ready : earliest;
    }
}

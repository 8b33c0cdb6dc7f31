package weft.model.host.shaping;

/**
 * Periodic Selection: the source injects exactly one packet every {@code d_p/R} and chooses it, just before
 * transmission, from the flow with the least {@code D(f)/r(f)}.
 *
 * <p>Source: seed 000 §5.2.1, Fig. 5.1 and seed 003 §6 (an adapted Shaped Virtual Clock). The paper's rules:
 * <ol>
 *   <li>one packet every {@code d_p/R}, {@code R = Σ r(f)}: the aggregate is periodic and burst-free;</li>
 *   <li>the packet comes from {@code argmin D(f)/r(f)}, with no per-flow eligibility test;</li>
 *   <li>time lost to back-pressure is not made up: the period restarts from the actual transmission;</li>
 *   <li>a packet of {@code k·d_p} holds the injector for {@code k·d_p/R} (here: {@code bytes·8/R}).</li>
 * </ol>
 * Implementation option (a) of the thesis: all flows are compared at each transmission (a linear scan over a
 * small dense array, no allocation).
 *
 * <p>Decisions the paper leaves open:
 * <ul>
 *   <li>Tie-break: the lowest flow index (the papers leave it open; the hand-computed test vectors use it).</li>
 *   <li>{@code R} is the sum of the rates of the flows that are backlogged at selection time (seed 003 §6 says
 *       "according to the aggregate rate of all their flows"), so an idle VOQ does not slow the others' clock.</li>
 *   <li>{@code D(f)/r(f)} is kept as a virtual finish time that advances by {@code bytes·8/r(f)} per packet,
 *       which equals {@code D/r} while the rate is constant and stays meaningful when the rate changes. A flow
 *       that becomes backlogged again is lifted to the least finish time of the flows that stayed backlogged,
 *       so idle time is not banked as credit (as in Virtual Clock).</li>
 *   <li>Back-pressure versus timer jitter: a slot in which no flow may send is lost (rule 3), the period
 *       restarting from the actual transmission. The caller must therefore pass each decision's due time, not
 *       the time its thread happened to wake up: the agent's pacing loop ({@link PacingLoop})
 *       makes up late wake-ups itself, so a slot that passes unused here is always one no flow could take.</li>
 * </ul>
 */
public final class PeriodicSelection extends RatedScheduler {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final double[] finish;
    private final boolean[] wasBacklogged;
    private long aggregateRate;
    private long nextSlotNanos;
    private long carry;
    private boolean started;

    public PeriodicSelection(int capacity) {
        super(capacity);
        this.finish = new double[capacity];
        this.wasBacklogged = new boolean[capacity];
    }

    /** The source's aggregate rate {@code R} used for the last slot, in bit/s. */
    public long aggregateRate() {
        return aggregateRate;
    }

    @Override
    public int select(Backlog backlog, long nowNanos) {
        if (started && nowNanos - nextSlotNanos < 0) {
            return -1;
        }
        updateActiveSet(backlog);
        int best = -1;
        for (int f = 0; f < rate.length; f++) {
            if (rate[f] > 0 && backlog.readyBytes(f, nowNanos) > 0 && (best < 0 || finish[f] < finish[best])) {
                best = f;
            }
        }
        return best;
    }

    /** Rule 2 bookkeeping: R over backlogged flows; newly backlogged flows start at the least finish time. */
    private void updateActiveSet(Backlog backlog) {
        double minStaying = Double.POSITIVE_INFINITY;
        long sum = 0;
        for (int f = 0; f < rate.length; f++) {
            if (rate[f] > 0 && backlog.backlogged(f)) {
                sum += rate[f];
                if (wasBacklogged[f]) {
                    minStaying = Math.min(minStaying, finish[f]);
                }
            }
        }
        for (int f = 0; f < rate.length; f++) {
            boolean now = rate[f] > 0 && backlog.backlogged(f);
            if (now && !wasBacklogged[f] && minStaying != Double.POSITIVE_INFINITY) {
                finish[f] = Math.max(finish[f], minStaying);
            }
            wasBacklogged[f] = now;
        }
        aggregateRate = sum;
    }

    @Override
    public void sent(int flow, int bytes, long nowNanos) {
        long bits = bytes * 8L;
        finish[flow] += (double) bits / rate[flow];
        long r = Math.max(aggregateRate, rate[flow]);
        // rule 3: keep the period only if this packet took its slot; a later send restarts the period from now
        boolean keepPeriod = started && nowNanos - nextSlotNanos <= 0;
        long base = keepPeriod ? nextSlotNanos : nowNanos;
        if (!keepPeriod) {
            carry = 0;
        }
        // rule 4: the packet holds the injector for bytes*8/R, with the remainder carried so slots never drift
        long numerator = bits * NANOS_PER_SECOND + carry;
        nextSlotNanos = base + numerator / r;
        carry = numerator % r;
        started = true;
    }

    @Override
    public long nextSelectNanos(Backlog backlog, long nowNanos) {
        long ready = backlog.earliestReadyNanos(nowNanos);
        if (ready == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        long slot = started ? nextSlotNanos : nowNanos;
        return (ready - slot > 0) ? ready : slot;
    }

    /** The virtual finish time {@code D(f)/r(f)} of {@code flow}, in seconds. */
    public double virtualFinish(int flow) {
        return finish[flow];
    }
}

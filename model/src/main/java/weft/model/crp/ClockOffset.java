package weft.model.crp;

import java.util.List;

/**
 * How far this host's clock is from the global time base: global time is {@code local + offset} within
 * {@code ±error} ticks, as measured at local tick {@code measuredAt}. CRP needs every resource on one time base
 * (seed 001 §2.1: accurate to at least {@code ±C_max}); the live form measures the offset with SNTP.
 *
 * @param offset     global minus local
 * @param error      bound on the offset's error when measured, not negative
 * @param measuredAt local tick of the measurement
 */
public record ClockOffset(long offset, long error, long measuredAt) {
    private static final long PPM = 1_000_000L;

    public ClockOffset {
        if (error < 0) {
            throw new IllegalArgumentException("clock offset: error bound " + error + " is negative");
        }
    }

    /**
     * The offset from one client-server exchange (RFC 4330 §5): the client sends at local {@code t1}, the server
     * receives at {@code t2} and answers at {@code t3} (its time, the global base), the client receives at local
     * {@code t4}. The true offset lies in {@code [t3 − t4, t2 − t1]}: the estimate is its midpoint,
     * {@code ((t2 − t1) + (t3 − t4)) / 2}, and the error half its width, half the round-trip delay
     * {@code (t4 − t1) − (t3 − t2)}. The bound holds when {@code t1} is taken at or before the real send and
     * {@code t4} at or after the real receive.
     *
     * @throws IllegalArgumentException when {@code t4 < t1}, {@code t3 < t2} or the delay is negative
     */
    public static ClockOffset fromExchange(long t1, long t2, long t3, long t4) {
        if (t4 < t1 || t3 < t2 || (t4 - t1) < (t3 - t2)) {
            throw new IllegalArgumentException("clock offset: exchange t1=" + t1 + " t2=" + t2 + " t3=" + t3
                    + " t4=" + t4 + " is not causal (need t1 <= t4, t2 <= t3, t3 - t2 <= t4 - t1)");
        }
        long lo = t3 - t4;
        long hi = t2 - t1;
        long offset = lo + (hi - lo) / 2;
        return new ClockOffset(offset, hi - offset, t4);
    }

    /** The sample with the smallest error (NTP's clock filter keeps the least-delay sample); the latest on ties. */
    public static ClockOffset best(List<ClockOffset> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("clock offset: no samples");
        }
        ClockOffset best = samples.get(0);
        for (ClockOffset s : samples) {
            if (s.error < best.error || s.error == best.error && s.measuredAt > best.measuredAt) {
                best = s;
            }
        }
        return best;
    }

    /**
     * The offset to hold after a new measurement {@code fresh}: {@code fresh}, unless this one, its bound grown by a
     * drift of {@code driftPpm} since it was measured, is still tighter at {@code fresh}'s time (ties go to {@code
     * fresh}). As NTP's clock filter prefers the least-delay sample over the latest (RFC 5905 §10): an exchange
     * taken while the host is loaded has a long round trip, so a wide bound; replacing a tight bound by it would stop
     * reserved sending although the clock is known well enough.
     */
    public ClockOffset tighter(ClockOffset fresh, long driftPpm) {
        return errorAt(fresh.measuredAt, driftPpm) < fresh.error ? this : fresh;
    }

    /** The error bound at local tick {@code local}, grown by a clock drift of {@code driftPpm} since measured. */
    public long errorAt(long local, long driftPpm) {
        long since = Math.abs(local - measuredAt);
        return error + Math.floorDiv(Math.multiplyExact(since, driftPpm) + PPM - 1, PPM);
    }

    public long toGlobal(long local) {
        return local + offset;
    }

    public long toLocal(long global) {
        return global - offset;
    }
}

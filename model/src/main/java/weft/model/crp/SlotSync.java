package weft.model.crp;

/**
 * Global slots seen from a host whose clock is off by a measured {@link ClockOffset}: which slot a local tick is
 * in, and the local window inside which data for a slot is sent so that it lands in that slot at every resource.
 *
 * <p>Seed 001 §2.1 needs one time base accurate to {@code ±C_max}, and §2.5 counts the timing uncertainty against
 * the routers' buffers. Decision for the live form, where a host paces a grant inside its slot: the host's clock
 * error must stay within {@code tolerance} (by default a tenth of a slot, so a 100 µs slot needs 10 µs), and each
 * slot's data is sent only in {@code [start + tolerance, end − tolerance)} of local time, a guard on either side that
 * keeps it inside the slot whatever the error within the tolerance. The error grows with the clock's drift since the
 * measurement; past {@link #usableUntil} the host must measure again before it sends reserved data.
 *
 * @param clock     the global slot clock
 * @param offset    this host's measured offset
 * @param driftPpm  the clock's worst drift in parts per million (e.g. 100 for a common crystal)
 * @param tolerance the largest error accepted, which is also the guard time; {@code 2·tolerance < slotTicks}
 */
public record SlotSync(SlotClock clock, ClockOffset offset, long driftPpm, long tolerance) {
    public SlotSync {
        if (driftPpm < 0 || tolerance < 0 || 2 * tolerance >= clock.slotTicks()) {
            throw new IllegalArgumentException("slot sync: drift " + driftPpm + " ppm, tolerance " + tolerance
                    + " ticks: need drift >= 0 and 0 <= 2 x tolerance < slot " + clock.slotTicks());
        }
    }

    /** Weft's default tolerance: a tenth of a slot. */
    public static long defaultTolerance(SlotClock clock) {
        return clock.slotTicks() / 10;
    }

    /** Whether the error bound at local tick {@code local} is within the tolerance. */
    public boolean usableAt(long local) {
        return offset.errorAt(local, driftPpm) <= tolerance;
    }

    /** The last local tick at which the error is within the tolerance ({@code Long.MIN_VALUE}: never). */
    public long usableUntil() {
        long slack = tolerance - offset.error();
        if (slack < 0) {
            return Long.MIN_VALUE;
        }
        if (driftPpm == 0) {
            return Long.MAX_VALUE;
        }
        return offset.measuredAt() + Math.multiplyExact(slack, 1_000_000L) / driftPpm;
    }

    /** The global slot local tick {@code local} is in. */
    public long slotAt(long local) {
        return clock.slotOf(offset.toGlobal(local));
    }

    /** First local tick at which data of global slot {@code slot} may go. */
    public long windowStart(long slot) {
        return offset.toLocal(clock.startOf(slot)) + tolerance;
    }

    /** Local tick at which data of global slot {@code slot} must have gone (exclusive). */
    public long windowEnd(long slot) {
        return offset.toLocal(clock.startOf(slot + 1)) - tolerance;
    }
}

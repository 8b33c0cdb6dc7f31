package weft.model.crp;

import java.util.List;
import weft.model.host.shaping.TokenBucket;

/**
 * Sends a VOQ's granted bytes inside their slots with the VOQ's token bucket: while local time is inside a slot's
 * send window ({@link SlotSync}), the bucket runs at that slot's budget over the window, and a packet goes when the
 * bucket conforms and the slot's budget ({@link SlotBudget#canSpend}) holds it; outside every window, and in slots
 * without budget, nothing reserved goes. Unspent budget expires with its slot.
 *
 * <p>Source: seed 001 §2.3-2.4 (data goes in its reserved slot), carried to the live form as docs/crp.md describes:
 * grants are {@code {slot, bytes}} budgets paced uniformly inside the slot instead of a burst at a timestamp, so the
 * sum over all hosts in a slot stays within what the tables reserved and the timing error is the clock's, not
 * {@code 2·C_max} (§2.5).
 *
 * <p>Times are nanoseconds of the local clock the offset was measured on ({@link SlotSync}), the clock the bucket
 * runs on, at the decision times the pacing loop passes (a late wake-up decides at the due times, so a short stall
 * does not waste budget). The caller charges the bucket for each packet ({@link TokenBucket#tryConsume}) as for
 * unreserved traffic; {@link #sent} spends the budget. Allocation-free after construction; one owner thread.
 */
public final class GrantPacer {
    private static final long NANOS = 1_000_000_000L;

    private final SlotBudget budget;
    private final TokenBucket bucket;
    private SlotSync sync;
    private long bucketRate = -1;
    private long lateUnits;
    private long sentUnits;

    /**
     * @param horizonSlots the controller's window ({@code V_cells})
     * @param bucket       the VOQ's token bucket, whose rate this pacer sets while it has budget
     * @param sync         the slot clock as seen from this host
     */
    public GrantPacer(int horizonSlots, TokenBucket bucket, SlotSync sync) {
        this.budget = new SlotBudget(horizonSlots);
        this.bucket = bucket;
        this.sync = sync;
    }

    /** The host's clock was measured again. */
    public void sync(SlotSync s) {
        this.sync = s;
    }

    public SlotSync sync() {
        return sync;
    }

    /** The global slot of local tick {@code t}. */
    public long slotAt(long t) {
        return sync.slotAt(t);
    }

    /**
     * Adds a grant's budgets at local tick {@code t}; a slot whose send window has ended by then is dropped.
     *
     * @return units dropped because they arrived too late
     */
    public long grant(List<SlotUnits> units, long t) {
        long late = 0;
        long now = slotAt(t);
        for (SlotUnits u : units) {
            if (u.slot() < now || t >= sync.windowEnd(u.slot())) {
                late += u.units();
            } else if (u.slot() < now + budget.horizon()) {
                budget.add(u, now);
            } else {
                late += u.units(); // beyond the window: the controller's clock and ours disagree by a window
            }
        }
        lateUnits += late;
        return late;
    }

    /** Takes back a revoked booking's budgets; returns the units taken back. */
    public long revoke(List<SlotUnits> units) {
        long back = 0;
        for (SlotUnits u : units) {
            back += budget.revoke(u);
        }
        return back;
    }

    /**
     * Sets the bucket to the rate of the slot whose send window holds {@code t}: that slot's budget over its window,
     * or 0 outside every window and in slots without budget.
     *
     * @return the rate in bit/s
     */
    public long prepare(long t) {
        long s = slotAt(t);
        long start = sync.windowStart(s);
        long end = sync.windowEnd(s);
        long rate = 0;
        if (t >= start && t < end && budget.remaining(s) > 0) {
            rate = Math.min(400_000_000_000L, Math.multiplyExact(budget.budget(s), 8 * NANOS) / (end - start));
        }
        if (rate != bucketRate) {
            bucket.setRate(rate, t);
            bucketRate = rate;
        }
        return rate;
    }

    /** Whether a packet of {@code bytes} may go at {@code t}. */
    public boolean ready(int bytes, long t) {
        prepare(t);
        long s = slotAt(t);
        return bucketRate > 0 && budget.canSpend(s, bytes) && bucket.conformingAtNanos(bytes, t) - t <= 0;
    }

    /**
     * The earliest local tick at or after {@code t} at which a packet of {@code bytes} may go as far as is known now:
     * when the bucket conforms inside the current slot's window, or the window start of the next slot with budget
     * for it; {@link Long#MAX_VALUE} when no slot has.
     */
    public long readyAt(int bytes, long t) {
        prepare(t);
        long s = slotAt(t);
        for (int k = 0; k < budget.horizon(); k++) {
            long next = budget.nextWithBudget(s);
            if (next == SlotBudget.none()) {
                return Long.MAX_VALUE;
            }
            long end = sync.windowEnd(next);
            if (budget.canSpend(next, bytes) && t < end) {
                long start = sync.windowStart(next);
                if (t < start) {
                    return start;
                }
                long at = bucket.conformingAtNanos(bytes, t);
                if (at < end) {
                    return at;
                }
            }
            s = next + 1;
        }
        return Long.MAX_VALUE;
    }

    /** Records a reserved packet of {@code bytes} sent at {@code t} (after {@link #ready}). */
    public void sent(int bytes, long t) {
        budget.spend(slotAt(t), bytes);
        sentUnits += bytes;
    }

    /**
     * Expires the budgets of slots before the one {@code t} is in.
     *
     * @return units expired now
     */
    public long expire(long t) {
        return budget.expireBefore(slotAt(t));
    }

    /** Unspent budget in the slot of {@code t} and later: what the VOQ still holds reserved. */
    public long reservedFrom(long t) {
        return budget.remainingFrom(slotAt(t));
    }

    /** Whether any slot at or after the one of {@code t} has budget left. */
    public boolean hasBudget(long t) {
        return budget.nextWithBudget(slotAt(t)) != SlotBudget.none();
    }

    /** Units that expired unspent. */
    public long expiredUnits() {
        return budget.expired();
    }

    /** Units granted for slots that had ended when the grant arrived. */
    public long lateUnits() {
        return lateUnits;
    }

    /** Reserved units sent. */
    public long sentUnits() {
        return sentUnits;
    }
}

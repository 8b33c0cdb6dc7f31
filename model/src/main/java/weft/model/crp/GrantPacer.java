package weft.model.crp;

import java.util.List;

/**
 * Sends a VOQ's granted bytes inside their slots: while local time is inside a slot's send window ({@link SlotSync}),
 * the slot's budget {@code B} falls due uniformly over the window {@code [start, end)}, {@code B (t - start) / (end -
 * start)} by tick {@code t}, and a packet goes when the slot has spent no more than is due ({@link
 * SlotBudget#spentDueAt}) and its budget ({@link SlotBudget#canSpend}) holds the packet; outside every window, and in
 * slots without budget, nothing reserved goes. Unspent budget expires with its slot.
 *
 * <p>Source: seed 001 §2.3-2.4 (data goes in its reserved slot), carried to the live form as docs/crp.md describes:
 * grants are {@code {slot, bytes}} budgets paced uniformly inside the slot instead of a burst at a timestamp, so the
 * sum over all hosts in a slot stays within what the tables reserved and the timing error is the clock's, not
 * {@code 2·C_max} (§2.5).
 *
 * <p>Decision (pacing by what is due, not by a token bucket): whether a packet may go depends only on the decision
 * time and what the slot has spent, so the pacing loop can take a late wake-up's decisions at their due times
 * ({@code PacingLoop}) and send what fell due meanwhile. The first design ran the VOQ's token bucket (two packets
 * deep) at the slot's rate: a bucket refilled at the wall-clock time of a late wake-up cannot be asked about earlier
 * times, and the rate fell to 0 once the wall clock had left the window, so every wake-up late by more than two
 * packets' time lost that part of the slot's budget; on a loaded 2-core lab host that was 20-30% of all grants. How
 * late a slot's data may still go is the caller's choice: it expires slots ({@link #expire}) at its wall-clock time
 * less the lateness it accepts.
 *
 * <p>Times are nanoseconds of the local clock the offset was measured on ({@link SlotSync}). Allocation-free after
 * construction; one owner thread.
 */
public final class GrantPacer {
    private static final long NANOS = 1_000_000_000L;
    private static final long MAX_RATE = 400_000_000_000L;

    private final SlotBudget budget;
    private SlotSync sync;
    private long lateUnits;
    private long sentUnits;

    /**
     * @param horizonSlots the controller's window ({@code V_cells})
     * @param sync         the slot clock as seen from this host
     */
    public GrantPacer(int horizonSlots, SlotSync sync) {
        this.budget = new SlotBudget(horizonSlots);
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
     * The rate the VOQ sends reserved data at around {@code t}, for a scheduler that weighs its flows by rate: the
     * budget of the first slot with budget left (from the one before {@code t}'s, whose rest a late wake-up may still
     * send) over its send window; 0 when no slot has budget.
     */
    public long rate(long t) {
        long s = budget.nextWithBudget(slotAt(t) - 1);
        if (s == SlotBudget.none()) {
            return 0;
        }
        long window = sync.windowEnd(s) - sync.windowStart(s);
        return Math.max(1, Math.min(MAX_RATE, Math.multiplyExact(budget.budget(s), 8 * NANOS) / window));
    }

    /** Whether a packet of {@code bytes} may go at decision time {@code t}. */
    public boolean ready(int bytes, long t) {
        return chargedSlot(bytes, t) != SlotBudget.none();
    }

    /**
     * The slot a packet of {@code bytes} going at {@code t} is charged to: {@code t}'s slot when its window holds
     * {@code t}, its spent units are due and its budget holds the packet; else, late, the slot before, when its
     * window has ended and it still has budget for the packet; else none ({@link SlotBudget#none}).
     *
     * <p>Decision (late spending): what a slot left at its window's end may still go during the next slot, at once.
     * A host this late (the agent's thread not scheduled) would otherwise lose it; sent late, it lands in the next
     * slot at the resources, which then carry at most one slot's leftovers of every sender beyond their reservations,
     * for their queues to absorb. Nothing of a slot goes later than that: it expires.
     */
    private long chargedSlot(int bytes, long t) {
        long s = slotAt(t);
        if (t < sync.windowEnd(s) && budget.canSpend(s, bytes) && t >= budget.spentDueAt(s, sync)) {
            return s;
        }
        if (budget.remaining(s - 1) > 0 && budget.canSpend(s - 1, bytes) && t >= sync.windowEnd(s - 1)) {
            return s - 1;
        }
        return SlotBudget.none();
    }

    /**
     * The earliest local tick at or after {@code t} at which a packet of {@code bytes} may go as far as is known now:
     * {@code t} when the slot before still has budget to send late, when the current slot's spent units are due inside
     * its window, or the window start of the next slot with budget for it; {@link Long#MAX_VALUE} when no slot has.
     */
    public long readyAt(int bytes, long t) {
        if (ready(bytes, t)) {
            return t;
        }
        long s = slotAt(t);
        for (int k = 0; k < budget.horizon(); k++) {
            long next = budget.nextWithBudget(s);
            if (next == SlotBudget.none()) {
                return Long.MAX_VALUE;
            }
            long end = sync.windowEnd(next);
            if (budget.canSpend(next, bytes) && t < end) {
                long at = Math.max(t, budget.spentDueAt(next, sync));
                if (at < end) {
                    return at;
                }
            }
            s = next + 1;
        }
        return Long.MAX_VALUE;
    }

    /**
     * Records a reserved packet of {@code bytes} sent at decision time {@code t} (after {@link #ready}).
     *
     * @return the slot it was charged to
     */
    public long sent(int bytes, long t) {
        long c = chargedSlot(bytes, t);
        long slot = c == SlotBudget.none() ? slotAt(t) : c;
        budget.spend(slot, bytes);
        sentUnits += bytes;
        return slot;
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

    /** Whether any slot from the one before {@code t}'s (whose leftover may go late) on has budget left. */
    public boolean hasBudget(long t) {
        return budget.nextWithBudget(slotAt(t) - 1) != SlotBudget.none();
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

package weft.model.crp;

import java.util.List;

/**
 * Sends a VOQ's granted bytes inside their slots: while local time is inside a slot's send window ({@link SlotSync}),
 * the slot's budget {@code B} falls due uniformly over the window {@code [start, end)}, {@code B (t - start) / (end -
 * start)} by tick {@code t}, and a packet goes when the slot has spent no more than is due ({@link
 * SlotBudget#spentDueAt}) and its budget ({@link SlotBudget#canSpend}) holds the packet; outside every window, and in
 * slots without budget, nothing reserved goes. What a slot has not sent when its window closes expires ({@link
 * #expire}, counted in {@link #expiredUnits}) and is never sent later.
 *
 * <p>Source: seed 001 §2.3-2.4 (data goes in its reserved slot), carried to the live form as docs/crp.md describes:
 * grants are {@code {slot, bytes}} budgets paced uniformly inside the slot instead of a burst at a timestamp, so the
 * sum over all hosts in a slot stays within what the tables reserved and the timing error is the clock's, not
 * {@code 2·C_max} (§2.5).
 *
 * <p>Decision (the time asked is the send time): {@code t} in every call is when the packet leaves, never an earlier
 * decision time of a late wake-up. The rule is then one line: a byte of slot {@code s} leaves only inside {@code s}'s
 * window, which {@link SlotSync} keeps inside the slot at every resource for any clock error within the tolerance.
 * The one exception is the paper's straddling message (§2.5: {@code a} from cell {@code j}, the rest from {@code
 * j+1}): a slot's last packet may take what the slot has left and the rest, less than a packet, from the next slot's
 * budget ({@link SlotBudget}), and leaves inside the first slot's window. A wake-up that comes late inside the window
 * may send at once what fell due since the window's start (pacing from the slot's start, catch-up bounded by its end);
 * one that comes after the window sends nothing of the slot. An earlier design let a slot's leftover go during the
 * next slot and paced at the decision times of a wake-up up to 20 ms late: a late agent made up its slot on top of the
 * next slot's reservations, and a bottleneck's queue held up to a slot of such catch-up.
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
     * The first slot whose send window has not closed at {@code t}: {@code t}'s slot, or the next one when {@code t}
     * is in the guard at the end of its slot.
     */
    private long openSlot(long t) {
        long s = slotAt(t);
        return t < sync.windowEnd(s) ? s : s + 1;
    }

    /**
     * The rate the VOQ sends reserved data at around {@code t}, for a scheduler that weighs its flows by rate: the
     * budget of the first open slot with budget left over its send window; 0 when no slot has budget.
     */
    public long rate(long t) {
        long s = budget.nextWithBudget(openSlot(t));
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
     * The slot a packet of {@code bytes} leaving at {@code t} is charged to: {@code t}'s slot when its window holds
     * {@code t}, its spent units are due ({@link SlotBudget#spentDueAt} is never before the window's start) and its
     * budget holds the packet; else none ({@link SlotBudget#none}).
     */
    private long chargedSlot(int bytes, long t) {
        long s = slotAt(t);
        if (t < sync.windowEnd(s) && budget.canSpend(s, bytes) && t >= budget.spentDueAt(s, sync)) {
            return s;
        }
        return SlotBudget.none();
    }

    /**
     * The earliest local tick at or after {@code t} at which a packet of {@code bytes} may leave as far as is known
     * now: {@code t} when it may leave at once, else when the spent units of the first open slot with budget for it
     * fall due inside its window; {@link Long#MAX_VALUE} when no slot has.
     */
    public long readyAt(int bytes, long t) {
        if (ready(bytes, t)) {
            return t;
        }
        long s = openSlot(t);
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
     * Records a reserved packet of {@code bytes} leaving at {@code t}.
     *
     * @return the slot it was charged to
     * @throws IllegalStateException when {@link #ready} is false: the packet would leave outside its slot's window
     */
    public long sent(int bytes, long t) {
        long slot = chargedSlot(bytes, t);
        if (slot == SlotBudget.none()) {
            throw new IllegalStateException("grant pacer: a reserved packet of " + bytes + " B at local " + t
                    + " ns, in slot " + slotAt(t) + ", has no slot whose window and budget hold it");
        }
        budget.spend(slot, bytes);
        sentUnits += bytes;
        return slot;
    }

    /**
     * Expires the budgets of slots whose send window has closed by {@code t}: what they did not send never goes.
     *
     * @return units expired now
     */
    public long expire(long t) {
        return budget.expireBefore(openSlot(t));
    }

    /** Unspent budget in the slots still open at {@code t}: what the VOQ may still send reserved. */
    public long reservedFrom(long t) {
        return budget.remainingFrom(openSlot(t));
    }

    /** Whether a slot still open at {@code t} has budget left. */
    public boolean hasBudget(long t) {
        return budget.nextWithBudget(openSlot(t)) != SlotBudget.none();
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

package weft.model.crp;

import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * A VOQ's calendar of granted units per global slot, and the pacing that spends them: each slot's units go
 * uniformly over its send window ({@link SlotSync#windowStart} to {@link SlotSync#windowEnd}), so the grants of all
 * hosts in one slot never exceed what the resources reserved for it; what a slot leaves unspent expires with it and
 * is never carried forward.
 *
 * <p>The live form's counterpart of the paper's "the source transmits at the timestamp" (seed 001 §2.4): a
 * controller grants {@code {slot, units}} instead of a timestamp, and the host spreads them over the slot rather than
 * bursting, which bounds the timing uncertainty by the clock error instead of §2.5's {@code 2·C_max}. Not
 * thread-safe: the VOQ's owner drives it.
 */
public final class SlotBudget {
    private final int horizon;
    private final TreeMap<Long, long[]> slots = new TreeMap<>();

    /**
     * @param horizonSlots how far ahead of the current slot a grant may be (the tables' {@code V_cells})
     */
    public SlotBudget(int horizonSlots) {
        if (horizonSlots < 1) {
            throw new IllegalArgumentException("slot budget: horizon " + horizonSlots + " slots, expected >= 1");
        }
        this.horizon = horizonSlots;
    }

    /**
     * Adds a grant's units to its slot.
     *
     * @throws IllegalArgumentException when the slot has passed or lies beyond the horizon
     */
    public void add(SlotUnits grant, long currentSlot) {
        if (grant.slot() < currentSlot || grant.slot() >= currentSlot + horizon) {
            throw new IllegalArgumentException("slot budget: grant " + grant + " outside slots " + currentSlot + ".."
                    + (currentSlot + horizon - 1));
        }
        slots.computeIfAbsent(grant.slot(), s -> new long[2])[0] += grant.units();
    }

    /**
     * Takes back up to {@code revoked.units()} of a slot's unspent budget (a revoked booking).
     *
     * @return units taken back
     */
    public long revoke(SlotUnits revoked) {
        long[] b = slots.get(revoked.slot());
        if (b == null) {
            return 0;
        }
        long back = Math.min(revoked.units(), b[0] - b[1]);
        b[0] -= back;
        return back;
    }

    /** Units granted in {@code slot}. */
    public long budget(long slot) {
        long[] b = slots.get(slot);
        return b == null ? 0 : b[0];
    }

    /** Units spent in {@code slot}. */
    public long spent(long slot) {
        long[] b = slots.get(slot);
        return b == null ? 0 : b[1];
    }

    /**
     * Units of {@code slot} that may go at local tick {@code local}: the budget times the part of the send window
     * that has passed (the tick {@code local} included), less what was spent; 0 outside the window. At the window's
     * last tick the whole budget is due.
     */
    public long allowance(long slot, long local, SlotSync sync) {
        long[] b = slots.get(slot);
        if (b == null) {
            return 0;
        }
        long start = sync.windowStart(slot);
        long end = sync.windowEnd(slot);
        if (local < start || local >= end) {
            return 0;
        }
        long due = Math.multiplyExact(b[0], local + 1 - start) / (end - start);
        return Math.max(0, due - b[1]);
    }

    /**
     * Records units sent for {@code slot}.
     *
     * @throws IllegalArgumentException when they exceed the slot's unspent budget
     */
    public void spend(long slot, long units) {
        long[] b = slots.get(slot);
        if (b == null || units < 0 || b[1] + units > b[0]) {
            throw new IllegalArgumentException("slot budget: spending " + units + " units in slot " + slot
                    + " with " + (b == null ? 0 : b[0] - b[1]) + " unspent");
        }
        b[1] += units;
    }

    /**
     * Forgets every slot before {@code slot}.
     *
     * @return the units they left unspent (expired, not carried forward)
     */
    public long expireBefore(long slot) {
        long lost = 0;
        for (Iterator<Map.Entry<Long, long[]>> it = slots.headMap(slot).entrySet().iterator(); it.hasNext(); ) {
            long[] b = it.next().getValue();
            lost += b[0] - b[1];
            it.remove();
        }
        return lost;
    }
}

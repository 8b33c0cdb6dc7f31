package weft.model.crp;

/**
 * A VOQ's calendar of granted units per global slot, and the pacing that spends them: each slot's units go
 * uniformly over its send window ({@link SlotSync#windowStart} to {@link SlotSync#windowEnd}), so the grants of all
 * hosts in one slot never exceed what the resources reserved for it; what a slot leaves unspent expires with it and
 * is never carried forward.
 *
 * <p>The live form's counterpart of the paper's "the source transmits at the timestamp" (seed 001 §2.4): a
 * controller grants {@code {slot, units}} instead of a timestamp, and the host spreads them over the slot rather than
 * bursting, which bounds the timing uncertainty by the clock error instead of §2.5's {@code 2·C_max}.
 *
 * <p>Decision (packets against budgets): data goes in whole packets, and a slot's budget is rarely a whole number of
 * them. The last packet of a slot may therefore take what the slot has left and the rest from the next slot's budget
 * ({@link #canSpend}), which the next slot then lacks: the two slots together never carry more than granted, and one
 * slot carries at most one packet more. Without it a slot would strand up to a packet of every grant.
 *
 * <p>Kept in a ring of {@code 2·horizon} cells (no allocation, no boxing: the agent's data path calls it per packet).
 * Not thread-safe: the VOQ's owner drives it.
 */
public final class SlotBudget {
    private static final long EMPTY = Long.MIN_VALUE;

    private final int horizon;
    private final long[] slotOf;
    private final long[] budget;
    private final long[] spent;
    private long expired;

    /**
     * @param horizonSlots how far ahead of the current slot a grant may be (the tables' {@code V_cells})
     */
    public SlotBudget(int horizonSlots) {
        if (horizonSlots < 1 || horizonSlots > 1 << 16) {
            throw new IllegalArgumentException("slot budget: horizon " + horizonSlots + " slots, expected 1.."
                    + (1 << 16));
        }
        this.horizon = horizonSlots;
        this.slotOf = new long[2 * horizonSlots];
        this.budget = new long[2 * horizonSlots];
        this.spent = new long[2 * horizonSlots];
        java.util.Arrays.fill(slotOf, EMPTY);
    }

    public int horizon() {
        return horizon;
    }

    private int index(long slot) {
        return (int) Math.floorMod(slot, (long) slotOf.length);
    }

    /** The cell of {@code slot}, or -1 when the calendar holds nothing for it. */
    private int cell(long slot) {
        int i = index(slot);
        return slotOf[i] == slot ? i : -1;
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
        int i = index(grant.slot());
        if (slotOf[i] != grant.slot()) {
            if (slotOf[i] != EMPTY) {
                expired += budget[i] - spent[i]; // a slot 2 horizons old that no one expired
            }
            slotOf[i] = grant.slot();
            budget[i] = 0;
            spent[i] = 0;
        }
        budget[i] += grant.units();
    }

    /**
     * Takes back up to {@code revoked.units()} of a slot's unspent budget (a revoked booking).
     *
     * @return units taken back
     */
    public long revoke(SlotUnits revoked) {
        int i = cell(revoked.slot());
        if (i < 0) {
            return 0;
        }
        long back = Math.min(revoked.units(), budget[i] - spent[i]);
        budget[i] -= back;
        return back;
    }

    /** Units granted in {@code slot}. */
    public long budget(long slot) {
        int i = cell(slot);
        return i < 0 ? 0 : budget[i];
    }

    /** Units spent in {@code slot} (borrowed ones included). */
    public long spent(long slot) {
        int i = cell(slot);
        return i < 0 ? 0 : spent[i];
    }

    /** Units of {@code slot} not yet spent. */
    public long remaining(long slot) {
        int i = cell(slot);
        return i < 0 ? 0 : budget[i] - spent[i];
    }

    /** Unspent units in {@code slot} and every later slot: what the VOQ holds reserved from there on. */
    public long remainingFrom(long slot) {
        long sum = 0;
        for (int i = 0; i < slotOf.length; i++) {
            if (slotOf[i] != EMPTY && slotOf[i] >= slot) {
                sum += budget[i] - spent[i];
            }
        }
        return sum;
    }

    /** The first slot at or after {@code slot}, within the horizon, with unspent units; {@code EMPTY} if none. */
    public long nextWithBudget(long slot) {
        for (long s = slot; s < slot + horizon; s++) {
            if (remaining(s) > 0) {
                return s;
            }
        }
        return EMPTY;
    }

    /** The value {@link #nextWithBudget} returns when no slot has units. */
    public static long none() {
        return EMPTY;
    }

    /**
     * Units of {@code slot} that may go at local tick {@code local}: the budget times the part of the send window
     * that has passed (the tick {@code local} included), less what was spent; 0 outside the window. At the window's
     * last tick the whole budget is due.
     */
    public long allowance(long slot, long local, SlotSync sync) {
        int i = cell(slot);
        if (i < 0 || local < sync.windowStart(slot) || local >= sync.windowEnd(slot)) {
            return 0;
        }
        return Math.max(0, due(i, local + 1, sync.windowStart(slot), sync.windowEnd(slot)) - spent[i]);
    }

    /** Units of cell {@code i} due by tick {@code x} of its window {@code [start, end)}: uniformly, all at the end. */
    private long due(int i, long x, long start, long end) {
        return Math.multiplyExact(budget[i], Math.min(x, end) - start) / (end - start);
    }

    /**
     * The first local tick by which the units {@code slot} has spent are due ({@link #allowance} counts the same
     * way): {@code start + ceil(spent (end - start) / budget)}, the window's start when nothing is spent, {@link
     * Long#MAX_VALUE} without budget. The pacing rule: a slot's next packet may go from then on.
     */
    public long spentDueAt(long slot, SlotSync sync) {
        int i = cell(slot);
        if (i < 0 || budget[i] <= 0) {
            return Long.MAX_VALUE;
        }
        long start = sync.windowStart(slot);
        long need = Math.multiplyExact(spent[i], sync.windowEnd(slot) - start);
        return start + (need + budget[i] - 1) / budget[i];
    }

    /**
     * Whether {@code units} may be spent in {@code slot}: within its unspent budget, or (its last packet) taking all
     * it has left and the rest from the next slot's.
     */
    public boolean canSpend(long slot, long units) {
        long here = remaining(slot);
        return units >= 0 && (units <= here || here > 0 && units - here <= remaining(slot + 1));
    }

    /**
     * Records units sent for {@code slot}; beyond its unspent budget the rest is taken from the next slot's.
     *
     * @throws IllegalArgumentException when {@link #canSpend} is false
     */
    public void spend(long slot, long units) {
        if (!canSpend(slot, units)) {
            throw new IllegalArgumentException("slot budget: spending " + units + " units in slot " + slot
                    + " with " + remaining(slot) + " unspent (and " + remaining(slot + 1) + " in slot " + (slot + 1)
                    + ")");
        }
        int i = cell(slot);
        if (i < 0) {
            return; // units == 0 on an empty slot
        }
        long here = Math.min(units, budget[i] - spent[i]);
        spent[i] += here;
        if (units > here) {
            spent[cell(slot + 1)] += units - here;
        }
    }

    /**
     * Forgets every slot before {@code slot}.
     *
     * @return the units they left unspent (expired, not carried forward)
     */
    public long expireBefore(long slot) {
        long lost = 0;
        for (int i = 0; i < slotOf.length; i++) {
            if (slotOf[i] != EMPTY && slotOf[i] < slot) {
                lost += budget[i] - spent[i];
                slotOf[i] = EMPTY;
            }
        }
        expired += lost;
        return lost;
    }

    /** Units that expired unspent since this calendar was made. */
    public long expired() {
        return expired;
    }
}

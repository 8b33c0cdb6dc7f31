package weft.model.crp;

/**
 * The global time base of CRP's reservation tables: absolute slot {@code s} covers the ticks
 * {@code [epoch + s·slotTicks, epoch + (s+1)·slotTicks)}. A tick is whatever unit the caller's time is in (cycles in
 * the paper, nanoseconds in the live form); this is the one place where time becomes slots.
 *
 * <p>Seed 001 §2.1: each cell of a table is a future time slot of {@code C_max} cycles, and every resource shares a
 * global time base accurate to {@code ±C_max}. Example (§2.1, Fig. 3): with 512-cycle slots, cell A holds cycles
 * 0-511 and cell B 512-1023.
 *
 * @param slotTicks  ticks per slot, positive
 * @param epochTicks the tick where slot 0 starts
 */
public record SlotClock(long slotTicks, long epochTicks) {
    public SlotClock {
        if (slotTicks <= 0) {
            throw new IllegalArgumentException("slot clock: slotTicks " + slotTicks + " must be positive");
        }
    }

    /** A clock whose slot 0 starts at tick 0. */
    public static SlotClock of(long slotTicks) {
        return new SlotClock(slotTicks, 0);
    }

    /** The slot that contains tick {@code t}. */
    public long slotOf(long t) {
        return Math.floorDiv(t - epochTicks, slotTicks);
    }

    /** The first tick of slot {@code s}. */
    public long startOf(long s) {
        return epochTicks + s * slotTicks;
    }
}

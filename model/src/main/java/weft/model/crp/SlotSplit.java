package weft.model.crp;

/**
 * Units taken from (or given back to) a table at slot {@code slot} and at the next slot: a reservation straddles at
 * most two adjacent cells (seed 001 §2.1). Fig. 5: 80 cycles at cell B of {@code [30, 40, 100, ...]} take 40 from B
 * and 40 from C.
 *
 * @param slot   absolute slot of the first cell
 * @param first  units in {@code slot}
 * @param second units in {@code slot + 1}
 */
public record SlotSplit(long slot, long first, long second) {
    public SlotSplit {
        if (first < 0 || second < 0) {
            throw new IllegalArgumentException("slot split at " + slot + ": negative units " + first + "/" + second);
        }
    }

    public long total() {
        return first + second;
    }
}

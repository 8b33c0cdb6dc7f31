package weft.model.qos;

import java.util.List;

/**
 * A VL arbitration table: the high-priority and the low-priority lists of (VL, weight) entries, and the limit of
 * high priority. Weights count 64-byte blocks a VL may send when its entry's turn comes; an entry of weight 0 is
 * skipped. A VL may appear in several entries, and a data VL in no entry is never scheduled.
 *
 * <p>Seed 002 §4.2.1 ("Virtual Lane Weights and Priorities"); sizes and units from the InfiniBand Architecture
 * Specification Vol. 1: at most 64 entries per list, VLs 0..14, weights 0..255.
 *
 * @param high  high-priority entries, served in order
 * @param low   low-priority entries, served in order
 * @param limit the limit of high priority
 */
public record VlArbitrationTable(List<Entry> high, List<Entry> low, HighPriorityLimit limit) {
    /** Entries per list. */
    public static final int MAX_ENTRIES = 64;
    /** Bytes in one weight unit. */
    public static final int BLOCK_BYTES = 64;
    /** Largest weight. */
    public static final int MAX_WEIGHT = 255;

    /**
     * One entry: {@code vl} may send {@code weight} 64-byte blocks per turn.
     *
     * @param vl     data VL, 0..14
     * @param weight 0..255 blocks of 64 bytes
     */
    public record Entry(int vl, int weight) {
        public Entry {
            if (vl < 0 || vl >= SlToVlTable.MANAGEMENT_VL) {
                throw new IllegalArgumentException("VL arbitration entry: VL" + vl + " outside the data VLs 0.."
                        + (SlToVlTable.MANAGEMENT_VL - 1));
            }
            if (weight < 0 || weight > MAX_WEIGHT) {
                throw new IllegalArgumentException("VL arbitration entry for VL" + vl + ": weight " + weight
                        + " outside 0.." + MAX_WEIGHT);
            }
        }
    }

    public VlArbitrationTable {
        high = List.copyOf(high);
        low = List.copyOf(low);
        if (high.size() > MAX_ENTRIES || low.size() > MAX_ENTRIES) {
            throw new IllegalArgumentException("VL arbitration table: " + high.size() + " high and " + low.size()
                    + " low entries, at most " + MAX_ENTRIES + " each");
        }
        if (limit == null) {
            throw new IllegalArgumentException("VL arbitration table: limit of high priority must be given");
        }
    }

    /**
     * The share of its priority group's bandwidth a VL gets when every VL of the group is backlogged: the sum of
     * its entries' weights over the sum of the group's weights (seed 002 §4.2.1: weights are the proportion of link
     * bandwidth a VL may use). The high group shares the link; the low group shares what the high group leaves.
     *
     * @return 0 when the VL has no weighted entry
     */
    public double groupShare(int vl) {
        double inHigh = weightOf(high, vl);
        if (inHigh > 0) {
            return inHigh / total(high);
        }
        double inLow = weightOf(low, vl);
        return inLow > 0 ? inLow / total(low) : 0.0;
    }

    private static double weightOf(List<Entry> entries, int vl) {
        long sum = 0;
        for (Entry e : entries) {
            if (e.vl() == vl) {
                sum += e.weight();
            }
        }
        return sum;
    }

    private static double total(List<Entry> entries) {
        long sum = 0;
        for (Entry e : entries) {
            sum += e.weight();
        }
        return sum;
    }
}

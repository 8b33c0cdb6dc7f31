package weft.model.sim;

import weft.model.qos.VlArbiter;
import weft.model.qos.VlArbitrationTable;

/**
 * The lane arbitration of every output link: among the lanes that have a packet ready to go, the next one by round
 * robin, or by the InfiniBand VL arbitration of seed 002 §4.2.1 ({@link VlArbiter}, one per output, with the high and
 * low weighted tables and the limit of high priority of a {@link VlArbitrationTable}; lanes are VLs, and with traffic
 * classes of one priority the (class, layer) lanes are the VLs, seed 002 §4.2.2's one-to-one SL-to-VL mapping). With
 * traffic classes of several priorities ({@link SimConfig#classPriorities()}) only the ready lanes of the best
 * priority compete, round robin among them (seed 001 §2.5: control first, speculative last).
 */
final class LaneArbiter {
    private final VlArbitrationTable table;
    private final VlArbiter[] arbiters;
    private final int[] last;
    /** Per priority level (best first), the mask of its lanes; null when every lane has the same priority. */
    private final long[] levels;

    /**
     * @param table    the VL arbitration table, or null for round robin
     * @param priority strict priority of each lane (0 first)
     * @throws IllegalArgumentException when a table is given for more than 15 lanes, or misses a lane in use
     */
    LaneArbiter(VlArbitrationTable table, int channels, int lanes, int[] priority) {
        this.table = table;
        int worst = 0;
        for (int p : priority) {
            worst = Math.max(worst, p);
        }
        long[] masks = new long[worst + 1];
        for (int l = 0; l < lanes; l++) {
            masks[priority[l]] |= 1L << l;
        }
        levels = worst == 0 ? null : java.util.Arrays.stream(masks).filter(m -> m != 0).toArray();
        if (table != null) {
            if (lanes > 15) {
                throw new IllegalArgumentException("VL arbitration covers the 15 data VLs; the routes use " + lanes
                        + " lanes");
            }
            for (int l = 0; l < lanes; l++) {
                if (table.groupShare(l) == 0) {
                    throw new IllegalArgumentException("VL arbitration table: lane " + l + " is in use but has no "
                            + "weighted entry (it would never be served)");
                }
            }
            arbiters = new VlArbiter[channels];
            last = null;
        } else {
            arbiters = null;
            last = new int[channels];
            java.util.Arrays.fill(last, -1);
        }
    }

    /**
     * The lane channel c serves next among {@code ready} (bit l set: lane l has a packet that may go), charging it;
     * -1 when none. {@code headBytes[l]} is the size of lane l's next packet.
     */
    int pick(int c, long ready, int[] headBytes) {
        if (ready == 0) {
            return -1;
        }
        if (levels != null) {
            for (long level : levels) {
                if ((ready & level) != 0) {
                    ready &= level;
                    break;
                }
            }
        }
        if (table != null) {
            VlArbiter a = arbiters[c];
            if (a == null) {
                a = new VlArbiter(table);
                arbiters[c] = a;
            }
            int vl = a.select((int) ready, headBytes);
            return vl == VlArbiter.NONE ? -1 : vl;
        }
        int from = last[c] + 1;
        long rotated = from >= 64 ? 0 : ready >>> from;
        int lane = rotated != 0 ? from + Long.numberOfTrailingZeros(rotated) : Long.numberOfTrailingZeros(ready);
        last[c] = lane;
        return lane;
    }
}

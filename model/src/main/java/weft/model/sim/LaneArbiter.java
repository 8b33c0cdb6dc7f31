package weft.model.sim;

import java.util.List;

/**
 * The lane arbiter of every output link (one state per channel): among the lanes that have a packet ready to go,
 * picks the next one by round robin or by the InfiniBand high/low weighted tables of {@link LaneArbitration}
 * (seed 002 §4.1-4.2). Lanes are given as a bit mask (at most 64 lanes).
 */
final class LaneArbiter {
    private final boolean roundRobin;
    private final int[] highLane;
    private final int[] highWeight;
    private final int[] lowLane;
    private final int[] lowWeight;
    private final int limit;
    private final int[] last;
    private final int[] highIndex;
    private final int[] lowIndex;
    private final long[] highLeft;
    private final long[] lowLeft;
    private final int[] highRun;
    private final boolean[] fromHigh;

    LaneArbiter(LaneArbitration spec, int channels, int lanes) {
        roundRobin = spec.isRoundRobin();
        for (int l = 0; l < lanes; l++) {
            if (!spec.serves(l)) {
                throw new IllegalArgumentException("lane arbitration: lane " + l + " is in use but in neither table"
                        + " (it would never be served)");
            }
        }
        highLane = lanes(spec.high());
        highWeight = weights(spec.high());
        lowLane = lanes(spec.low());
        lowWeight = weights(spec.low());
        limit = spec.limitOfHighPriority();
        last = new int[channels];
        java.util.Arrays.fill(last, -1);
        highIndex = new int[channels];
        lowIndex = new int[channels];
        highLeft = new long[channels];
        lowLeft = new long[channels];
        highRun = new int[channels];
        fromHigh = new boolean[channels];
        for (int c = 0; c < channels; c++) {
            highLeft[c] = highWeight.length == 0 ? 0 : highWeight[0];
            lowLeft[c] = lowWeight.length == 0 ? 0 : lowWeight[0];
        }
    }

    private static int[] lanes(List<LaneArbitration.Entry> table) {
        return table.stream().mapToInt(LaneArbitration.Entry::lane).toArray();
    }

    private static int[] weights(List<LaneArbitration.Entry> table) {
        return table.stream().mapToInt(LaneArbitration.Entry::weight).toArray();
    }

    /** The lane channel c serves next among {@code ready} (bit l set = lane l has a packet that may go), or -1. */
    int pick(int c, long ready) {
        if (ready == 0) {
            return -1;
        }
        if (roundRobin) {
            int from = last[c] + 1;
            long rotated = from >= 64 ? 0 : ready >>> from;
            int lane = rotated != 0 ? from + Long.numberOfTrailingZeros(rotated) : Long.numberOfTrailingZeros(ready);
            last[c] = lane;
            return lane;
        }
        boolean high = any(highLane, ready);
        boolean low = any(lowLane, ready);
        if (high && (!low || highRun[c] < limit)) {
            if (!low) {
                highRun[c] = 0; // the limit counts high-priority packets sent while a low-priority one waits
            }
            fromHigh[c] = true;
            return serve(c, ready, highLane, highWeight, highIndex, highLeft);
        }
        if (low) {
            fromHigh[c] = false;
            return serve(c, ready, lowLane, lowWeight, lowIndex, lowLeft);
        }
        return -1;
    }

    private static boolean any(int[] table, long ready) {
        for (int l : table) {
            if ((ready & (1L << l)) != 0) {
                return true;
            }
        }
        return false;
    }

    /** Weighted round robin over one table: stay on the current entry while it has weight and a ready lane. */
    private static int serve(int c, long ready, int[] lane, int[] weight, int[] index, long[] left) {
        int i = index[c];
        if (left[c] > 0 && (ready & (1L << lane[i])) != 0) {
            return lane[i];
        }
        for (int step = 1; step <= lane.length; step++) {
            int j = (i + step) % lane.length;
            if ((ready & (1L << lane[j])) != 0) {
                index[c] = j;
                left[c] = weight[j];
                return lane[j];
            }
        }
        return -1;
    }

    /** Records that channel c sent {@code bytes} of the lane it picked last. */
    void charge(int c, int lane, int bytes) {
        if (roundRobin) {
            return;
        }
        long blocks = (bytes + LaneArbitration.BLOCK_BYTES - 1) / LaneArbitration.BLOCK_BYTES;
        if (fromHigh[c]) {
            highLeft[c] -= blocks;
            highRun[c]++;
        } else {
            lowLeft[c] -= blocks;
            highRun[c] = 0;
        }
    }
}

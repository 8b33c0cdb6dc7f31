package weft.model.sim;

/**
 * The packets crossing the crossbars of {@link VoqSwitch}es, per switch: each holds its input buffer's space until its
 * tail has crossed, when the space is freed and its credit goes upstream (BookSim frees an input buffer slot, and
 * returns its credit, as each flit leaves for the crossbar). A transfer lasts the packet's time on its output link
 * divided by the speedup, and under cut-through at least until the tail has arrived at the input (seed 001 §3).
 */
final class CrossbarTransfers {
    private int[][] buffer;
    private int[][] bytes;
    private long[][] end;
    private final int[] count;

    CrossbarTransfers(int switches) {
        buffer = new int[switches][4];
        bytes = new int[switches][4];
        end = new long[switches][4];
        count = new int[switches];
    }

    /** A packet of {@code size} bytes from input buffer b of switch u crosses until {@code endPs}. */
    void add(int u, int b, int size, long endPs) {
        int n = count[u];
        if (n == buffer[u].length) {
            buffer[u] = java.util.Arrays.copyOf(buffer[u], 2 * n);
            bytes[u] = java.util.Arrays.copyOf(bytes[u], 2 * n);
            end[u] = java.util.Arrays.copyOf(end[u], 2 * n);
        }
        buffer[u][n] = b;
        bytes[u][n] = size;
        end[u][n] = endPs;
        count[u] = n + 1;
    }

    /**
     * Frees, through {@link Engine#free}, the input buffer space of switch u's transfers that ended by {@code now};
     * returns the end of the next one still crossing, {@link Long#MAX_VALUE} when none is.
     */
    long finish(int u, long now, Engine engine) {
        long next = Long.MAX_VALUE;
        int n = count[u];
        int k = 0;
        while (k < n) {
            if (end[u][k] <= now) {
                engine.free(buffer[u][k], bytes[u][k], now);
                n--;
                buffer[u][k] = buffer[u][n];
                bytes[u][k] = bytes[u][n];
                end[u][k] = end[u][n];
            } else {
                next = Math.min(next, end[u][k]);
                k++;
            }
        }
        count[u] = n;
        return next;
    }
}

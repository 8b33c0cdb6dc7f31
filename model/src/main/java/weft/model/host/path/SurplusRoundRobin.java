package weft.model.host.path;

/**
 * Surplus round-robin: one deficit counter per path, starting at 0; the packet's bytes are subtracted from the
 * counter of the path it takes; the same path is kept until its counter goes negative, then the next path with a
 * counter >= 0 is taken; when every counter is negative, a quantum is added to each (as often as needed).
 *
 * <p>Source: seed 004 §3.2.2 (hand-computed from its rule with quantum 1500: A B A B B A B A, final counters
 * 1332/1332). The thesis found the smallest quantum (1 B) best; the default here is 1500 B, one MTU.
 */
final class SurplusRoundRobin implements PathPolicy {
    static final int DEFAULT_QUANTUM = 1500;

    private final long[] counter;
    private final int quantum;
    private int current;

    SurplusRoundRobin(int maxPaths, int quantum) {
        if (quantum <= 0) {
            throw new IllegalArgumentException("srr: quantum must be positive, got " + quantum);
        }
        this.counter = new long[maxPaths];
        this.quantum = quantum;
    }

    @Override
    public int choose(int dest, int paths, int bytes) {
        if (current >= paths) {
            current = 0;
        }
        int p = current;
        counter[p] -= bytes;
        if (counter[p] < 0) {
            advance(paths);
        }
        return p;
    }

    /** Step "move to the next path": replenish when all are negative, then the next path with credit. */
    private void advance(int paths) {
        long max = Long.MIN_VALUE;
        for (int i = 0; i < paths; i++) {
            max = Math.max(max, counter[i]);
        }
        if (max < 0) {
            long rounds = (-max + quantum - 1) / quantum;
            for (int i = 0; i < paths; i++) {
                counter[i] += rounds * quantum;
            }
        }
        for (int step = 1; step <= paths; step++) {
            int q = (current + step) % paths;
            if (counter[q] >= 0) {
                current = q;
                return;
            }
        }
    }

    long counter(int path) {
        return counter[path];
    }
}

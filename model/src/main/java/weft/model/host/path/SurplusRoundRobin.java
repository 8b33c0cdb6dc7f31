package weft.model.host.path;

import java.util.random.RandomGenerator;
import weft.model.traffic.Shuffle;

/**
 * Surplus round-robin: RR's path list (permuted at random once at start, as {@link RoundRobin}) with one deficit
 * counter per path, starting at 0; the packet's bytes are subtracted from the counter of the path it takes; the same
 * path is kept until its counter goes negative, then the next path in the list with a counter >= 0 is taken; when
 * every counter is negative, a quantum is added to each (as often as needed).
 *
 * <p>Source: seed 004 §3.2.2 ("include a counter with the round robin approach"; §3.2.1: RR "only performs an initial
 * permutation on the list of paths"). Hand-computed from its rule with the list A, B and quantum 1500: A B A B B A B
 * A, final counters 1332/1332. The thesis found the smallest quantum (1 B) best; the default here is 1500 B, one MTU.
 * Without the initial permutation every server of a pod would walk the paths in the same order and, with periodic
 * arrivals, send to the same path at the same time.
 */
final class SurplusRoundRobin implements PathPolicy {
    static final int DEFAULT_QUANTUM = 1500;

    private final int[] order;
    private final long[] counter;
    private final int quantum;
    /** Position in {@link #order} of the current path. */
    private int at;

    SurplusRoundRobin(int[] order, int quantum) {
        if (quantum <= 0) {
            throw new IllegalArgumentException("srr: quantum must be positive, got " + quantum);
        }
        this.order = order.clone();
        this.counter = new long[order.length];
        this.quantum = quantum;
    }

    static SurplusRoundRobin randomOrder(int maxPaths, int quantum, RandomGenerator random) {
        return new SurplusRoundRobin(Shuffle.permutation(maxPaths, random), quantum);
    }

    @Override
    public int choose(int dest, int paths, int bytes) {
        while (order[at] >= paths) {
            at = (at + 1) % order.length;
        }
        int p = order[at];
        counter[p] -= bytes;
        if (counter[p] < 0) {
            advance(paths);
        }
        return p;
    }

    /** Step "move to the next path": replenish when all are negative, then the next path in the list with credit. */
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
        for (int step = 1; step <= order.length; step++) {
            int q = (at + step) % order.length;
            if (order[q] < paths && counter[order[q]] >= 0) {
                at = q;
                return;
            }
        }
    }

    long counter(int path) {
        return counter[path];
    }
}

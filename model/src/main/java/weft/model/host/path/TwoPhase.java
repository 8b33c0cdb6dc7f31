package weft.model.host.path;

/**
 * Two-Phase: Sorted-Deficit counters per path shared by all destinations plus a separate list per destination; the
 * packet takes the path maximising {@code global[path] + dest[d][path]} credit, i.e. minimising
 * {@code bytesGlobal[path] + bytesToDest[d][path]}; ties go to the lower path index.
 *
 * <p>Source: seed 004 §3.2.3, Fig. 3.9 (hand-computed from its rule: two paths X, Y, packets alternating D1, D2,
 * all 1500 B give D1→X, D2→Y, D1→Y, D2→X, ...). It balances the second-half links towards each destination without
 * knowing the topology.
 */
final class TwoPhase implements PathPolicy {
    private final long[] global;
    private final long[][] perDest;

    TwoPhase(int maxDests, int maxPaths) {
        this.global = new long[maxPaths];
        this.perDest = new long[maxDests][maxPaths];
    }

    @Override
    public int choose(int dest, int paths, int bytes) {
        long[] mine = perDest[dest];
        int best = 0;
        for (int p = 1; p < paths; p++) {
            if (global[p] + mine[p] < global[best] + mine[best]) {
                best = p;
            }
        }
        global[best] += bytes;
        mine[best] += bytes;
        SentCounters.rebase(global, paths);
        SentCounters.rebase(mine, paths);
        return best;
    }
}

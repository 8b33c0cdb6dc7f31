package weft.model.host.path;

/**
 * Two-Phase: Sorted-Deficit counters per path shared by all destinations plus a separate list per destination; the
 * packet takes the path maximising {@code global[path] + dest[d][path]} credit, i.e. minimising
 * {@code bytesGlobal[path] + bytesToDest[d][path]}; ties follow the tie-break order (TP: a random order drawn
 * once per server; P-TP: drawn anew at the end of every round of the shared counters, {@link TieOrder}).
 *
 * <p>Source: seed 004 §3.2.3, Fig. 3.9 (hand-computed from its rule: two paths X, Y, packets alternating D1, D2,
 * all 1500 B give D1→X, D2→Y, D1→Y, D2→X, ...). It balances the second-half links towards each destination without
 * knowing the topology. P-TP is Table 3.1's periodic variant ("periodic permutations on the list of the paths they
 * maintain").
 */
final class TwoPhase implements PathPolicy {
    private final TieOrder global;
    private final long[][] perDest;
    /** Shared plus per-destination bytes of a path, for the destination of the packet at hand ({@link #mine}). */
    private final TieOrder.Loads both;
    private long[] mine;

    TwoPhase(int maxDests, TieOrder global) {
        this.global = global;
        this.perDest = new long[maxDests][global.paths()];
        this.both = p -> global.sent(p) + mine[p];
    }

    @Override
    public int choose(int dest, int paths, int bytes) {
        mine = perDest[dest];
        int best = global.leastLoaded(both, paths);
        mine[best] += bytes;
        global.charge(best, bytes, paths);
        SentCounters.rebase(mine, paths);
        return best;
    }
}

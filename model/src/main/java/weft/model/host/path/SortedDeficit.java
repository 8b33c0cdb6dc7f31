package weft.model.host.path;

import java.util.random.RandomGenerator;
import weft.model.traffic.Shuffle;

/**
 * Sorted-Deficit: the SRR counters, but every packet takes the path with the most credit; when all counters are
 * negative the quantum is added to each and, for P-SD, the tie-break order is permuted at random.
 *
 * <p>Source: seed 004 §3.2.2 (hand-computed from its rule: with sizes 1500, 84, ... on paths A, B the choices are A B B
 * A A B B A). Restated: adding one quantum to every counter never changes the argmax, so the path with most credit is
 * the path with the fewest bytes sent by this server; ties follow the current list order. Counters are bytes sent,
 * rebased by their minimum so they stay bounded ({@link SentCounters}); P-SD permutes the tie-break order at each
 * rebase.
 */
final class SortedDeficit implements PathPolicy {
    private final long[] sent;
    private final int[] order;
    private final RandomGenerator permuteOrNull;

    SortedDeficit(int maxPaths, RandomGenerator permuteOrNull) {
        this.sent = new long[maxPaths];
        this.order = new int[maxPaths];
        for (int i = 0; i < maxPaths; i++) {
            order[i] = i;
        }
        this.permuteOrNull = permuteOrNull;
    }

    @Override
    public int choose(int dest, int paths, int bytes) {
        int best = -1;
        for (int k = 0; k < order.length; k++) {
            int p = order[k];
            if (p < paths && (best < 0 || sent[p] < sent[best])) {
                best = p;
            }
        }
        sent[best] += bytes;
        if (SentCounters.rebase(sent, paths) && permuteOrNull != null) {
            Shuffle.shuffle(order, permuteOrNull);
        }
        return best;
    }
}
